package nlu

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pgregory.net/rapid"

	"github.com/parleyhq/parley/nlu/cldr"
)

// TestCountedNightsRound16 reads counts of nights in the languages CLDR
// spells no number out for or has no night word for (nlu/count_words.txt
// with CLDR's night units, generated into nlu/cldr/counts_nights.txt): the
// number before the night, the night before the number, a particle between
// (Fijian "e tolu na bogi", Setswana "masigo a mararo"), a CLDR count written
// as a rate (Pashto "{0}/شپه", Kyrgyz "{0}/түн"), and digits with the night
// word; a number or night word alone stays as written.
func TestCountedNightsRound16(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"üç gije", "three nights"},
		{"bäş gije", "five nights"},
		{"өч төн", "three nights"},
		{"биш төн", "five nights"},
		{"trê gnots", "three nights"},
		{"dôs gnots", "two nights"},
		{"trais notgs", "three nights"},
		{"treis notgs", "three nights"},
		{"e tolu na bogi", "three nights"},
		{"rua na bogi", "two nights"},
		{"masigo a mararo", "three nights"},
		{"masigo a mabedi", "two nights"},
		{"kalan tolu", "three nights"},
		{"kalan haat", "four nights"},
		{"درې شپې", "three nights"},
		{"پنځه شپې", "five nights"},
		{"үч түн", "three nights"},
		{"tres noites", "three nights"},
		{"dúas noites", "two nights"},
		{"tre notte", "three nights"},
		{"tres nueches", "three nights"},
		{"ebiro bisatu", "three nights"},
		{"halkan sadii", "three nights"},
		{"tri nait", "three nights"},
		{"تین راتیں", "three nights"},
		{"3 gije", "3 nights"},
		{"3 notgs", "3 nights"},
		{"3 شپه", "3 nights"},
		{"kalan 3", "3 nights"},
		{"4 gnots", "4 nights"},
		{"tolu", "tolu"},
		{"gije", "gije"},
		{"kalan", "kalan"},
		{"masigo", "masigo"},
		{"trais", "trais"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestParseDaysWhole reads "whole", "full" or "entire" between a span's
// count and its unit.
func TestParseDaysWhole(t *testing.T) {
	for text, want := range map[string]int{"a whole week": 7, "a full week": 7, "two whole weeks": 14,
		"an entire week": 7, "whole week": 0, "a whole lot": 0} {
		got, ok := ParseDays(text)
		if !ok {
			got = 0
		}
		if got != want {
			t.Errorf("ParseDays(%q) = %d, want %d", text, got, want)
		}
	}
}

// generatedCounts are the "N phrase" lines of nlu/cldr/counts_nights.txt.
var generatedCounts = sync.OnceValue(func() (out []struct {
	n      int
	phrase string
}) {
	for _, line := range strings.Split(cldr.CountsNights, "\n") {
		head, rest, ok := strings.Cut(line, " ")
		if n, err := strconv.Atoi(head); ok && err == nil {
			out = append(out, struct {
				n      int
				phrase string
			}{n, rest})
		}
	}
	return out
})

// TestGeneratedCountsProperty: a generated count of nights of any locale,
// alone or in a sentence, reads as its count or as none: never another.
func TestGeneratedCountsProperty(t *testing.T) {
	counts := generatedCounts()
	rapid.Check(t, func(t *rapid.T) {
		c := rapid.SampledFrom(counts).Draw(t, "count")
		frame := rapid.SampledFrom([]string{"%s", "%s please", "just %s", "%s, thanks"}).Draw(t, "frame")
		text := strings.Replace(frame, "%s", c.phrase, 1)
		g := " " + Gloss(text) + " "
		want := []string{" " + nightsCount(c.n) + " ", " " + strconv.Itoa(c.n) + " night"}
		for n := 1; n <= 31; n++ {
			if n == c.n {
				continue
			}
			for _, other := range []string{" " + nightsCount(n) + " ", " " + strconv.Itoa(n) + " night "} {
				if strings.Contains(g, other) && !strings.Contains(g, want[0]) && !strings.Contains(g, want[1]) {
					t.Fatalf("Gloss(%q) = %q, want %d nights or none", text, g, c.n)
				}
			}
		}
	})
}

// englishWords is /usr/share/dict/words' lower-case words, nil without it.
var englishWords = sync.OnceValue(func() map[string]bool {
	f, err := os.Open("/usr/share/dict/words")
	if err != nil {
		return nil
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if w := sc.Text(); w == strings.ToLower(w) && !strings.ContainsRune(w, '\'') {
			out[w] = true
		}
	}
	return out
})

// TestCountedNightsNotWhollyEnglish: no count of nights as written in the
// generated list or the hand list is English words only ("set nits", "to
// netter" are left out by the generator): a count needs a word of its own
// language, or an English sentence could say it.
func TestCountedNightsNotWhollyEnglish(t *testing.T) {
	eng := englishWords()
	if eng == nil {
		t.Skip("no /usr/share/dict/words")
	}
	var phrases []string
	for _, c := range generatedCounts() {
		phrases = append(phrases, c.phrase)
	}
	var nights, forms []string
	for _, line := range strings.Split(nightCountsText, "\n") {
		field, value, _ := strings.Cut(strings.TrimSpace(line), ":")
		switch field {
		case "nights":
			nights = strings.Fields(value)
		case "counts":
			forms = strings.Fields(strings.ReplaceAll(value, "|", " "))
		case "order":
			for _, f := range forms {
				for _, n := range nights {
					phrases = append(phrases, strings.ReplaceAll(f+" "+n, "_", " "))
				}
			}
		}
	}
	for _, ph := range phrases {
		all := true
		for _, w := range strings.Fields(strings.ToLower(ph)) {
			all = all && (eng[w] || englishNumbers[w] || isDigits(w))
		}
		if all && !rareEnglishPairs[ph] {
			t.Errorf("%q is English words only", ph)
		}
	}
}

// rareEnglishPairs are hand counts whose words are each an English word
// but never said together in English: Kazakh and Uzbek in Latin letters
// "tort tun" (four nights; "tort", a wrong, "tun", a cask) and "on tun"
// (ten nights). Their Cyrillic forms fold to the same keys, so they stay.
var rareEnglishPairs = map[string]bool{"tort tun": true, "on tun": true}

// englishNumbers are English's number words to ten.
var englishNumbers = wordSet(`one two three four five six seven eight nine ten`)

// TestCollidingWordsProperty: a word of a count of nights that is also an
// English word ("set", "on", "net", "ten", "lima"), in an English sentence
// without its pair's other word, makes no count of nights.
func TestCollidingWordsProperty(t *testing.T) {
	eng := englishWords()
	if eng == nil {
		t.Skip("no /usr/share/dict/words")
	}
	seen := map[string]bool{}
	var colliding []string
	for _, es := range countedNights().byFirst {
		for _, e := range es {
			for _, w := range e.words {
				if eng[w] && !englishNumbers[w] && len(w) > 1 && !seen[w] {
					seen[w] = true
					colliding = append(colliding, w)
				}
			}
		}
	}
	if len(colliding) == 0 {
		t.Fatal("no colliding words")
	}
	frames := []string{"I said %s", "the %s is fine", "%s again please", "we will %s it up", "is it %s or not"}
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(colliding).Draw(t, "word")
		text := strings.Replace(rapid.SampledFrom(frames).Draw(t, "frame"), "%s", w, 1)
		if g := " " + Gloss(text) + " "; strings.Contains(g, " night ") || strings.Contains(g, " nights ") {
			t.Fatalf("Gloss(%q) = %q: a count of nights from an English sentence", text, g)
		}
	})
}
