package shop

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// eitherWordsText is lexicon/either_words.txt: words joining two
// alternatives.
//
//go:embed lexicon/either_words.txt
var eitherWordsText string

var eitherWords = readWordList(eitherWordsText)

// readEitherOr reads a message whose two sides, joined by "or" (either
// words), each pick a card shown ("the cheap one or the belt", "the
// second or the cap"): two picks, so the shopper is asked which (t.either),
// never given one of them. A side that picks nothing ("the cap or
// something") leaves the message as read, and so does a correction ("the
// cap, or rather the belt": the belt).
func (t *turn) readEitherOr(parser *nlu.ShopParser) {
	if t.msg.Meaning != "" || len(t.st.PageProductIDs) == 0 || !t.cardsShown() {
		return
	}
	switch t.req.Intent {
	case nlu.ShopSelect, nlu.ShopSearch, nlu.ShopAmbiguous:
	default:
		return
	}
	left, right, ok := cutEither(t.msg.Text)
	if !ok {
		return
	}
	if _, _, corrected := nlu.SplitCorrection(t.msg.Text); corrected {
		return
	}
	a, b := parser.ParseContent(left), parser.ParseContent(right)
	if a.Intent != nlu.ShopSelect || b.Intent != nlu.ShopSelect || !namesACard(a) || !namesACard(b) {
		return
	}
	t.req = nlu.ShopRequest{Intent: nlu.ShopSelect}
	t.either = []nlu.ShopRequest{a, b}
}

// cutEither splits text at its first either word standing alone, into the
// words before it and after it; false when it has none, or nothing on a side.
func cutEither(text string) (left, right string, ok bool) {
	fields := strings.Fields(text)
	for i, f := range fields {
		w := strings.ToLower(strings.Trim(f, ",.;:!?"))
		if !eitherWords[w] || i == 0 || i == len(fields)-1 {
			continue
		}
		return strings.Join(fields[:i], " "), strings.Join(fields[i+1:], " "), true
	}
	return "", "", false
}

// eitherCandidates returns the cards shown either side of an "or" fits, in
// the order the sides name them.
func (t *turn) eitherCandidates() ([]string, error) {
	whole := t.req
	defer func() { t.req = whole }()
	var out []string
	for _, side := range t.either {
		t.req = side
		ids, err := t.candidates()
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			if !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
	}
	return out, nil
}

// eitherSelect asks which of the cards the two sides of an "or" name (the
// page when they name fewer than two) is meant, the confirmation pending
// dropped first: two picks are never one of them, even when both name one
// card ("the last one or the 5th").
func (t *turn) eitherSelect() error {
	ids, err := t.eitherCandidates()
	if err != nil {
		return t.failure(err)
	}
	if err := t.dropPending(); err != nil {
		return err
	}
	if len(ids) < 2 {
		ids = t.st.PageProductIDs
	}
	return t.unclear(t.whichOne(ids), false)
}
