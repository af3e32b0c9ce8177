package gates

import (
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// extracted is one raw fact read from a user's answer.
type extracted struct {
	raw   string
	value string
}

// extractFacts reads the raw facts the given nodes declare from the user's message:
// from the upstream nlu parse when the message carries one, else with the built-in
// extractors. A node whose facts the message's own words leave wholly unread is
// read from its gloss (said.glossed: "je pèse cent kilos", "ghda", "el viernes"),
// by the same extractors, so what they do not account for is still no fact.
// Deltas are computed last, from the facts just read and those already known (by
// raw or canonical name).
func (f *Flow) extractFacts(nodes []*Node, s said, known map[string]string) []extracted {
	values := map[string]string{}
	put := func(raw, value string) {
		if value = strings.TrimSpace(value); value != "" {
			values[raw] = value
		}
	}
	for _, n := range nodes {
		s := markerAsVerb(n, settledHedge(n, unsureContact(n, s)))
		f.readNode(n, s.Message, values, put)
		if g, ok := s.glossed(); ok {
			f.fillFromGloss(n, g.Message, values)
		}
	}
	f.computeDeltas(nodes, values, known, put)
	return inDeclarationOrder(nodes, values)
}

// readNode reads node n's facts (not its deltas) from msg into values, with
// put, which stores a fact's value in values.
func (f *Flow) readNode(n *Node, msg parley.Message, values map[string]string, put func(raw, value string)) {
	msg.Text = mendedQuantities(n, withDaysBesideKinds(n, msg.Text))
	for i := range n.Extract {
		f.readExtractor(&n.Extract[i], msg, put)
	}
	if msg.NLU == nil {
		// The quantities settled are those of the user's own words, said for
		// sure (ownWords), as the extractors read them.
		own := ownWords(msg.Text, ExtractNumber)
		settleNumbers(n, own, values)
		amountAsGoal(n, own, values)
		withoutAscents(n, own, values)
		dateBesideKind(n, msg, values, put)
	}
}

// fillFromGloss reads node n's facts from the message's gloss g: those the
// own words left unread (values) are taken from it (a date, an email, a
// category the own words gave only by default: "2moro a video call" keeps the
// call and reads the day), and one the own words read is kept only when the
// gloss reads it alike: a gloss that reads it otherwise or not at all shows
// words the own reading could not place ("nhar ssebt wla 2moro" is a choice of
// two days, not Saturday), and the fact is asked again. Its quantities are one
// reading (settleNumbers), taken whole or not at all, never mixed.
func (f *Flow) fillFromGloss(n *Node, g parley.Message, values map[string]string) {
	glossed := map[string]string{}
	f.readNode(n, g, glossed, func(raw, value string) {
		if value = strings.TrimSpace(value); value != "" {
			glossed[raw] = value
		}
	})
	ownNumbers := false
	for _, x := range n.Extract {
		ownNumbers = ownNumbers || (x.Kind == ExtractNumber && values[x.Fact] != "")
	}
	for _, x := range n.Extract {
		if x.Kind == ExtractDelta {
			continue
		}
		facts := []string{x.Fact}
		if x.Kind == ExtractRegex {
			facts = regexGroups(x.Pattern)
		}
		for _, fact := range facts {
			mergeGlossed(values, glossed, fact, x.Kind == ExtractCategory && values[fact] == x.Default, !(x.Kind == ExtractNumber && ownNumbers))
		}
	}
	mergeGap(n, values, glossed)
}

// mergeGlossed keeps a fact the own words read (values) only when the gloss
// read it alike, and takes the gloss's value of a fact the own words left
// unread, or gave only by default, when mayTake.
func mergeGlossed(values, glossed map[string]string, fact string, byDefault, mayTake bool) {
	v, ok := glossed[fact]
	own, said := values[fact]
	switch {
	case said && !byDefault:
		if v != own {
			delete(values, fact)
		}
	case ok && mayTake:
		values[fact] = v
	}
}

// nonAnswer reports whether s, read as node n's answer, gives none of the facts
// n's own extractors read from text, in its own words or its gloss: a
// category's default and a delta are not read from it. A node without
// extractors takes any answer; an upstream parse decides for itself.
func (f *Flow) nonAnswer(n *Node, s said) bool {
	s = unsureContact(n, s)
	if !f.readsNothing(n, s.Message) {
		return false
	}
	g, ok := s.glossed()
	return !ok || f.readsNothing(n, g.Message)
}

// readsNothing reports whether msg's words give none of the facts node n's
// extractors read from text (see nonAnswer).
func (f *Flow) readsNothing(n *Node, msg parley.Message) bool {
	if msg.NLU != nil {
		return false
	}
	read, extractors := false, 0
	msg.Text = withDaysBesideKinds(n, msg.Text)
	put := func(_, value string) { read = read || strings.TrimSpace(value) != "" }
	for i := range n.Extract {
		x := n.Extract[i]
		if x.Kind == ExtractDelta {
			continue
		}
		extractors++
		x.Default = ""
		extractBuiltin(&x, msg, put)
	}
	return extractors > 0 && !read && !readsAmount(n, msg.Text)
}

// readExtractor reads one extractor's facts (deltas are computed afterwards): from
// the upstream nlu parse when the message carries one, else with the built-in kind.
func (f *Flow) readExtractor(x *Extractor, msg parley.Message, put func(raw, value string)) {
	switch {
	case x.Kind == ExtractDelta:
	case msg.NLU != nil:
		f.fromNLU(x, msg, put)
	default:
		if x.Kind == ExtractDate && f.Locale != "" {
			// "4/3" in en-US: April 3, the flows engine's policy for a
			// bot's locale (nlu.OrderNumericDates).
			order, _ := nlu.LocaleDateOrder(f.Locale)
			msg.Text = nlu.OrderNumericDates(msg.Text, order)
		}
		extractBuiltin(x, msg, put)
	}
}

// computeDeltas puts each delta extractor's To minus From, read from the facts just
// read or those already known (by raw or canonical name).
func (f *Flow) computeDeltas(nodes []*Node, values, known map[string]string, put func(raw, value string)) {
	for _, n := range nodes {
		for _, x := range n.Extract {
			if x.Kind != ExtractDelta || f.amountGapKept(&x, values, known) {
				continue
			}
			from, okFrom := f.factValue(x.From, values, known)
			to, okTo := f.factValue(x.To, values, known)
			if !okFrom || !okTo {
				continue
			}
			if delta, ok := subtract(to, from); ok {
				put(x.Fact, delta)
			}
		}
	}
}

// factValue is a fact's value: read this turn (values), else known by its
// canonical name or by its own.
func (f *Flow) factValue(name string, values, known map[string]string) (string, bool) {
	if v, ok := values[name]; ok {
		return v, true
	}
	if v, ok := known[f.canonical(name)]; ok {
		return v, true
	}
	v, ok := known[name]
	return v, ok
}

// inDeclarationOrder lists the facts read, each once, in the order the nodes declare
// them, so a turn's factsProduced reads like the flow.
func inDeclarationOrder(nodes []*Node, values map[string]string) []extracted {
	var out []extracted
	seen := map[string]bool{}
	for _, n := range nodes {
		for _, x := range n.Extract {
			facts := []string{x.Fact}
			if x.Kind == ExtractRegex {
				facts = regexGroups(x.Pattern)
			}
			for _, raw := range facts {
				if v, ok := values[raw]; ok && !seen[raw] {
					seen[raw] = true
					out = append(out, extracted{raw: raw, value: v})
				}
			}
		}
	}
	return out
}

// volunteered reads the facts a message gives for nodes it does not answer, keeping
// only facts not known yet. A node's facts are read from a message that answers
// another node only when the message identifies them by itself: an email, a phone
// number, a date, a regex match, a number after one of its cue words, or an entity
// of an upstream parse. Only then are the node's category facts read too (without
// their default: a default answers the node's own question, not a stray message)
// and its deltas computed. A bare keyword or number is no evidence of which node
// it belongs to.
//
// In BROADEN mode (relaxed) the adjacent nodes are considered more widely: their
// facts need no identifying value, a keyword is enough (still no default, still
// never over a known value).
func (f *Flow) volunteered(nodes []*Node, msg said, known map[string]string, mode volunteerMode) []extracted {
	var out []extracted
	for _, n := range nodes {
		read, ok := f.volunteerExtractors(n, msg, known, mode)
		if !ok {
			continue
		}
		for _, x := range f.extractFacts([]*Node{{Extract: read}}, msg, known) {
			if _, ok := known[f.canonical(x.raw)]; !ok {
				out = append(out, x)
			}
		}
	}
	return out
}

// volunteerExtractors are the extractors of node n a message that does not
// answer it is read with: all of them once it identifies one of the node's facts
// (or in relaxed mode), only the category ones in opening mode; false when it
// is not read for n at all.
func (f *Flow) volunteerExtractors(n *Node, msg said, known map[string]string, mode volunteerMode) ([]Extractor, bool) {
	identifying, rest, categories := splitExtractors(n, msg)
	read := append(identifying, rest...)
	if mode == volunteerRelaxed || len(f.extractFacts([]*Node{{Extract: identifying}}, msg, known)) > 0 {
		return read, true
	}
	return categories, mode == volunteerOpening
}

// splitExtractors sorts a node's extractors: those whose value identifies the
// node's fact, the others (categories without their default, deltas), and the
// categories alone. A number without a cue identifies nothing in a typed
// message: it is read only with the others.
func splitExtractors(n *Node, msg said) (identifying, rest, categories []Extractor) {
	for _, x := range n.Extract {
		switch {
		case x.Kind == ExtractCategory:
			x.Default = ""
			rest = append(rest, x)
			categories = append(categories, x)
		case x.Kind == ExtractDelta:
			rest = append(rest, x)
		case x.Kind == ExtractNumber && msg.NLU == nil && !saysCue(&x, msg):
			// Read once another fact identifies the node: "squat 150 kg,
			// currently at 120 kg" gives the target with the cued baseline
			// (issue 38 item 6: a second fact volunteered is kept).
			rest = append(rest, x)
		default:
			identifying = append(identifying, x)
		}
	}
	return identifying, rest, categories
}

// volunteerMode says how widely a message is read for facts of nodes it does not
// answer.
type volunteerMode int

const (
	// volunteerStrict: only where the message identifies a node's facts.
	volunteerStrict volunteerMode = iota
	// volunteerOpening: a message that answers no question (the first one, or
	// the first after a handback) also gives category facts by keyword ("I'd
	// like to book a training session"): it says what the user came for.
	volunteerOpening
	// volunteerRelaxed: a keyword is enough for every fact (BROADEN, a question
	// left open by a cooldown).
	volunteerRelaxed
)

// settleNumbers makes one quantity of the message one fact among node n's
// number extractors (issue 38 items 1 and 6). When some say their cue and
// others do not, an extractor without its cue takes the one quantity (in its
// units) that no said cue took, and none when none or several are left, rather
// than its Index-th quantity, which may be the one another fact's cue took:
// "60 kg now and want to get to 80" gives the target 80 kg and the baseline
// 60 kg, "I weigh 80 kg" a baseline and no target. When none says its cue and
// the message holds two quantities or more for them, none is stored: the order
// of the numbers is no evidence of which is which. A message that corrects
// itself is read as readCorrected reads it.
func settleNumbers(n *Node, text string, values map[string]string) {
	if _, _, corrected := splitCorrection(text); corrected {
		return
	}
	defer betweenTakenWhole(n, text, values)
	defer wholeOrNothing(n, text, values)
	var cued, uncued []*Extractor
	for i := range n.Extract {
		switch x := &n.Extract[i]; {
		case x.Kind != ExtractNumber:
		case hasCue(x, rangeUnits(text)):
			cued = append(cued, x)
		default:
			uncued = append(uncued, x)
		}
	}
	left := inheritUnits(nlu.Quantity{}, nlu.ExtractQuantities(strings.ToLower(numbersText(text))))
	if len(cued) == 0 {
		settleUncued(n, text, uncued, left, values)
		return
	}
	if len(uncued) == 0 {
		return
	}
	take := func(v string) {
		if i := slices.IndexFunc(left, func(q nlu.Quantity) bool { return formatQuantity(q) == v }); i >= 0 {
			left = slices.Delete(left, i, i+1)
		}
	}
	for _, x := range cued {
		if v, ok := values[x.Fact]; ok {
			take(v)
		}
	}
	for _, x := range uncued {
		fits := notLevelsOf(n, x, text, inCuedUnits(fitting(left, x), cued, values))
		if len(fits) != 1 {
			delete(values, x.Fact)
			continue
		}
		values[x.Fact] = formatQuantity(fits[0])
		take(values[x.Fact])
	}
}

// inCuedUnits narrows fits, the quantities an uncued fact could take, to
// those in the unit of a fact its cue read, when some are: a goal and where
// the user stands are said in one unit, so "1.5 mi run in 12 min, right now
// it takes me 14 min" gives the target 12 min, not the distance run. fits is
// returned as it is when none is in such a unit.
func inCuedUnits(fits []nlu.Quantity, cued []*Extractor, values map[string]string) []nlu.Quantity {
	if len(fits) < 2 {
		return fits
	}
	units := map[string]bool{}
	for _, x := range cued {
		if _, u, ok := splitQuantity(values[x.Fact]); ok {
			units[u] = true
		}
	}
	same := slices.DeleteFunc(slices.Clone(fits), func(q nlu.Quantity) bool { return !units[q.Unit] })
	if len(same) == 0 {
		return fits
	}
	return same
}

// settleUncued settles node n's number facts when no cue says which number
// is which ("70 kg and 85"): their order is a guess, so none is stored and
// the question is asked again; but two joined by a slash answer in the
// question's order (inAskedOrder). left are the message's quantities.
func settleUncued(n *Node, text string, uncued []*Extractor, left []nlu.Quantity, values map[string]string) {
	if inAskedOrder(n, text, uncued, values) || len(uncued) < 2 || len(fitting(left, uncued[0])) < 2 {
		return
	}
	for _, x := range uncued {
		delete(values, x.Fact)
	}
}

// betweenTakenWhole keeps node n's number facts read from a message with a
// "between" range only when they are the range's two numbers, each taken
// once: "between 60 and 80 kg" is a 60 kg baseline and an 80 kg target; a
// range read in half (the target alone) or twice ("I want between 60 and 80
// kg": the target cue takes the first number) stores none of them, and the
// question is asked again (parse or ask).
func betweenTakenWhole(n *Node, text string, values map[string]string) {
	at := betweenRe.FindStringIndex(text)
	if at == nil {
		return
	}
	wanted := inheritUnits(nlu.Quantity{}, nlu.ExtractQuantities(strings.ToLower(rangeUnits(text[at[0]:]))))
	if len(wanted) > 2 {
		wanted = wanted[:2]
	}
	var facts, got []string
	for i := range n.Extract {
		if x := &n.Extract[i]; x.Kind == ExtractNumber {
			facts = append(facts, x.Fact)
			if v, ok := values[x.Fact]; ok {
				got = append(got, v)
			}
		}
	}
	whole := len(wanted) == 2 && len(got) == 2 && got[0] != got[1] &&
		slices.Contains(got, formatQuantity(wanted[0])) && slices.Contains(got, formatQuantity(wanted[1]))
	if !whole {
		for _, f := range facts {
			delete(values, f)
		}
	}
}

// fitting returns the quantities of qs in a unit x accepts.
func fitting(qs []nlu.Quantity, x *Extractor) []nlu.Quantity {
	return slices.DeleteFunc(slices.Clone(qs), func(q nlu.Quantity) bool { return q.Unit == "" || !acceptsUnit(x, q.Unit) })
}

// acceptsUnit reports whether a number extractor takes a quantity in unit (any
// unit when it lists none).
func acceptsUnit(x *Extractor, unit string) bool {
	return len(x.Unit) == 0 || slices.ContainsFunc(x.Unit, func(u string) bool { return normalizeUnit(u) == unit })
}

// proposingWords make a question a proposal or a request ("can we do a call?",
// "is a video call ok?", "how about a session on Friday?"), whose keywords
// choose; in the languages the seeds name. A hedge proposes too ("maybe a
// zoom on Thursday?", "peut-être une séance lundi ?", "quizás una llamada el
// martes?", "ربما حصة يوم الاثنين؟").
var proposingWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`can could may would shall let lets about ok okay fine possible available good work works
		peut peux pourrait pourriez possible dispo disponible puedo podemos podria posible vale bien
		momkin ymken mumkin ممكن يمكن
		maybe perhaps possibly probably quiza quizá quizás quizas talvez ربما imken`) {
		proposingWords[w] = true
	}
}

