package nlu

import (
	"strings"
	"testing"
	"time"
)

// readGlossedDate reads a date as a slot reader does: the message's own
// words first, then its gloss.
func readGlossedDate(text string, now time.Time) (Date, bool) {
	if d, ok := ReadDate(text, now); ok {
		return d, true
	}
	return ReadDate(Gloss(text), now)
}

// TestEdgeTagsAreReadAwayAroundAnAnswer: a particle, a tag or a form of
// address said before or after a date is nothing, in the world's Englishes
// (issue 38 round 8); inside the answer, or alone, it is read as written.
func TestEdgeTagsAreReadAwayAroundAnAnswer(t *testing.T) {
	now := time.Date(2025, 12, 5, 10, 0, 0, 0, time.UTC) // a Friday
	cases := []struct{ text, want string }{
		{"Saturday lor", "2025-12-06"},
		{"the 9th na krub", "2025-12-09"},
		{"monday meh", "2025-12-08"},
		{"next Tuesday wallahi", "2025-12-09"},
		{"Sunday, boss", "2025-12-07"},
		{"the 12th no cap", "2025-12-12"},
		{"the 12th periodt", "2025-12-12"},
		{"tomorrow full stop", "2025-12-06"},
		{"Monday, eh", "2025-12-08"},
		{"Tuesday so", "2025-12-09"},
		{"wednesday gell", "2025-12-10"},
		{"mate, the 15th", "2025-12-15"},
		{"boss, monday", "2025-12-08"},
		{"ngl tuesday", "2025-12-09"},
		{"Sir, the 20th please", "2025-12-20"},
		{"tomorrow can or not?", "2025-12-06"},
		{"the 11th ok", "2025-12-11"},
		// A no after the answer is no tag: the day is set aside.
		{"Wednesday no", ""},
		// A tag alone is no answer.
		{"lah", ""},
		{"inshallah", ""},
	}
	for _, c := range cases {
		d, ok := readGlossedDate(c.text, now)
		got := ""
		if ok {
			got = d.String()
		}
		if got != c.want {
			t.Errorf("%q: read %q, want %q", c.text, got, c.want)
		}
	}
}

// TestEdgeTagsNeverChangeADate generates every date phrase of a small set with
// every tag said after it and every tag said before it: the date read is the
// one the phrase says, or none; never another day, and never a yes or a no.
func TestEdgeTagsNeverChangeADate(t *testing.T) {
	now := time.Date(2025, 12, 5, 10, 0, 0, 0, time.UTC)
	dates := []string{"tomorrow", "Monday", "the 9th", "next friday", "Dec 24", "20 December"}
	var ends, leads []string
	for _, ps := range edgeTags.end {
		for _, p := range ps {
			ends = append(ends, strings.Join(p, " "))
		}
	}
	for _, ps := range edgeTags.lead {
		for _, p := range ps {
			leads = append(leads, strings.Join(p, " "))
		}
	}
	n := 0
	for _, ds := range dates {
		want, ok := ReadDate(ds, now)
		if !ok {
			t.Fatalf("%q: no date", ds)
		}
		var texts []string
		for _, tag := range ends {
			texts = append(texts, ds+" "+tag, ds+", "+tag)
		}
		for _, tag := range leads {
			texts = append(texts, tag+", "+ds)
		}
		for _, text := range texts {
			n++
			if d, ok := readGlossedDate(text, now); ok && d != want {
				t.Errorf("%q: read %v, want %v or nothing", text, d, want)
			}
		}
	}
	t.Logf("%d tagged dates read", n)
}

