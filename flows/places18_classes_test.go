package flows

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestRound17RefAndPriceClasses plays phrasings of our own of round 17's
// classes: a booking reference typed with a letter for a digit (O for 0, I
// or l for 1, read only inside the digit part and at the format's length),
// and a price complaint at the hotel question, which never picks a hotel.
func TestRound17RefAndPriceClasses(t *testing.T) {
	ends := heldOutCase{At: "hotel_name", Text: "never mind, too pricey", Ends: true}
	playClasses(t, map[string][]heldOutCase{
		"booking": {
			r6("booking_ref", "BK-2O0l5", map[string]string{"booking_ref": "BK-20015"}),
			r6("booking_ref", "bk 4I9O2", map[string]string{"booking_ref": "BK-41902"}),
			r6("booking_ref", "bk-7731oo", map[string]string{"booking_ref": ""}), // six: not the format
			r6("booking_ref", "bk-oooll", map[string]string{"booking_ref": ""}),  // no digit of its own
			r6("booking_ref", "bk-77x1o", map[string]string{"booking_ref": ""}),  // another letter
		},
		"hotel": {
			r6("hotel_name", "that's over my budget", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "all too expensive", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "trop cher", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "we can't afford those", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the budget one", map[string]string{"hotel_name": "Tagus View"}),
			ends,
		},
	})
}

// TestReferenceLetterProperty: a reference typed with O, o, I, l or L for
// some of its digits stores the reference or nothing, never another.
func TestReferenceLetterProperty(t *testing.T) {
	e, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(rt *rapid.T) {
		digits := rapid.StringMatching(`[0-9]{5}`).Draw(rt, "digits")
		typed := []byte(digits)
		for i, c := range typed {
			if !rapid.Bool().Draw(rt, "swap") {
				continue
			}
			switch c {
			case '0':
				typed[i] = rapid.SampledFrom([]byte("Oo")).Draw(rt, "o")
			case '1':
				typed[i] = rapid.SampledFrom([]byte("lIL")).Draw(rt, "l")
			}
		}
		sep := rapid.SampledFrom([]string{"-", " ", ""}).Draw(rt, "sep")
		text := rapid.SampledFrom([]string{"bk", "BK"}).Draw(rt, "prefix") + sep + string(typed)
		c := heldOutCase{At: "booking_ref", Text: text}
		_, detail := playHeldOut(t, e, r14Set("booking"), 0, c)
		if strings.Contains(detail, "booking_ref:") && !strings.Contains(detail, "booking_ref:BK-"+digits+"]") {
			rt.Fatalf("%q: %s, want BK-%s or nothing", text, detail, digits)
		}
	})
}
