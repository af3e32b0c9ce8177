package shop

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/parleyhq/parley/nlu"
)

// Spelling is implemented by a catalog that can list the words it is known by
// (the words of its product names, categories and tags), so that a word
// mistyped by one typo ("sunglassses", "blet", "hoodeis") is read as the one
// catalog word it is near (issue 38 item 4). A catalog without it gets the
// everyday lexicon's typos only.
type Spelling interface {
	// SpellingWords returns the catalog's words, lower case, each once.
	SpellingWords() []string
}

// spellingIndex is the typo index of a catalog's words and their set, or nil
// when the catalog lists none.
func spellingIndex(cat Catalog) (*nlu.Fuzzy, map[string]bool) {
	sp, ok := cat.(Spelling)
	if !ok {
		return nil, nil
	}
	words := sp.SpellingWords()
	set := make(map[string]bool, len(words))
	for _, w := range words {
		set[w] = true
	}
	return nlu.NewFuzzy(words), set
}

// minCompoundPart is the shortest word read as half of a compound split in
// two ("sun glasses", "back pack"): a single letter is an initial or a typo.
const minCompoundPart = 2

// joinSplitCompounds writes two neighbouring words of text that together
// spell one catalog word ("sun glasses", "back pack", "hood ie") as that word,
// the way speech-to-text and hurried typing split it: the card or product is
// then named as the catalog names it. Text without such a pair is returned as
// it is.
func (e *Engine) joinSplitCompounds(text string) string {
	if len(e.catalogWords) == 0 {
		return text
	}
	fields := strings.Fields(text)
	changed := false
	for i := 0; i+1 < len(fields); i++ {
		a, b := strings.ToLower(fields[i]), strings.ToLower(strings.TrimRightFunc(fields[i+1], unicode.IsPunct))
		if len(a) < minCompoundPart || len(b) < minCompoundPart || !isLetters(a) || !isLetters(b) || !e.catalogWords[a+b] {
			continue
		}
		fields[i] = fields[i] + fields[i+1]
		fields = slices.Delete(fields, i+1, i+2)
		changed = true
	}
	if !changed {
		return text
	}
	return strings.Join(fields, " ")
}

// isLetters reports whether w holds letters only.
func isLetters(w string) bool {
	return w != "" && !strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
}

// minSwapLength is the shortest word read as a typo of a catalog word by two
// letters swapped ("blet"); minCatalogTypoLength the shortest read as one by a
// letter added, dropped or changed: a shorter word near a catalog word ("bolt",
// "cop") is as often another word.
// maxCatalogTypos is how many typos a word may hold to be read as a catalog
// word: one ("sneakers" is no typo of "sweaters", two letters apart).
const (
	maxCatalogTypos      = 1
	minSwapLength        = 4
	minCatalogTypoLength = 5
)

// catalogTypo reads a word the catalog does not know as a typo of the one
// catalog word nearest it: one typo away (maxCatalogTypos, within
// nlu.FuzzyTolerance of both words), two neighbouring letters swapped counting
// one typo, a letter held down none ("sunglassses"). Two words equally near, or none, is no reading ("").
func (e *Engine) catalogTypo(word string) string {
	w := strings.ToLower(word)
	n := utf8.RuneCountInString(w)
	if e.spelling == nil || n < minSwapLength || strings.ContainsFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) {
		return ""
	}
	var buf [16]nlu.FuzzyMatch
	best, ties := "", 0
	bestDist := nlu.MaxFuzzyDistance + 1
	for _, m := range e.spelling.Near(buf[:0], w, nlu.MaxFuzzyDistance) {
		d := min(m.Distance, nlu.TypoDistance(w, m.Entry))
		if w == m.Entry || d > maxCatalogTypos || !typoWithin(w, m.Entry, d) {
			continue
		}
		switch {
		case d < bestDist:
			best, bestDist, ties = m.Entry, d, 1
		case d == bestDist && isNumberPair(best, m.Entry):
			// "sunglases": sunglass and sunglasses are one word.
			if len(m.Entry) > len(best) {
				best = m.Entry
			}
		case d == bestDist:
			ties++
		}
	}
	if ties != 1 {
		return ""
	}
	return best
}

