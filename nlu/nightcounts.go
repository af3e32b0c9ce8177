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

// countedNights are night_counts.txt's phrases by their first word (folded,
// as the gloss files' are), each a gloss entry of two words.
var countedNights = sync.OnceValue(func() map[string][]glossEntry {
	out := map[string][]glossEntry{}
	var nights []string
	var counts [][]string
	for _, line := range strings.Split(nightCountsText, "\n") {
		field, value, _ := strings.Cut(strings.TrimSpace(line), ":")
		switch field {
		case "nights":
			nights = phraseWords(value)
		case "counts":
			counts = counts[:0]
			for forms := range strings.SplitSeq(value, "|") {
				counts = append(counts, phraseWords(forms))
			}
		case "order":
			addCountedNights(out, nights, counts, strings.TrimSpace(value) == "night number")
		}
	}
	return out
})

// addCountedNights files the phrases of one language: each of its count
// forms (counts[i] says i+1) with each of its night words, in its order.
func addCountedNights(out map[string][]glossEntry, nights []string, counts [][]string, nightFirst bool) {
	for i, forms := range counts {
		for _, n := range forms {
			for _, night := range nights {
				ws := []string{n, night}
				if nightFirst {
					ws = []string{night, n}
				}
				out[ws[0]] = append(out[ws[0]], glossEntry{words: ws, to: englishCounts[i], fromTag: "night_counts.txt"})
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
