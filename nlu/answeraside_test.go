package nlu

import (
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// The words here are written for these tests; none is a held-out message.

func TestAnswerAsideClasses(t *testing.T) {
	q := "Book Oslo -> Madrid on 2027-03-05?"
	cases := []struct {
		text string
		want Answer
	}{
		{"yeah, my sister is minding the dog", Yes},
		{"yes, that's my week off", Yes},
		{"sure, the boss signed off on it", Yes},
		{"yep, I've cleared the calendar", Yes},
		{"nope, the kids have exams then", No},
		{"no, I'm working that weekend", No},
		// A change, a number, a question, a refusal of the act: no answer here.
		{"yes but the later one", Unknown},
		{"yes, 3 of us", Unknown},
		{"yes, is the hotel included?", Unknown},
		{"yes, don't book yet", Unknown},
		{"no, book it", Unknown},
		{"yes no", Unknown},
		{"yes and no", Unknown},
		{"no lo sé", Unknown}, // a negated verb, no aside
		{"ah, I dunno", Unknown},
		{"nope, not sure yet", Unknown},
		{"I don't know", Unknown},
		{"I don't think so, sorry", Unknown},
	}
	for _, c := range cases {
		if got, _ := AnswerAside(c.text, q); got != c.want {
			t.Errorf("AnswerAside(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestImperativeAndCopulaYes(t *testing.T) {
	q := "Book Oslo -> Madrid on 2027-03-05?"
	cases := []struct {
		text string
		want Answer
	}{
		{"book it", Yes},
		{"book it please", Yes},
		{"book it now", Yes},
		{"book a hotel", Unknown}, // another request
		{"book the other one", Unknown},
		{"That is all correct", Yes},
		{"it is all fine, cheers", Yes},
		{"that is not correct", No},
	}
	for _, c := range cases {
		if got := YesNoTo(c.text, q); got != c.want {
			t.Errorf("YesNoTo(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	if got := YesNoTo("renew it", "Renew your plan?"); got != Yes {
		t.Errorf("renew it = %v", got)
	}
	if got := YesNoTo("renew it", "Book Oslo -> Madrid?"); got != Unknown {
		t.Errorf("another question's verb = %v", got)
	}
}

// TestAnswerAsideProperty: a yes or a no phrase, a comma and a clause of the
// user's own life is that answer; the same with a number in the clause is
// none (a change to read).
func TestAnswerAsideProperty(t *testing.T) {
	yeses := []string{"yes", "yeah", "yep", "sure", "absolutely"}
	nos := []string{"no", "nope", "nah"}
	clauses := []string{"my cousin is driving me", "the dog goes to my mum", "we have that week free",
		// "no, my partner agreed" holds a yes word: a yes and a no, none.
		"the office is shut anyway", "the school holidays start then"}
	rapid.Check(t, func(t *rapid.T) {
		yes := rapid.Bool().Draw(t, "yes")
		phrase := rapid.SampledFrom(nos).Draw(t, "no")
		want := No
		if yes {
			phrase, want = rapid.SampledFrom(yeses).Draw(t, "yes phrase"), Yes
		}
		clause := rapid.SampledFrom(clauses).Draw(t, "clause")
		if got, _ := AnswerAside(phrase+", "+clause, "Book Oslo -> Madrid?"); got != want {
			t.Fatalf("%q: %v, want %v", phrase+", "+clause, got, want)
		}
		n := rapid.IntRange(2, 9).Draw(t, "n")
		with := phrase + ", " + clause + " " + string(rune('0'+n)) + " times"
		if got, _ := AnswerAside(with, "Book Oslo -> Madrid?"); got != Unknown {
			t.Fatalf("%q: %v, want unknown", with, got)
		}
	})
}

func TestDateBeforeClauseOfOwn(t *testing.T) {
	now := time.Date(2027, 2, 26, 17, 40, 0, 0, time.UTC) // a Friday
	cases := []readDateCase{
		{"the 5th, that's my week off", "2027-03-05"},
		{"the 5th, that is my first free day", "2027-03-05"},
		{"the 6th, we dock that evening", "2027-03-06"},
		{"monday, quieter than tuesday they say", "2027-03-01"},
		{"april 2, shift change is the 1st", "2027-04-02"},
		{"the 8th, second game is the 9th", "2027-03-08"},
		{"friday, no lessons booked", ""}, // today's weekday: today or a week on? asked (round 19)
		{"monday, no lessons booked", "2027-03-01"},
		// Refusals and a second day before any verb stay unread.
		{"friday, no, saturday", ""},
		{"the 5th, no wait", ""},
		{"the 5th, the 6th is better", ""},
		{"monday, rather than tuesday", ""},
		{"the 5th, change it to the 6th", ""},
	}
	checkReadDates(t, now, cases)
}

// TestDateBeforeClauseProperty: a date, a comma and an event clause whose
// subject is a pronoun, an ordinal noun or a change noun, naming another day,
// reads the first date.
func TestDateBeforeClauseProperty(t *testing.T) {
	now := time.Date(2027, 2, 26, 17, 40, 0, 0, time.UTC)
	heads := map[string]string{"march 9": "2027-03-09", "the 10th": "2027-03-10", "wednesday": "2027-03-03"}
	names := []string{"march 9", "the 10th", "wednesday"}
	// "march 9, that is the 12th" restates another day: unread, not here.
	subjects := []string{"first shift", "the crew change", "second round", "our handover"}
	days := []string{"the 12th", "tuesday", "the day after"}
	rapid.Check(t, func(t *rapid.T) {
		h := rapid.SampledFrom(names).Draw(t, "head")
		text := h + ", " + rapid.SampledFrom(subjects).Draw(t, "subject") + " is " + rapid.SampledFrom(days).Draw(t, "day")
		d, ok := ReadDate(text, now)
		if !ok || d.String() != heads[h] {
			t.Fatalf("%q: %v %v, want %s", text, d, ok, heads[h])
		}
	})
}

func TestCorrectionMarkersMoreLanguages(t *testing.T) {
	cases := []struct{ text, head, tail string }{
		{"april 4, or no, april 5", "april 4", "april 5"},
		{"the 4th... hang on... the 5th", "the 4th", "the 5th"},
		{"BK-10001... let me check... BK-10002", "BK-10001", "BK-10002"},
		{"venerdì, anzi sabato", "venerdì", "sabato"},
		{"sexta, aliás sábado", "sexta", "sábado"},
		{"el lunes, o sea el martes", "el lunes", "el martes"},
		{"Utrecht, ik bedoel Leiden", "Utrecht", "Leiden"},
		{"Göteborg, jag menar Malmö", "Göteborg", "Malmö"},
		{"Bandung, maksud saya Bogor", "Bandung", "Bogor"},
	}
	for _, c := range cases {
		head, tail, ok := SplitCorrection(c.text)
		if !ok || head != c.head || tail != c.tail {
			t.Errorf("SplitCorrection(%q) = %q, %q, %v; want %q, %q", c.text, head, tail, ok, c.head, c.tail)
		}
	}
	// A "no" that says there is none of something corrects nothing.
	for _, text := range []string{"friday, no lessons booked", "the 4th, no classes planned", "monday, no school"} {
		if _, _, ok := SplitCorrection(text); ok {
			t.Errorf("SplitCorrection(%q) corrects", text)
		}
	}
	for _, text := range []string{"three, no four", "Porto, no, Lisbon", "friday, no saturday", "London, no Reading"} {
		if _, _, ok := SplitCorrection(text); !ok {
			t.Errorf("SplitCorrection(%q) corrects nothing", text)
		}
	}
}

// TestCorrectionMarkerProperty: value, marker, value reads the last value as
// the tail for every marker of every language listed.
func TestCorrectionMarkerProperty(t *testing.T) {
	markers := []string{", or no,", "... hang on...", "... let me check...", ", anzi", ", aliás", ", o sea", ", ik bedoel",
		", jag menar", ", maksud saya", ", quer dizer", ", ou melhor", ", cioè", ", volevo dire", ", je veux dire", ", ich meine"}
	values := []string{"Lyon", "the 9th", "BK-20202", "tuesday"}
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.SampledFrom(values).Draw(t, "a")
		b := rapid.SampledFrom(values).Draw(t, "b")
		m := rapid.SampledFrom(markers).Draw(t, "marker")
		_, tail, ok := SplitCorrection(a + m + " " + b)
		if !ok || tail != b {
			t.Fatalf("%q: %q %v, want %q", a+m+" "+b, tail, ok, b)
		}
	})
}

func TestPoliteRequestClass(t *testing.T) {
	cases := []struct {
		text, want string
		ok         bool
	}{
		{"Could I leave on April 3rd?", "on april 3rd", true},
		{"May we fly out of Denver, please?", "out of denver", true},
		{"could I check in on the 5th?", "on the 5th", true},
		{"Can I leave from Austin, please?", "from austin", true},
		{"¿Podría salir el lunes?", "el lunes", true},
		{"Könnte ich am Montag fliegen?", "", false}, // the verb last: not read
		{"can I stay 2 nights?", "", false},          // what is possible: a question
		{"can I leave from anywhere?", "", false},
		{"could I ask about Denver?", "", false}, // no trip verb
		{"Could I depart on April 3rd", "", false},
	}
	for _, c := range cases {
		got, ok := PoliteRequest(c.text)
		if ok != c.ok || got != c.want {
			t.Errorf("PoliteRequest(%q) = %q, %v; want %q, %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// TestPoliteRequestProperty: every opener x trip verb x value is a request
// whose rest is the value.
func TestPoliteRequestProperty(t *testing.T) {
	openers := []string{"Could I", "could we", "May I", "might I", "Would it be possible to"}
	verbs := []string{"leave", "fly", "travel", "head", "depart"}
	values := []string{"on the 8th", "from Reno", "to Tulsa", "next tuesday"}
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(values).Draw(t, "value")
		text := rapid.SampledFrom(openers).Draw(t, "opener") + " " + rapid.SampledFrom(verbs).Draw(t, "verb") + " " + v
		if rapid.Bool().Draw(t, "please") {
			text += ", please"
		}
		got, ok := PoliteRequest(text + "?")
		if !ok || got != strings.ToLower(v) {
			t.Fatalf("%q: %q %v", text, got, ok)
		}
	})
}

func TestParticipleClauseIsAside(t *testing.T) {
	for _, c := range []struct{ text, part string }{
		{"two, driving down with my brother", "two"},
		{"Lyon, visiting my aunt", "Lyon"},
		{"the 6th, commuting from the coast", "the 6th"},
	} {
		if part, k := AnswerPart(c.text); k != AsideReason || part != c.part {
			t.Errorf("AnswerPart(%q) = %q, %v; want %q", c.text, part, k, c.part)
		}
	}
	// A day part, an -ing noun, a place or the trip's own verb is no aside.
	for _, text := range []string{"the 6th, evening", "a week, spring break", "London, Reading", "Friday, arriving around 10pm"} {
		if _, k := AnswerPart(text); k == AsideReason {
			t.Errorf("AnswerPart(%q) is a reason", text)
		}
	}
}

// TestComplaintAfterChangeOfMind: "too X" after a change of mind is its
// reason, even where a slot's reader would pick a value from it.
func TestComplaintAfterChangeOfMind(t *testing.T) {
	always := func(string) bool { return true }
	for _, text := range []string{"forget it, too far", "never mind, too expensive", "forget it, way too dear", "laisse tomber, trop cher"} {
		if RetractsThenAnswers(text, always) {
			t.Errorf("RetractsThenAnswers(%q): a complaint read as an answer", text)
		}
	}
	for _, text := range []string{"forget it, too far", "never mind, too expensive"} {
		if !CancelsWithReason(text, always) {
			t.Errorf("CancelsWithReason(%q) = false", text)
		}
	}
	if !RetractsThenAnswers("never mind, the cheap one", always) {
		t.Error("a retraction then an answer is no longer read")
	}
}

func TestGiveUpMoreLanguages(t *testing.T) {
	for _, text := range []string{"ayaw na", "dili na lang", "kalimti na", "indi na lang", "esquéceo", "не трэба", "waiho", "leig leis", "anghofia fe"} {
		if !IsCancel(text) {
			t.Errorf("IsCancel(%q) = false", text)
		}
	}
}

func TestEventClauseSetAside(t *testing.T) {
	for _, c := range []struct{ text, rest string }{
		{"a flight from Leeds to Rome, my exam is on the 9th", "a flight from Leeds to Rome"},
		{"a room in Bergen, shift handover on friday", "a room in Bergen"},
		{"to Lima, graduation's on march 3", "to Lima"},
	} {
		if rest, aside := WithoutEventClauses(c.text); !aside || rest != c.rest {
			t.Errorf("WithoutEventClauses(%q) = %q, %v; want %q", c.text, rest, aside, c.rest)
		}
	}
	// The trip's own day, a hedge, a pronoun, or the first clause stay.
	for _, text := range []string{"to Rome, leaving on the 9th", "to Rome, ideally on the 9th", "to Rome, that's on the 9th",
		"to Rome, returning on the 12th", "exam day on the 9th"} {
		if _, aside := WithoutEventClauses(text); aside {
			t.Errorf("WithoutEventClauses(%q) leaves a clause out", text)
		}
	}
}
