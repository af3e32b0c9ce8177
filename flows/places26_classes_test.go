package flows

import (
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/parleyhq/parley/nlu"
)

// r26Set is the sending time of round 24's classes, as the development set
// was sent: Tuesday 8 October 2030, in the morning.
var r26Set = func(bot string) heldOutSet {
	return heldOutSet{Bot: bot, SentAt: time.Date(2030, 10, 8, 9, 10, 0, 0, time.UTC), CheckIn: "October 20"}
}

// TestPlaces26SpellingKept: a city only the gazetteer holds, named by a
// spelling GeoNames lists for it near its main name, is stored as the user
// spelt it (issue 38 item 7), in any case and after a cue or before a
// courtesy; another language's name of it, and a lexicon city's other
// names, are stored by the bot's name.
func TestPlaces26SpellingKept(t *testing.T) {
	playClassCasesSent(t, r26Set, map[string][]heldOutCase{
		"booking": {
			r6("origin", "Legazpi, Dios mabalos", map[string]string{"origin": "Legazpi"}),
			r6("origin", "marhay na aga, from Legazpi", map[string]string{"origin": "Legazpi"}),
			r6("origin", "legazpi", map[string]string{"origin": "Legazpi"}),
			r6("origin", "Legaspi", map[string]string{"origin": "Legaspi"}),
			r6("origin", "Uzhhorod, дякую", map[string]string{"origin": "Uzhhorod"}),
			r6("origin", "Grozny", map[string]string{"origin": "Grozny"}),
			r6("destination", "go Corcaigh", map[string]string{"destination": "Cork"}),
			r6("origin", "Kiev", map[string]string{"origin": "Kyiv"}),
		},
	})
}

// TestPlaces26SameCityTwoSpellings: a destination that names the origin's
// city in another spelling is no trip (differs_from), asked again.
func TestPlaces26SameCityTwoSpellings(t *testing.T) {
	booking, err := DemoFor("booking")
	if err != nil {
		t.Fatal(err)
	}
	got := playTexts(t, booking, r26Day, "I want to book a flight", "Uzhgorod", "Uzhhorod")
	if got["origin"] != "Uzhgorod" || got["destination"] != nil {
		t.Errorf("Uzhgorod then Uzhhorod: %v, want the destination asked again", got)
	}
}