// asksAbout reports whether text is a question about something rather than a
// proposal: it asks (nlu.AsksQuestion) and says none of proposingWords ("how
// long is a session?", "is the call free?"; not "could we do a call?").
// The question is what follows the clause's last contrast word (levels.txt
// contrast): "ok but is 100 kg realistic?" asks about 100 kg, its "ok"
// acknowledges what came before and proposes nothing (issue 38 round 19).
// A word that judges the value (judging.txt) makes it a question about it
// even after a proposing word: "would 100 kg be realistic?".
func asksAbout(text string) bool {
	if !nlu.AsksQuestion(text) {
		return false
	}
	if parts := contrastRe().Split(text, -1); len(parts) > 1 {
		text = parts[len(parts)-1]
	}
	proposes := false
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' }) {
		w = strings.Trim(w, "'")
		if judgingWords[w] {
			return true // "would 100 kg be realistic?": asks whether it is wise
		}
		proposes = proposes || proposingWords[w]
	}
	return !proposes
}

// judgingText is judging.txt: the words that judge a value asked about.
//
//go:embed judging.txt
var judgingText string

// judgingWords are judgingText's words: a question holding one asks about a
// value, whatever proposing word it opens with.
var judgingWords = func() map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(judgingText, "\n") {
		if !strings.HasPrefix(line, "#") {
			for _, w := range strings.Fields(line) {
				set[w] = true
			}
		}
	}
	return set
}()

