package nlu

import (
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Issue 38 round 18 (helper related19): day words of languages CLDR lacks,
// read through their relatives' spellings (relatedspelling.go) or from the
// hand data (internal/cldrdates/hand.txt): Limburgish "vriedag" (Dutch
// "vrijdag"), Gagauz "cumaa" and "pazertesi" (Turkish "cuma",
// "pazartesi"), Ladino "amanyana", Chamorro "agupa'", "gi Lunes".
func TestRelatedSpellingDates(t *testing.T) {
	now := time.Date(2028, 2, 24, 9, 0, 0, 0, time.UTC) // a Thursday
	cases := []struct {
		text string
		want string // "" asks again
	}{
		{"vriedag", "2028-02-25"},
		{"zaoterdag", "2028-02-26"},
		{"maondag", "2028-02-28"},
		{"cumaa", "2028-02-25"},
		{"pazertesi", "2028-02-28"},
		{"cumaertesi", "2028-02-26"},
		{"amanyana", "2028-02-25"},
		{"agupa'", "2028-02-25"},
		{"Betnes", "2028-02-25"},
		{"Sabalu", "2028-02-26"},
		{"Saptoh", "2028-02-26"},
		{"Sanayan", "2028-02-28"},
		{"hari Sanayan", "2028-02-28"},
		{"el viernes, grasias", "2028-02-25"},
		{"ནངས་པ་ ཀ་དྲིན་ཆེ་", "2028-02-25"}, // Dzongkha tomorrow, thank you: the space after a tsheg breaks
		// Related spellings nobody wrote down, read through a relative:
		{"vrydag", "2028-02-25"},    // Afrikaans-like Friday, Dutch "vrijdag"
		{"zaterdach", "2028-02-26"}, // Dutch "zaterdag"
		{"pazartesy", "2028-02-28"}, // Turkish "pazartesi"
		// Never guessed: a short word, an English word, a month's relative,
		// a word near two days, or a message left unread.
		{"cumaz", ""}, // one edit from "cuma", but another date word two edits away
		{"cumz", ""},  // four letters: never compared
		{"marzo", ""}, // a month (Spanish March), no weekday
		{"mondays are busy", ""},
		{"vriedag or zaoterdag", ""},
		{"teusday", "2028-02-29"}, // an English typo, read as before
	}
	for _, c := range cases {
		d, ok := ReadDate(c.text, now)
		got := ""
		if ok {
			got = d.String()
		}
		if got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestRelatedSpellingNeverAnotherMeaning: a weekday or relative day of any
// CLDR locale (or the gloss and hand files), mutated within the distance the
// related reader reads (one edit for five to seven letters, two for eight or
// more: a letter replaced, dropped, added, or two swapped), into a word no
// table knows, is read as its own meaning or not at all, never as another.
func TestRelatedSpellingNeverAnotherMeaning(t *testing.T) {
	var targets []relatedTarget
	for _, tg := range relatedDateTargets() {
		if tg.meaning != relatedOther && tg.runes >= 5 {
			targets = append(targets, tg)
		}
	}
	letters := []rune("abcdeghiklmnoprstuvyzäöüəıšžаеинорстуы")
	rapid.Check(t, func(t *rapid.T) {
		tg := rapid.SampledFrom(targets).Draw(t, "target")
		w := []rune(tg.word)
		edits := 1
		if len(w) >= 8 {
			edits = rapid.IntRange(1, 2).Draw(t, "edits")
		}
		for range edits {
			i := rapid.IntRange(0, len(w)-1).Draw(t, "at")
			r := rapid.SampledFrom(letters).Draw(t, "letter")
			switch rapid.IntRange(0, 3).Draw(t, "edit") {
			case 0:
				w[i] = r
			case 1:
				w = append(w[:i:i], w[i+1:]...)
			case 2:
				w = append(w[:i:i], append([]rune{r}, w[i:]...)...)
			default:
				if i+1 < len(w) {
					w[i], w[i+1] = w[i+1], w[i]
				}
			}
		}
		m := string(w)
		if knownDateWord(m) || len(glosses.words[m]) > 0 || relatedLimit(len(w)) == 0 {
			t.Skip("a word of the tables, or too short")
		}
		got, ok := relatedDateWord(m)
		if !ok {
			return // asked again
		}
		for _, o := range relatedDateTargets() {
			if o.word == got && o.meaning != tg.meaning {
				t.Fatalf("%q (from %q, meaning %d) read as %q, meaning %d", m, tg.word, tg.meaning, got, o.meaning)
			}
		}
	})
}

// TestCutCourtesyTail: a count's answer and a thanks of any language after a
// comma is the count's words; anything else after the comma is kept.
func TestCutCourtesyTail(t *testing.T) {
	cases := []struct{ text, head string }{
		{"tres noches, grasias", "tres noches"},
		{"üç gecä, saa ol", "üç gecä"},
		{"3 nights, sakalangkong", "3 nights"},
		{"tigo malam, tarimo kasih", "tigo malam"},
		{"3 nights, maybe 4", ""},
		{"3 nights", ""},
	}
	for _, c := range cases {
		head, ok := CutCourtesyTail(c.text)
		if !ok {
			head = ""
		}
		if head != c.head {
			t.Errorf("CutCourtesyTail(%q) = %q, want %q", c.text, head, c.head)
		}
	}
}

// TestEditsWithinLongWord: a word longer than editsWithin's stack rows is
// measured (by osaDistance), never an index out of range.
func TestEditsWithinLongWord(t *testing.T) {
	long := strings.Repeat("ab", 20)
	if got := editsWithin([]rune(long+"c"), long, 2); got != 1 {
		t.Errorf("editsWithin(long+c, long, 2) = %d, want 1", got)
	}
	if got := editsWithin([]rune("abc"), long, 2); got != 3 {
		t.Errorf("editsWithin(abc, long, 2) = %d, want 3 (limit+1)", got)
	}
}
