package nlu

import "testing"

// Issue 38: a sign-off at a message's end is read away before any reader
// runs; a route, a colour, a city or a whole-answer sign-off stays.
func TestWithoutSignOff(t *testing.T) {
	for in, want := range map[string]string{
		"Yes, please book it. Thanks, Ruth":                "Yes, please book it.",
		"Hello, I'm looking for a present. Thanks, Jo":     "Hello, I'm looking for a present.",
		"Leaving from Tucson. - Marjorie":                  "Leaving from Tucson.",
		"No, cancel it. Regards, Anil Kumar":               "No, cancel it.",
		"Friday works. Cheers, Sam":                        "Friday works.",
		"A video call on Monday. Best, J.":                 "A video call on Monday.",
		"sure, go ahead\nKind regards,\nMaría":             "sure, go ahead",
		"yes please thanks Ruth":                           "yes please",
		"bench 100 kg, currently 80 kg. Sincerely, O'Neil": "bench 100 kg, currently 80 kg.",
		"Fly me to Boston - Denver":                        "Fly me to Boston - Denver",
		"the hoodie - Black":                               "the hoodie - Black",
		"Thanks, Ruth":                                     "Thanks, Ruth",
		"Ruth":                                             "Ruth",
		"from Paris to Rome":                               "from Paris to Rome",
		"next Friday - Monday":                             "next Friday - Monday",
		"yes, thanks a lot":                                "yes, thanks a lot",
		"I'd like a flight to New York":                    "I'd like a flight to New York",
		"muito obrigado AAMA":                              "muito obrigado AAMA", // a Tamil yes in capitals, no name
		"thank you so much, A BAR SHI":                     "thank you so much, A BAR SHI",
		"may chaltu may ᏩᏙ":                                "may chaltu may ᏩᏙ", // Cherokee thanks, in the syllabary's capitals
		"ok thank you ᏩᏙ":                                  "ok thank you ᏩᏙ",
	} {
		if got := WithoutSignOff(in); got != want {
			t.Errorf("WithoutSignOff(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWithoutSignOffFirstMessages(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Could you find me a hotel in Porto? Thanks, Ines", "Could you find me a hotel in Porto?"},
		{"I need a hotel in Denver. Best regards, Paul Smith", "I need a hotel in Denver."},
		{"book a flight to Seattle - Dave", "book a flight to Seattle"},
		{"flight to Rome pls\n-- Greta", "flight to Rome pls"},
		{"hotel in Oslo, cheers, Tom", "hotel in Oslo"},
		{"Need a room in Madrid. Thank you in advance, Maria", "Need a room in Madrid."},
		// kept: no name, a place, a date, more of the request
		{"a flight to Boston, thanks", "a flight to Boston, thanks"},
		{"a flight from Boston - Chicago", "a flight from Boston - Chicago"},
		{"hotel please. Thanks, Lisbon", "hotel please. Thanks, Lisbon"},
		{"a flight, thanks, Friday", "a flight, thanks, Friday"},
		{"flight to Rome. Thanks, Please Hurry", "flight to Rome. Thanks, Please Hurry"},
		{"I want a hotel in Porto", "I want a hotel in Porto"},
		{"thanks, greta", "thanks, greta"},
	} {
		if got := WithoutSignOff(c.in); got != c.want {
			t.Errorf("WithoutSignOff(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestAThanksInCapitalsIsNoSignature: a thanks of any language written in
// capitals after a closing (Cherokee "ᏩᏙ": the syllabary is written in its
// capitals) is a thanks, not a signature read away with the closing before
// it, which would leave a "_with" yes alone ("may chaltu may" is a
// Mapudungun yes only with its thanks).
func TestAThanksInCapitalsIsNoSignature(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Answer
	}{
		{"may chaltu may ᏩᏙ", Yes},
		{"may, chaltu may ᏩᏙ", Yes},
		{"may chaltu may ᏩᏙ!", Yes},
		{"yes please, thanks ᏩᏙ", Yes},
	} {
		if got := YesNo(c.in); got != c.want {
			t.Errorf("YesNo(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}