// clauseRe is a clause with the punctuation that ends it: the ASCII marks
// and those of other scripts (Arabic, Persian and Pashto "،" "؛" "؟";
// ideographic and full-width "、" "，" "。"): "bench 70 kg، اوس 55 kg" is
// two clauses. A point or comma between two digits is a decimal mark (or a
// thousands mark) inside one number, never a clause's end: "I currently
// swim 1.5 km" and "nu 2,5 km" are one clause each, so no reader sees the
// number cut in two (issue 38 round 19: "1.5 km" was stored as "1 km").
var clauseRe = regexp.MustCompile(`(?:\d[.,]\d|[^,;.!?¿¡؟،؛、，；。！？])+[,;.!?؟،؛、，；。！？]*`)

// withoutQuestionsAbout returns text without its clauses that ask about
// something (asksAbout): "an intro call, what do you mean?" keeps "an intro
// call, ".
func withoutQuestionsAbout(text string) string {
	var b strings.Builder
	for _, clause := range clauseRe.FindAllString(text, -1) {
		if !asksAbout(clause) {
			b.WriteString(clause)
		}
	}
	return b.String()
}

// hasCue reports whether one of a number extractor's cue words is in text.
func hasCue(x *Extractor, text string) bool {
	lower := strings.ToLower(text)
	return slices.ContainsFunc(x.Cues, func(cue string) bool { return wordIndex(lower, strings.ToLower(cue)) >= 0 })
}

