package nlu

import "testing"

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"...", ""},
		{"  Hello   World!! ", "hello world"},
		{"\tOK\n", "ok"},
		{"¿Sí?", "sí"},
		{"¡WAKHA!", "wakha"},
		{"«oui»", "oui"},
		{"\"yes\"", "yes"},
		{"'la'", "la"},
		{"نعم؟", "نعم"},
		{"، لا ؛", "لا"},
		{"d’accord", "d'accord"},
		{"a\u00a0\u00a0b", "a b"},
		{"line\none", "line one"},
		{"$20", "20"},
		{"ÉTÉ", "été"},
		{"already normal", "already normal"},
		{"Don't  STOP", "don't stop"},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestKeyFoldsDiacriticsAndArabic(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Bien Sûr", "bien sur"},
		{"Sí", "si"},
		{"plutôt", "plutot"},
		{"إيه", "ايه"},
		{"أجل", "اجل"},
		{"نَعَم", "نعم"},     // harakat dropped
		{"نعـــم", "نعم"},    // tatweel dropped
		{"٣ أيام", "3 ايام"}, // Arabic-Indic digits
	}
	for _, tt := range tests {
		if got := key(tt.in); got != tt.want {
			t.Errorf("key(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLevenshtein(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"a", "", 1},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"flaw", "lawn", 2},
		{"café", "cafe", 1},
		{"wakha", "wakha", 0},
		{"نعم", "نعمة", 1},
	}
	for _, tt := range tests {
		if got := Levenshtein(tt.a, tt.b); got != tt.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Levenshtein(tt.b, tt.a); got != tt.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"", "  Hello   World!! ", "¿Sí?", "نعم؟", "d’accord", "\xff\xfe", "a\u00a0b", "İstanbul", "c\x8b\u200b", "\u200b c", "\ufeff¿Sí?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if again := Normalize(n); again != n {
			t.Fatalf("Normalize not idempotent: %q -> %q -> %q", s, n, again)
		}
		if Normalize(s) != n {
			t.Fatalf("Normalize not deterministic on %q", s)
		}
		_ = key(s)
	})
}

func BenchmarkNormalize(b *testing.B) {
	inputs := []string{"  WAKHA! ", "I want to bench press 300 lbs, currently at 225 lbs", "بغيت نهضر مع شي واحد؟"}
	for b.Loop() {
		for _, s := range inputs {
			Normalize(s)
		}
	}
}
