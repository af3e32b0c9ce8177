package nlu

import "testing"

func TestIsHumanRequest(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"I want to talk to a human", true},
		{"real person please", true},
		{"Agent!", true},
		{"customer service", true},
		{"can I speak to someone?", true},
		{"bghit nhder m3a chi wahed", true},
		{"3tini chi bnadem", true},
		{"wach kayn chi insan?", true},
		{"بغيت نهضر مع شي واحد", true},
		{"موظف من فضلك", true},
		{"بغيت إنسان", true},
		{"je veux parler à un humain", true},
		{"Un conseiller svp", true},
		{"une vraie personne", true},
		{"un agent", true},
		{"I want a hoodie", false},
		{"humanity", false},
		{"check my agenda", false},
		{"show me more", false},
		{"wakha", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := IsHumanRequest(tt.in); got != tt.want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestIsCancel(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"cancel", true},
		{"Cancel!", true},
		{"stop", true},
		{"STOP please", true},
		{"never mind", true},
		{"nevermind", true},
		{"forget it", true},
		{"annuler", true},
		{"laisse tomber", true},
		{"cancelar", true},
		{"olvídalo", true},
		{"khlas", true},
		{"safi", true},
		{"خلاص", true},
		{"cancel the booking", true},
		{"please cancel it", true},
		{"No, cancel it", true},
		{"I want to cancel", true},
		{"don't cancel", false},
		{"do not cancel it", false},
		{"n'annule pas", false},
		{"where is the bus stop", false},
		{"stop by the store", false},
		{"hello", false},
		{"no wait", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := IsCancel(tt.in); got != tt.want {
			t.Errorf("IsCancel(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestMarkersMatch(t *testing.T) {
	m := DefaultIntentMarkers()
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"Actually, change the origin to Boston", "actually", true}, // seed 001 example 2
		{"change the origin to Boston", "change", true},
		{"Boston instead", "instead", true},
		{"no wait, Boston", "no wait", true}, // longest marker wins
		{"WAIT", "wait", true},
		{"sorry I meant Boston", "i meant", true},
		{"en fait je veux Paris", "en fait", true},
		{"plutot Lyon", "plutôt", true}, // returned as written in the markers
		{"mejor Madrid", "mejor", true},
		{"sme7li, Rabat", "sme7li", true},
		{"bddel l'origine", "bddel", true},
		{"New York", "", false},
		{"waiting room", "", false}, // whole words only
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := m.Match(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Match(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}

	custom := Markers{"en": {"hold on"}, "xx": {"", "   "}}
	if got, ok := custom.Match("hold on a sec"); !ok || got != "hold on" {
		t.Errorf("custom Match = %q, %v", got, ok)
	}
	if _, ok := custom.Match("actually"); ok {
		t.Error("custom markers matched a default marker")
	}
	var none Markers
	if _, ok := none.Match("actually"); ok {
		t.Error("nil Markers matched")
	}
}

func TestDefaultIntentMarkersIsFresh(t *testing.T) {
	m := DefaultIntentMarkers()
	m[LangEnglish] = nil
	if _, ok := DefaultIntentMarkers().Match("actually"); !ok {
		t.Fatal("DefaultIntentMarkers returned shared state")
	}
}