// TestWorldAndFormalRepliesAtConfirmations: the yes, no and greetings of the
// world's Englishes and of a formal register, and tags around a yes or a no,
// at every engine's confirmation (issue 38 round 8).
func TestWorldAndFormalRepliesAtConfirmations(t *testing.T) {
	cases := []struct {
		text string
		want Answer
	}{
		{"yes fr", Yes}, {"yep, periodt", Yes}, {"yes wallahi", Yes}, {"ok lor", Yes},
		{"sound", Yes}, {"deadly, yeah", Yes}, {"bet bet", Yes}, {"lekker", Yes}, {"ya mon", Yes},
		{"spot on", Yes}, {"Quite so.", Yes}, {"That is perfectly correct, thank you.", Yes},
		{"Very well, do proceed.", Yes}, {"by all means", Yes},
		{"aye right", No}, {"nah fam", No}, {"ag nee", No}, {"hard pass", No},
		{"No, that's the wrong one.", No}, {"I'm afraid not.", No},
		{"Regrettably not, thank you.", No}, {"that is not what I wanted", No},
		{"no period", No},
		// Neither: a tag or a blessing alone.
		{"inshallah", Unknown}, {"periodt", Unknown}, {"no cap", Unknown},
	}
	for _, c := range cases {
		for name, read := range confirmationReaders {
			if got := read(c.text); got != c.want {
				t.Errorf("%s: %q read %v, want %v", name, c.text, got, c.want)
			}
		}
	}
}

// TestWorldGreetingsAndFormalChangesOfMind: greetings of the world's
// Englishes are greetings; a dialect "leave it" and a formal change of mind
// are a cancel.
func TestWorldGreetingsAndFormalChangesOfMind(t *testing.T) {
	for _, text := range []string{"wagwan", "how far", "what's the craic", "howzit", "what's good"} {
		if got := SmallTalkOf(text); got != Greeting {
			t.Errorf("%q: small talk %v, want a greeting", text, got)
		}
	}
	for _, text := range []string{
		"ah leave it so", "eish, leave it",
		"Having reconsidered, I shall not be travelling.",
		"Upon reflection, I do not wish to travel.",
		"Please don't go to any trouble, I shall not require it after all.",
	} {
		if got := BuiltinIntent(text).Intent; got != IntentCancel {
			t.Errorf("%q: intent %q, want cancel", text, got)
		}
	}
	for _, text := range []string{"I'm good", "I'm alright"} {
		if got := BuiltinIntent(text).Intent; got == IntentCancel {
			t.Errorf("%q: read as a cancel; alone it may answer how one is", text)
		}
	}
}

// TestEdgeTagsKeepAValuesMarks: a tag read away after a phone number, a price
// or a reference keeps the mark that begins the value.
func TestEdgeTagsKeepAValuesMarks(t *testing.T) {
	for text, want := range map[string]string{
		"+65 9123 4567 can": "+65 9123 4567",
		"#4471 lah":         "#4471",
		"bro, $40":          "$40",
		"lea@exemple.fr":    "lea@exemple.fr",
		"sam@mail.sg lah":   "sam@mail.sg",
	} {
		if got := Gloss(text); got != want {
			t.Errorf("Gloss(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestFormalFramesAroundADate: a date in a hedged, polite frame is the date
// (the polite past "I was hoping to" speaks of the trip, not of the past).
func TestFormalFramesAroundADate(t *testing.T) {
	now := time.Date(2025, 12, 5, 10, 0, 0, 0, time.UTC) // a Friday
	cases := map[string]string{
		"If it's no trouble, I was hoping to leave on Monday":    "2025-12-08",
		"I should like to travel on the 9th, if at all possible": "2025-12-09",
		"If you don't mind, I was rather hoping for the 20th":    "2025-12-20",
		"If it is not too much trouble, the 15th, thank you":     "2025-12-15",
	}
	for text, want := range cases {
		rest, _ := SetAside(text)
		d, ok := readGlossedDate(rest, now)
		if got := d.String(); !ok || got != want {
			t.Errorf("%q: read %v %v, want %s", text, d, ok, want)
		}
	}
}

// TestEdgeTagsNeverTakeADateWord: a tag that is also a date word ("mon") is
// read as the date.
func TestEdgeTagsNeverTakeADateWord(t *testing.T) {
	now := time.Date(2025, 12, 5, 10, 0, 0, 0, time.UTC)
	if d, ok := readGlossedDate("a session mon", now); ok && d.String() != "2025-12-08" {
		t.Errorf("read %v", d)
	}
	for _, ps := range edgeTags.end {
		for _, p := range ps {
			for _, w := range p {
				if IsDateWord(w) || IsNumberWord(w) {
					t.Errorf("tag %q holds the value word %q", p, w)
				}
			}
		}
	}
}
