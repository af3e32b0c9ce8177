package nlu

import (
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

// Phrasings written from the classes of frame.go (issue 38), not from the
// held-aside sets: a letter held down, interjections, frames, hedges and a
// second question, in the seeds' languages.

func TestGlossElongatedWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"tomorrowww", "tomorrow"},
		{"tmrwwww pls", "tomorrow please"},
		{"demaiiin", "demain"},
		{"ghdaaa", "ghda"},
		{"to parisss", "to paris"},
		{"from Romeee", "from Rome"},
		{"fiveee nights", "five nights"},
		{"like 3 nightsss", "like 3 nights"},
		{"sooo", "so"},
		{"moreee", "more"},
		{"nvmmm", "nvm"},
		{"fridayyy", "friday"},
		{"viernesss", "viernes"},
	} {
		if got := Gloss(c.in); got != c.want {
			t.Errorf("Gloss(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestGlossKeepsUnknownElongations(t *testing.T) {
	// A cut the lexicons do not know is never made: the word stays as typed.
	for _, in := range []string{"brrr", "zzz", "www.example.com", "grrr", "xxx", "1000 nights", "BK-90909"} {
		if got := Gloss(in); got != in {
			t.Errorf("Gloss(%q) = %q, want it unchanged", in, got)
		}
	}
}

func TestUnelongated(t *testing.T) {
	known := wordSet("tallinn berlin so good cool")
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"tallinnn", "tallinn", true}, // two letters first
		{"berlinnn", "berlin", true},  // then one
		{"Berlinnnn", "Berlin", true}, // as typed
		{"goood", "good", true},
		{"sooooo", "so", true},
		{"coooool", "cool", true},
		{"crocsss", "crocsss", false}, // no known cut: unchanged
		{"berlin", "berlin", false},   // nothing held down
		{"100000", "100000", false},   // digits are no letters
	} {
		got, ok := Unelongated(c.in, func(w string) bool { return known[strings.ToLower(w)] })
		if got != c.want || ok != c.ok {
			t.Errorf("Unelongated(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestGlossLeavesFramesOut(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// Interjections.
		{"ugh. warsaw. obviously", "warsaw"},
		{"ooh the blue one", "the blue one"},
		{"lol tomorrow", "tomorrow"},
		{"hmm, friday", "friday"},
		{"pfff lundi", "lundi"},
		{"jajaja el viernes", "el viernes"},
		{"ههه غدا", "غدا"},
		// Frames.
		{"the 20th, like I said", "the 20th"},
		{"Lisbon. I already told you", "Lisbon"},
		{"comme je l'ai dit, Lyon", "Lyon"},
		{"ya te lo dije, Sevilla", "Sevilla"},
		{"goltlik ghda", "ghda"},
		// Hedges, and the question mark of a hedged answer.
		{"I think maybe the 25th would work best?", "the 25th"},
		{"maybe Tuesday?", "Tuesday"},
		{"perhaps 3 nights, if that's ok?", "3 nights"},
		{"je pense mardi, si possible?", "mardi"},
		{"creo que el martes, por favor", "el martes, por favor"},
		{"ربما غدا؟", "غدا"},
		{"ymken ghda", "ghda"},
		{"Berlin, ok?", "Berlin"},
		// A second question naming no value of the answer's kind.
		{"Madrid, and do you allow pets?", "Madrid"},
		{"the 14th, and is parking free?", "the 14th"},
		{"Oslo - is it cold there in January?", "Oslo"},
		{"4 nights. also, can I check in early?", "4 nights"},
		{"Lyon, et est-ce que le petit déjeuner est inclus ?", "Lyon"},
		{"Sevilla, y hay piscina?", "Sevilla"},
		{"ghda, w wach kayn parking?", "ghda"},
	} {
		if got := Gloss(c.in); got != c.want {
			t.Errorf("Gloss(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestGlossKeepsWhatIsNoFrame(t *testing.T) {
	for _, in := range []string{
		"ugh",                              // an interjection alone is no answer
		"maybe",                            // nor a hedge alone
		"yes maybe",                        // a yes/no is the yes/no rule's
		"no thanks",                        //
		"I think not",                      // a negation
		"maybe not Friday",                 //
		"would Monday be cheaper?",         // a real question about the value
		"is Friday possible?",              //
		"Friday, and is Saturday cheaper?", // two values of one kind
		"Lisbon, or is Porto nicer?",       //
		"hi, can I book a session?",        // no value before the question
		"what if I fly on Friday?",         //
	} {
		if got := Gloss(in); got != in {
			t.Errorf("Gloss(%q) = %q, want it unchanged", in, got)
		}
	}
}

func TestAsksQuestionOfHedgesAndAsides(t *testing.T) {
	for _, c := range []struct {
		in   string
		asks bool
	}{
		{"I think maybe the 25th would work best?", false},
		{"maybe Tuesday?", false},
		{"Madrid, and can I bring my dog?", false},
		{"the 21st, and is breakfast included?", false},
		{"peut-être mardi ?", false},
		{"would Monday be cheaper?", true},
		{"is Friday possible?", true},
		{"maybe would Monday be cheaper?", true},
		{"Friday, and is Saturday cheaper?", true},
		{"what day is it today?", true},
		{"hi, can I book a session?", true},
	} {
		if got := AsksQuestion(c.in); got != c.asks {
			t.Errorf("AsksQuestion(%q) = %v, want %v", c.in, got, c.asks)
		}
	}
}

// elongations writes s with each of its letters in turn held down (three and
// five times).
func elongations(s string) []string {
	var out []string
	for i, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		n := utf8.RuneLen(r)
		for _, times := range []int{3, 5} {
			out = append(out, s[:i]+strings.Repeat(s[i:i+n], times)+s[i+n:])
		}
	}
	return out
}

// A letter held down in a value never makes it another value: the gloss and
// the fuzzy lookups read the value typed, or nothing.
func TestElongationNeverChangesAValueProperty(t *testing.T) {
	now := time.Date(2026, 3, 12, 18, 40, 0, 0, time.UTC)
	cities := []string{"Paris", "Berlin", "Lisbon", "Rome", "Madrid", "Porto", "Warsaw", "Oslo", "Denver", "Boston", "Dallas", "Nice", "Marrakech", "Rabat", "Seattle", "Tallinn", "Helsinki"}
	for _, city := range cities {
		want := FindCities(city)
		if len(want) != 1 {
			continue
		}
		for _, e := range append(elongations(city), elongations("from "+city)...) {
			got := FindCities(Gloss(e))
			if len(got) > 0 && (len(got) != 1 || got[0] != want[0]) {
				t.Errorf("FindCities(Gloss(%q)) = %v, want %v or nothing", e, got, want)
			}
			if m, ok := cityFuzzy.Closest(key(e)); ok && !strings.Contains(e, " ") && cityIndex[m.Entry] != want[0] {
				t.Errorf("cityFuzzy.Closest(%q) = %q, want %q or nothing", e, cityIndex[m.Entry], want[0])
			}
		}
	}
	for _, d := range []string{"tomorrow", "friday", "next monday", "the 21st", "april 3rd", "demain", "mañana", "ghda", "in two weeks", "the day after tomorrow"} {
		want, ok := ReadDate(d, now)
		if !ok {
			t.Fatalf("ReadDate(%q) reads nothing", d)
		}
		for _, e := range elongations(d) {
			if got, ok := ReadDate(Gloss(e), now); ok && got != want {
				t.Errorf("ReadDate(Gloss(%q)) = %v, want %v or nothing", e, got, want)
			}
		}
	}
	for _, n := range []string{"three", "five", "twelve", "twenty", "cinq", "tres", "tlata"} {
		want, ok := ParseCount(Gloss(n))
		if !ok {
			continue
		}
		for _, e := range elongations(n) {
			if got, ok := ParseCount(Gloss(e)); ok && got != want {
				t.Errorf("ParseCount(Gloss(%q)) = %v, want %v or nothing", e, got, want)
			}
		}
	}
}

// A question clause after an answer never turns its value into another: the
// gloss reads the answer's value, or two values, or nothing.
func TestQuestionClauseNeverChangesAValueProperty(t *testing.T) {
	now := time.Date(2026, 3, 12, 18, 40, 0, 0, time.UTC)
	questions := []string{
		"and is breakfast included?", "and can I bring my dog?", "do you have deals?", "is it far from Paris?",
		"and is the 22nd cheaper?", "or is Friday better?", "can I fly on Monday instead?", "and how many nights is that?",
		"is 3 nights ok?", "et c'est cher ?", "y hay vuelos el lunes?", "wach kayn chi promo?", "هل الفطور مشمول؟",
	}
	joins := []string{", ", " - ", ". ", "; "}
	for _, d := range []string{"the 21st", "tomorrow", "friday", "april 3rd"} {
		want, _ := ReadDate(d, now)
		for _, q := range questions {
			for _, j := range joins {
				in := d + j + q
				if got, ok := ReadDate(Gloss(in), now); ok && got != want {
					t.Errorf("ReadDate(Gloss(%q)) = %v, want %v or nothing", in, got, want)
				}
			}
		}
	}
	for _, city := range []string{"Madrid", "Porto", "Oslo", "Rabat"} {
		for _, q := range questions {
			for _, j := range joins {
				in := city + j + q
				got := FindCities(Gloss(in))
				if len(got) == 1 && got[0] != city {
					t.Errorf("FindCities(Gloss(%q)) = %v, want [%s] or none or two", in, got, city)
				}
			}
		}
	}
}

func TestHeldDownLettersOfIntents(t *testing.T) {
	for _, in := range []string{"nvmmm", "cancelll", "stooop", "forget ittt", "annulerrr", "khlasss"} {
		if !IsCancel(in) {
			t.Errorf("IsCancel(%q) = false", in)
		}
		if r := BuiltinIntent(in); r.Intent != IntentCancel {
			t.Errorf("BuiltinIntent(%q) = %q, want cancel", in, r.Intent)
		}
	}
	for _, in := range []string{"sooo", "brrr", "hmmm"} {
		if IsCancel(in) {
			t.Errorf("IsCancel(%q) = true", in)
		}
	}
}