// isNumberPair reports whether a and b are one word's singular and plural
// (one is the other with "s" or "es").
func isNumberPair(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return b == a+"s" || b == a+"es"
}

// typoWithin reports whether d typos between the typed word w and the catalog
// word entry are few enough for both lengths: a four-letter word only by a
// swap of two letters ("blet", not "bolt") or a letter typed twice ("capp").
func typoWithin(w, entry string, d int) bool {
	if d == 1 && isDoubled(w, entry) {
		return true // "capp": a key bounce, even on a three-letter word
	}
	if d > nlu.FuzzyTolerance(w) || d > nlu.FuzzyTolerance(entry) {
		return false
	}
	if d == 0 && utf8.RuneCountInString(entry) < minCatalogTypoLength {
		// Only letters held down: they lengthen what was typed, not the
		// word read; a short word ("cd") is read from one doubled letter
		// ("ccd"), never from a run of them ("ccccd").
		return isDoubled(w, entry)
	}
	if utf8.RuneCountInString(w) >= minCatalogTypoLength {
		return true
	}
	return isSwap(w, entry) || isDoubled(w, entry) || isVowelDropped(w, entry) && !isEnglishWord(w)
}

// isVowelDropped reports whether a is b, a word of at least
// minCatalogTypoLength letters, with one of its vowels left out ("shrt" for
// "shirt"): the way a word is typed in haste, where a consonant changed
// ("bolt" for "belt") may be another word. An English word ("pant") is
// never read so.
func isVowelDropped(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(rb) < minCatalogTypoLength || len(ra)+1 != len(rb) {
		return false
	}
	i := 0
	for i < len(ra) && ra[i] == rb[i] {
		i++
	}
	return strings.ContainsRune("aeiou", rb[i]) && slices.Equal(ra[i:], rb[i+1:])
}

// isDoubled reports whether a is b with one of its letters typed twice
// ("capp", "bellt"): a key bounce, which a short word shows as plainly as a
// swap, where another letter changed ("bolt") may be another word.
func isDoubled(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) != len(rb)+1 {
		return false
	}
	i := 0
	for i < len(rb) && ra[i] == rb[i] {
		i++
	}
	return i > 0 && ra[i] == ra[i-1] && slices.Equal(ra[i+1:], rb[i:])
}

// isSwap reports whether b is a with two neighbouring letters swapped.
func isSwap(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) != len(rb) {
		return false
	}
	i := 0
	for i < len(ra) && ra[i] == rb[i] {
		i++
	}
	return i+1 < len(ra) && ra[i] == rb[i+1] && ra[i+1] == rb[i] && slices.Equal(ra[i+2:], rb[i+2:])
}

// respell reads each word of the request that neither the catalog nor the
// everyday lexicon knows ("bonnet" is a beanie, not a typo of "bunnet") but is
// a typo of one catalog word (catalogTypo) as that word, wherever the request
// holds it: a search for it, and the name of a card ("the blet"; "sunglases"
// while cards are shown, the product phrase respelled too, names its card).
func (t *turn) respell() {
	if t.e.spelling == nil {
		return
	}
	fixes := map[string]string{}
	for _, w := range slices.Concat(t.req.Terms, t.req.Sought) {
		if typo := t.e.catalogTypo(w); typo != "" && len(everydayKinds(w)) == 0 && len(t.known([]string{w})) == 0 {
			fixes[w] = typo
		} else if typo := t.swapBesideEnglish(w); typo != "" {
			fixes[w] = typo
		}
	}
	for _, w := range t.req.Mention {
		if typo := t.shownSwap(w); typo != "" {
			fixes[w] = typo
		}
	}
	if len(fixes) == 0 {
		return
	}
	for _, ws := range []*[]string{&t.req.Terms, &t.req.Sought, &t.req.Mention} {
		*ws = slices.Clone(*ws)
		for i, w := range *ws {
			if fix, ok := fixes[w]; ok {
				(*ws)[i] = fix
			}
		}
	}
}

