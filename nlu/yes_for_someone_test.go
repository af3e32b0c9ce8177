package nlu

import "testing"

// TestYesSaidForSomeoneOrAfterApproval: a yes said for someone else ("yes
// she's happy with that"), or after words approving the request and saying who
// checked it ("that all looks right, my husband double-checked the dates, so
// yes go ahead"), is a yes; a change, a refusal or a question in the same
// words is not.
func TestYesSaidForSomeoneOrAfterApproval(t *testing.T) {
	for _, tt := range []struct {
		text string
		want Answer
	}{
		{"yes she's happy with that", Yes},
		{"yep he's fine with it", Yes},
		{"they're happy with that, go ahead", Yes},
		{"works for her", Yes},
		{"sure, works for them too", Yes},
		{"we're happy with it, yes please", Yes},
		{"everything looks right, my wife double checked the dates too, so yes please go ahead and book it", Yes},
		{"that all looks good to me, go ahead", Yes},
		{"it all looks correct, book it", Yes},
		{"I double-checked everything, yes please book it", Yes},
		{"she's happy with that but change the date to Friday", Unknown},
		{"yes but she's not happy with the time", Unknown},
		{"he's happy with that? or should I ask him", Unknown},
		{"my husband double checked the dates and they're wrong", Unknown},
		{"she's not happy with that", Unknown},
		{"yes she's happy with Lyon instead", Unknown},
	} {
		if got := YesNo(tt.text); got != tt.want {
			t.Errorf("YesNo(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestSpanishYesWithItsPronoun: "la" before a Spanish or French verb of
// wanting or taking is "it", and the yes stands ("sí, la quiero"); before
// anything else it is Darija's no, and a yes with it is neither.
func TestSpanishYesWithItsPronoun(t *testing.T) {
	for _, tt := range []struct {
		text string
		want Answer
	}{
		{"sí, la quiero", Yes},
		{"si la compro", Yes},
		{"claro, la reservo", Yes},
		{"sí, lo quiero", Yes},
		{"vale, la tomo", Yes},
		{"no, no la quiero", No},
		{"wakha la", Unknown},
		{"ah la", Unknown},
		{"sí, la otra", Unknown},
	} {
		if got := YesNo(tt.text); got != tt.want {
			t.Errorf("YesNo(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
