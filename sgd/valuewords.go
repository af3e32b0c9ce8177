package sgd

import (
	_ "embed"
	"slices"
	"strings"
)

//go:embed value_words.txt
var valueWordsText string

// valueSection is one section of value_words.txt: the slots it applies to,
// by their descriptions' words, and its words for their values.
type valueSection struct {
	// need holds groups of words: the description holds one word of each.
	need   [][]string
	lookup map[string][]string
}

// valueSections are the sections of value_words.txt, in the file's order.
var valueSections = parseValueWords(valueWordsText)

// parseValueWords reads value_words.txt's format (see the file's header).
func parseValueWords(text string) []valueSection {
	var out []valueSection
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			var need [][]string
			for _, group := range strings.Split(strings.Trim(line, "[]"), "+") {
				need = append(need, strings.Fields(group))
			}
			out = append(out, valueSection{need: need, lookup: map[string][]string{}})
		case len(out) > 0:
			value, exprs, _ := strings.Cut(line, ":")
			for _, e := range strings.Split(exprs, ",") {
				if e = strings.TrimSpace(e); e != "" {
					out[len(out)-1].lookup[value] = append(out[len(out)-1].lookup[value], e)
				}
			}
		}
	}
	return out
}

// generalWords are the ordinary words for the values of a free text slot, from
// the first section of value_words.txt its description fits; nil when none
// fits. A slot that lists values keeps those it lists, in its spelling; one
// that lists none (calledValues) takes the section's. They stand in for the
// service's own words when nobody learned them.
func generalWords(sl *Slot) map[string][]string {
	if !calledValues(sl) && (sl.IsCategorical || len(sl.PossibleValues) == 0) {
		return nil
	}
	words := descWords(vocabWords(sl.Description))
	for _, s := range valueSections {
		if !slices.ContainsFunc(s.need, func(group []string) bool { return !words.has(group...) }) {
			return listedOnly(s.lookup, sl.PossibleValues)
		}
	}
	return nil
}

// listedOnly is lookup restricted to the listed values, in their spelling
// (all of lookup when none is listed).
func listedOnly(lookup map[string][]string, listed []string) map[string][]string {
	if len(listed) == 0 {
		return lookup
	}
	var out map[string][]string
	for _, v := range listed {
		for value, exprs := range lookup {
			if strings.EqualFold(v, value) {
				if out == nil {
					out = map[string][]string{}
				}
				out[v] = exprs
			}
		}
	}
	return out
}