// saysCue reports whether the message says x's cue in its own words or its
// gloss ("objectif 90 kg" says "target").
func saysCue(x *Extractor, s said) bool {
	if hasCue(x, s.Text) {
		return true
	}
	g, ok := s.glossed()
	return ok && hasCue(x, g.Text)
}

// othersThan returns the flow's nodes other than n.
func othersThan(f *Flow, n *Node) []*Node {
	var out []*Node
	for i := range f.Nodes {
		if &f.Nodes[i] != n {
			out = append(out, &f.Nodes[i])
		}
	}
	return out
}

// fromNLU reads an extractor's facts from upstream entities: the entity named by
// Entity, else by the raw fact, else by its canonical name.
func (f *Flow) fromNLU(x *Extractor, msg parley.Message, put func(raw, value string)) {
	parse := msg.NLU
	facts := []string{x.Fact}
	if x.Kind == ExtractRegex {
		facts = regexGroups(x.Pattern)
	}
	for _, raw := range facts {
		names := []string{raw, f.canonical(raw)}
		if x.Entity != "" {
			names = []string{x.Entity}
		}
		for _, name := range names {
			if v, ok := parse.Entities[name]; ok && v != nil {
				readEntity(x, raw, parley.Message{Text: entityString(v), SentAt: msg.SentAt}, put)
				break
			}
		}
	}
}

// readEntity reads an entity's value for the fact raw exactly as the extractor
// reads a user's words: a number extractor takes the quantity the value states, an
// email extractor an email, a category one of its categories, a regex its group. A
// value the extractor would not read from typed words (a model's "-1 kg" where only
// "kg" is accepted, "banana" for a date) is not understood and sets nothing.
func readEntity(x *Extractor, raw string, value parley.Message, put func(raw, value string)) {
	own := *x
	own.Cues, own.Index, own.Default = nil, 0, "" // the value is the answer itself
	extractBuiltin(&own, value, func(name, v string) {
		if name == raw || own.Kind != ExtractRegex {
			put(raw, v)
		}
	})
}

func entityString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	default:
		return fmt.Sprint(v)
	}
}

// builtinExtractors read each built-in kind's fact from the message's text.
var builtinExtractors = map[string]func(x *Extractor, msg parley.Message, put func(raw, value string)){
	ExtractEmail: func(x *Extractor, msg parley.Message, put func(raw, value string)) {
		if v, ok := nlu.ExtractEmail(msg.Text); ok {
			put(x.Fact, v)
		}
	},
	ExtractPhone: func(x *Extractor, msg parley.Message, put func(raw, value string)) {
		if v, ok := nlu.ExtractPhone(msg.Text); ok {
			put(x.Fact, v)
		}
	},
	ExtractDate: extractDate,
	ExtractNumber: func(x *Extractor, msg parley.Message, put func(raw, value string)) {
		// "is 100 kg realistic?", "how far is 10 km?": a number the user asks
		// about is no value they give; a proposal ("could we say 90 kg?")
		// is read (asksAbout). Only a message with a question mark is
		// looked at: the common answer pays nothing.
		text := msg.Text
		if strings.ContainsAny(text, "?؟") {
			text = withoutQuestionsAbout(text)
		}
		if q, ok := pickQuantity(x, text); ok {
			put(x.Fact, formatQuantity(q))
		}
	},
	ExtractCategory: func(x *Extractor, msg parley.Message, put func(raw, value string)) {
		text := withoutQuestionsAbout(msg.Text)
		if strings.TrimSpace(text) == "" || eitherCategory(msg.Text, x.Categories) {
			// "how long is a session?", "is the call free?": the kind is
			// what the question is about, not a choice, and no default
			// answers a question. "call or session?": two kinds, no choice.
			return
		}
		if c, ok := nlu.Categorize(text, x.Categories); ok {
			put(x.Fact, c)
		} else if x.Default != "" {
			put(x.Fact, x.Default)
		}
	},
	ExtractRegex: extractRegex,
}

