package flows

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// glossLanguage is a small grammar of one language's (or register's) ways of
// saying a trip's places, its day and a count of nights, each with what it
// means, for the property tests of the gloss layer (nlu.Gloss).
type glossLanguage struct {
	name     string
	from, to []string // "%s" is the place
	days     []glossDay
	weekdays []string // Sunday first
	weekday  []string // "%s" is the weekday: the first such day after today
	or       string   // the word that offers a choice
	nights   func(n int) string
}

// glossDay is a relative day phrase and its offset from today.
type glossDay struct {
	text   string
	offset int
}

// maxGlossNights is the most nights the languages' words are drawn for: past
// ten, Arabic and Darija count with the singular and say the teens as one
// word or two, and French and Spanish join tens and units. A number of three
// words ("vingt et une nuits") is past what the hotel's pattern takes before
// "nights", and is asked again: drawn only up to twenty.
const maxGlossNights = 20

var glossLanguages = []glossLanguage{
	{name: "fr", from: []string{"de %s", "depuis %s", "je pars de %s"}, to: []string{"à %s", "vers %s", "pour %s"},
		days:     []glossDay{{"demain", 1}, {"demain matin", 1}, {"demain soir", 1}, {"après-demain", 2}, {"dans trois jours", 3}, {"dans 4 jours", 4}},
		weekdays: []string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"},
		weekday:  []string{"%s", "%s prochain", "%s qui vient"}, or: "ou",
		nights: func(n int) string {
			return []string{"", "une nuit", "deux nuits", "trois nuits", "quatre nuits", "cinq nuits", "six nuits", "sept nuits", "huit nuits", "neuf nuits", "dix nuits",
				"onze nuits", "douze nuits", "treize nuits", "quatorze nuits", "quinze nuits", "seize nuits", "dix-sept nuits", "dix-huit nuits", "dix-neuf nuits", "vingt nuits"}[n]
		}},
	{name: "es", from: []string{"desde %s", "de %s", "salgo de %s"}, to: []string{"a %s", "hacia %s", "hasta %s"},
		days:     []glossDay{{"mañana", 1}, {"mañana por la mañana", 1}, {"mañana por la tarde", 1}, {"pasado mañana", 2}, {"en tres días", 3}, {"dentro de 4 días", 4}},
		weekdays: []string{"domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"},
		weekday:  []string{"el %s", "el próximo %s", "%s", "el %s que viene"}, or: "o",
		nights: func(n int) string {
			return []string{"", "una noche", "dos noches", "tres noches", "cuatro noches", "cinco noches", "seis noches", "siete noches", "ocho noches", "nueve noches", "diez noches",
				"once noches", "doce noches", "trece noches", "catorce noches", "quince noches", "dieciséis noches", "diecisiete noches", "dieciocho noches", "diecinueve noches", "veinte noches"}[n]
		}},
	{name: "darija-latin", from: []string{"men %s", "mn %s"}, to: []string{"l %s", "ila %s"},
		days:     []glossDay{{"ghda", 1}, {"ghda f sbah", 1}, {"ba3d ghda", 2}, {"ba3d ghedda", 2}, {"men daba 3 iyam", 3}, {"men daba tlata iyam", 3}},
		weekdays: []string{"l7ed", "letnin", "tlata", "larb3", "lkhmis", "ljem3a", "sebt"},
		weekday:  []string{"nhar %s", "%s", "%s jaya"}, or: "wla",
		nights: func(n int) string {
			return []string{"", "lila", "jouj lyali", "tlata lyali", "reb3a lyali", "khamsa lyali", "6 lyali", "7 lyali", "8 lyali", "9 lyali", "10 lyali",
				"hdach lila", "tnash lila", "tlettash lila", "rba3tach lila", "khmstach lila", "settach lila", "sba3tach lila", "tmentach lila", "tsa3tach lila", "3ashrin lila"}[n]
		}},
	{name: "ar", from: []string{"من %s"}, to: []string{"إلى %s", "الى %s"},
		days:     []glossDay{{"غدا", 1}, {"غدا صباحا", 1}, {"بعد غد", 2}, {"وغدا", 1}, {"بعد ثلاثة أيام", 3}},
		weekdays: []string{"الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"},
		weekday:  []string{"يوم %s", "%s", "%s القادم"}, or: "أو",
		nights: func(n int) string {
			return []string{"", "ليلة", "ليلتين", "ثلاث ليال", "أربع ليال", "خمس ليال", "ست ليال", "سبع ليال", "ثمان ليال", "تسع ليال", "عشر ليال",
				"أحد عشر ليلة", "اثنا عشر ليلة", "ثلاث عشرة ليلة", "أربع عشرة ليلة", "خمس عشرة ليلة", "ست عشرة ليلة", "سبع عشرة ليلة", "ثماني عشرة ليلة", "تسع عشرة ليلة", "عشرين ليلة"}[n]
		}},
	{name: "chat", from: []string{"frm %s"}, to: []string{"2 %s"},
		days:     []glossDay{{"tmw", 1}, {"tmrw", 1}, {"2moro", 1}, {"2moro nite", 1}, {"2day", 0}},
		weekdays: []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"},
		weekday:  []string{"nxt %s"}, or: "or",
		nights: func(n int) string { return fmt.Sprintf("%d nites", n) }},
	{name: "en-cues", from: []string{"start city is %s", "my journey begins in %s", "leaving from %s", "departing %s"},
		to:       []string{"destination is %s", "heading to %s", "I want arrive in %s", "ending up in %s"},
		days:     []glossDay{{"tomorrow", 1}, {"tomorrow morning", 1}},
		weekdays: []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
		weekday:  []string{"next %s"}, or: "or",
		nights: func(n int) string { return fmt.Sprintf("%d nights", n) }},
}

