package nlu

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// TestDateWithAside: a date answer and an aside about it reads as the date;
// an aside that names another day, counts, doubts or says no leaves none.
func TestDateWithAside(t *testing.T) {
	now := time.Date(2026, 8, 26, 12, 30, 0, 0, time.UTC) // a Wednesday
	for _, c := range []struct{ text, want string }{
		{"Saturday is best.", "2026-08-29"},
		{"friday works for me", "2026-08-28"},
		{"Friday would be ideal", "2026-08-28"},
		{"Sunday, lovely", "2026-08-30"},
		{"this Friday, cheers mate", "2026-08-28"},
		{"the 9th, the day after the wedding", "2026-09-09"},
		{"the 10th - my daughter's graduation", "2026-09-10"},
		{"Monday the 31st, our anniversary", "2026-08-31"},
		{"the 2nd (a Wednesday, if I'm not mistaken)", ""}, // "not"
		{"the 2nd (a Wednesday)", "2026-09-02"},
		{"the 2nd (a Thursday)", ""},
		{"Friday is no good", ""},
		{"Friday doesn't work", ""},
		{"Friday, or maybe Saturday", ""},
		{"Friday, the day after", ""},
		// The day after an anchor of its own says what Friday is, it moves
		// nothing (issue 38 round 24: "november 1, the day after the big
		// rush"); with no anchor ("Friday, the day after") it is asked.
		{"Friday, the day after the party", "2026-08-28"},
		{"Friday, three of us", ""},
		{"Friday, the week after", ""},
		{"friday, not sure", ""},
		{"Friday is bad", ""},
		{"Friday's out", ""},
		{"Saturday won't work for us", ""},
		{"Sunday is out of the question", ""},
		{"Friday is fine, Saturday is out", ""},
		{"Friday, 2 nights", ""},
		{"the day after we dock", ""},
		{"tonight, well, tonight in Denver", ""},
	} {
		got, ok := ReadDate(c.text, now)
		if ok != (c.want != "") || ok && got.String() != c.want {
			t.Errorf("ReadDate(%q) = %s %v, want %q", c.text, got, ok, c.want)
		}
	}
}

// TestDateAsideProperty: any date answer followed by a neutral aside reads as
// the date alone; followed by an aside that names another weekday or counts,
// it reads as none.
func TestDateAsideProperty(t *testing.T) {
	now := time.Date(2026, 8, 26, 12, 30, 0, 0, time.UTC)
	heads := []string{"Friday", "this Friday", "Saturday the 29th", "the 9th", "September 12", "the 3rd of October", "tomorrow", "next Tuesday"}
	neutral := []string{", tidy", ", chale", " is best", " works for me", ", when we get shore leave", ", day after we dock",
		" (my birthday)", ", our day off", ", first day of leave", " - right after the conference", ", thanks", ", cheers"}
	refused := []string{", or Sunday", ", 3 of us", ", two nights", " is no good", ", no wait", ", maybe", " doesn't suit", ", the week after",
		", not the 10th", ", unless it's full"}
	rapid.Check(t, func(t *rapid.T) {
		head := rapid.SampledFrom(heads).Draw(t, "head")
		want, ok := ReadDate(head, now)
		if !ok {
			t.Fatalf("head %q reads no date", head)
		}
		text := head + rapid.SampledFrom(neutral).Draw(t, "aside")
		if got, ok := ReadDate(text, now); !ok || got != want {
			t.Fatalf("ReadDate(%q) = %s %v, want %s", text, got, ok, want)
		}
		text = head + rapid.SampledFrom(refused).Draw(t, "refused")
		if got, ok := ReadDate(text, now); ok {
			t.Fatalf("ReadDate(%q) = %s, want none", text, got)
		}
	})
}

// TestDateAsideListsLoad: date_asides.txt has its lists.
func TestDateAsideListsLoad(t *testing.T) {
	for name, l := range map[string]map[string]bool{"refuse": asideRefuse, "predicate": asidePredicate, "praise": asidePraise, "dangling": asideDangling} {
		if len(l) == 0 {
			t.Errorf("date_asides.txt: %s is empty", name)
		}
	}
}
