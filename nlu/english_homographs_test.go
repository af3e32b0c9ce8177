package nlu

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestRelativeDayHomographsListed: every one-word relative day (gloss files
// and CLDR) that the English word list holds is in english_homographs.txt,
// so that a sentence never reads an English word or a place as a day.
func TestRelativeDayHomographsListed(t *testing.T) {
	data, err := os.ReadFile("../shop/lexicon/english_words.txt")
	if err != nil {
		t.Skip("no English word list:", err)
	}
	english := map[string]bool{}
	for _, w := range strings.Fields(string(data)) {
		english[w] = true
	}
	for w, rs := range relativeDaysByFirst {
		if _, own := englishRelativeDays[w]; own {
			continue
		}
		for _, r := range rs {
			if len(r.words) == 1 && english[w] && !englishHomographs[w] {
				t.Errorf("%q is an English word and a relative day of another language: list it in english_homographs.txt", w)
			}
		}
	}
}

// TestHomographsInSentencesAreNoDay: a place or an English word that another
// language's relative day folds to is never a day in a sentence; alone, at a
// date question, it still is.
func TestHomographsInSentencesAreNoDay(t *testing.T) {
	now := time.Date(2026, 12, 28, 9, 0, 0, 0, time.UTC)
	for w := range englishHomographs {
		for _, s := range []string{"portland " + w, "bangor " + w + ", not oregon", "from augusta " + w, "the " + w + " one"} {
			if d, ok := FindDate(s, now); ok {
				t.Errorf("FindDate(%q) = %v, want none", s, d)
			}
		}
		if _, ok := ReadDate(w, now); !ok {
			t.Errorf("ReadDate(%q) alone: want its day", w)
		}
	}
	if d, ok := FindDate("portland maine tomorrow", now); !ok || d != DateOf(now).AddDays(1) {
		t.Errorf("a day beside the homograph: got %v %v", d, ok)
	}
}
