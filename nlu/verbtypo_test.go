package nlu

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestNearActionVerbsFile(t *testing.T) {
	dict := os.Getenv("NEAR_ACTION_DICT")
	if dict == "" {
		t.Skip("NEAR_ACTION_DICT names no word list")
	}
	want := nearActionVerbWords(t, dict)
	if *update {
		header := nearActionVerbsText[:strings.Index(nearActionVerbsText, "\n\n")+2]
		body := strings.Join(want, "\n") + "\n"
		if err := os.WriteFile("near_action_verbs.txt", []byte(header+body), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	var got []string
	for w := range ordinaryNearActionVerbs() {
		got = append(got, w)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("near_action_verbs.txt is out of date (%d words, want %d): run with -update", len(got), len(want))
	}
}

// nearActionVerbWords are the words of the list, folded, of three ASCII
// letters or more, that are one edit from an English action verb with its
// first letter, or such a verb and a filler word glued.
func nearActionVerbWords(t *testing.T, dict string) []string {
	f, err := os.Open(dict)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := key(sc.Text())
		if len(w) < 3 || !latinLetters(w) || seen[w] {
			continue
		}
		for _, v := range englishActionVerbs {
			rest, glued := strings.CutPrefix(w, v)
			if w[0] == v[0] && typoDistance(w, v) == 1 || glued && fillerWords[rest] {
				seen[w] = true
				break
			}
		}
	}
	out := make([]string, 0, len(seen))
	for w := range seen {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}

func TestVerbTyposAtConfirmation(t *testing.T) {
	const book = "Book Boston -> Paris on 2028-05-27?"
	const cart = "Please answer yes or no: shall I add Cap to your cart?"
	cases := []struct {
		text, question string
		want           Answer
	}{
		{"bok it", book, Yes},
		{"yea bookit", book, Yes},
		{"boko it pls", book, Yes},
		{"yes, bookit", book, Yes},
		{"dont bok it", book, No},
		{"bok it tomorrow instead", book, Unknown}, // a change
		{"boo it", book, Unknown},                  // an English word
		{"bok it", "", Unknown},                    // no question: no verb to read
		{"bok it", cart, Unknown},                  // the shop asks to add, not to book
		{"ad it", cart, Unknown},                   // too short to read
		{"addd it", cart, Yes},
		{"aad it", cart, Unknown}, // first letter kept, but "aad" may be "add" or keys hit: one edit reads
	}
	for _, c := range cases {
		if got := AnswerTo(c.text, c.question); got != c.want {
			t.Errorf("AnswerTo(%q, %q) = %v, want %v", c.text, c.question, got, c.want)
		}
	}
	// A typo reads as the word typed right, question and all: the flows
	// read no yes from a question asked back (flows/confirm.go).
	for _, typo := range [][2]string{{"bok it?", "book it?"}, {"bok it but friday", "book it but friday"}} {
		if got, want := AnswerTo(typo[0], book), AnswerTo(typo[1], book); got != want {
			t.Errorf("AnswerTo(%q) = %v, as typed right %v", typo[0], got, want)
		}
	}
}

func TestVowellessPhraseWords(t *testing.T) {
	const book = "Book Boston -> Paris on 2028-05-27?"
	cases := []struct {
		text string
		want Answer
	}{
		{"ok sounds gd", Yes},
		{"sounds gd", Yes},
		{"sounds grt thx", Yes},
		{"lks gd", Unknown},               // no phrase word before it to place it
		{"no sounds gd", Unknown},         // a no and a yes
		{"sounds gd but friday", Unknown}, // a change
		{"nt now", Unknown},               // "nt" opens the phrase: nothing before it
		{"not nw", No},
	}
	for _, c := range cases {
		if got := AnswerTo(c.text, book); got != c.want {
			t.Errorf("AnswerTo(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestVerbTypoNeverFlipsAnswer: the question's verb with one letter missed,
// added or swapped, said or refused, reads as said or refused, or as none.
func TestVerbTypoNeverFlipsAnswer(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		verb := rapid.SampledFrom([]string{"book", "confirm", "order", "reserve"}).Draw(rt, "verb")
		question := strings.ToUpper(verb[:1]) + verb[1:] + " Boston -> Paris on 2028-05-27?"
		typo := drawVerbTypo(rt, verb)
		want := rapid.SampledFrom([]Answer{Yes, No}).Draw(rt, "answer")
		lead := rapid.SampledFrom([]string{"", "yes ", "yea ", "ok "}).Draw(rt, "lead")
		if want == No {
			lead = rapid.SampledFrom([]string{"don't ", "do not ", "no don't "}).Draw(rt, "lead")
		}
		text := lead + typo + rapid.SampledFrom([]string{" it", "it", " it pls", " it thanks"}).Draw(rt, "tail")
		if got := AnswerTo(text, question); got != want && got != Unknown {
			rt.Fatalf("AnswerTo(%q, %q) = %v, want %v or none", text, question, got, want)
		}
	})
}

// drawVerbTypo is w with a letter missed, added or two swapped, after its first.
func drawVerbTypo(rt *rapid.T, w string) string {
	i := rapid.IntRange(1, len(w)-1).Draw(rt, "at")
	switch rapid.IntRange(0, 2).Draw(rt, "edit") {
	case 0:
		return w[:i] + w[i+1:]
	case 1:
		return w[:i] + rapid.StringMatching(`[a-z]`).Draw(rt, "letter") + w[i:]
	}
	if i+1 < len(w) {
		return w[:i] + w[i+1:i+2] + w[i:i+1] + w[i+2:]
	}
	return w
}
