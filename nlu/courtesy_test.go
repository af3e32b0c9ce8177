package nlu

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"
)

// courtesyFileKinds are the kinds courtesy_words.txt may use.
var courtesyFileKinds = wordSet(`greeting greeting_with thanks yes no yes_with no_with yes_bare no_bare more want talk person dontknow`)

// TestCourtesyWordsFile: every line of courtesy_words.txt is "kind lang...:
// phrases" of a known kind, and the file covers at least 150 languages.
func TestCourtesyWordsFile(t *testing.T) {
	langs := map[string]bool{}
	for line := range strings.Lines(courtesyWordsText) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, list, ok := strings.Cut(line, ":")
		f := strings.Fields(head)
		if !ok || len(f) < 2 || !courtesyFileKinds[f[0]] || strings.TrimSpace(list) == "" {
			t.Errorf("bad line %q", line)
			continue
		}
		for _, l := range f[1:] {
			langs[l] = true
		}
	}
	if len(langs) < 150 {
		t.Errorf("courtesy_words.txt covers %d languages, want 150 or more", len(langs))
	}
}

// courtesyCollisionWords are the words courtesy_words.txt reads only beside
// a word of their language or as a bare answer.
func courtesyCollisionWords() []string {
	lex := courtesyLexicon()
	var out []string
	for _, kind := range []string{"yes_with", "no_with", "yes_bare", "no_bare"} {
		for _, lang := range sortedKeys(lex[kind]) {
			out = append(out, lex[kind][lang]...)
		}
	}
	return out
}

// TestCourtesyOneWordAnswersAreNoEnglishWords: a one-word yes or no of
// courtesy_words.txt in Latin letters is no English word (Debian's
// wamerican): such a word is a yes_with or no_with word, or left out.
func TestCourtesyOneWordAnswersAreNoEnglishWords(t *testing.T) {
	f, err := os.Open("/usr/share/dict/american-english")
	if err != nil {
		t.Skip("no English word list (apt-get install wamerican)")
	}
	defer f.Close()
	english := map[string]bool{}
	for s := bufio.NewScanner(f); s.Scan(); {
		english[key(s.Text())] = true
	}
	lex := courtesyLexicon()
	for _, kind := range []string{"yes", "no"} {
		for lang, phrases := range lex[kind] {
			for _, p := range phrases {
				k := key(p)
				if strings.Contains(k, " ") || strings.IndexFunc(k, func(r rune) bool { return r > unicode.MaxLatin1 && unicode.Is(unicode.Latin, r) == false }) >= 0 {
					continue
				}
				if english[k] {
					t.Errorf("%s %s %q is an English word", kind, lang, p)
				}
			}
		}
	}
}

