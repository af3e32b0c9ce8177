package nlu

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"
	"unicode/utf8"
)

func TestGloss(t *testing.T) {
	cases := []struct{ in, want string }{
		// Nothing to gloss: the text as written.
		{"I need a flight to Denver", "I need a flight to Denver"},
		{"2 nights please", "2 nights please"},
		{"de nada", "de nada"},
		// Places: a cue before a place only.
		{"je vais à Paris", "je vais to Paris"},
		{"de Lyon vers Nice", "from Lyon to Nice"},
		{"desde Madrid hacia Sevilla", "from Madrid to Sevilla"},
		{"men Rabat l Casablanca", "from Rabat to Casablanca"},
		{"men casablanca ila marrakech", "from casablanca to marrakech"},
		{"2 Prague", "to Prague"},
		{"2 Nights", "2 Nights"},
		{"frm paris", "from paris"},
		{"من الرباط إلى فاس", "from rabat to fes"},
		// English cues said in other words.
		{"start city is Athens", "from Athens"},
		{"my journey begins in Vienna", "my from Vienna"},
		{"I want arrive in Warsaw", "I want to Warsaw"},
		{"heading to Oslo, destination is Bergen", "to Oslo, to Bergen"},
		{"leaving Monday", "leaving Monday"},
		{"men's shoes", "men's shoes"},
		{"a Friday", "a Friday"},
		{"O'Hare", "O'Hare"},
		{"dos o tres noches", "dos or three nights"}, // two numbers still: no one count
		{"Denver o Boston", "Denver or Boston"},
		{"une tarte de pommes", "une tarte de pommes"},
		{"à 10h", "à 10h"},
		// Dates and parts of the day.
		{"demain matin", "tomorrow morning"},
		{"l'après-midi", "in the afternoon"},
		{"el próximo viernes", "next viernes"},
		{"mañana por la mañana", "tomorrow morning"},
		{"ghda f sbah", "tomorrow morning"},
		{"nhar sebt", "saturday"},
		{"Nhar Sebt", "saturday"},
		{"بعد غد", "the day after tomorrow"},
		{"tmw nite", "tomorrow night"},
		{"2moro pls", "tomorrow please"},
		// Counts.
		{"cinq nuits", "five nights"}, // a CLDR count of nights (nightcounts.go)
		{"tres noches", "three nights"},
		{"ليلتين", "two nights"},
		{"3 lyali", "3 nights"},
	}
	for _, c := range cases {
		if got := Gloss(c.in); got != c.want {
			t.Errorf("Gloss(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestGlossReadByTheReaders checks that a glossed answer is read by the
// readers as the value its words say.
func TestGlossReadByTheReaders(t *testing.T) {
	now := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC) // a Tuesday
	dates := []struct{ in, want string }{
		{"demain matin", "2026-03-04"},
		{"demain soir", "2026-03-04"},
		{"el próximo viernes", "2026-03-06"},
		{"mañana por la mañana", "2026-03-04"},
		{"ghda f sbah", "2026-03-04"},
		{"nhar sebt", "2026-03-07"},
		{"بعد غد", "2026-03-05"},
		{"tmw", "2026-03-04"},
		{"2moro", "2026-03-04"},
		{"tmrw morning pls", "2026-03-04"},
		{"le 9 juin", "2026-06-09"},
		{"el 9 de junio", "2026-06-09"},
		{"9 يونيو", "2026-06-09"},
		{"يوم السبت", "2026-03-07"},
	}
	for _, c := range dates {
		d, ok := ReadDate(Gloss(c.in), now)
		if !ok || d.String() != c.want {
			t.Errorf("ReadDate(Gloss(%q) = %q) = %v %v, want %s", c.in, Gloss(c.in), d, ok, c.want)
		}
	}
	counts := []struct {
		in   string
		want float64
	}{
		{"cinq nuits", 5}, {"tres noches", 3}, {"ليلتين", 2}, {"3 lyali", 3}, {"zouj lyali", 2}, {"ثلاث ليال", 3},
	}
	for _, c := range counts {
		if v, ok := ParseCount(Gloss(c.in)); !ok || v != c.want {
			t.Errorf("ParseCount(Gloss(%q) = %q) = %v %v, want %v", c.in, Gloss(c.in), v, ok, c.want)
		}
	}
}

func TestGlossFilesLoad(t *testing.T) {
	if len(glossByFirst) == 0 {
		t.Fatal("no gloss entries loaded")
	}
	bad := fstest.MapFS{
		"gloss/a.txt": {Data: []byte("matin = morning\n")},
		"gloss/b.txt": {Data: []byte("matin = evening\n")},
	}
	if _, err := loadGlosses(bad); err == nil {
		t.Error("a phrase with two meanings loaded")
	}
	for _, line := range []string{"matin morning", "matin = Morning", " = x"} {
		if _, err := parseGlossFile("x.txt", line); err == nil {
			t.Errorf("%q parsed", line)
		}
	}
}

func TestGlossAllocatesNothingWhenNothingIsGlossed(t *testing.T) {
	text := "I need a flight from Boston to Denver next Friday"
	if n := testing.AllocsPerRun(100, func() { _ = Gloss(text) }); n != 0 {
		t.Errorf("Gloss allocated %v times", n)
	}
}

// FuzzGloss: any message glosses without panicking, to valid UTF-8 when it
// was valid, and a message with nothing to gloss is returned as it is.
func FuzzGloss(f *testing.F) {
	for _, s := range []string{"demain matin", "men Rabat l Fes", "2 Prague", "l'après-midi", "بعد غد", "tmw", "O'Hare", "à", "a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g := Gloss(text)
		if utf8.ValidString(text) && !utf8.ValidString(g) {
			t.Fatalf("Gloss(%q) = %q, not UTF-8", text, g)
		}
		if !mayGloss(text) && g != text {
			t.Fatalf("Gloss(%q) = %q with nothing to gloss", text, g)
		}
		if g != text && strings.TrimSpace(g) == "" {
			t.Fatalf("Gloss(%q) emptied the message", text)
		}
	})
}
