package nlu

import "testing"

// TestAGlossKeepsAnAddressWhole (issue 38, coach28): no word of an email
// address is glossed or framed away ("oh" after a dot in "kevin.oh@..."
// opens no sentence); the words around it are glossed as before.
func TestAGlossKeepsAnAddressWhole(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"kevin.oh@outlook.com please", "kevin.oh@outlook.com please"},
		{"oh@outlook.com", "oh@outlook.com"},
		{"mia.oh@proton.me, thanks", "mia.oh@proton.me, thanks"},
		{"tmrw.fan@gmail.com", "tmrw.fan@gmail.com"},
		{"oh.well@x.org tmrw", "oh.well@x.org tomorrow"},
		{"ping me tmrw at sam@x.org", "ping me tomorrow at sam@x.org"},
	} {
		if got := Gloss(tt.text); got != tt.want {
			t.Errorf("Gloss(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestAPersonAskedForWithAPurpose (coach28): a person asked for with what
// they are wanted for, a purpose clause of the conversation's own acts or a
// talk, asks for one, even with a weak noun; a coach asked for to help with
// the goal still asks for what the business sells.
func TestAPersonAskedForWithAPurpose(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"i want a person to set this up", true},
		{"i need someone to talk to", true},
		{"i'd like a human to set it up for me", true},
		{"can i get someone to walk me through this", true},
		{"i need a real person to book this for me", true},
		{"i want somebody to speak with", true},
		{"i want someone to help me", true},
		{"i want a coach to help me run faster", false},
		{"i want to set this up", false},
		{"i want a plan to set this up", false},
	} {
		if got := IsHumanRequest(tt.text); got != tt.want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestPacificYesWithThanks (coach28): Pohnpeian "ehng" and Kosraean "aok"
// are yes, alone or with their languages' thanks.
func TestPacificYesWithThanks(t *testing.T) {
	for _, text := range []string{"ehng", "ehng, kalahngan", "aok", "aok, kulo", "aok kulo ma lulap"} {
		if got := YesNo(text); got != Yes {
			t.Errorf("YesNo(%q) = %v, want yes", text, got)
		}
	}
}

// TestAPutOffWithALaterGivesUp (coach28): "not now" or "no thanks" with a
// time to come is the task given up; a deferral alone is not.
func TestAPutOffWithALaterGivesUp(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"not now, thanks, maybe later", "cancel"},
		{"not today, some other time", "cancel"},
		{"no thanks, maybe another day", "cancel"},
		{"not right now, i'll come back later", "cancel"},
		{"nah, not now, maybe later", "cancel"},
	} {
		if got := BuiltinIntent(tt.text); got.Intent != tt.want {
			t.Errorf("BuiltinIntent(%q) = %q, want %q", tt.text, got.Intent, tt.want)
		}
	}
	for _, text := range []string{"maybe later", "not now", "later, i'm driving"} {
		if got := BuiltinIntent(text); got.Intent == "cancel" {
			t.Errorf("BuiltinIntent(%q) = cancel, want no give-up", text)
		}
	}
}