// drawDay draws a day phrase of l and the date it says from today.
func (l glossLanguage) drawDay(t *rapid.T, today nlu.Date) (string, string) {
	if rapid.Bool().Draw(t, "relative") {
		d := rapid.SampledFrom(l.days).Draw(t, "day")
		return d.text, today.AddDays(d.offset).String()
	}
	// Today's own weekday is asked (today or a week on?, round 19): drawn apart.
	ahead := rapid.IntRange(1, 6).Draw(t, "ahead")
	wd := (int(today.Weekday()) + ahead) % 7
	next := today.AddDays(ahead)
	return fmt.Sprintf(rapid.SampledFrom(l.weekday).Draw(t, "form"), l.weekdays[wd]), next.String()
}

// TestGlossedSentencesNeverStoreAnotherValue draws whole trip requests in
// each language of the gloss layer through the booking demo: each slot holds
// what the sentence said or nothing, never another value; a choice offered
// ("Denver or Miami") is nothing.
func TestGlossedSentencesNeverStoreAnotherValue(t *testing.T) {
	e := demo(t)
	var tried, read glossTally
	var missed []string
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.SampledFrom(glossLanguages).Draw(t, "language")
		today := nlu.Date{Year: 2026, Month: 1, Day: 1}.AddDays(rapid.IntRange(0, 700).Draw(t, "today"))
		from := rapid.SampledFrom(propCities).Draw(t, "from")
		to := rapid.SampledFrom(propCities).Filter(func(c string) bool { return c != from }).Draw(t, "to")
		day, want := l.drawDay(t, today)
		dest := fmt.Sprintf(rapid.SampledFrom(l.to).Draw(t, "toCue"), to)
		choice := rapid.IntRange(0, 3).Draw(t, "choice") == 0
		if choice {
			dest += " " + l.or + " " + rapid.SampledFrom(propCities).Filter(func(c string) bool { return c != to }).Draw(t, "other")
		}
		parts := []string{fmt.Sprintf(rapid.SampledFrom(l.from).Draw(t, "fromCue"), from), dest, day}
		order := rapid.Permutation([]int{0, 1, 2}).Draw(t, "order")
		text := "I need a flight " + parts[order[0]] + " " + parts[order[1]] + " " + parts[order[2]]
		slots := decideOnce(t, e, text, today)
		for slot, right := range map[string]string{"origin": from, "destination": to, "departure_date": want} {
			if v, ok := slots[slot]; ok && v != nil && !strings.EqualFold(format(v), right) {
				t.Fatalf("%s %q on %s: %s = %v, want %s or none", l.name, text, today, slot, v, right)
			}
		}
		if choice && slots["destination"] != nil {
			t.Fatalf("%s %q: destination %v, want none (a choice)", l.name, text, slots["destination"])
		}
		if !choice {
			tried.add(l.name)
			if slots["origin"] != nil && slots["destination"] != nil && slots["departure_date"] != nil {
				read.add(l.name)
			} else {
				missed = append(missed, fmt.Sprintf("%s %q on %s: %v", l.name, text, today, slots))
			}
		}
	})
	read.atLeast(t, tried, 0.9, missed)
}

