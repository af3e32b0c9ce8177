package nlu

import (
	"math/rand"
	"strings"
	"testing"
)

// TestCLDRRepliesRead: every word cldr/replies.txt keeps is read as its answer
// alone and wrapped in ordinary fillers, punctuation and case (property).
func TestCLDRRepliesRead(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	wraps := []string{"%s", "%s!", "%s.", "  %s  ", "%s please", "%s, thanks", "%s 🙏", "%s?!"}
	for kind, want := range map[string]Answer{"yes": Yes, "no": No} {
		for lang, words := range readReplyWords(cldrRepliesText)[kind] {
			for _, w := range words {
				for _, f := range []string{w, strings.ToUpper(w), strings.Replace(wraps[r.Intn(len(wraps))], "%s", w, 1)} {
					if got := YesNo(f); got != want {
						t.Errorf("%s %s: YesNo(%q) = %v, want %v", kind, lang, f, got, want)
					}
				}
			}
		}
	}
}

// TestCLDRDroppedNeverRead: a word the generator dropped for a collision is
// never read as the answer CLDR gives it.
func TestCLDRDroppedNeverRead(t *testing.T) {
	n := 0
	for _, line := range strings.Split(cldrRepliesText, "\n") {
		rest, ok := strings.CutPrefix(line, "# dropped ")
		if !ok {
			continue
		}
		kind, rest, _ := strings.Cut(rest, " ")
		word, _, _ := strings.Cut(rest, " (")
		want := Yes
		if kind == "no" {
			want = No
		}
		same := phraseKeys(yesPhrases)
		if want == No {
			same = phraseKeys(noPhrases)
		}
		if same[confirmKey(word)] {
			continue // read so by the hand lists: Uzbek "ha", Russian "da", German "jo"
		}
		n++
		if got := YesNo(word); got == want {
			t.Errorf("dropped %s %q read as %v", kind, word, got)
		}
	}
	if n < 20 {
		t.Errorf("only %d dropped words checked", n)
	}
}

func TestReplyWordsRound12(t *testing.T) {
	for _, c := range []struct {
		text string
		want Answer
	}{
		{"ha", Yes}, {"ha, rahmat", Yes}, {"iva", Yes}, {"Iva grazzi", Yes}, {"ayo", Yes}, {"yo‘q", No}, {"yo'q", No},
		{"yoq", No}, {"voch", No}, {"a'a", No}, {"los dit", No}, {"nope, scrap that", No}, {"ys pls", Yes},
		{"yep, that's the one, book it", Yes}, {"sure thing, lock it in", Yes}, {"yeah go ahead and book it", Yes},
		{"yes but change the date", Unknown}, {"ha ha", Unknown}, {"hah", Unknown}, {"le", Unknown}, {"ne", Unknown},
		{"na", Unknown}, {"ki", Unknown}, {"lo", Unknown}, {"ken", Unknown}, {"áno", Unknown}, {"so", Unknown},
	} {
		if got := YesNo(c.text); got != c.want {
			t.Errorf("YesNo(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		text string
		want SmallTalk
	}{{"rahmat", Thanks}, {"barev", Greeting}, {"bonġu", Greeting}, {"goeienaand", Greeting}, {"Barev dzez!", Greeting}} {
		if got := SmallTalkOf(c.text); got != c.want {
			t.Errorf("SmallTalkOf(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	for _, m := range []string{"ban sani ba", "bilmayman", "chgitem", "ek weet nie"} {
		if !IsNonAnswer(m) {
			t.Errorf("IsNonAnswer(%q) = false", m)
		}
	}
	for _, m := range []string{"los dit", "vergeet dit", "boş ver", "chhod do", "lupakan"} {
		if got := YesNo(m); got != No {
			t.Errorf("YesNo(%q) = %v, want no (a give-up at a confirmation)", m, got)
		}
	}
	for _, m := range []string{"vēl", "ƙari"} {
		if !asksMoreAlone(m) {
			t.Errorf("asksMoreAlone(%q) = false", m)
		}
	}
	for m, want := range map[string]bool{
		"ngifuna ukukhuluma nomuntu, a real coach please": true, "kan ek met 'n regte mens praat? a person please": true,
		"ngicela umuntu, a person please": true, "a person please": true, "a real agent please": true,
		"i am a person please": false, "no need for a person, thanks": false,
	} {
		if got := IsHumanRequest(m); got != want {
			t.Errorf("IsHumanRequest(%q) = %v, want %v", m, got, want)
		}
	}
}
