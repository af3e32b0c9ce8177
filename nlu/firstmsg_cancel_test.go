package nlu

import (
	"testing"

	"pgregory.net/rapid"
)

// TestWithdrawsThisBooking: a change of mind naming what is ended as the one
// at hand ("this booking"), alone or with why, in the languages the cancel
// grammar has; a request for one is none.
func TestWithdrawsThisBooking(t *testing.T) {
	for text, want := range map[string]bool{
		"Please disregard this booking; I no longer need a room.": true,
		"please disregard this booking, i no longer need a room":  true,
		"I no longer need a room.":                                true,
		"forget this booking, I no longer want it":                true,
		"drop this reservation please":                            true,
		"never mind the room":                                     true,
		"annulez cette réservation":                               true,
		"olvida esta reserva":                                     true,
		"I need a room":                                           false,
		"this booking is for two":                                 false,
	} {
		if got := WithdrawsAnswer(text); got != want {
			t.Errorf("WithdrawsAnswer(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestWithdrawsThisBookingProperty: any verb of ending before any "this"
// thing, with or without a courtesy, is a change of mind.
func TestWithdrawsThisBookingProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lead := rapid.SampledFrom([]string{"", "please ", "kindly ", "just "}).Draw(t, "lead")
		verb := rapid.SampledFrom([]string{"disregard", "forget", "scrap", "drop", "cancel"}).Draw(t, "verb")
		thing := rapid.SampledFrom([]string{"this booking", "this reservation", "this request", "this room", "this flight"}).Draw(t, "thing")
		if text := lead + verb + " " + thing; !WithdrawsAnswer(text) {
			t.Fatalf("%q not read as a change of mind", text)
		}
	})
}