// glossTally counts cases per language.
type glossTally map[string]int

func (g *glossTally) add(language string) {
	if *g == nil {
		*g = glossTally{}
	}
	(*g)[language]++
}

// atLeast fails t when fewer than share of the cases tried in a language
// were read whole: a property that only says "nothing wrong" would hold of
// readers that read nothing.
func (g glossTally) atLeast(t *testing.T, tried glossTally, share float64, missed []string) {
	t.Helper()
	for _, m := range missed {
		t.Log("not read whole:", m)
	}
	for language, n := range tried {
		t.Logf("%s: %d of %d read whole", language, g[language], n)
		if float64(g[language]) < share*float64(n) {
			t.Errorf("%s: %d of %d read whole, want at least %.0f%%", language, g[language], n, 100*share)
		}
	}
}

// TestGlossedAnswersNeverStoreAnotherValue draws answers to the hotel's
// check-in and nights questions in each language: the date or count said, or
// none (two counts offered, "deux ou trois nuits"), never another.
func TestGlossedAnswersNeverStoreAnotherValue(t *testing.T) {
	e, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	var tried, read glossTally
	var missed []string
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.SampledFrom(glossLanguages).Draw(t, "language")
		today := nlu.Date{Year: 2026, Month: 1, Day: 1}.AddDays(rapid.IntRange(0, 700).Draw(t, "today"))
		day, wantDay := l.drawDay(t, today)
		n := rapid.IntRange(1, maxGlossNights).Draw(t, "nights")
		nights := l.nights(n)
		choice := rapid.IntRange(0, 3).Draw(t, "choice") == 0
		if choice {
			nights = l.nights(rapid.IntRange(1, maxGlossNights).Filter(func(o int) bool { return o != n }).Draw(t, "other")) + " " + l.or + " " + nights
		}
		slots := playTexts(t, e, today, "I'd like to book a room in Lisbon", "Tagus View", day, nights)
		if v := slots["check_in"]; v != nil && format(v) != wantDay {
			t.Fatalf("%s %q on %s: check_in = %v, want %s or none", l.name, day, today, v, wantDay)
		}
		v := slots["nights"]
		if choice && v != nil || !choice && v != nil && format(v) != fmt.Sprint(n) {
			t.Fatalf("%s %q: nights = %v, want %d or none (choice %v)", l.name, nights, v, n, choice)
		}
		if !choice {
			tried.add(l.name)
			if v != nil && slots["check_in"] != nil {
				read.add(l.name)
			} else {
				missed = append(missed, fmt.Sprintf("%s %q, %q on %s: %v", l.name, day, nights, today, slots))
			}
		}
	})
	read.atLeast(t, tried, 0.9, missed)
}

// decideOnce plays text as the first message of a conversation with e on
// today and returns the slots.
func decideOnce(t *rapid.T, e *Engine, text string, today nlu.Date) map[string]any {
	return playTexts(t, e, today, text)
}

// playTexts plays the texts in turn as one conversation with e on today and
// returns the slots at the end.
func playTexts(t interface{ Fatal(args ...any) }, e *Engine, today nlu.Date, texts ...string) map[string]any {
	key := parley.ConversationKey{Bot: "b", ID: "p"}
	var state any = e.NewState(key)
	for i, text := range texts {
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(i + 1), State: state,
			Message: parley.Message{ID: fmt.Sprint(i), Text: text, SentAt: today.Time(time.UTC).Add(9*time.Hour + time.Duration(i)*time.Second)}})
		if err != nil {
			t.Fatal(err)
		}
		state = d.State
	}
	return state.(*State).Slots
}
