package nlu

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// world26DayWords are the entries of nlu/gloss/dates-hand.txt's round 25
// block (helper world26): word and offset from today.
func world26DayWords(t testing.TB) map[string]int {
	data, err := os.ReadFile("gloss/dates-hand.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(data), "round 25's breadth (helper world26")
	_, block, _ = strings.Cut(block, "\n")
	if !ok {
		t.Fatal("dates-hand.txt: no round 25 block")
	}
	offsets := map[string]int{"today": 0, "tomorrow": 1, "day after tomorrow": 2}
	out := map[string]int{}
	for line := range strings.Lines(block) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w, m, _ := strings.Cut(line, "=")
		m = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(m), "[word]"))
		off, ok := offsets[m]
		if !ok {
			t.Fatalf("dates-hand.txt round 25: %q means %q", w, m)
		}
		out[strings.TrimSpace(w)] = off
	}
	return out
}

// TestWorldDayWordsRound25: every day word of the round 25 block is no
// English word (wamerican), no known place, and reads alone, capitalized
// or beside its language's thanks as its own day.
func TestWorldDayWordsRound25(t *testing.T) {
	english := map[string]bool{}
	if f, err := os.Open("/usr/share/dict/american-english"); err == nil {
		for s := bufio.NewScanner(f); s.Scan(); {
			english[key(s.Text())] = true
		}
		f.Close()
	}
	now := time.Date(2027, 3, 10, 9, 0, 0, 0, time.UTC) // a Wednesday
	today := Date{Year: 2027, Month: 3, Day: 10}
	for w, off := range world26DayWords(t) {
		if english[key(w)] {
			t.Errorf("%q is an English word", w)
		}
		if _, city := FindCity(w); city {
			t.Errorf("%q names a place", w)
		}
		want := today.AddDays(off).String()
		r := []rune(w)
		for _, s := range []string{w, strings.ToUpper(string(r[:1])) + string(r[1:])} {
			if d, ok := ReadDate(s, now); !ok || d.String() != want {
				t.Errorf("ReadDate(%q) = %v %v, want %s", s, d, ok, want)
			}
		}
	}
	for s, want := range map[string]string{
		"mariye, denki": "2027-03-11", "heid, vergelt's gott": "2027-03-10", "hüüt, veel dank": "2027-03-10",
		"sogot, mauliate": "2027-03-11", "kamuso": "2027-03-11", "ancùo, grassie": "2027-03-10",
	} {
		if d, ok := ReadDate(s, now); !ok || d.String() != want {
			t.Errorf("ReadDate(%q) = %v %v, want %s", s, d, ok, want)
		}
	}
}

