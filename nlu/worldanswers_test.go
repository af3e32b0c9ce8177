package nlu

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

const worldQuestion = "Book a flight from Boston to Paris on Friday?"

// TestWorldBareAnswers: a bare answer word of a language (Xitsonga "ina",
// Walloon "oyi"; Kashubian "ni", Kabyle "ala", Waray "diri", Tumbuka
// "yayi", Hiri Motu "lasi") is the whole answer to a yes/no question, and
// nothing with no question asked or inside a sentence; a collision word
// ("jo": Kashubian yes, Albanian no) is read only beside a thanks of its
// own language; other languages' answers with their thanks are read.
func TestWorldBareAnswers(t *testing.T) {
	for s, want := range map[string]Answer{
		"ina": Yes, "Oyi!": Yes, "ni": No, "ala.": No, "diri": No, "yayi": No, "lasi": No,
		"jo, dzãkujã": Yes, "jo": Unknown, "oyi, gråces": Yes, "i oraet": Yes, "no, tankyu": No,
		"eeno": Yes, "aawe, tangi": No, "enya yewo": Yes, "batili": No, "oibe tanikiu": Yes, "nogat": No,
		"ni dzãkujã": No, "diri salamat": No, "yes, ni": Unknown,
	} {
		if got := YesNoTo(s, worldQuestion); got != want {
			t.Errorf("YesNoTo(%q) = %v, want %v", s, got, want)
		}
	}
	for _, s := range []string{"ina", "ni", "ala", "diri", "oyi"} {
		if got := YesNo(s); got != Unknown {
			t.Errorf("YesNo(%q), no question = %v, want unknown", s, got)
		}
		if got := YesNoTo("book "+s+" the flight", worldQuestion); got != Unknown {
			t.Errorf("YesNoTo(%q in a sentence) = %v, want unknown", s, got)
		}
	}
}

// TestWorldDontKnowIsNoAnswer: a language's "I don't know" is no yes and no
// no, whatever its first word is elsewhere ("n t'a dɔn", Bambara: the "n"
// of "y/n"; "diri ak maaram", Waray: its no).
func TestWorldDontKnowIsNoAnswer(t *testing.T) {
	for _, s := range []string{"n t'a dɔn", "N t'a dɔn.", "diri ak maaram", "mi no save", "jô nie wiém", "ni pata", "no sé", "dji n' sai nén", "njewěm"} {
		if got := YesNoTo(s, worldQuestion); got != Unknown {
			t.Errorf("YesNoTo(%q) = %v, want unknown", s, got)
		}
		if !IsNonAnswer(s) {
			t.Errorf("IsNonAnswer(%q) = false", s)
		}
	}
}

