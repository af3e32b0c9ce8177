package nlu

import (
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Named days as dates (issue 38, round 18: "leap day", "pancake day", "st
// davids day", "mothers day in the uk"): moveable feasts counted from
// Easter, nth-weekday days, fixed days, leap day in leap years only, a
// country said of a holiday taking that country's day, and a holiday's
// name as an event whose day is no value of the trip.
func TestDateClassesHolidays19(t *testing.T) {
	now := time.Date(2028, 2, 24, 15, 30, 0, 0, time.UTC) // Thursday; Easter 2028 is April 16
	cases := []struct {
		text, want string // want "" is no date (asked again)
	}{
		// Moveable feasts, English, French, Spanish.
		{"pancake day", "2028-02-29"},
		{"shrove tuesday", "2028-02-29"},
		{"mardi gras", "2028-02-29"},
		{"fat tuesday", "2028-02-29"},
		{"martes de carnaval", "2028-02-29"},
		{"ash wednesday", "2028-03-01"},
		{"mercredi des cendres", "2028-03-01"},
		{"miércoles de ceniza", "2028-03-01"},
		{"dimanche des rameaux", "2028-04-09"},
		{"samedi saint", "2028-04-15"},
		{"ascension thursday", "2028-05-25"},
		{"jueves de la ascensión", "2028-05-25"},
		{"whitsunday", "2028-06-04"},
		{"domingo de pentecostés", "2028-06-04"},
		{"corpus christi day", "2028-06-15"},
		{"corpus christi", ""}, // a city too
		{"mothering sunday", "2028-03-26"},
		// Leap day: Feb 29 in a leap year; none in another.
		{"leap day", "2028-02-29"},
		{"leep day", "2028-02-29"}, // one edit, "day" beside it
		{"leap day, it feels lucky", "2028-02-29"},
		{"the day after leap day", "2028-03-01"},
		{"leap day 2029", ""},
		// Saints' and international days, short forms and spellings.
		{"st davids day", "2028-03-01"},
		{"saint david's day", "2028-03-01"},
		{"st davids", ""}, // the town
		{"st paddys", "2028-03-17"},
		{"st patricks", "2028-03-17"},
		{"paddy's day", "2028-03-17"},
		{"st george's day", "2028-04-23"},
		{"international women's day", "2028-03-08"},
		{"womens day", "2028-03-08"},
		{"día de la mujer", "2028-03-08"},
		{"journée internationale des droits des femmes", "2028-03-08"},
		{"pancak day", "2028-02-29"},
		// A country said of the holiday: its day; unknown: asked.
		{"mothers day in the uk", "2028-03-26"},
		{"mother's day in britain", "2028-03-26"},
		{"uk mothers day", "2028-03-26"},
		{"british mother's day", "2028-03-26"},
		{"mothers day in ireland", "2028-03-26"},
		{"mothers day", "2028-05-14"}, // the US day, the bots' English
		{"mothers day in the us", "2028-05-14"},
		{"american mothers day", "2028-05-14"},
		{"mother's day in mexico", "2028-05-10"},
		{"día de la madre en españa", "2028-05-07"},
		{"día de la madre", ""},          // Spain's or Mexico's
		{"mothers day in france", ""},    // its rule is not listed
		{"mothers day in morocco", ""},   // not listed
		{"uk mothers day in the us", ""}, // two countries
		{"father's day in australia", "2028-09-03"},
		{"fathers day", "2028-06-18"},
		{"fathers day in spain", "2028-03-19"},
		{"thanksgiving in canada", "2028-10-09"},
		{"canadian thanksgiving", "2028-10-09"},
		{"thanksgiving in the uk", ""},
		{"labor day", "2028-09-04"},
		{"labour day", ""},
		{"labour day in canada", "2028-09-04"},
		{"labour day in france", "2028-05-01"},
		{"fête du travail", ""},            // France's May 1 or Canada's September
		{"independence day", "2028-07-04"}, // no country named: the US day, as "labor day" (rounds 5, 16, 19)
		{"independence day in mexico", "2028-09-16"},
		{"christmas day in the uk", "2028-12-25"}, // the same everywhere
		{"summer bank holiday", "2028-08-28"},
		{"summer bank holiday in scotland", "2028-08-07"},
		{"spring bank holiday", "2028-05-29"},
		{"early may bank holiday", "2028-05-01"},
		{"august bank holiday", ""}, // the UK's last Monday, Ireland's first
		{"memorial day", "2028-05-29"},
	}
	for _, c := range cases {
		got, ok := ReadDate(c.text, now)
		if c.want == "" {
			if ok {
				t.Errorf("ReadDate(%q) = %s, want none", c.text, got)
			}
			continue
		}
		if !ok || got.String() != c.want {
			t.Errorf("ReadDate(%q) = %s, %v; want %s", c.text, got, ok, c.want)
		}
	}
	// In a sentence.
	for _, c := range []struct{ text, want string }{
		{"flight from tulsa to denver on leap day", "2028-02-29"},
		{"book me a flight to new orleans for pancake day", "2028-02-29"},
		{"training session on leap day", "2028-02-29"},
	} {
		if got, ok := FindDate(c.text, now); !ok || got.String() != c.want {
			t.Errorf("FindDate(%q) = %s, %v; want %s", c.text, got, ok, c.want)
		}
	}
	// Leap day said in a year whose next February has none.
	if got, ok := ReadDate("leap day", time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)); ok {
		t.Errorf("leap day in 2026 = %s, want none", got)
	}
	if got, ok := ReadDate("leap day", time.Date(2027, 12, 1, 12, 0, 0, 0, time.UTC)); !ok || got.String() != "2028-02-29" {
		t.Errorf("leap day in December 2027 = %s, %v", got, ok)
	}
	// A clause saying when a holiday is: an event's day, no trip's.
	for _, c := range []string{"mardi gras is on tuesday", "christmas eve is a sunday", "easter is the 16th"} {
		if !eventClause(c) {
			t.Errorf("eventClause(%q) = false", c)
		}
	}
	if at := EventAside("new orleans, mardi gras is on tuesday"); at != len("new orleans") {
		t.Errorf("EventAside = %d", at)
	}
}

// TestHolidayCountryProperty: a holiday said with a country, before or after
// its name, in any of the country's names, reads the line of that country
// (or its region's country), a line kept everywhere, or none; never another
// country's day.
func TestHolidayCountryProperty(t *testing.T) {
	type named struct {
		words []string
		code  string
	}
	var countries []named
	for _, cs := range holidayData().countryByWord {
		for _, c := range cs {
			countries = append(countries, named(c))
		}
	}
	slices.SortFunc(countries, func(a, b named) int { return strings.Compare(joinWords(a.words), joinWords(b.words)) })
	var tagged [][]holiday // the groups of lines with countries, by phrase
	seen := map[string]bool{}
	for _, first := range sortedKeys(holidaysByFirst()) {
		for _, h := range holidaysByFirst()[first] {
			p := joinWords(h.words)
			if len(h.countries) == 0 || seen[p] || h.anchor {
				continue
			}
			seen[p] = true
			var g []holiday
			for _, o := range holidaysByFirst()[first] {
				if joinWords(o.words) == p {
					g = append(g, o)
				}
			}
			tagged = append(tagged, g)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		today := genToday(t)
		g := rapid.SampledFrom(tagged).Draw(t, "holiday")
		c := rapid.SampledFrom(countries).Draw(t, "country")
		name, country := joinWords(g[0].words), joinWords(c.words)
		text := rapid.SampledFrom([]string{name + " in " + country, name + " in the " + country, country + " " + name, name + " " + country}).Draw(t, "form")
		got, ok := ReadDate(text, today.noon())
		var want []Date
		for code := c.code; code != ""; code = holidayData().parent[code] {
			for _, h := range g {
				for _, hc := range h.countries {
					if hc == code {
						want = append(want, h.in(today.Year), h.in(today.Year+1))
					}
				}
			}
			if len(want) > 0 {
				break
			}
		}
		if !ok {
			return // asked: never wrong
		}
		for _, w := range want {
			if got == w {
				return
			}
		}
		t.Fatalf("ReadDate(%q) on %s = %s, want one of %v or none", text, today, got, want)
	})
}
