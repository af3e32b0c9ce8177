package nlu

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// TestConfirmationLexiconMatchesSeed000 pins seed 000 section 6.1: its English and
// Darija (Latin) lists exactly.
func TestConfirmationLexiconMatchesSeed000(t *testing.T) {
	lex := ConfirmationLexicon()
	want := map[string][]string{
		LangEnglish:     {"yes", "y", "confirm", "ok", "okay", "sure"},
		LangDarijaLatin: {"ah", "wakha", "mzyan", "iyyeh", "na3am"},
	}
	for lang, entries := range want {
		if diff := cmp.Diff(entries, lex.Yes[lang]); diff != "" {
			t.Errorf("Yes[%s] (-seed +lexicon):\n%s", lang, diff)
		}
	}
	wantNo := map[string][]string{
		LangEnglish:     {"no", "n", "cancel", "stop", "nope"},
		LangDarijaLatin: {"la", "bala", "mansalich"},
	}
	for lang, entries := range wantNo {
		if diff := cmp.Diff(entries, lex.No[lang]); diff != "" {
			t.Errorf("No[%s] (-seed +lexicon):\n%s", lang, diff)
		}
	}
}

// variants returns the ways users type an entry: cases, surrounding punctuation and
// whitespace.
func variants(entry string) []string {
	return []string{
		entry,
		strings.ToUpper(entry),
		capitalize(entry),
		"  " + entry + "  ",
		entry + "!",
		entry + ".",
		" " + entry + ". ",
		"¡" + strings.ToUpper(entry) + "!",
		"¿" + entry + "?",
		"\"" + entry + "\"",
		entry + " !!!",
		entry + "؟",
		"«" + entry + "»",
	}
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

func TestConfirmationAcceptsEveryLexiconEntry(t *testing.T) {
	lex := ConfirmationLexicon()
	for want, byLang := range map[Answer]map[string][]string{Yes: lex.Yes, No: lex.No} {
		for lang, entries := range byLang {
			for _, entry := range entries {
				for _, v := range variants(entry) {
					if got := Confirmation(v); got != want {
						t.Errorf("%s: Confirmation(%q) = %v, want %v", lang, v, got, want)
					}
				}
			}
		}
	}
}

func TestConfirmation(t *testing.T) {
	tests := []struct {
		in   string
		want Answer
	}{
		{"WAKHA!", Yes},
		{" la. ", No},
		{"Sí", Yes},
		{"si", Yes},
		{"d’accord", Yes},
		{"D'ACCORD !", Yes},
		{"bien sur", Yes},
		{"Bien sûr!", Yes},
		{"ايه", Yes},
		{"نعم!", Yes},
		{"لا.", No},
		{"Non", No},
		{"y", Yes},
		{"N", No},
		{"  Okay  ", Yes},
		// Negatives: not a whole lexicon entry.
		{"", Unknown},
		{"   ", Unknown},
		{"later", Unknown},
		{"lalala", Unknown},
		{"la la", Unknown},
		{"yes please", Unknown},
		{"no way", Unknown},
		{"yesterday", Unknown},
		{"nah", Unknown},
		{"maybe", Unknown},
		{"wakhaa", Unknown},
		{"ok ok", Unknown},
		{"yes no", Unknown},
	}
	for _, tt := range tests {
		if got := Confirmation(tt.in); got != tt.want {
			t.Errorf("Confirmation(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestConfirmationLexiconIsACopy(t *testing.T) {
	lex := ConfirmationLexicon()
	lex.Yes[LangEnglish][0] = "tampered"
	lex.No["xx"] = []string{"zzz"}
	if again := ConfirmationLexicon(); again.Yes[LangEnglish][0] != "yes" || again.No["xx"] != nil {
		t.Fatal("ConfirmationLexicon shares memory with the package lexicon")
	}
	if Confirmation("yes") != Yes || Confirmation("zzz") != Unknown {
		t.Fatal("mutating a returned lexicon changed Confirmation")
	}
}

func TestConfirmationLexiconHasNoConflicts(t *testing.T) {
	lex := ConfirmationLexicon()
	yes := map[string]bool{}
	for _, entries := range lex.Yes {
		for _, e := range entries {
			yes[key(e)] = true
		}
	}
	for lang, entries := range lex.No {
		for _, e := range entries {
			if yes[key(e)] {
				t.Errorf("%s: %q is both yes and no", lang, e)
			}
		}
	}
}

func TestParseBoolean(t *testing.T) {
	tests := []struct {
		in        string
		value, ok bool
	}{
		{"true", true, true},
		{"FALSE", false, true},
		{"Vrai", true, true},
		{"falso", false, true},
		{"wakha", true, true},
		{"mansalich", false, true},
		{"Sí!", true, true},
		{"1", true, true},
		{"0", false, true},
		{"maybe", false, false},
		{"", false, false},
	}
	for _, tt := range tests {
		v, ok := ParseBoolean(tt.in)
		if v != tt.value || ok != tt.ok {
			t.Errorf("ParseBoolean(%q) = %v, %v; want %v, %v", tt.in, v, ok, tt.value, tt.ok)
		}
	}
}

func TestAnswerString(t *testing.T) {
	got := []string{Unknown.String(), Yes.String(), No.String()}
	if !slices.Equal(got, []string{"unknown", "yes", "no"}) {
		t.Fatalf("Answer strings = %v", got)
	}
}

func BenchmarkConfirmation(b *testing.B) {
	inputs := []string{"wakha", "  WAKHA! ", "la.", "bien sûr", "I want a hoodie", "نعم"}
	for b.Loop() {
		for _, s := range inputs {
			Confirmation(s)
		}
	}
}

func BenchmarkConfirmationASCII(b *testing.B) {
	for b.Loop() {
		Confirmation("wakha")
	}
}
