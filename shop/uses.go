package shop

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// usesText is lexicon/uses.txt: uses, and the kinds of product they imply.
//
//go:embed lexicon/uses.txt
var usesText string

// use is one line of the lexicon: the kinds, and the cues (stems) that say it.
type use struct {
	kinds []string
	cues  [][]string
}

// uses are the lines of usesText, in order.
var uses = readUses(usesText)

// readUses reads "kinds: cue | cue" lines, "#" lines being comments.
func readUses(text string) []use {
	var out []use
	for _, line := range strings.Split(text, "\n") {
		kinds, cues, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		u := use{}
		for _, k := range strings.Split(kinds, ",") {
			u.kinds = append(u.kinds, strings.TrimSpace(k))
		}
		for _, c := range strings.Split(cues, "|") {
			if stems := stems(c); len(stems) > 0 {
				u.cues = append(u.cues, stems)
			}
		}
		out = append(out, u)
	}
	return out
}

// stems are text's folded words, stemmed (nlu.Stem).
func stems(text string) []string {
	ws := nlu.FoldWords(text)
	for i, w := range ws {
		ws[i] = nlu.Stem(w)
	}
	return ws
}

// useKinds returns the kinds of the first use whose cue text has all the
// words of, and that cue; nil when none.
func useKinds(text string) (kinds, cue []string) {
	have := stems(text)
	for _, u := range uses {
		for _, cue := range u.cues {
			if !slices.ContainsFunc(cue, func(s string) bool { return !slices.Contains(have, s) }) {
				return u.kinds, cue
			}
		}
	}
	return nil, nil
}

// namesAProduct reports whether an unsold search named a product of its own
// that the use's cue does not account for: "do you have wall clocks?" asks
// for clocks, and "sun cream for the eyes" for cream, not for a use; "my ears
// get cold" sought "cold", a word of the cue, and "something to listen to on
// a road trip" a vague thing.
func (t *turn) namesAProduct(cue []string) bool {
	sought := t.req.Sought
	if !t.unsold || len(sought) == 0 {
		return false
	}
	head := nlu.Stem(sought[len(sought)-1])
	vague := slices.ContainsFunc(nlu.FoldWords(t.msg.Text), func(w string) bool { return vagueThings[w] })
	return !vague && !slices.Contains(cue, head)
}

// purposeMarkers, after a vague word ("something to", "quelque chose pour",
// "algo para", "chi haja bach"), open what the thing is for: a verb. Those
// true take a verb whatever follows; the others only an infinitive
// (infinitive): "something for the rain" says no use.
var purposeMarkers = map[string]bool{"to": true, "bach": true, "bash": true, "باش": true, "pour": false, "para": false}

// opensPurpose reports whether ws[i] opens a purpose: a marker, and an
// infinitive after those that need one ("pour garder", "para mantener").
func opensPurpose(ws []string, i int) bool {
	free, ok := purposeMarkers[ws[i]]
	return ok && (free || i+1 < len(ws) && infinitive(ws[i+1]))
}

// infinitive reports whether w ends as a French or Spanish infinitive does.
func infinitive(w string) bool {
	for _, end := range []string{"er", "ir", "re", "ar"} {
		if len(w) > len(end)+1 && strings.HasSuffix(w, end) {
			return true
		}
	}
	return false
}

// vagueThings stand for a thing not named ("something", "quelque chose").
var vagueThings = map[string]bool{"something": true, "anything": true, "smth": true, "sth": true, "chose": true,
	"algo": true, "haja": true, "7aja": true, "حاجة": true, "شي": true}

// purposeEnds end what a thing is for: who it is for, or when.
var purposeEnds = map[string]bool{"for": true, "when": true, "pour": true, "quand": true, "para": true, "cuando": true}

// purpose returns the words of what a vague thing is for ("something to keep
// tea warm for my mum": keep tea warm), up to a recipient or a time; "" when
// the message has none.
func purpose(text string) string {
	ws := nlu.FoldWords(text)
	for i := 0; i+2 < len(ws); i++ {
		if !vagueThings[ws[i]] || !opensPurpose(ws, i+1) {
			continue
		}
		tail := ws[i+2:]
		if j := slices.IndexFunc(tail, func(w string) bool { return purposeEnds[w] }); j > 0 {
			tail = tail[:j]
		}
		return strings.Join(tail, " ")
	}
	return ""
}

// readUse reads a message that names no product but what it is for: a use
// of the lexicon is a search for the kinds of it the catalog knows ("something
// to hold my trousers up": belt); a use the lexicon has not, or whose kinds
// the catalog does not know, is a search for something the shop does not
// carry ("something to keep tea warm"), never a guess at a product.
func (t *turn) readUse() {
	if !t.namesNothingSold() || t.msg.Meaning != "" {
		return
	}
	text := t.msg.Text
	if kinds := qualityKinds(text); len(kinds) > 0 {
		if found := t.known(kinds); len(found) > 0 {
			t.req = nlu.ShopRequest{Intent: nlu.ShopSearch, Terms: found}
			t.unsold, t.asked = false, nil
			return
		}
	}
	if kinds, cue := useKinds(text); len(kinds) > 0 && !t.namesAProduct(cue) {
		if found := t.known(kinds); len(found) > 0 {
			t.req = nlu.ShopRequest{Intent: nlu.ShopSearch, Terms: found}
			t.unsold, t.asked = false, nil
			return
		}
	}
	if t.req.Intent == nlu.ShopSearch {
		return // an unsold search already, by its own words
	}
	what := purpose(text)
	if what == "" {
		return
	}
	if r := t.parser().ParseContent(what); len(r.Terms) > 0 {
		t.req = nlu.ShopRequest{Intent: nlu.ShopSearch, Terms: strings.Fields(what)}
		t.unsold = true
	}
}

// qualitiesText is lexicon/qualities.txt: qualities a vague thing is asked
// for by, and the kinds of product they imply.
//
//go:embed lexicon/qualities.txt
var qualitiesText string

// qualities maps a folded word of quality to the kinds it implies.
var qualities = readQualities(qualitiesText)

// readQualities reads "kinds: words" lines; "#" starts a comment.
func readQualities(text string) map[string][]string {
	out := map[string][]string{}
	for line := range strings.Lines(text) {
		kinds, words, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		var ks []string
		for _, k := range strings.Split(kinds, ",") {
			ks = append(ks, strings.TrimSpace(k))
		}
		for _, w := range nlu.FoldWords(words) {
			out[w] = ks
		}
	}
	return out
}

// qualityKinds returns the kinds a vague thing asked for by a quality and
// what it is for implies ("something warm for the game": warm clothing):
// the quality follows the vague thing at once and only who or when it is
// for follows it (purposeEnds); nil otherwise: "something warm" alone is a
// vague opening, asked about, and "something warm to drink" no clothing.
func qualityKinds(text string) []string {
	ws := nlu.FoldWords(text)
	for i := 0; i+1 < len(ws); i++ {
		kinds, ok := qualities[ws[i+1]]
		if !vagueThings[ws[i]] || !ok {
			continue
		}
		if i+3 < len(ws) && purposeEnds[ws[i+2]] {
			return kinds
		}
	}
	return nil
}

// namesNothingSold reports whether the message, as read, names nothing the
// shop sells: nothing understood, a search for what it does not carry, or a
// pick with no card shown ("something to put on my walls").
func (t *turn) namesNothingSold() bool {
	switch t.req.Intent {
	case nlu.ShopAmbiguous:
		return true
	case nlu.ShopSearch:
		return t.unsold
	case nlu.ShopSelect:
		return len(t.st.PageProductIDs) == 0
	}
	return false
}
