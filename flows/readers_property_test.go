package flows

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

var (
	propCities   = []string{"Boston", "Denver", "Seattle", "Miami", "Chicago", "Austin", "Phoenix", "Dallas"}
	propMonthsF  = []string{"", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
	propDaysF    = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	propOrdinalF = []string{"", "first", "second", "third", "fourth"}
)

// propDate draws a date phrase of the grammar with the date it says from
// today (a weekday of a month, a month and day, a span of days, a span from a
// weekday: "a week from Monday", whose "from" is no origin's cue).
func propDate(t *rapid.T, today nlu.Date) (string, string) {
	switch rapid.IntRange(0, 3).Draw(t, "dateKind") {
	case 3:
		wd := time.Weekday(rapid.IntRange(0, 6).Draw(t, "weekday"))
		n := rapid.IntRange(1, 3).Draw(t, "weeks")
		next := today.AddDays((int(wd)-int(today.Weekday())+6)%7 + 1)
		return fmt.Sprintf("%s from %s", []string{"", "a week", "two weeks", "3 weeks"}[n], propDaysF[wd]), next.AddDays(7 * n).String()
	case 0:
		m := time.Month(rapid.IntRange(1, 12).Draw(t, "month"))
		n := rapid.IntRange(1, 4).Draw(t, "n")
		wd := time.Weekday(rapid.IntRange(0, 6).Draw(t, "weekday"))
		for y := today.Year; ; y++ {
			first := time.Date(y, m, 1, 12, 0, 0, 0, time.UTC)
			d := nlu.DateOf(first.AddDate(0, 0, (int(wd)-int(first.Weekday())+7)%7+7*(n-1)))
			if !d.Before(today) {
				return fmt.Sprintf("on the %s %s of %s", propOrdinalF[n], propDaysF[wd], propMonthsF[m]), d.String()
			}
		}
	case 1:
		m := time.Month(rapid.IntRange(1, 12).Draw(t, "month"))
		day := rapid.IntRange(1, 28).Draw(t, "day")
		d := nlu.Date{Year: today.Year, Month: m, Day: day}
		if d.Before(today) {
			if !d.Before(today.AddDays(-92)) {
				// Passed within the last quarter: a mistake, asked again.
				return fmt.Sprintf("on %s %d", propMonthsF[m], day), ""
			}
			d.Year++
		}
		if last := (nlu.Date{Year: today.Year - 1, Month: m, Day: day}); !last.Before(today.AddDays(-31)) {
			return fmt.Sprintf("on %s %d", propMonthsF[m], day), ""
		}
		return fmt.Sprintf("on %s %d", propMonthsF[m], day), d.String()
	}
	n := rapid.IntRange(1, 40).Draw(t, "days")
	return fmt.Sprintf("in %d days", n), today.AddDays(n).String()
}

// TestBookingSentencesNeverStoreAnotherValue plays first messages drawn from
// a grammar of places and dates, in capitals or not, with or without a noise
// that makes a value unsure (a second city offered, "sometime", a question),
// through the booking demo: each slot ends with the value the sentence said
// or none, never another (issue 38): a weekday after "from" is a date, not an
// origin.
func TestBookingSentencesNeverStoreAnotherValue(t *testing.T) {
	e := demo(t)
	rapid.Check(t, func(t *rapid.T) {
		today := nlu.Date{Year: 2026, Month: 1, Day: 1}.AddDays(rapid.IntRange(0, 700).Draw(t, "today"))
		from := rapid.SampledFrom(propCities).Draw(t, "from")
		to := rapid.SampledFrom(propCities).Filter(func(c string) bool { return c != from }).Draw(t, "to")
		date, want := propDate(t, today)
		forms := []string{"I need a flight from %[1]s to %[2]s %[3]s", "book a flight to %[2]s from %[1]s %[3]s",
			"%[3]s I want to fly from %[1]s to %[2]s", "I need a flight %[3]s from %[1]s to %[2]s please",
			// The origin said without its cue, before the destination's.
			"flight %[1]s to %[2]s %[3]s", "need a flight %[1]s to %[2]s %[3]s please"}
		text := fmt.Sprintf(rapid.SampledFrom(forms).Draw(t, "form"), from, to, date)
		noise := rapid.IntRange(0, 4).Draw(t, "noise")
		switch noise {
		case 1:
			text = strings.Replace(text, " to "+to, " to "+to+" or "+rapid.SampledFrom(propCities).Draw(t, "other"), 1)
		case 2:
			text = strings.Replace(text, date, "sometime "+date, 1)
		case 3:
			text = "can you tell me if there is a flight from " + from + " to " + to + "?"
		case 4:
			// An idiom with an ordinal is no day of the month.
			text = rapid.SampledFrom([]string{"on second thought, ", "third time lucky: ", "at first "}).Draw(t, "idiom") + text
		}
		if rapid.Bool().Draw(t, "caps") {
			text = strings.ToUpper(text)
		}
		key := parley.ConversationKey{Bot: "booking", ID: "p"}
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: 1, State: e.NewState(key),
			Message: parley.Message{ID: "m", Text: text, SentAt: today.Time(time.UTC).Add(9 * time.Hour)}})
		if err != nil {
			t.Fatal(err)
		}
		slots := d.State.(*State).Slots
		for slot, right := range map[string]string{"origin": from, "destination": to, "departure_date": want} {
			if v, ok := slots[slot]; ok && v != nil && !strings.EqualFold(format(v), right) {
				t.Fatalf("%q on %s: %s = %v, want %s or none", text, today, slot, v, right)
			}
		}
		if noise == 0 && (slots["origin"] == nil || slots["destination"] == nil || slots["departure_date"] == nil && want != "") {
			t.Fatalf("%q on %s: slots %v, want all three read", text, today, slots)
		}
	})
}