// extractDate reads the one date the message says with nlu's date grammar, the
// reader the flows engine uses (nlu.FindDate: weekday of the month, a day of
// the month alone, relative spans; two dates that differ or a date word left
// over read as none, and the question comes again). A date the extractor's
// validate refuses (a past day for future_date_only) is not stored either, nor
// one said inside a question asked back ("what day is it today?", "is Tuesday
// ok?") or a remark ("nice weather today", "the gym was packed on Tuesday"):
// only the clauses that answer are read (nlu.WithoutQuestions,
// withoutRemarks), and not one stating a level ("hoy hago 80 kg":
// withoutLevelClauses).
func extractDate(x *Extractor, msg parley.Message, put func(raw, value string)) {
	text := withoutRemarks(withoutLevelClauses(nlu.WithoutQuestions(msg.Text)))
	d, ok := nlu.FindDate(text, msg.SentAt)
	if head, cut := withoutEventReason(text, msg.SentAt); !ok && cut {
		// "in two weeks, after the easter rush": the reason gives no day.
		d, ok = nlu.FindDate(head, msg.SentAt)
	}
	if !ok {
		if d, ok = futureTwoWayDay(x, text, msg); !ok {
			return
		}
	}
	if x.Validate == ValidateFutureDate && (d.Before(nlu.DateOf(msg.SentAt)) || recentPastRolled(d, msg)) {
		return
	}
	put(x.Fact, d.String())
}

// futureTwoWayDay reads text as one whole two-way day word (nlu.ReadTwoWayDay:
// Hindi "kal", Maithili "काल्हि", yesterday and tomorrow) for a date fact
// that takes only days to come: the later day, the one its validation
// accepts, as flows' date slots read it. False for any other date fact: which
// day is meant is then a guess.
func futureTwoWayDay(x *Extractor, text string, msg parley.Message) (nlu.Date, bool) {
	if x.Validate != ValidateFutureDate {
		return nlu.Date{}, false
	}
	_, after, ok := nlu.ReadTwoWayDay(text, msg.SentAt)
	return after, ok
}

// recentPastRolled reports whether d is a day and month said without a year
// that the date reader moved to next year although this year's falls in the
// last few months: "March 1st" said on March 9 is a day just gone (a past day
// is no date: the question comes again), not a booking a year away. A day
// further back ("January 5th" said in December) is next year's.
func recentPastRolled(d nlu.Date, msg parley.Message) bool {
	today := nlu.DateOf(msg.SentAt)
	if d.Year <= today.Year || strings.Contains(msg.Text, strconv.Itoa(d.Year)) {
		return false
	}
	this := nlu.Date{Year: today.Year, Month: d.Month, Day: d.Day}
	return this.Before(today) && !this.Before(today.AddDays(-recentPastDays))
}

// recentPastDays is how far back a day said without a year still reads as
// this year's (a past day), not next year's.
const recentPastDays = 92

// extractBuiltin reads x's facts with its built-in kind; a kind with no built-in
// reader (delta) reads nothing. A message that corrects itself ("lee@mail.com,
// sorry, lee@post.com", "Tuesday - no, Wednesday") is read as it stands after
// the correction (see readCorrected).
func extractBuiltin(x *Extractor, msg parley.Message, put func(raw, value string)) {
	read, ok := builtinExtractors[x.Kind]
	if !ok {
		return
	}
	if own := ownWords(msg.Text, x.Kind); own != msg.Text {
		// Only the user's own values, said for sure, are read (ownWords).
		msg.Text = own
	}
	head, tail, corrected := splitCorrection(msg.Text)
	if x.Kind == ExtractDate {
		// A day the message sets aside ("any day but Friday", "I can't do
		// Friday", "I trained on Friday") is no date; the clauses that set
		// nothing aside stand ("not Friday, Thursday").
		text := msg.Text
		if corrected && strings.TrimSpace(head) != "" {
			text = tail
		}
		if rest, aside := nlu.SetAsideStated(text); aside {
			read(x, parley.Message{Text: rest, SentAt: msg.SentAt}, put)
			return
		}
	}
	if !corrected || strings.TrimSpace(head) == "" {
		read(x, msg, put)
		return
	}
	readCorrected(x, read, head, tail, msg, put)
}

// splitCorrection is nlu.SplitCorrection, or else a number edited after a
// hesitation set off by pauses (nlu.HesitationEdit: "swim 800 m, hmm, 1 km,
// at 500 m"): the words before it end in a number and those after it open
// with one, so the number said last replaces the one before it (issue 38,
// helper hedge27). A hesitation between other words corrects nothing
// ("run 10 km, um, in the fall").
func splitCorrection(text string) (head, tail string, ok bool) {
	if head, tail, ok = nlu.SplitCorrection(text); ok {
		return head, tail, true
	}
	head, tail, ok = nlu.HesitationEdit(text)
	if !ok || !endsInNumber(head) || !opensWithNumber(tail) {
		return "", text, false
	}
	return head, tail, true
}

// endsInNumber reports whether text's last word, or the one before a last
// unit ("800 m"), is a number (in digits or words).
func endsInNumber(text string) bool {
	ws := strings.Fields(numberWordsAsDigits(text))
	for i := len(ws) - 1; i >= 0 && i >= len(ws)-2; i-- {
		if strings.IndexFunc(ws[i], unicode.IsDigit) >= 0 {
			return i == len(ws)-1 || len(nlu.ExtractQuantities(ws[i]+" "+ws[i+1])) > 0
		}
	}
	return false
}

