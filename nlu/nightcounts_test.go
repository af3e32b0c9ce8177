package nlu

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// TestCountedNights reads counts of nights said in words in the languages
// of night_counts.txt, in their own order, and leaves a number word alone.
func TestCountedNights(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"dva noćenja", "two nights"},
		{"četiri noći", "four nights"},
		{"пет нощувки", "five nights"},
		{"три ноќи", "three nights"},
		{"tris naktis", "three nights"},
		{"divas naktis", "two nights"},
		{"neli ööd", "four nights"},
		{"fjórar nætur", "four nights"},
		{"dy net", "two nights"},
		{"үш түн", "three nights"},
		{"ორი ღამე", "two nights"},
		{"panj shab", "five nights"},
		{"arba leilot", "four nights"},
		{"usiku mbili", "two nights"},
		{"dare uku", "three nights"},
		{"kat nwit", "four nights"},
		{"pet", "pet"},
		{"tatu", "tatu"},
	} {
		if got := Gloss(tc.text); got != tc.want {
			t.Errorf("Gloss(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestCountedNightsOneMeaning: every phrase of night_counts.txt and of the
// CLDR counts glosses to one count of one to thirty-one nights, in a
// sentence too.
func TestCountedNightsOneMeaning(t *testing.T) {
	var phrases []glossEntry
	for _, es := range countedNights().byFirst {
		phrases = append(phrases, es...)
	}
	slices.SortFunc(phrases, func(a, b glossEntry) int {
		return strings.Compare(strings.Join(a.words, " "), strings.Join(b.words, " "))
	})
	counts := map[string]bool{}
	digits := map[string]string{} // "one night" -> "1 night": a numeral the segmenter turned to digits (一 夜) reads the same count
	for n := 1; n <= 31; n++ {
		counts[nightsCount(n)] = true
		digits[nightsCount(n)] = strconv.Itoa(n) + " night"
		if n > 1 {
			digits[nightsCount(n)] += "s"
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		e := rapid.SampledFrom(phrases).Draw(t, "phrase")
		text := fmt.Sprintf("%s please", strings.Join(e.words, " "))
		var buf [8]glossWord
		if f, ok, _ := filedGlossAt(text, glossWords(buf[:0], text), 0, nil); ok && len(f.words) > 1 {
			return // a gloss file's phrase reads it ("خمسة عشر" is fifteen)
		}
		if got := Gloss(text); !counts[e.to] || got != e.to+" please" && got != digits[e.to]+" please" {
			t.Fatalf("Gloss(%q) = %q, want %q please", text, Gloss(text), e.to)
		}
	})
}

// TestWorldDatesRound10 reads the date classes of issue 38 round 10: a
// weekday after a Slavic or Icelandic preposition, a declined weekday, the
// words for tomorrow; Slavic "do" (until) is not read as a date.
func TestWorldDatesRound10(t *testing.T) {
	now := time.Date(2026, 8, 26, 12, 0, 0, 0, time.UTC) // a Wednesday
	for _, tc := range []struct{ text, want string }{
		{"ve středu", ""}, // Wednesday said on a Wednesday: asked (round 19)
		{"w sobotę", "2026-08-29"},
		{"в субботу", "2026-08-29"},
		{"у суботу", "2026-08-29"},
		{"на 12 септември", "2026-09-12"},
		{"á fimmtudaginn", "2026-08-27"},
		{"šeštadienį", "2026-08-29"},
		{"piektdien", "2026-08-28"},
		{"szombaton", "2026-08-29"},
		{"reedel", "2026-08-28"},
		{"shanbe", "2026-08-29"},
		{"Budhvaar", ""}, // Wednesday said on a Wednesday: today or a week on? asked (round 19)
		{"ሐሙስ", "2026-08-27"},
		{"вдругиден", "2026-08-28"},
		{"ზეგ", "2026-08-28"},
		{"ertaga", "2026-08-27"},
		{"do piątku", ""},
		{"za tydzień", ""},
	} {
		d, ok := ReadDate(tc.text, now)
		if !ok {
			d, ok = ReadDate(Gloss(tc.text), now)
		}
		got := ""
		if ok {
			got = d.String()
		}
		if got != tc.want {
			t.Errorf("ReadDate(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
