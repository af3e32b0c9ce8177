package shop

import (
	_ "embed"
	"slices"
	"strings"
	"unicode"

	"github.com/parleyhq/parley/nlu"
)

// cardFramesText is the data of lexicon/card_frames.txt.
//
//go:embed lexicon/card_frames.txt
var cardFramesText string

// cardFrameWords are the words that may frame a shown card's name.
var cardFrameWords = func() map[string]bool {
	out := map[string]bool{}
	for _, list := range nlu.WordLists(cardFramesText) {
		for _, phrase := range list {
			for _, w := range phrase {
				out[w] = true
			}
		}
	}
	return out
}()

// framedNameOfACard picks a shown card named in a frame of wanting or taking
// (issue 38 item 5): "give me sunglasses", "na the belt I want", "yung
// sunglasses po", "gusto ko yung cap". Every word of the message is a frame
// word (card_frames.txt) or a word of the name, and the name's words find
// exactly one product of the catalog (a "want" phrase of another language,
// courtesy_words.txt, frames it too: "mi wantem beanie carrying the logo"),
// shown on the page, named in the
// singular as its card is (whatever the parser made of the frame words the
// catalog does not know: "yung" is no product sought). Anything else stays what the parser read (a
// search, asked about when it finds several). A thanks of any language after
// the name's last comma ("beanie with the logo, ta") frames it as a "please"
// does: it adds nothing to the pick.
func (t *turn) framedNameOfACard() {
	r := t.req
	if r.Intent != nlu.ShopSearch || len(t.st.PageProductIDs) == 0 {
		return
	}
	if s := t.state(); s != StateRecommending && s != StateAwaitingConfirmation {
		return
	}
	text, wanted := nlu.CutCourtesyWant(t.msg.Text)
	if head, thanked := nlu.CutCourtesyTail(text); thanked {
		text, wanted = head, true
	}
	name, framed := nameInFrame(text)
	framed = framed || wanted
	name = t.respelledName(name)
	if !framed || len(name) == 0 || len(name) > 3 || slices.ContainsFunc(name, nlu.NamesNoProduct) {
		// "show me sunglasses": a word that names no product (a verb of
		// searching) makes it no frame of a pick.
		return
	}
	fits, ok := t.productsNamedByAll(name)
	if !ok || len(fits) != 1 || !slices.Contains(t.st.PageProductIDs, fits[0]) || !t.namedInSingular(fits[0], name) {
		return
	}
	// A frame word the catalog does not know ("yung", "po") made the
	// search one for something unsold: the name is sold, and shown.
	t.req, t.unsold = nlu.ShopRequest{Intent: nlu.ShopSelect, ProductID: fits[0]}, false
}

// nameInFrame returns the words of text that are no frame word, and whether
// text said at least one frame word (a bare name is bareNameOfACard's).
func nameInFrame(text string) (name []string, framed bool) {
	ws := strings.FieldsFunc(strings.ToLower(strings.ReplaceAll(text, "’", "'")), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '-'
	})
	for _, w := range ws {
		if cardFrameWords[w] {
			framed = true
			continue
		}
		name = append(name, w)
	}
	return name, framed
}

// namedInSingular reports whether the words name the product as its card
// does: a plural the name does not say ("belts") is a search for several.
func (t *turn) namedInSingular(id string, words []string) bool {
	p, err := t.e.catalog.Product(t.ctx, id)
	if err != nil {
		return false
	}
	name := nameWords(p.Name)
	return !slices.ContainsFunc(words, func(w string) bool {
		return nlu.Stem(w) != w && !slices.Contains(name, w)
	})
}

// respelledName is name with each word the catalog does not know but spells
// with one typo ("sunglases") written as the catalog's word: the card is
// named as the search respells it.
func (t *turn) respelledName(name []string) []string {
	for i, w := range name {
		if t.e.catalogWords[w] || t.e.catalogWords[nlu.Stem(w)] {
			continue // "belts": the plural stays, a search for several
		}
		if fix := t.e.catalogTypo(w); fix != "" {
			name[i] = fix
		}
	}
	return name
}