// opensWithNumber reports whether text's first word is a number.
func opensWithNumber(text string) bool {
	ws := strings.Fields(numberWordsAsDigits(text))
	return len(ws) > 0 && strings.IndexFunc(ws[0], unicode.IsDigit) >= 0
}

// readCorrected reads x's facts from a message that takes back what it said
// before its correction words: the words after them (tail) stand. A bare
// number after the correction replaces the head's last number in place
// ("target 200 lb, sorry, 220 lb" is "target 220 lb"), so the fact the head's
// cue named is the one corrected (correctedNumbers). Other kinds read the tail first and take from the head only the
// facts the tail does not give ("a call on Friday, sorry, Saturday" keeps the
// call). A category's default answers only when neither part names one.
func readCorrected(x *Extractor, read func(*Extractor, parley.Message, func(string, string)), head, tail string, msg parley.Message, put func(raw, value string)) {
	switch x.Kind {
	case ExtractNumber:
		read(x, parley.Message{Text: correctedNumbers(x, head, tail), SentAt: msg.SentAt}, put)
		return
	case ExtractPhone:
		// "202 555 0110, no wait, 0111": nlu.ExtractPhone reads the
		// correction of a number's last groups itself.
		read(x, msg, put)
		return
	}
	got := map[string]bool{}
	own := *x
	own.Default = ""
	read(&own, parley.Message{Text: tail, SentAt: msg.SentAt}, func(raw, v string) {
		if strings.TrimSpace(v) != "" {
			got[raw] = true
			put(raw, v)
		}
	})
	read(x, parley.Message{Text: head, SentAt: msg.SentAt}, func(raw, v string) {
		if !got[raw] {
			put(raw, v)
		}
	})
}

// correctedNumbers is the text a number extractor reads from a corrected
// message: the head with its last number replaced by the tail when the tail
// starts with a number ("target 200 lb, sorry, 220 lb", "..., sorry, 220,
// currently 180"); the tail alone when it says one of x's cues ("..., sorry,
// target 220 lb"); else the head, since the tail corrects another fact ("target 200, currently 180, sorry, currently 185"
// keeps the target).
func correctedNumbers(x *Extractor, head, tail string) string {
	switch ws := strings.Fields(numberWordsAsDigits(tail)); {
	case len(ws) > 0 && strings.IndexFunc(ws[0], unicode.IsDigit) >= 0:
		return withoutLastNumber(head) + " " + withUnitOf(head, ws)
	case hasCue(x, tail):
		return tail
	}
	return head
}

// withUnitOf gives the corrected number (ws, the tail's words, numbers in
// digits) the unit of the head's last quantity when it says none ("150 kilos -
// no, 160" is 160 kg).
func withUnitOf(head string, ws []string) string {
	qs := nlu.ExtractQuantities(numberWordsAsDigits(head))
	if len(qs) == 0 || qs[len(qs)-1].Unit == "" {
		return strings.Join(ws, " ")
	}
	tail := strings.Join(ws, " ")
	if tq := nlu.ExtractQuantities(tail); len(tq) > 0 && tq[0].Unit == "" {
		core, punct := trimWordEnd(ws[0])
		tail = core + " " + qs[len(qs)-1].Unit + punct + strings.TrimPrefix(tail, ws[0])
	}
	return tail
}

// withoutLastNumber cuts text before its last number (digits or number words)
// and what follows it, keeping the words that say which fact it was.
func withoutLastNumber(text string) string {
	ws := strings.Fields(numberWordsAsDigits(text))
	for i := len(ws) - 1; i >= 0; i-- {
		if strings.IndexFunc(ws[i], unicode.IsDigit) >= 0 {
			return strings.Join(ws[:i], " ")
		}
	}
	return text
}

// extractRegex puts each named group of x's pattern that matches the text.
func extractRegex(x *Extractor, msg parley.Message, put func(raw, value string)) {
	// The pattern was compiled by Validate; a flow that skipped validation
	// simply extracts nothing here.
	re, err := regexp.Compile(x.Pattern)
	if err != nil {
		return
	}
	groups := nlu.ExtractRegex(re, msg.Text)
	for _, name := range re.SubexpNames() {
		if v, ok := groups[name]; ok && name != "" {
			put(name, v)
		}
	}
}

func regexGroups(pattern string) []string {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil
	}
	var names []string
	for _, name := range re.SubexpNames() {
		if name != "" {
			names = append(names, name)
		}
	}
	return names
}

// pickQuantity reads the number a number extractor wants: the first quantity (in an
// accepted unit) after the first cue word found, else the Index-th one in the text.
func pickQuantity(x *Extractor, text string) (nlu.Quantity, bool) {
	text = numbersText(text)
	units := make([]string, 0, len(x.Unit))
	for _, u := range x.Unit {
		units = append(units, normalizeUnit(u))
	}
	accept := func(qs []nlu.Quantity) []nlu.Quantity {
		if len(units) == 0 {
			return qs
		}
		return slices.DeleteFunc(qs, func(q nlu.Quantity) bool { return !slices.Contains(units, q.Unit) })
	}
	lower := strings.ToLower(text)
	cued := false
	for _, cue := range x.Cues {
		if at := wordIndex(lower, strings.ToLower(cue)); at >= 0 {
			cued = true
			if q, ok := quantityBeforeCue(lower, at, len(cue)); ok && len(accept([]nlu.Quantity{q})) == 1 {
				return q, true // "90 kg now, 110 kg goal"
			}
			if saysAmountFirst(lower[at+len(cue):]) {
				return nlu.Quantity{}, false // "want to drop 10 kg": no level
			}
			before := inheritUnits(nlu.Quantity{}, nlu.ExtractQuantities(lower[:at]))
			last := nlu.Quantity{}
			if len(before) > 0 {
				last = before[len(before)-1]
			}
			after := unitFromLater(inheritUnits(last, nlu.ExtractQuantities(lower[at+len(cue):])))
			if len(after) > 0 && after[0].Unit == "" {
				// The cue's number has no unit ("now at 3, want 90 kg"): a
				// later quantity is another fact's, not this cue's.
				continue
			}
			if qs := accept(after); len(qs) > 0 {
				return qs[0], true
			}
		}
	}
	if cued && strings.Contains(lower, amountMark) {
		// A cue read no level beside an amount of change: another
		// fact's quantity is not this one's.
		return nlu.Quantity{}, false
	}
	qs := accept(inheritUnits(nlu.Quantity{}, nlu.ExtractQuantities(text)))
	if x.Index < len(qs) {
		return qs[x.Index], true
	}
	return nlu.Quantity{}, false
}