// TestCourtesyRound25Breadth reads a greeting, a thanks and the answers of
// languages the round 25 block added, and keeps its collisions unread
// alone.
func TestCourtesyRound25Breadth(t *testing.T) {
	for _, s := range []string{"horas", "grüß gott", "wie bischt", "mbolo", "irankarapte", "haisai", "iorana", "mulembe", "julley", "khamma ghani", "kopivosian", "mejuah-juah", "naksa", "buiti binafi", "lí hó", "sastipe", "terveh", "adishatz", "howzit"} {
		if got := SmallTalkOf(s); got != Greeting {
			t.Errorf("SmallTalkOf(%q) = %v, want greeting", s, got)
		}
	}
	for _, s := range []string{"denki", "mauliate", "bujur", "akiba", "twalumba", "apwoyo", "webare", "urhuese", "nifee deebiru", "iyairaykere", "kotohuadan", "maururu", "tingki pali", "seremein", "pidamaya", "gaantangi", "passibo", "сау бол", "mèsi anpil", "haristo", "dangke", "makase", "tanks eh"} {
		if got := SmallTalkOf(s); got != Thanks {
			t.Errorf("SmallTalkOf(%q) = %v, want thanks", s, got)
		}
	}
	for s, want := range map[string]SmallTalk{"comment ça va, cher": Greeting, "thanks b'y": Thanks, "cheers bro": Thanks, "wha' going on": Greeting} {
		if got := SmallTalkOf(s); got != want {
			t.Errorf("SmallTalkOf(%q) = %v, want %v", s, got, want)
		}
	}
	q := "Book a flight from Boston to Paris on Friday?"
	for s, want := range map[string]Answer{
		"basst scho": Yes, "jo, basst scho": Yes, "freilich": Yes, "olo": Yes, "olo, mauliate": Yes, "inzya": Yes,
		"хау, сау бол": Yes, "ha jo": Yes,
		"yes b'y": Yes, "ouais, cher": Yes, "no boy": No, "jo, secher": Yes, "jo, dat passt": Yes, "ee, ashe": Yes,
		"yes but change it boy": Unknown,
		"ndang":                 No, "dang mauliate": No, "угъай": No, "noi danke": No, "naa": No,
		// Collision words alone or in English: no answer.
		"dang": Unknown, "хау": Unknown, "noi": Unknown, "dang it i missed the flight": Unknown,
	} {
		if got := YesNoTo(s, q); got != want {
			t.Errorf("YesNoTo(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestAddressTails: an answer followed by a term of address or a
// particle is the answer, and the cut says it was one; a particle that asks,
// or a word of no list, is no tail.
func TestAddressTails(t *testing.T) {
	for _, tc := range []struct {
		text, head string
		addressed  bool
	}{
		{"tomorrow b'y", "tomorrow", true},
		{"yes boy", "yes", true},
		{"tomorrow self", "tomorrow", true},
		{"ouais, cher", "ouais", true},
		{"cheers bro", "cheers", true},
		{"sure hun", "sure", true},
		{"3 nights lah", "3 nights", true},
		{"St. John's, thanks b'y", "St. John's", true},
		{"friday, tanks eh", "friday", true},
		{"next monday my son", "next monday", true},
		{"a week please", "a week", false},
		{"yes mate", "yes", false},
	} {
		head, addressed, ok := CutAnswerTailOf(tc.text)
		if !ok || head != tc.head || addressed != tc.addressed {
			t.Errorf("CutAnswerTailOf(%q) = %q %v %v, want %q %v", tc.text, head, addressed, ok, tc.head, tc.addressed)
		}
	}
	for _, s := range []string{"tomorrow meh", "tomorrow innit", "bro", "tomorrow boyfriend", "tomorrow with the boys"} {
		if head, _, ok := CutAnswerTailOf(s); ok {
			t.Errorf("CutAnswerTailOf(%q) = %q, want no tail", s, head)
		}
	}
	for s, want := range map[string]bool{"Hugo Boss": true, "Isle of Man": true, "Paris": false, "St. John's": false} {
		if got := HoldsAddressWord(s); got != want {
			t.Errorf("HoldsAddressWord(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestAddressTailsProperty: an answer of the date grammar followed by one
// or two address words (joined by "and" or a comma or nothing) is cut back
// to the answer; the tail is never an answer alone.
func TestAddressTailsProperty(t *testing.T) {
	answers := []string{"tomorrow", "next friday", "3 nights", "the 12th", "yes", "no", "today", "a week"}
	var words []string
	for _, p := range tailGrammar.lists["address"] {
		words = append(words, strings.Join(p, " "))
	}
	rapid.Check(t, func(rt *rapid.T) {
		a := rapid.SampledFrom(answers).Draw(rt, "answer")
		n := rapid.IntRange(1, 2).Draw(rt, "n")
		parts := []string{}
		for i := range n {
			parts = append(parts, rapid.SampledFrom(words).Draw(rt, "word"+strings.Repeat("'", i)))
		}
		sep := rapid.SampledFrom([]string{" ", ", "}).Draw(rt, "sep")
		text := a + sep + strings.Join(parts, " ")
		head, _, ok := CutAnswerTailOf(text)
		if !ok || head != a {
			rt.Fatalf("CutAnswerTailOf(%q) = %q %v, want %q", text, head, ok, a)
		}
		// A phrase that opens with a reply word of its own ("n at": chat's "n",
		// no) reads as that reply with a tail after it, as "n cher" is "no, dear".
		opensWithReply := YesNo(strings.Fields(parts[0])[0]) != Unknown
		if w := strings.Join(parts, " "); YesNo(w) != Unknown && !strings.Contains(w, "sure") && !opensWithReply {
			rt.Fatalf("YesNo(%q) = %v, want no answer", w, YesNo(w))
		}
	})
}
