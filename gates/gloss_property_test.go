package gates

import (
	"testing"

	"pgregory.net/rapid"
)

// glossDays are days said in the languages the seeds name and chat spellings,
// with the date each means from Thursday 2026-01-01.
var glossDays = []struct{ text, date string }{
	{"demain matin", "2026-01-02"}, {"demain soir", "2026-01-02"}, {"mañana por la mañana", "2026-01-02"},
	{"ghda f sbah", "2026-01-02"}, {"nhar ssebt", "2026-01-03"}, {"nhar jem3a", "2026-01-02"},
	{"nhar tlat", "2026-01-06"}, {"غدا صباحا", "2026-01-02"}, {"غدا فالصباح", "2026-01-02"},
	{"نهار السبت", "2026-01-03"}, {"بعد غد", "2026-01-03"}, {"يوم الاثنين", "2026-01-05"},
	{"tmrw", "2026-01-02"}, {"2moro", "2026-01-02"}, {"tomoz morning", "2026-01-02"},
	// Relative expressions as a class: in N days, next <weekday>, the day
	// after tomorrow, and the Arabic "and" glued to tomorrow.
	{"dans 3 jours", "2026-01-04"}, {"en tres días", "2026-01-04"}, {"men daba 3 iyam", "2026-01-04"},
	{"بعد ثلاثة أيام", "2026-01-04"}, {"vendredi prochain", "2026-01-02"}, {"el próximo viernes", "2026-01-02"},
	{"jjem3a jaya", "2026-01-02"}, {"الجمعة القادمة", "2026-01-02"}, {"pasado mañana", "2026-01-03"},
	{"ba3d ghda", "2026-01-03"}, {"وغدا", "2026-01-02"},
}

// TestGlossedDayIsTheOneSaidOrNone: a day drawn from glossDays, with chat
// politeness or the booking kind around it, or two days offered as a choice,
// stores the day said or none at booking-1, never another (issue 38: zero
// wrong values).
func TestGlossedDayIsTheOneSaidOrNone(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		a := rapid.SampledFrom(glossDays).Draw(rt, "day")
		text, want := a.text, a.date
		switch rapid.IntRange(0, 3).Draw(rt, "form") {
		case 1:
			text += rapid.SampledFrom([]string{" pls", " plz", ", a video call", ", a training session"}).Draw(rt, "around")
		case 2:
			b := rapid.SampledFrom(glossDays).Draw(rt, "other")
			text += rapid.SampledFrom([]string{" wla ", " ou ", " o ", " or "}).Draw(rt, "or") + b.text
			if b.date != a.date {
				want = "" // a choice of two days is no day
			}
		case 3:
			text = rapid.SampledFrom([]string{"ok ", "wakha ", "d'accord ", "vale "}).Draw(rt, "ack") + text
		}
		c := newConversation(t, demoEngine(t, nil))
		for _, u := range coachToBooking {
			c.say(u)
		}
		c.say(text)
		got := c.runtime().FactValues["booking_date"]
		if got != "" && got != want {
			rt.Fatalf("%q: stored %q, want %q or none", text, got, want)
		}
	})
}