// TestCourtesyByKind reads one phrase of each kind in languages the
// development rounds never used, at the reader each engine uses.
func TestCourtesyByKind(t *testing.T) {
	for _, s := range []string{"bonghjornu", "mandi", "bondia", "allegra", "salude", "mhoro", "akkam", "dumela", "mingalaba", "kuzuzangpo"} {
		if got := SmallTalkOf(s); got != Greeting {
			t.Errorf("SmallTalkOf(%q) = %v, want greeting", s, got)
		}
	}
	for _, s := range []string{"sag boluň", "អរគុណច្រើន", "graciis", "gràtzias", "ndatenda", "galatoomi", "ngiyabonga", "ahéhee'"} {
		if got := SmallTalkOf(s); got != Thanks {
			t.Errorf("SmallTalkOf(%q) = %v, want thanks", s, got)
		}
	}
	q := "Book a flight from Boston to Paris on Friday?"
	for s, want := range map[string]Answer{
		"ee, ke a leboga": Yes, "sin, obrigadu": Yes, "បាទ អរគុណ": Yes, "io vinaka": Yes, "yego murakoze": Yes,
		"hongu ndatenda": Yes, "eja gràtzias": Yes, "gea grazia": Yes,
		"na": No, "sega": No, "lae": No, "Na!": No, "lae obrigadu": No, "kwete ndatenda": No, "sega vinaka": No,
	} {
		if got := YesNoTo(s, q); got != want {
			t.Errorf("YesNoTo(%q) = %v, want %v", s, got, want)
		}
	}
	for _, s := range []string{"ha'u la hatene", "handizivi", "jau na sai betg", "ma garanayo"} {
		if !IsNonAnswer(s) {
			t.Errorf("IsNonAnswer(%q) = false", s)
		}
	}
	for _, s := range []string{"ខ្ញុំចង់និយាយជាមួយមនុស្ស", "ke batla go bua le motho"} {
		if got := BuiltinIntent(s); got.Intent != IntentHuman {
			t.Errorf("BuiltinIntent(%q) = %v, want human", s, got)
		}
	}
	p := NewShopParser(nil)
	for _, s := range []string{"ýene", "tse dingwe", "ទៀត", "zvimwe", "ebirala"} {
		if got := p.Parse(s, "").Intent; got != ShopShowMore {
			t.Errorf("shop %q = %s, want show_more", s, got)
		}
	}
	for s, want := range map[string]string{
		"ke batla sandals": "sandals", "ha'u hakarak sapatu": "sapatu", "au vinakata e dua na umbrella": "umbrella",
		"ខ្ញុំចង់បាន umbrella": "umbrella", "ndinoda umbrella": "umbrella", "nataka umbrella": "umbrella",
	} {
		r := p.Parse(s, "")
		if r.Intent != ShopSearch || strings.Join(r.Sought, " ") != want {
			t.Errorf("shop %q = %s %q, want a search of %q", s, r.Intent, r.Sought, want)
		}
	}
}

// TestCourtesyCollisionsNeverInEnglish: the words read only beside a word of
// their language or alone ("na", "sega", "lae", "sin") are no answer inside
// an English sentence, and no yes/no alone where they need a word beside.
func TestCourtesyCollisionsNeverInEnglish(t *testing.T) {
	words := courtesyCollisionWords()
	// The English words alone may answer the question ("flight", its
	// object echoed, is a yes): such a draw shows nothing.
	const question = "Book a flight from Boston to Paris on Friday?"
	englishWords := strings.Fields(`the a flight hotel book table seat window tomorrow friday paris boston we they it is was
		to from for with about my your that this what where when going got made like said think`)
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.SampledFrom(words).Draw(t, "word")
		n := rapid.IntRange(1, 6).Draw(t, "english words")
		ws := make([]string, 0, n+1)
		for i := range n {
			ws = append(ws, rapid.SampledFrom(englishWords).Draw(t, "english"+strings.Repeat("'", i)))
		}
		english := strings.Join(ws, " ")
		if r, _ := builtinRule(english); YesNoTo(english, question) != Unknown || r.Intent != "" {
			return // the English words alone say something: the draw shows nothing
		}
		if lead, _ := LeadingYesNo(english); lead != Unknown {
			// The drawn words open with an answer of some language ("a a",
			// Hausa's a'a typed with a space): a collision word after it
			// would be read with that answer, not as one of its own.
			return
		}
		at := rapid.IntRange(0, n).Draw(t, "at")
		ws = append(ws[:at], append([]string{w}, ws[at:]...)...)
		s := strings.Join(ws, " ")
		if got := YesNoTo(s, question); got != Unknown {
			t.Fatalf("YesNoTo(%q) = %v, want unknown", s, got)
		}
		// The rules' reading (the intent model's guesses are its own test's).
		if got, _ := builtinRule(s); got.Intent == IntentYes || got.Intent == IntentNo {
			t.Fatalf("builtinRule(%q) = %s, want no answer", s, got.Intent)
		}
	})
	for _, w := range courtesyLexicon()["no_bare"]["all"] {
		// With no question asked (YesNo) a bare word is no answer either.
		if got := YesNo(w); got != Unknown {
			t.Errorf("YesNo(%q) alone, no question = %v, want unknown", w, got)
		}
	}
	for w := range supportedOnlyWords() {
		// A "_with" word that another language's list reads alone would be
		// read alone, and in English, by that list: it is no "_with" word.
		if got := YesNo(w); got != Unknown {
			t.Errorf("YesNo(%q) alone = %v, want unknown (a \"_with\" word)", w, got)
		}
	}
}