// TestWorldCourtesyOfMoreLanguages reads greetings and thanks of languages
// the development rounds never used.
func TestWorldCourtesyOfMoreLanguages(t *testing.T) {
	for s, want := range map[string]SmallTalk{
		"azul": Greeting, "kaselehlie": Greeting, "ran annim": Greeting, "háu kola": Greeting, "mari mari": Greeting,
		"шумбрат": Greeting, "chibai": Greeting, "om swastiastu": Greeting, "wa lele po": Greeting, "lumela": Greeting,
		"gråces": Thanks, "tankyu tumas": Thanks, "kinisou": Thanks, "kalahngan": Thanks, "yewo chomene": Thanks,
		"ni itumezi": Thanks, "ashe oleng": Thanks, "bantiox": Thanks, "аттьӧ": Thanks, "чухсагъул": Thanks,
		"suksma": Thanks, "dios mabalos": Thanks, "thagatchari": Thanks, "khublei shibun": Thanks, "ka lawm e": Thanks,
	} {
		if got := SmallTalkOf(s); got != want {
			t.Errorf("SmallTalkOf(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestBareWordsHaveNoOppositeSense: a yes_bare word is no language's no,
// and a no_bare word no language's yes (the lexicons' answers, CLDR's
// included).
func TestBareWordsHaveNoOppositeSense(t *testing.T) {
	yes, no, _ := ReplyLexicon()
	in := func(lex map[string][]string) map[string]string {
		out := map[string]string{}
		for lang, ps := range lex {
			for _, p := range ps {
				out[confirmKey(p)] = lang
			}
		}
		return out
	}
	yesKeys, noKeys := in(yes), in(no)
	for w, a := range bareReplies() {
		if lang, ok := noKeys[w]; a == Yes && ok {
			t.Errorf("yes_bare %q is a no in %s", w, lang)
		}
		if lang, ok := yesKeys[w]; a == No && ok {
			t.Errorf("no_bare %q is a yes in %s", w, lang)
		}
	}
}

// TestCollidingWordsNeverFlipAYes (property): a yes of any language said
// with a colliding word after it (a bare, "with" or unread word: "ni",
// "ala", "jo", "na") is never read as a no, and a bare word alone, however
// punctuated, is read as its own answer, never the opposite one.
func TestCollidingWordsNeverFlipAYes(t *testing.T) {
	yes, no, _ := ReplyLexicon()
	var yeses []string
	for _, lang := range sortedKeys(yes) {
		yeses = append(yeses, yes[lang]...)
	}
	noPhrases := map[string]bool{}
	for _, ps := range no {
		for _, p := range ps {
			noPhrases[confirmKey(p)] = true
		}
	}
	// A colliding phrase that opens with a no of its own ("nee ne": Dutch
	// "nee") is read by that no, not by its colliding word: the property
	// is about the colliding words, so such phrases are left out.
	collisions := slices.DeleteFunc(append(courtesyCollisionWords(), sortedKeys(unreadReplies)...), func(w string) bool {
		a, _ := LeadingYesNo(w)
		return a == No
	})
	bare := sortedKeys(bareReplies())
	punct := []string{"", "!", ".", "?", "!!", " :)"}
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.SampledFrom(yeses).Draw(t, "yes")
		w := rapid.SampledFrom(collisions).Draw(t, "collision")
		sep := rapid.SampledFrom([]string{" ", ", ", "... "}).Draw(t, "sep")
		// A yes that is also only polite words of other languages ("tak
		// dziękuję": Danish "tak" is thanks) says no yes of its own beside
		// a no: "thanks, ne ne" is a polite no.
		// A yes and a colliding word that together are one no phrase of
		// the lexicon (Bengali "chai na", "don't want") are that no.
		if s := y + sep + w; SmallTalkOf(y) == NoSmallTalk && !noPhrases[confirmKey(y+" "+w)] && YesNoTo(s, worldQuestion) == No {
			t.Fatalf("YesNoTo(%q) = no: a collision word flipped a yes", s)
		}
		b := rapid.SampledFrom(bare).Draw(t, "bare")
		s := b + rapid.SampledFrom(punct).Draw(t, "punct")
		if rapid.Bool().Draw(t, "upper") {
			s = capitalised(s)
		}
		if got := YesNoTo(s, worldQuestion); got != Unknown && got != bareReplies()[b] {
			t.Fatalf("YesNoTo(%q) = %v, want %v", s, got, bareReplies()[b])
		}
	})
}

// TestDontKnowNeverAnswers (property): every language's "I don't know"
// (the dontknow lists), however punctuated or capitalised, reads no yes and
// no no at a confirmation.
func TestDontKnowNeverAnswers(t *testing.T) {
	var phrases []string
	for _, lang := range sortedKeys(replyWords["dontknow"]) {
		phrases = append(phrases, replyWords["dontknow"][lang]...)
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.SampledFrom(phrases).Draw(t, "dontknow") + rapid.SampledFrom([]string{"", ".", "...", "!"}).Draw(t, "punct")
		if rapid.Bool().Draw(t, "upper") {
			s = capitalised(s)
		}
		if got := YesNoTo(s, worldQuestion); got != Unknown {
			t.Fatalf("YesNoTo(%q) = %v, want unknown", s, got)
		}
	})
}

// TestCourtesyOnlyNeverSearches (property): a message wholly of one
// language's greetings and thanks (courtesy_words.txt), one or two of
// them, is small talk to the shop, never a search.
func TestCourtesyOnlyNeverSearches(t *testing.T) {
	lex := courtesyLexicon()
	type phrase struct{ lang, text string }
	byLang := map[string][]string{}
	var all []phrase
	for _, kind := range []string{"greeting", "thanks"} {
		for _, lang := range sortedKeys(lex[kind]) {
			for _, p := range lex[kind][lang] {
				byLang[lang] = append(byLang[lang], p)
				all = append(all, phrase{lang, p})
			}
		}
	}
	p := NewShopParser(nil)
	rapid.Check(t, func(t *rapid.T) {
		first := rapid.SampledFrom(all).Draw(t, "phrase")
		s := first.text
		if rapid.Bool().Draw(t, "two") {
			s += rapid.SampledFrom([]string{", ", " ", "! "}).Draw(t, "sep") + rapid.SampledFrom(byLang[first.lang]).Draw(t, "second")
		}
		if got := p.Parse(s, "").Intent; got == ShopSearch {
			t.Fatalf("shop %q = search, want small talk", s)
		}
	})
}

// capitalised is s with its first letter upper-case.
func capitalised(s string) string {
	for i, r := range s {
		if i == 0 {
			return strings.ToUpper(string(r)) + s[len(string(r)):]
		}
	}
	return s
}

// TestModelNeverFlipsALeadingAnswerOverACollidingWord: a lexicon yes and
// then only a word read both ways ("ne": a Greek yes, a Slavic no, and
// French's "ne" of "ne ... pas") is no model's no: the draws the property
// above found.
func TestModelNeverFlipsALeadingAnswerOverACollidingWord(t *testing.T) {
	for _, s := range []string{"absolutely ne", "absolutely, ne", "certainly... ne ne", "do that ne", "that will do, ne ne", "right ne ne", "that's it... nee ne"} {
		if got := YesNoTo(s, worldQuestion); got == No {
			t.Errorf("YesNoTo(%q) = no, want yes or unknown", s)
		}
	}
	for s, want := range map[string]Answer{"absolutely": Yes, "absolutely not": No, "do that": Yes} {
		if got := YesNoTo(s, worldQuestion); got != want {
			t.Errorf("YesNoTo(%q) = %v, want %v", s, got, want)
		}
	}
}