// unitFromLater gives the first of qs, said without a unit, the unit of the
// next quantity that has one when the two are of a size: "now at 70, want 90
// kg" is 70 kg, as "60 to 80 kg" is (see inheritUnits for the unit said
// before).
func unitFromLater(qs []nlu.Quantity) []nlu.Quantity {
	if len(qs) < 2 || qs[0].Unit != "" {
		return qs
	}
	for _, q := range qs[1:] {
		if q.Unit != "" {
			if ofASize(qs[0].Value, q.Value) {
				qs[0].Unit = q.Unit
			}
			break
		}
	}
	return qs
}

// rangeRe is a range of two numbers with the unit said once, after the
// second ("60 to 80 kg", "60-80kg").
var rangeRe = regexp.MustCompile(`(?i)\b(\d+(?:\.\d+)?)(\s*(?:to|-|–)\s*)(\d+(?:\.\d+)?)(\s*)(\pL+)`)

// betweenRe is a range said with "between ... and" ("between 60 and 80 kg",
// "entre 60 et 80 kg"): it reads as "from 60 to 80 kg", the first number
// where the user stands, the second where they are going (see
// betweenTakenWhole).
var betweenRe = regexp.MustCompile(`(?i)\b(between|entre)\s+(\d+(?:[.,]\d+)?)(\s*\pL*)\s+(and|et|y|&)\s+(\d+(?:[.,]\d+)?)`)

// rangeUnits writes a range's unit after its first number too ("from 60 to
// 80 kg" is "from 60 kg to 80 kg"): the unit said once is both numbers'. Only
// a word nlu reads as a unit is copied.
func rangeUnits(text string) string {
	if !strings.ContainsAny(text, "0123456789") {
		return text
	}
	text = betweenRe.ReplaceAllString(text, "from $2$3 to $5")
	return rangeRe.ReplaceAllStringFunc(text, func(m string) string {
		g := rangeRe.FindStringSubmatch(m)
		if qs := nlu.ExtractQuantities("1 " + strings.ToLower(g[5])); len(qs) != 1 || qs[0].Unit == "" {
			return m
		}
		return g[1] + " " + g[5] + g[2] + g[3] + g[4] + g[5]
	})
}

// numberWordsAsDigits writes the numbers text spells in words as digits
// ("bench one hundred kilos" is "bench 100 kilos", "quatre-vingts kg" "80 kg"),
// so that a number extractor reads them as it reads digits (issue 38 item 6).
// A run of number words is the longest that reads as one number and neither
// starts nor ends with a joiner ("and"); a number word alone stays a number
// without a unit, which an extractor with units does not take ("nine").
func numberWordsAsDigits(text string) string {
	ws := strings.Fields(text)
	out := make([]string, 0, len(ws))
	changed := false
	for i := 0; i < len(ws); {
		j, value := numberRun(ws, i)
		if j == i {
			out = append(out, ws[i])
			i++
			continue
		}
		_, tail := trimWordEnd(ws[j-1])
		out = append(out, strconv.FormatFloat(value, 'f', -1, 64)+tail)
		changed, i = true, j
	}
	if !changed {
		return text
	}
	return strings.Join(out, " ")
}

// numberRun is the end of the run of number words starting at ws[i] and the
// number it reads; i when none starts there. A word ending in punctuation ends
// the run.
func numberRun(ws []string, i int) (int, float64) {
	j := i
	for j < len(ws) {
		w, tail := trimWordEnd(strings.ToLower(ws[j]))
		if !spellsNumber(w) {
			break
		}
		j++
		if tail != "" {
			break
		}
	}
	for j > i && isJoiner(ws[j-1]) {
		j--
	}
	if j == i || isJoiner(ws[i]) {
		return i, 0
	}
	words := make([]string, 0, j-i)
	for _, w := range ws[i:j] {
		lw, _ := trimWordEnd(strings.ToLower(w))
		words = append(words, lw)
	}
	v, ok := nlu.ParseNumber(strings.Join(words, " "))
	if !ok {
		v, ok = spokenHundreds(words)
	}
	if !ok || strings.IndexFunc(words[0], unicode.IsDigit) >= 0 {
		return i, 0 // digits are read as they are
	}
	return j, v
}

// spokenHundreds reads a number said the way lifters and runners say
// weights and times, its hundreds and then the rest: "one fifty" is 150,
// "two twenty five" 225, "three fifteen" 315. The first word is a digit (one
// to nine) and the rest a number from ten to ninety-nine; anything else
// ("twenty one fifty") is no number.
func spokenHundreds(words []string) (float64, bool) {
	if len(words) < 2 {
		return 0, false
	}
	h, ok := nlu.ParseNumber(words[0])
	if !ok || h < 1 || h > 9 || h != float64(int(h)) {
		return 0, false
	}
	rest, ok := nlu.ParseNumber(strings.Join(words[1:], " "))
	if !ok || rest < 10 || rest > 99 {
		return 0, false
	}
	return h*100 + rest, true
}

// spellsNumber reports whether w is a number word, hyphenated ones included
// ("twenty-five").
func spellsNumber(w string) bool {
	for _, part := range strings.Split(w, "-") {
		if part == "" || !nlu.IsNumberWord(part) {
			return false
		}
	}
	return w != ""
}