// TestHotelAnswersNeverStoreAnotherHotel answers "which hotel?" (Lisbon's
// hotels offered) with a listed hotel in any case, with fillers around it or
// a letter dropped, or with words that name none (a yes, a hotel not on the
// list, two hotels): the slot ends with the hotel said or none, never
// another, and never the words typed.
func TestHotelAnswersNeverStoreAnotherHotel(t *testing.T) {
	e, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	hotels := []string{"Alfama Garden", "Tagus View", "Bairro Loft"}
	rapid.Check(t, func(t *rapid.T) {
		want := rapid.SampledFrom(hotels).Draw(t, "hotel")
		said := want
		switch rapid.IntRange(0, 7).Draw(t, "spelling") {
		case 1:
			said = strings.ToLower(said)
		case 2:
			said = strings.ToUpper(said)
		case 3:
			i := rapid.IntRange(1, len(said)-2).Draw(t, "drop")
			if said[i] != ' ' && said[i-1] != ' ' {
				said = said[:i] + said[i+1:]
			}
		case 4:
			// Dictated in pieces: a space inside a word ("tag us view").
			i := rapid.IntRange(1, len(said)-2).Draw(t, "split")
			if said[i] != ' ' && said[i-1] != ' ' {
				said = said[:i] + " " + said[i:]
			}
		case 5:
			// A word only its name holds ("tagus", "the loft one").
			said = rapid.SampledFrom(strings.Fields(said)).Draw(t, "part")
		case 6:
			// Its price, or a bound only it is under or over.
			said = rapid.SampledFrom(hotelByPrice[want]).Draw(t, "price")
		case 7:
			// Its stars, in figures or words.
			said = rapid.SampledFrom(hotelByStars[want]).Draw(t, "stars")
		}
		text := rapid.SampledFrom([]string{"", "the ", "I'd like ", "we'll take the "}).Draw(t, "before") + said +
			rapid.SampledFrom([]string{"", " please", " pls", ", thanks", " one"}).Draw(t, "after")
		switch rapid.IntRange(0, 5).Draw(t, "noise") {
		case 1:
			text, want = rapid.SampledFrom([]string{"yes", "sure", "the Hilton", "Ribeira House", "no idea", "the hotel",
				"the Lisbon one", "the two star one", "the one under 150", "the 75 one", "the one over 100"}).Draw(t, "other"), ""
		case 2:
			other := rapid.SampledFrom(hotels).Filter(func(h string) bool { return h != want }).Draw(t, "second")
			text, want = text+" or "+other, ""
		case 3:
			// The one said is the one not wanted.
			text, want = rapid.SampledFrom([]string{"not ", "anything except ", "pas "}).Draw(t, "not")+said, ""
		}
		retracted := rapid.IntRange(0, 4).Draw(t, "retract") == 1
		if retracted {
			// A retraction then the answer: a correction, never a cancel.
			text = rapid.SampledFrom([]string{"never mind, ", "nvm, ", "scratch that, ", "Never mind - ", "oh wait no, ",
				"forget that, "}).Draw(t, "lead") + text
		}
		s := playToHotelName(t, e, text)
		if retracted && want != "" && s.CurrentFlow != "book_hotel" {
			t.Fatalf("%q: the booking was cancelled", text)
		}
		if got, ok := s.Slots["hotel_name"]; ok && got != nil && format(got) != want {
			t.Fatalf("%q: hotel_name = %v, want %q or none", text, got, want)
		}
		if want != "" && !retracted && strings.Count(text, " ") <= 6 && s.Slots["hotel_name"] == nil && !strings.Contains(text, "one") && !strings.Contains(text, "the the") {
			t.Fatalf("%q: no hotel read, want %q", text, want)
		}
	})
}

