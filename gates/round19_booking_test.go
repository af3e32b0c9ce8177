package gates

import (
	"testing"

	"pgregory.net/rapid"
)

// TestRound19BookingDays (issue 38 round 19): other languages' day words
// (internal/cldrdates/hand.txt, read by coach and flows alike) and a
// two-way day word at the booking, which takes only days to come: the later
// day (nlu.ReadTwoWayDay), as flows' future-only date slots read it.
// Thursday 1 January 2026.
func TestRound19BookingDays(t *testing.T) {
	for _, tt := range []struct{ text, date string }{
		{"a session Jelune", "2026-01-05"},          // Manx Monday
		{"an intro call naktuk", "2026-01-02"},      // Mizo tomorrow
		{"intro call naktûk, thanks", "2026-01-02"}, // Mizo as written, then thanks
		{"a video call waabang", "2026-01-02"},      // Ojibwe tomorrow
		{"training session काल्हि", "2026-01-02"},   // Maithili yesterday and tomorrow
		{"intro call kal ko", "2026-01-02"},         // Hindi, "kal ko"
		{"training session kal ya parso", ""},       // two days: asked
		{"training session yesterday", ""},          // a past day: asked
	} {
		c := atBooking(t)
		c.say(tt.text)
		if got := c.runtime().FactValues["booking_date"]; got != tt.date {
			t.Errorf("%q: booking_date %q, want %q", tt.text, got, tt.date)
		}
	}
}

// TestTwoWayDayNeverPast: a booking said with a two-way day word is the
// day after today or nothing, never the day before.
func TestTwoWayDayNeverPast(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		kind := rapid.SampledFrom([]string{"training session", "intro call", "a session", ""}).Draw(rt, "kind")
		word := rapid.SampledFrom([]string{"kal", "kaal", "कल", "काल्हि", "kal ko"}).Draw(rt, "word")
		tail := rapid.SampledFrom([]string{"", " pls", " please", " ji"}).Draw(rt, "tail")
		text := kind + " " + word + tail
		c := atBooking(t)
		c.say(text)
		if got := c.runtime().FactValues["booking_date"]; got != "" && got != "2026-01-02" {
			t.Fatalf("%q: booking_date %q", text, got)
		}
	})
}