// isJoiner reports whether w joins the words of a number without being one
// ("and", "et", "y").
func isJoiner(w string) bool {
	lw, _ := trimWordEnd(strings.ToLower(w))
	_, ok := nlu.ParseNumber(lw)
	return nlu.IsNumberWord(lw) && !ok
}

// trimWordEnd splits the punctuation off the end of a word.
func trimWordEnd(w string) (string, string) {
	core := strings.TrimRightFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return core, w[len(core):]
}

// unitReach is how far apart in size a number without a unit and the quantity
// before it may be for the number to take its unit: a baseline is of the size of
// its target, a count ("3 times a week") is not.
const unitReach = 4.0

// inheritUnits gives a number without a unit the unit of the quantity before it
// ("squat 150 kg, right now 120" is 120 kg; prev is the last quantity before qs
// in the message), when the two are of a size (within a factor of unitReach).
func inheritUnits(prev nlu.Quantity, qs []nlu.Quantity) []nlu.Quantity {
	out := make([]nlu.Quantity, len(qs))
	for i, q := range qs {
		if q.Unit == "" && prev.Unit != "" && ofASize(q.Value, prev.Value) {
			q.Unit = prev.Unit
		}
		if q.Unit != "" {
			prev = q
		}
		out[i] = q
	}
	return out
}

func ofASize(a, b float64) bool {
	if a <= 0 || b <= 0 {
		return false
	}
	return a/b <= unitReach && b/a <= unitReach
}

// normalizeUnit maps a unit as a flow author writes it ("lbs") to nlu's normal form
// ("lb") by reading it after a number.
func normalizeUnit(unit string) string {
	if qs := nlu.ExtractQuantities("1 " + unit); len(qs) == 1 && qs[0].Unit != "" {
		return qs[0].Unit
	}
	return strings.ToLower(unit)
}

// wordIndex finds word in text at word boundaries; -1 when absent.
func wordIndex(text, word string) int {
	if word == "" {
		return -1
	}
	for from := 0; from < len(text); {
		i := strings.Index(text[from:], word)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(word)
		if (i == 0 || !isWordByte(text[i-1])) && (end == len(text) || !isWordByte(text[end])) {
			return i
		}
		from = i + 1
	}
	return -1
}

func isWordByte(b byte) bool {
	return b == '_' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')
}

func formatQuantity(q nlu.Quantity) string {
	v := strconv.FormatFloat(q.Value, 'f', -1, 64)
	if q.Unit == "" {
		return v
	}
	return v + " " + q.Unit
}

// subtract computes to - from for two quantity values ("300 lb" - "225 lb" = "75 lb").
// Values in units of one measure convert ("2 km" - "900 m" = "1.1 km", in the
// target's unit); values in units that do not convert are not subtracted.
func subtract(to, from string) (string, bool) {
	tv, tu, ok1 := splitQuantity(to)
	fv, fu, ok2 := splitQuantity(from)
	if !ok1 || !ok2 {
		return "", false
	}
	unit := tu
	if unit == "" {
		unit = fu
	}
	if tu != fu && tu != "" && fu != "" {
		tScale, tOK := unitScale[tu]
		fScale, fOK := unitScale[fu]
		if !tOK || !fOK || tScale.measure != fScale.measure {
			return "", false
		}
		// Subtract in the base unit, then say it in the target's: whole
		// metres keep "2 km" - "900 m" at 1.1 km, never 1.0999999 km.
		base := math.Round((tv*tScale.factor-fv*fScale.factor)*1e6) / 1e6
		return formatQuantity(nlu.Quantity{Value: base / tScale.factor, Unit: unit}), true
	}
	return formatQuantity(nlu.Quantity{Value: tv - fv, Unit: unit}), true
}

// unitScale is how many base units one of a unit is, for units that convert
// within their measure (metric lengths: the metre).
var unitScale = map[string]struct {
	measure string
	factor  float64
}{
	"m":  {"length", 1},
	"km": {"length", 1000},
}

func splitQuantity(s string) (float64, string, bool) {
	num, unit, _ := strings.Cut(strings.TrimSpace(s), " ")
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, "", false
	}
	return v, unit, true
}

// render replaces {fact} placeholders by fact values; a fact not extracted yet
// renders as nothing (Validate checked that every placeholder names a fact).
func render(text string, values map[string]string) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(text, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(text[open:], '}')
		if end < 0 {
			break
		}
		name := text[open+1 : open+end]
		b.WriteString(text[:open])
		b.WriteString(values[name])
		text = text[open+end+1:]
	}
	b.WriteString(text)
	return b.String()
}

// volunteer keeps the facts a message answering no node volunteers. After a wait,
// the question of the node waited on is still open, so its facts are read as for
// a BROADEN (a keyword is enough), though no attempt is spent.
func (r *turnRun) volunteer(turn int) {
	flow, msg := r.flow, r.said
	if w := flow.node(r.st.WaitingNode); w != nil {
		r.record(flow.volunteered([]*Node{w}, msg, r.st.FactValues, volunteerRelaxed), &r.pendingVolunteered)
		r.record(flow.volunteered(othersThan(flow, w), msg, r.st.FactValues, volunteerStrict), &r.pendingVolunteered)
	} else {
		r.record(flow.volunteered(othersThan(flow, nil), msg, r.st.FactValues, volunteerOpening), &r.pendingVolunteered)
	}
	r.updateGates(turn)
}

// record adds extracted facts (canonical) to the state and their names to list.
func (r *turnRun) record(facts []extracted, list *[]string) {
	st := r.st
	for _, x := range facts {
		fact := r.flow.canonical(x.raw)
		add(&st.Facts, fact)
		st.FactValues[fact] = x.value
		if !slices.Contains(*list, fact) {
			*list = append(*list, fact)
		}
	}
}
