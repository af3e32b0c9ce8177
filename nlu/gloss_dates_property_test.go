package nlu

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// relativeLanguage is a small grammar of one language's relative dates: in N
// days (N a digit or, up to ten, a word), next <weekday>, the day after
// tomorrow, tomorrow, and the parts of the day said after them.
type relativeLanguage struct {
	name                                string
	inDays                              []string // "%s" is the count
	numbers                             []string // one to ten, words
	weekdays                            []string // Sunday first
	nextWeekday                         []string // "%s" is the weekday
	afterTomorrow, tomorrow, partsOfDay []string
}

var relativeLanguages = []relativeLanguage{
	{name: "fr", inDays: []string{"dans %s jours"},
		numbers:     []string{"un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"},
		weekdays:    []string{"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"},
		nextWeekday: []string{"%s prochain", "%s qui vient"}, afterTomorrow: []string{"après-demain", "apres demain"},
		tomorrow: []string{"demain"}, partsOfDay: []string{"matin", "soir"}},
	{name: "es", inDays: []string{"en %s días", "dentro de %s días"},
		numbers:     []string{"uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"},
		weekdays:    []string{"domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"},
		nextWeekday: []string{"el próximo %s", "el %s que viene"}, afterTomorrow: []string{"pasado mañana"},
		tomorrow: []string{"mañana"}, partsOfDay: []string{"por la mañana", "por la tarde", "por la noche"}},
	{name: "darija-latin", inDays: []string{"men daba %s iyam"},
		numbers:     []string{"", "jouj", "tlata", "reb3a", "khamsa", "setta", "seb3a", "tmenya", "tes3a", "3echra"},
		weekdays:    []string{"l7ed", "letnin", "tlat", "larb3", "lkhmis", "jjem3a", "ssebt"},
		nextWeekday: []string{"%s jaya", "nhar %s jay"}, afterTomorrow: []string{"ba3d ghda", "ba3d ghedda"},
		tomorrow: []string{"ghda", "ghedda"}, partsOfDay: []string{"f sba7", "f l3chiya"}},
	{name: "ar", inDays: []string{"بعد %s أيام"},
		numbers:     []string{"", "", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة", "عشرة"},
		weekdays:    []string{"الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"},
		nextWeekday: []string{"%s القادم", "%s القادمة", "%s المقبلة"}, afterTomorrow: []string{"بعد غد", "بعد غدا"},
		tomorrow: []string{"غدا", "وغدا"}, partsOfDay: []string{"صباحا", "مساء"}},
}

// draw draws a relative date of l and the date it says from today.
func (l relativeLanguage) draw(t *rapid.T, today Date) (string, Date) {
	switch rapid.IntRange(0, 3).Draw(t, "kind") {
	case 0:
		n := rapid.IntRange(2, 10).Draw(t, "n")
		count := fmt.Sprint(n)
		if w := l.numbers[n-1]; w != "" && rapid.Bool().Draw(t, "word") {
			count = w
		}
		return fmt.Sprintf(rapid.SampledFrom(l.inDays).Draw(t, "in"), count), today.AddDays(n)
	case 1:
		wd := rapid.IntRange(0, 6).Draw(t, "weekday")
		ahead := (wd-int(today.Weekday())+6)%7 + 1
		return fmt.Sprintf(rapid.SampledFrom(l.nextWeekday).Draw(t, "next"), l.weekdays[wd]), today.AddDays(ahead)
	case 2:
		return rapid.SampledFrom(l.afterTomorrow).Draw(t, "after"), today.AddDays(2)
	default:
		text := rapid.SampledFrom(l.tomorrow).Draw(t, "tomorrow")
		if rapid.Bool().Draw(t, "part") {
			text += " " + rapid.SampledFrom(l.partsOfDay).Draw(t, "partOfDay")
		}
		return text, today.AddDays(1)
	}
}

// TestRelativeDatesNeverAnotherDate: a relative date drawn in each language
// is read as the day it says, from its own words or its gloss; with another
// day offered beside it, or a word no date reader places, it is that day or
// none, never another (issue 38: zero wrong values).
func TestRelativeDatesNeverAnotherDate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		today := DateOf(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)).AddDays(rapid.IntRange(0, 730).Draw(t, "today"))
		now := today.Time(time.UTC).Add(9 * time.Hour)
		l := rapid.SampledFrom(relativeLanguages).Draw(t, "language")
		text, want := l.draw(t, today)
		noisy := rapid.IntRange(0, 2).Draw(t, "noise")
		switch noisy {
		case 1:
			other, _ := l.draw(t, today)
			text += " " + rapid.SampledFrom([]string{"ou", "o", "wla", "أو"}).Draw(t, "or") + " " + other
		case 2:
			text += " " + rapid.SampledFrom([]string{"hôtel", "zwin", "كبير", "perro"}).Draw(t, "word")
		}
		got, read := ReadDate(text, now)
		if !read {
			got, read = ReadDate(Gloss(text), now)
		}
		switch {
		case read && got != want:
			t.Fatalf("%s %q on %s: read %s, want %s or none", l.name, text, today, got, want)
		case !read && noisy == 0:
			t.Fatalf("%s %q on %s: read nothing, want %s", l.name, text, today, want)
		}
	})
}