// hotelByPrice and hotelByStars are answers that pick one of Lisbon's demo
// hotels by its price or its stars alone.
var (
	hotelByPrice = map[string][]string{
		"Alfama Garden": {"the 120 one", "the one for 120", "120"},
		"Tagus View":    {"the 90 one", "the one under 100", "anything below 100", "le moins de 100"},
		"Bairro Loft":   {"the 210 one", "the one over 200", "more than 150"},
	}
	hotelByStars = map[string][]string{
		"Alfama Garden": {"the 4 star one", "four stars", "the four-star one"},
		"Tagus View":    {"the 3-star one", "three star", "3 stars"},
		"Bairro Loft":   {"the five star one", "5 stars", "five-star"},
	}
)

// playToHotelName plays the hotel demo to its hotel question in Lisbon and
// then text, and returns the state.
func playToHotelName(t *rapid.T, e *Engine, text string) *State {
	key := parley.ConversationKey{Bot: "hotel", ID: "ph"}
	var state any = e.NewState(key)
	for i, m := range []string{"I'd like to book a room", "Lisbon", text} {
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(i + 1), State: state,
			Message: parley.Message{Text: m, SentAt: time.Date(2026, 3, 9, 9, 0, i, 0, time.UTC)}})
		if err != nil {
			t.Fatal(err)
		}
		state = d.State
	}
	return state.(*State)
}

// TestRecordValuesAreTheClosedSet: a text slot with search records lists their
// values (parley check answers it with one); other slots list none.
func TestRecordValuesAreTheClosedSet(t *testing.T) {
	e, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flow, slot string
		want       []string
	}{
		{"book_hotel", "hotel_name", []string{"Alfama Garden", "Bairro Loft", "Tagus View"}},
		{"book_hotel", "city", nil},
		{"book_hotel", "no_such_slot", nil},
		{"no_such_flow", "hotel_name", nil},
	} {
		got := e.RecordValues(tc.flow, tc.slot)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("RecordValues(%s, %s) = %v, lacks %q", tc.flow, tc.slot, got, w)
			}
		}
		if tc.want == nil && got != nil {
			t.Errorf("RecordValues(%s, %s) = %v, want none", tc.flow, tc.slot, got)
		}
	}
}

