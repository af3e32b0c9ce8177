package nlu

import (
	_ "embed"
	"strings"
	"sync"
)

// Counts of nights said in words in the languages of night_counts.txt
// ("три нощувки", "usiku tatu", "se shab"), read by the gloss as "three
// nights". Every number word of a language with every word of its night
// makes a thousand phrases: they are built on the first word the gloss files
// do not know, not at start-up (issue 38: the package's start-up cost).

//go:embed night_counts.txt
var nightCountsText string

// englishCounts are one to ten nights in English, as the gloss writes them.
var englishCounts = [10]string{"one night", "two nights", "three nights", "four nights", "five nights",
	"six nights", "seven nights", "eight nights", "nine nights", "ten nights"}

// countedNightsFirst are the first words of night_counts.txt's phrases
// (folded): a small set read at start-up, so that a message none of whose
// words begins one never builds the phrases.
var countedNightsFirst = func() map[string]bool {
	m := map[string]bool{}
	var nights []string
	var firsts []string
	for _, line := range strings.Split(nightCountsText, "\n") {
		field, value, _ := strings.Cut(strings.TrimSpace(line), ":")
		switch field {
		case "nights":
			nights = phraseWords(value)
		case "counts":
			firsts = phraseWords(strings.ReplaceAll(value, "|", " "))
		case "order":
			if strings.TrimSpace(value) == "night number" {
				firsts = nights
			}
			for _, w := range firsts {
				m[w] = true
			}
		}
	}
	return m
}()

// countedNights are night_counts.txt's phrases by their first word (folded,
// as the gloss files' are), each a gloss entry of two words. A phrase two
// languages count differently is read by neither.
var countedNights = sync.OnceValue(func() map[string][]glossEntry {
	counts := map[[2]string]string{}
	var nights []string
	var forms [][]string
	for _, line := range strings.Split(nightCountsText, "\n") {
		field, value, _ := strings.Cut(strings.TrimSpace(line), ":")
		switch field {
		case "nights":
			nights = phraseWords(value)
		case "counts":
			forms = forms[:0]
			for f := range strings.SplitSeq(value, "|") {
				forms = append(forms, phraseWords(f))
			}
		case "order":
			addCountedNights(counts, nights, forms, strings.TrimSpace(value) == "night number")
		}
	}
	out := map[string][]glossEntry{}
	for ws, to := range counts {
		if to != "" {
			out[ws[0]] = append(out[ws[0]], glossEntry{words: ws[:], to: to, fromTag: "night_counts.txt"})
		}
	}
	return out
})

// addCountedNights files the phrases of one language, each of its count
// forms (forms[i] says i+1) with each of its night words in its order; a
// phrase already filed with another count is emptied.
func addCountedNights(counts map[[2]string]string, nights []string, forms [][]string, nightFirst bool) {
	for i, fs := range forms {
		for _, n := range fs {
			for _, night := range nights {
				ws := [2]string{n, night}
				if nightFirst {
					ws = [2]string{night, n}
				}
				if old, dup := counts[ws]; dup && old != englishCounts[i] {
					counts[ws] = ""
					continue
				}
				counts[ws] = englishCounts[i]
			}
		}
	}
}

// countedNightsAt is the phrase of night_counts.txt that ws[i:] begin with;
// kb is a buffer for the words' keys.
func countedNightsAt(text string, ws []glossWord, i int, kb []byte) (glossEntry, bool) {
	k, _ := wordKey(kb, text[ws[i].start:ws[i].end])
	for _, e := range countedNights()[string(k)] {
		if wordsAre(text, ws[i:i+2], e.words, kb) {
			return e, true
		}
	}
	return glossEntry{}, false
}