// TestPlaces26HotelPick: at the hotel question a definite description of a
// hotel by its stars picks the one of the city's that has them, or asks
// when none does; it is never a new search, nor a star rating stored. A
// pick with a reason after a comma ("the cheapest, cranberries don't pay
// much") is the pick; a reason that names another hotel, or a name
// declined, is asked again.
func TestPlaces26HotelPick(t *testing.T) {
	playClassCasesSent(t, r26Set, map[string][]heldOutCase{
		"hotel": {
			r6("hotel_name", "the 2 star hotel, please", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the 3 star hotel, please", map[string]string{"hotel_name": "Tagus View"}),
			r6("hotel_name", "2 star hotel", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the cheapest, cranberries don't pay much", map[string]string{"hotel_name": "Tagus View"}),
			r6("hotel_name", "tagus view, the kids love rivers", map[string]string{"hotel_name": "Tagus View"}),
			r6("hotel_name", "the cheapest, the loft looks nicer", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "the cheapest, the 5 star one is too much", map[string]string{"hotel_name": ""}),
			r6("hotel_name", "alfama garden, nah thanks", map[string]string{"hotel_name": ""}),
		},
	})
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	if got := playTexts(t, hotel, r26Day, "I'd like to book a room", "Porto", "the 2 star hotel, please"); got["hotel_name"] != "Douro Rooms" {
		t.Errorf("the 2 star hotel in Porto: %v, want Douro Rooms", got)
	}
	if got := playTexts(t, hotel, r26Day, "I'd like to book a room", "Lisbon", "the 2 star hotel, please"); got["stars"] != nil {
		t.Errorf("the 2 star hotel in Lisbon stored stars %v: a description is no search", got["stars"])
	}
}

// r26Day is r26Set's day.
var r26Day = nlu.Date{Year: 2030, Month: 10, Day: 8}

// TestPlaces26FirstMessagePlace: a first message that is wholly a place
// after its slot's cue and a verb of going, or after a verb one flow's
// keywords open with, starts that flow with the place; a word no cue
// accounts for, a question, or a cue and a place with no verb start none.
func TestPlaces26FirstMessagePlace(t *testing.T) {
	playClassCasesSent(t, r26Set, map[string][]heldOutCase{
		"booking": {
			r6("start", "leaving out of raleigh", map[string]string{"origin": "Raleigh"}),
			r6("start", "book me to denver", map[string]string{"destination": "Denver", "origin": ""}),
			r6("start", "departing from boston pls", map[string]string{"origin": "Boston"}),
		},
		"hotel": {
			r6("start", "book me into porto", map[string]string{"city": "Porto"}),
			r6("start", "reserve porto", map[string]string{"city": "Porto"}),
		},
	})
	for _, c := range []struct{ bot, text, flow string }{
		{"booking", "leaving out of raleigh", "book_flight"},
		{"hotel", "book me into porto", "book_hotel"},
		{"booking", "I'm from denver", FlowNone},
		{"booking", "leaving out of raleigh?", FlowNone},
		{"booking", "from denver", FlowNone},
		{"booking", "leaving tomorrow", FlowNone},
		{"hotel", "book me into the alfama garden", FlowNone},
		{"hotel", "porto", FlowNone},
	} {
		if _, flow := playTails23(t, c.bot, "start", c.text); flow != c.flow {
			t.Errorf("%s at start %q: flow %s, want %s", c.bot, c.text, flow, c.flow)
		}
	}
}

// TestPlaces26FirstMessageWordOutsideCueProperty: a first message of a
// cue, a known city and a word no cue of the slot holds before them ("i'm
// leaving out of denver" kind, with a subject or a remark) starts no flow
// by the place alone: whatever starts, no origin other than the city said
// is stored.
func TestPlaces26FirstMessageWordOutsideCueProperty(t *testing.T) {
	cities := []string{"denver", "boston", "raleigh", "Chicago", "miami"}
	lead := []string{"my sister", "honestly", "we", "the kids", "sadly"}
	cues := []string{"leaving out of", "leaving from", "departing from"}
	rapid.Check(t, func(rt *rapid.T) {
		city := rapid.SampledFrom(cities).Draw(rt, "city")
		text := rapid.SampledFrom(lead).Draw(rt, "lead") + " " + rapid.SampledFrom(cues).Draw(rt, "cue") + " " + city
		got, flow := playTails23(rt, "booking", "start", text)
		if o, ok := got["origin"]; ok && !strings.EqualFold(o, city) {
			rt.Fatalf("%q: origin %q in %s", text, o, flow)
		}
		if len(got) > 0 && flow == FlowNone {
			rt.Fatalf("%q: stored %v with no flow", text, got)
		}
	})
}

// TestPlaces26TyposWithTails: a known city mistyped before a courtesy and a
// beneficiary tail is the city; an offered hotel's name with a slip in
// each word is that hotel when no other is as near.
func TestPlaces26TyposWithTails(t *testing.T) {
	playClassCasesSent(t, r26Set, map[string][]heldOutCase{
		"hotel": {
			r6("city", "lisbn for us pls", map[string]string{"city": "Lisbon"}),
			r6("book.city", "lisbn for us pls", map[string]string{"city": "Lisbon"}),
			r6("city", "prto for us pls", map[string]string{"city": "Porto"}),
			r6("hotel_name", "bairo lfot", map[string]string{"hotel_name": "Bairro Loft"}),
			r6("hotel_name", "the bairo lfot pls", map[string]string{"hotel_name": "Bairro Loft"}),
			r6("hotel_name", "tgus veiw", map[string]string{"hotel_name": "Tagus View"}),
			r6("hotel_name", "alfma lfot", map[string]string{"hotel_name": ""}),
		},
		"booking": {
			r6("origin", "denvr for us pls", map[string]string{"origin": "Denver"}),
		},
	})
}

// TestPlaces26CuedGazetteerCity: after a place's cue, a city of the
// gazetteer whose name the lexicons hold only as a name or as a word of
// another language ("salem", a Kazakh greeting) is that city, before a
// reason clause too; an ordinary English word after the cue is none.
func TestPlaces26CuedGazetteerCity(t *testing.T) {
	playClassCasesSent(t, r26Set, map[string][]heldOutCase{
		"booking": {
			r6("origin", "out of salem, the store's mobbed", map[string]string{"origin": "Salem"}),
			r6("origin", "from salem", map[string]string{"origin": "Salem"}),
			r6("destination", "to salem", map[string]string{"destination": "Salem"}),
			r6("origin", "out of reading", map[string]string{"origin": ""}),
			r6("origin", "from home", map[string]string{"origin": ""}),
		},
	})
}
