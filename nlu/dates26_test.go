package nlu

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// dates26Now is Saturday 13 September 2031, morning (round 25's sending
// time: Constitution Day Wednesday 09-17, Columbus Day Monday 10-13, Veterans
// Day Tuesday 11-11, Thanksgiving Thursday 11-27).
var dates26Now = time.Date(2031, 9, 13, 8, 25, 0, 0, time.UTC)

// TestDates26Observances: the federal observances of 36 U.S.C. ch. 1 added
// to holidays.txt, each by its rule, over several years; "constitution day"
// of another country is that country's.
func TestDates26Observances(t *testing.T) {
	for _, c := range []struct {
		text string
		year int
		want string
	}{
		{"constitution day", 2031, "2031-09-17"},
		{"constitution day", 2027, "2027-09-17"},
		{"citizenship day", 2029, "2029-09-17"},
		{"constitution day in spain", 2031, "2031-12-06"},
		{"mexican constitution day", 2032, "2032-02-02"}, // the first Monday of February 2032
		{"patriot day", 2030, "2030-09-11"},
		{"armed forces day", 2027, "2027-05-15"}, // the third Saturday of May
		{"armed forces day", 2028, "2028-05-20"},
		{"armed forces day", 2030, "2030-05-18"},
		{"uk armed forces day", 2027, "2027-06-26"}, // the last Saturday of June
		{"national day of prayer", 2027, "2027-05-06"},
		{"national day of prayer", 2029, "2029-05-03"},
		{"pearl harbor remembrance day", 2030, "2030-12-07"},
		{"leif erikson day", 2031, "2031-10-09"},
		{"juneteenth national independence day", 2031, "2032-06-19"},
		{"national aviation day", 2027, "2027-08-19"},
	} {
		now := time.Date(c.year, 1, 1, 12, 0, 0, 0, time.UTC)
		if c.year == 2031 {
			now = dates26Now
		}
		if got := readDateString(c.text, now); got != c.want {
			t.Errorf("ReadDate(%q) in %d = %q, want %q", c.text, c.year, got, c.want)
		}
	}
}

// TestDates26RestatedDay: a holiday's day of the month said after it is
// read with it when it agrees, and asks when it does not.
func TestDates26RestatedDay(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"veterans day, the 11th", "2031-11-11"},
		{"veterans day the 11th", "2031-11-11"},
		{"halloween, the 31st", "2031-10-31"},
		{"christmas day, 25th", "2031-12-25"},
		{"thanksgiving, the 27th", "2031-11-27"},
		{"columbus day, the 13th", "2031-10-13"},
		{"veterans day, the 12th", ""},
		{"thanksgiving, the 28th", ""},
		{"constitution day, the 18th", ""},
	} {
		if got := readDateString(c.text, dates26Now); got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestDates26Approximate: a date said only near the day meant is asked;
// a hedge of certainty ("probably", "maybe") keeps the day (rounds 4, 10
// and 13 read it: the flows test); an hour said near a time is no
// approximate day.
func TestDates26Approximate(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"around the 20th", ""},
		{"roughly the 20th", ""},
		{"approximately the 20th", ""},
		{"sometime around friday", ""},
		{"the 20th-ish", ""},
		{"20th ish", ""},
		{"the 20th or so", ""},
		{"friday or thereabouts", ""},
		{"about the 20th", ""},
		{"leaving about the 20th", ""},
		{"friday around 6", "2031-09-19"},
		{"friday, around 6pm", "2031-09-19"},
		{"the 20th", "2031-09-20"},
	} {
		if got := readDateString(c.text, dates26Now); got != c.want {
			t.Errorf("ReadDate(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		text string
		want bool
	}{
		{"fly to denver around the 20th", true},
		{"fly to denver on the 20th", false},
		{"what about the 20th", false},
		{"thinking about friday", false},
		{"arriving friday around 3pm", false},
	} {
		if got := SaysApproximately(c.text, dates26Now); got != c.want {
			t.Errorf("SaysApproximately(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestDates26ApproximateProperty: any date the readers read, said after an
// approximator or before an approximate tail, is read as no date.
func TestDates26ApproximateProperty(t *testing.T) {
	dates := []string{"the 20th", "friday", "october 3", "the 3rd of october", "tomorrow", "columbus day", "9/20"}
	rapid.Check(t, func(t *rapid.T) {
		d := rapid.SampledFrom(dates).Draw(t, "date")
		if _, ok := ReadDate(d, dates26Now); !ok {
			t.Fatalf("ReadDate(%q) reads none", d)
		}
		var text string
		if rapid.Bool().Draw(t, "before") {
			text = rapid.SampledFrom([]string{"around", "roughly", "approximately", "sometime around", "circa"}).Draw(t, "approx") + " " + d
		} else {
			text = d + rapid.SampledFrom([]string{"-ish", " ish", " or so", " or thereabouts", ", give or take"}).Draw(t, "tail")
		}
		if got, ok := ReadDate(text, dates26Now); ok {
			t.Fatalf("ReadDate(%q) = %s, want none", text, got)
		}
		if got, ok := FindDate("fly to denver "+text, dates26Now); ok && SaysApproximately("fly to denver "+text, dates26Now) == false {
			t.Fatalf("FindDate(%q) = %s and not approximate", text, got)
		}
	})
}

// TestDates26Places: a holiday's name holds no city; a region phrase is no
// typo of a city; a region with a free choice of city is asked; a town
// with its state, typos in both or an area word after, is read; a name's
// abbreviation with its period ends no sentence.
func TestDates26Places(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"denver for columbus day", []string{"Denver"}},
		{"columbus on the 20th", []string{"Columbus"}},
	} {
		if got := FindCities(c.text); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("FindCities(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"gulf coast", ""},
		{"los angelos", "Los Angeles"},
		{"las vagas", "Las Vegas"},
	} {
		if got, _ := MatchCity(c.text); got != c.want {
			t.Errorf("MatchCity(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		text string
		want bool
	}{
		{"florida, any city", true},
		{"texas - anywhere", true},
		{"florida", false},
		{"miami, any day", false},
	} {
		if got := RegionAnyPlace(c.text); got != c.want {
			t.Errorf("RegionAnyPlace(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"seatle washingtn", "Seattle"},
		{"seattle washingtn", "Seattle"},
		{"buffalo new york area", "Buffalo"},
		{"tampa fl metro area", "Tampa"},
		{"buffalo area", ""}, // no state: left to the other readers
	} {
		if got, _, _ := CityInState(c.text); got != c.want {
			t.Errorf("CityInState(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		text string
		want int
	}{
		{"St. John's", -1},
		{"Mt. Pleasant, thanks", -1},
		{"Norfolk. John's driving", 9},
	} {
		if got := SideClause(c.text); got != c.want {
			t.Errorf("SideClause(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