// TestCityAnswersNeverStoreAnotherCity answers "which city?" of the hotel
// demo with a city drawn with noise: its country after it, a typo of one edit
// (a letter dropped, doubled or swapped with the next), a story before it
// (with a past clause naming another place), a frame of a few words or a
// choice. The slot ends with the city said or none, never another, and
// never the words typed, unless the typo is itself a town GeoNames lists,
// ("Libon", "libon" for "Lisbon"): the place the user wrote.
func TestCityAnswersNeverStoreAnotherCity(t *testing.T) {
	e, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	cities := map[string]string{"Lisbon": "Portugal", "Porto": "Portugal", "Denver": "USA", "Edinburgh": "Scotland",
		"Amsterdam": "the Netherlands", "Chicago": "USA", "Helsinki": "Finland", "Warsaw": "Poland", "Marseille": "France",
		"Stockholm": "Sweden", "Toronto": "Canada", "Budapest": "Hungary"}
	names := slices.Sorted(maps.Keys(cities))
	rapid.Check(t, func(t *rapid.T) {
		want := rapid.SampledFrom(names).Draw(t, "city")
		said := want
		switch rapid.IntRange(0, 3).Draw(t, "typo") {
		case 1:
			i := rapid.IntRange(1, len(said)-1).Draw(t, "drop")
			said = said[:i] + said[i+1:]
		case 2:
			i := rapid.IntRange(1, len(said)-1).Draw(t, "double")
			said = said[:i] + said[i-1:]
		case 3:
			i := rapid.IntRange(1, len(said)-2).Draw(t, "swap")
			said = said[:i] + string(said[i+1]) + string(said[i]) + said[i+2:]
		}
		if rapid.Bool().Draw(t, "lower") {
			said = strings.ToLower(said)
		}
		typed := said
		if rapid.Bool().Draw(t, "country") {
			said += rapid.SampledFrom([]string{" ", ", ", " in "}).Draw(t, "link") + cities[want]
		}
		before := rapid.SampledFrom([]string{"", "", "it's for ", "in ", "à ", "well, long story, but my sister lives in ",
			"we went to Spain last year and this time we want ", "we've been saving all year to spend a week in "}).Draw(t, "before")
		text := before + said
		switch rapid.IntRange(0, 4).Draw(t, "noise") {
		case 1:
			other := rapid.SampledFrom(names).Filter(func(c string) bool { return c != want }).Draw(t, "other")
			text, want = text+" or "+other, ""
		case 2:
			text, want = rapid.SampledFrom([]string{"not ", "anywhere but ", "pas "}).Draw(t, "not")+said, ""
		case 3:
			text, want = "we stayed in "+said+" last year", ""
		}
		s := playToCity(t, e, text)
		if got, ok := s.Slots["city"]; ok && got != nil && strings.EqualFold(format(got), typed) && nlu.IsGeoNamesTown(format(got)) && want != "" {
			// "Libon" (a town of Albay) for "Lisbon": a real place typed is
			// read as typed, never corrected (places19: "Paro" is no
			// "Faro"). The towns list keeps no country, so "libon, Portugal"
			// reads the town too (a known limit, as "Braga, USA").
			return
		}
		if got, ok := s.Slots["city"]; ok && got != nil && format(got) != want {
			t.Fatalf("%q: city = %v, want %q or none", text, got, want)
		}
	})
}

// playToCity plays the hotel demo to its city question and then text, and
// returns the state.
func playToCity(t *rapid.T, e *Engine, text string) *State {
	key := parley.ConversationKey{Bot: "hotel", ID: "pc"}
	var state any = e.NewState(key)
	for i, m := range []string{"I need a hotel", text} {
		d, err := e.Decide(context.Background(), parley.Turn{Conversation: key, Index: int64(i + 1), State: state,
			Message: parley.Message{Text: m, SentAt: time.Date(2026, 3, 9, 9, 0, i, 0, time.UTC)}})
		if err != nil {
			t.Fatal(err)
		}
		state = d.State
	}
	return state.(*State)
}
