package nlu

import "testing"

// TestConfirmsActionAndDefers: the action said again, alone or after a yes,
// confirms; anything else around it does not. A deferral alone, or with
// hesitation sounds, defers; after a no it does not.
func TestConfirmsActionAndDefers(t *testing.T) {
	for _, tc := range []struct {
		text           string
		confirms, defs bool
	}{
		{"إيه زيدها", true, false},
		{"oui, mets-le dans le panier", true, false},
		{"hmm fine", false, false},
		{"Oui, ajoute-le !", true, false},
		{"sí, añádelo", true, false},
		{"ah dir liya", true, false},
		{"أضفه", true, false},
		{"no, add it", false, false},
		{"yes add the belt", false, false},
		{"add it later", false, false},
		{"maybe later?", false, true},
		{"hmm... not now", false, true},
		{"peut-être plus tard", false, true},
		{"quizás luego", false, true},
		{"mn b3d", false, true},
		{"no, maybe later", false, false},
		{"maybe later for the hoodie", false, false},
	} {
		if got := ConfirmsAction(tc.text); got != tc.confirms {
			t.Errorf("ConfirmsAction(%q) = %v, want %v", tc.text, got, tc.confirms)
		}
		if got := Defers(tc.text); got != tc.defs {
			t.Errorf("Defers(%q) = %v, want %v", tc.text, got, tc.defs)
		}
	}
}
