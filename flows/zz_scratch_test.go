package flows

import "testing"

func TestZZ(t *testing.T) {
	var cs []heldOutCase
	for _, s := range []string{"around friday", "around thanksgiving", "thanksgiving", "around the 5th", "once the friday orders are done", "once the thanksgiving orders are done", "after thanksgiving", "before christmas eve", "the thanksgiving rush is over", "thanksgiving weekend", "sometime around christmas eve", "about friday", "roughly the 5th", "friday-ish"} {
		cs = append(cs, r6("departure_date", s, map[string]string{"departure_date": "x"}))
	}
	playClasses(t, map[string][]heldOutCase{"booking": cs})
}

func TestZZPick(t *testing.T) {
	var cs []heldOutCase
	for s, want := range map[string]string{"one of the cheaper two": "", "the four or five star one": "", "whichever costs the most": "Bairro Loft", "the cheapest one of them": "Tagus View", "the two cheaper ones": "", "either of the cheap ones": "", "the 90 or the 120 one": "", "the five star one": "Bairro Loft", "the cheapest": "Tagus View", "costs the least": "Tagus View", "the 3 star one": "Tagus View", "number 2": "x"} {
		cs = append(cs, r6("hotel_name", s, map[string]string{"hotel_name": want}))
	}
	playClasses(t, map[string][]heldOutCase{"hotel": cs})
}
