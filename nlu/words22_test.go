package nlu

import "testing"

// TestEverydayWordsRound21 (issue 38 round 21, helper words22): the short
// everyday words of languages the lists held thinly, alone or beside an
// English value: yes and no (a word that is another language's word is
// read only as the whole answer or beside its own language's thanks), thanks
// and greetings as small talk, today and tomorrow (hand data, a CLDR word
// that is only an English proper name read alone as its date, and a CLDR
// word typed without its Polynesian ʻokina).
func TestEverydayWordsRound21(t *testing.T) {
	q := "Book a flight from Boston to Paris on Friday?"
	for _, tc := range []struct {
		text string
		want Answer
	}{
		{"бен", Yes}, {"бен, тау", Yes}, {"эхь", Yes}, {"ваъ", No}, {"ہو", Yes},
		{"ها, مهرباني", Yes}, {"ಅಂದ್", Yes}, {"ಇಜ್ಜಿ", No}, {"nyo", Yes}, {"nyo, teurimong gaseh", Yes},
		{"wa, dakal a salamat", Yes}, {"ʻē, māuruuru", Yes}, {"ali", No}, {"aoo'", Yes}, {"dooda", No},
		// Collisions inside an English sentence, or alone where they need
		// a word beside: no answer.
		{"wa", Unknown}, {"бен мен", Unknown}, {"nyo webale", Unknown},
		{"i told ali about it", Unknown}, {"ہو سکتا ہے", Unknown},
	} {
		if got := YesNoTo(tc.text, q); got != tc.want {
			t.Errorf("YesNoTo(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	for _, s := range []string{"ಸೊಲ್ಮೆಲು", "mayap a gatpanapun", "mayap a abak", "muli shani", "mwapoleni", "yá'át'ééh", "talofa"} {
		if got := SmallTalkOf(s); got != Greeting {
			t.Errorf("SmallTalkOf(%q) = %v, want greeting", s, got)
		}
	}
	for _, s := range []string{"dakal a salamat", "teurimöng gaséh", "teurimong geunaseh", "منت وار", "faafetai", "ahéheeʼ"} {
		if got := SmallTalkOf(s); got != Thanks {
			t.Errorf("SmallTalkOf(%q) = %v, want thanks", s, got)
		}
	}
	cases := []readDateCase{
		{"ӵуказе", "2027-12-17"},
		{"туннэ", "2027-12-16"},
		{"пака", "2027-12-17"},
		{"аски", "2027-12-17"},
		{"эрла", "2027-12-17"},
		{"пщэдей", "2027-12-17"},
		{"ಎಲ್ಲೆ", "2027-12-17"},
		{"باندا", "2027-12-17"},
		{"moztla", "2027-12-17"},
		{"mōztla", "2027-12-17"},
		{"huiptla", "2027-12-18"},
		{"yiską́ągo", "2027-12-17"},
		{"wâpahki", "2027-12-17"},
		{"demen", "2027-12-17"},
		{"boru", "2027-12-17"},          // Oromo (CLDR om); English "Boru" is only a name
		{"tamara", "2027-12-17"},        // Sranan; English "Tamara" is only a name
		{"to boru", ""},                 // a name in a sentence stays unread
		{"apongipongi", "2027-12-17"},   // Tongan "ʻapongipongi" typed without its ʻokina
		{"ahepongipongi", "2027-12-18"}, // the day after
		{"poalima", "2027-12-17"},       // Hawaiian "Poʻalima", Friday
	}
	checkGlossedDates(t, cases)
}