// swapBesideEnglish reads a three-letter word of a search that is a catalog
// word with two neighbouring letters swapped ("baseball cpa": cap) as that
// word, when the message has another word that is English (so the shopper
// types English, and the word is no word of another language) and the word
// itself is no English word ("cop" stays), no word the catalog or the
// shop's lexicons know, and the swap of exactly one catalog word. A word
// alone ("cpa") is not read: among the whole catalog a short word is as
// often another (shownSwap reads it among the cards shown).
func (t *turn) swapBesideEnglish(w string) string {
	if len(w) != minSwapLength-1 || !isLetters(w) || isEnglishWord(w) || t.e.catalogWords[w] ||
		len(everydayKinds(w)) > 0 || kindOfWord(w) != "" || nlu.Gloss(w) != w {
		return ""
	}
	found := ""
	b := []byte(w)
	for i := 0; i+1 < len(b); i++ {
		b[i], b[i+1] = b[i+1], b[i]
		if s := string(b); t.e.catalogWords[s] && s != found {
			if found != "" {
				return "" // two catalog words: no reading
			}
			found = s
		}
		b[i], b[i+1] = b[i+1], b[i]
	}
	if found == "" || !slices.ContainsFunc(nlu.FoldWords(t.msg.Text), func(o string) bool { return o != w && isEnglishWord(o) }) {
		return ""
	}
	return found
}

// respellHeldDown writes each word of text typed with a letter held down
// ("sunglassses", "beltttt") or with no vowel ("tshrt", a vowel skipped on a
// phone) as the one catalog word it is a typo of: the parser takes such a
// word for keys hit at random, so the word is read as the catalog's before
// the message is parsed. Text without such a word is returned as it is.
func (e *Engine) respellHeldDown(text string) string {
	if e.spelling == nil {
		return text
	}
	fields := strings.Fields(text)
	changed := false
	for i, f := range fields {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) })
		if !heldDown(w) && !vowelless(w) {
			continue
		}
		if typo := e.catalogTypo(w); typo != "" {
			fields[i], changed = strings.Replace(f, w, typo, 1), true
		}
	}
	if !changed {
		return text
	}
	return strings.Join(fields, " ")
}

// vowelless reports whether w is a word of Latin letters without a vowel
// ("tshrt", "shrt"), long enough for catalogTypo to read (minSwapLength).
func vowelless(w string) bool {
	return utf8.RuneCountInString(w) >= minSwapLength && isLetters(w) && !strings.ContainsAny(strings.ToLower(w), "aeiouy")
}

// heldDown reports whether w has one letter three times in a row.
func heldDown(w string) bool {
	run, prev := 0, rune(0)
	for _, r := range w {
		if r == prev {
			run++
		} else {
			run = 1
		}
		if run >= 3 {
			return true
		}
		prev = r
	}
	return false
}

// shownSwap reads a three-letter word of a pick among the cards shown that
// is the word of one card's name with two neighbouring letters swapped ("the
// cpa" among cards holding one cap) as that word: among the few words on the
// cards a swap is no other word, while among the whole catalog a short word
// is as often another ("cop"). An English word, a word the catalog knows, a
// swap of two cards' different words or none is "".
func (t *turn) shownSwap(w string) string {
	if t.req.Intent != nlu.ShopSelect || len(w) != minSwapLength-1 || !t.cardsShown() ||
		!isLetters(w) || isEnglishWord(w) || t.e.catalogWords[w] {
		return ""
	}
	found := ""
	for _, id := range t.st.PageProductIDs {
		p, err := t.e.catalog.Product(t.ctx, id)
		if err != nil {
			continue
		}
		for _, name := range nlu.FoldWords(p.Name) {
			if !isSwap(w, name) || name == found {
				continue
			}
			if found != "" {
				return "" // two cards' words: asked which
			}
			found = name
		}
	}
	return found
}
