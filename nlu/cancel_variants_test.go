package nlu

import "testing"

// TestChangeOfMindVariants: a change of mind in the chat forms and the
// languages the seeds name ("nvm", "never mind then", Darija "safi blach",
// "makayn lach", Arabic "انسى", Spanish "da igual") is a cancel; the same
// words answering something else, or a refusal of the cancel, are not.
func TestChangeOfMindVariants(t *testing.T) {
	for _, tt := range []struct {
		text   string
		cancel bool
	}{
		{"nvm", true},
		{"nvm 😅", true},
		{"oh nvm then", true},
		{"nevermind that", true},
		{"never mind then, thanks", true},
		{"nvmd lol", true},
		{"safi blach", true},
		{"ewa blach", true},
		{"blach 3afak", true},
		{"safi makayn lach", true},
		{"safi khlass ma bghitch", true},
		{"صافي بلاش", true},
		{"لا بلاش", true},
		{"انسى", true},
		{"انسى الموضوع", true},
		{"olvídate", true},
		{"da igual, gracias", true},
		{"ya no hace falta", true},
		{"don't cancel it", false},
		{"yes please", false},
		{"blach sukkar", false},
	} {
		if got := BuiltinIntent(tt.text).Intent == IntentCancel; got != tt.cancel {
			t.Errorf("BuiltinIntent(%q) = %q, cancel want %v", tt.text, BuiltinIntent(tt.text).Intent, tt.cancel)
		}
	}
}
