package nlu

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestTurkicCaseEndingAfterApostrophe: the Turkic languages beyond Turkish
// write a case ending after an apostrophe on a place's name (issue 38 round
// 19: "Simferopol'ge, sağ ol" stored "Simferopol'ge"); the ending and a
// thanks after a comma are read away, and the name is read as the place.
func TestTurkicCaseEndingAfterApostrophe(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Simferopol'ge, sağ ol", "Simferopol"},
		{"Bakı'ya", "Bakı"},
		{"Gəncə'yə", "Gəncə"},
		{"Bakı'dan", "Bakı"},
		{"Şəki'də", "Şəki"},
		{"Kazan'ğa", "Kazan"},
		{"Kazan'ga", "Kazan"},
		{"Toshkent'ga", "Toshkent"},
		{"Samarqand'ning", "Samarqand"},
		{"Ankara'dan", "Ankara"},
	} {
		got, ok := PlaceCore(c.in)
		if !ok || got != c.want {
			t.Errorf("PlaceCore(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"Zorvatan'xy", true},
		{"Simferopol'qz", true},
		{"Boston's", false},
		{"Denver'll", false},
		{"O'Hare", false},
		{"Sana'a", false},
		{"rock'n", false},
		{"Zorvatan", false},
	} {
		if got := HasUnreadCaseEnding(c.in); got != c.want {
			t.Errorf("HasUnreadCaseEnding(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// TestTurkicCaseEndingProperty: a known city of one word with any case
// ending of the list after an apostrophe reads as that city's name, never as
// the word typed; a made-up name with an ending no list holds is never a
// name as typed (HasUnreadCaseEnding).
func TestTurkicCaseEndingProperty(t *testing.T) {
	var names []string
	for c := range cities {
		if !strings.ContainsAny(c, " .") && len(c) >= 4 {
			names = append(names, c)
		}
	}
	var endings []string
	for e := range placeMarkers.suffix {
		endings = append(endings, e)
	}
	rapid.Check(t, func(rt *rapid.T) {
		city := rapid.SampledFrom(names).Draw(rt, "city")
		end := rapid.SampledFrom(endings).Draw(rt, "ending")
		typed := city + "'" + end
		if got, ok := PlaceCore(typed); !ok || got != city {
			rt.Fatalf("PlaceCore(%q) = %q, %v; want %q", typed, got, ok, city)
		}
		tail := rapid.StringMatching(`[a-z]{1,4}`).Draw(rt, "tail")
		made := "Zq" + rapid.StringMatching(`[a-z]{3,6}`).Draw(rt, "stem") + "'" + tail
		if !englishContractionEnds[tail] && !HasUnreadCaseEnding(made) {
			rt.Fatalf("HasUnreadCaseEnding(%q) = false: a name with an ending would be stored as typed", made)
		}
	})
}

// TestPastStoryAfterPlace: a past said without its subject after a place
// ("charlotte, shot a wedding there saturday", "missoula, just got released
// from the fire line") is the speaker's story, an aside: its day is no
// travel date (issue 38 round 19 stored "saturday" as the departure).
func TestPastStoryAfterPlace(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"charlotte, shot a wedding there saturday", len("charlotte, ")},
		{"missoula, just got released from the fire line", len("missoula, ")},
		{"boise, got called in for the weekend", len("boise, ")},
		{"boise, got tickets", -1},
		{"boise, got bed", -1},
	} {
		if at, _ := AsideClause(c.in); at != c.want {
			t.Errorf("AsideClause(%q) = %d, want %d", c.in, at, c.want)
		}
	}
}

// TestPastStoryAfterPlaceProperty: a place, a comma and a past of the list
// or "got" and a past participle, then words and a weekday, always opens an
// aside at the past: the weekday is never read as the answer's.
func TestPastStoryAfterPlaceProperty(t *testing.T) {
	var pasts []string
	for w := range pastVerbs {
		if !strings.ContainsAny(w, "áéíóú") {
			pasts = append(pasts, w)
		}
	}
	rapid.Check(t, func(rt *rapid.T) {
		place := rapid.SampledFrom([]string{"charlotte", "missoula", "boise", "denver", "Tulsa"}).Draw(rt, "place")
		adverb := rapid.SampledFrom([]string{"", "just ", "finally ", "recently "}).Draw(rt, "adverb")
		past := rapid.OneOf(rapid.SampledFrom(pasts), rapid.Just("got released"), rapid.Just("got called")).Draw(rt, "past")
		day := rapid.SampledFrom([]string{"saturday", "monday", "friday"}).Draw(rt, "day")
		text := place + ", " + adverb + past + " a wedding there " + day
		if at, k := AsideClause(text); at != len(place)+2 || k != AsideReason {
			rt.Fatalf("AsideClause(%q) = %d, %v: the story is no aside", text, at, k)
		}
	})
}

// TestAgentRequestIsAnAnswer: a question asking the agent to take the
// speaker somewhere ("Could you take me to Kansas City?") is a request that
// answers, not a question back (issue 38 round 19); without the speaker as
// the verb's object ("could you fly to Denver?") it asks what is possible.
func TestAgentRequestIsAnAnswer(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Could you take me to Kansas City?", "to kansas city"},
		{"can you get us to Denver please?", "to denver"},
		{"Would you please book me from Boston?", "from boston"},
		{"could you fly to Denver?", ""},
		{"could you tell me the fares to Denver?", ""},
		{"Could I fly out of Nashville, please?", "out of nashville"},
	} {
		got, ok := PoliteRequest(c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("PoliteRequest(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	if AsksQuestion("Could you take me to Kansas City?") {
		t.Error("a request to be taken to one city asks nothing back")
	}
	if !AsksQuestion("Could you take me to Denver or Boston?") {
		t.Error("a request naming two cities is a question")
	}
}

// TestAgentRequestProperty: every agent request frame, a trip verb, the
// speaker and a cue before a known city reads as the cue and the city; with
// no speaker after the verb, as no request.
func TestAgentRequestProperty(t *testing.T) {
	verbs := []string{"take", "get", "book", "fly"}
	rapid.Check(t, func(rt *rapid.T) {
		frame := strings.Join(rapid.SampledFrom(agentRequestOpeners).Draw(rt, "frame"), " ")
		verb := rapid.SampledFrom(verbs).Draw(rt, "verb")
		obj := rapid.SampledFrom([]string{"me", "us"}).Draw(rt, "object")
		city := rapid.SampledFrom([]string{"denver", "kansas city", "boston", "new orleans"}).Draw(rt, "city")
		cue := rapid.SampledFrom([]string{"to", "from"}).Draw(rt, "cue")
		text := frame + " " + verb + " " + obj + " " + cue + " " + city + "?"
		if got, ok := PoliteRequest(text); !ok || got != cue+" "+city {
			rt.Fatalf("PoliteRequest(%q) = %q, %v", text, got, ok)
		}
		bare := frame + " " + verb + " " + cue + " " + city + "?"
		if got, ok := PoliteRequest(bare); ok {
			rt.Fatalf("PoliteRequest(%q) = %q: asks what is possible", bare, got)
		}
	})
}

// TestOrWellCorrects: "or well" takes back the value just said ("seattle or
// well portland, portland", issue 38 round 19): the value after it stands.
func TestOrWellCorrects(t *testing.T) {
	for _, c := range []struct{ in, head, tail string }{
		{"seattle or well portland, portland", "seattle", "portland, portland"},
		{"Seattle, or well, Portland", "Seattle", "Portland"},
		{"friday or well saturday", "friday", "saturday"},
	} {
		head, tail, ok := SplitCorrection(c.in)
		if !ok || head != c.head || tail != c.tail {
			t.Errorf("SplitCorrection(%q) = %q, %q, %v; want %q, %q", c.in, head, tail, ok, c.head, c.tail)
		}
	}
	if _, _, ok := SplitCorrection("well, portland"); ok {
		t.Error(`"well" alone corrects nothing`)
	}
}

// TestOrWellCorrectsProperty: any two different cities with "or well"
// between them (a comma or none) split at it, the second the correction.
func TestOrWellCorrectsProperty(t *testing.T) {
	names := []string{"seattle", "portland", "Denver", "boston", "kansas city"}
	rapid.Check(t, func(rt *rapid.T) {
		a := rapid.SampledFrom(names).Draw(rt, "a")
		b := rapid.SampledFrom(names).Filter(func(n string) bool { return n != a }).Draw(rt, "b")
		sep := rapid.SampledFrom([]string{" or well ", ", or well ", " or well, ", ", or well, "}).Draw(rt, "sep")
		head, tail, ok := SplitCorrection(a + sep + b)
		if !ok || head != a || tail != b {
			rt.Fatalf("SplitCorrection(%q) = %q, %q, %v", a+sep+b, head, tail, ok)
		}
	})
}

// TestUndoubledCity: a city of the gazetteer typed with a doubled letter
// once ("chattanoga", "tallahasee": issue 38 round 19) is that city; a
// smaller town so typed ("kalamazo", rounds 14 and 15), a place GeoNames
// lists ("paro", round 18) or a short word is not corrected.
func TestUndoubledCity(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"chattanoga", "Chattanooga"},
		{"Tallahasee", "Tallahassee"},
		{"cincinati", "Cincinnati"},
		{"kalamazo", ""},
		{"pocatelo", ""},
		{"paro", ""},
		{"asheville", ""},
		{"tallahasee airport", ""},
	} {
		got, ok := UndoubledCity(c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("UndoubledCity(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	if got, ok := PlainPlace("chattanoga"); !ok || got != "Chattanooga" {
		t.Errorf("PlainPlace(%q) = %q, %v", "chattanoga", got, ok)
	}
}

// TestUndoubledCityProperty: a gazetteer city's own name of one word with
// one of its doubled letters typed once reads as that city or as nothing,
// never as another place.
func TestUndoubledCityProperty(t *testing.T) {
	var names []string
	for line := range strings.Lines(geoCitiesText) {
		city, _, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(city, "?") || strings.HasPrefix(city, "~") || strings.HasPrefix(city, "#") || strings.ContainsAny(city, " -'") {
			continue
		}
		k := CityKey(city)
		for i := 1; i < len(k); i++ {
			if k[i] == k[i-1] && k[i] >= 'a' && k[i] <= 'z' {
				names = append(names, city)
				break
			}
		}
	}
	rapid.Check(t, func(rt *rapid.T) {
		city := rapid.SampledFrom(names).Draw(rt, "city")
		k := CityKey(city)
		var at []int
		for i := 1; i < len(k); i++ {
			if k[i] == k[i-1] {
				at = append(at, i)
			}
		}
		i := rapid.SampledFrom(at).Draw(rt, "doubled")
		typo := k[:i] + k[i+1:]
		if got, ok := UndoubledCity(typo); ok && CityKey(got) != k {
			rt.Fatalf("UndoubledCity(%q) = %q: another place than %q", typo, got, city)
		}
	})
}
