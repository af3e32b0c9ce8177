package nlu

import "testing"

// Issue 38 round 22 (helper langs23): the everyday words of languages CLDR
// lacks or holds without relative days, family by family, each from the
// source hand.txt or courtesy_words.txt names for it (an English
// Wiktionary entry or a dictionary). round17Now is Thursday 2027-12-16.

// TestTodayTomorrowAmericasArctic: Indigenous languages of the Americas and
// the Arctic.
func TestTodayTomorrowAmericasArctic(t *testing.T) {
	checkGlossedDates(t, []readDateCase{
		{"híŋhaŋni", "2027-12-17"},      // Lakota, Wiktionary "híŋhaŋni"
		{"hinghangni", "2027-12-17"},    // typed without its eng
		{"aŋpétu kiŋ lé", "2027-12-16"}, // Lakota "this day", New Lakota Dictionary
		{"aqagu", "2027-12-17"},         // Greenlandic, Wiktionary "aqagu"
		{"ullumi", "2027-12-16"},        // Greenlandic, Inuktitut, Wiktionary "ullumi"
		{"aqaguagu", "2027-12-18"},      // Greenlandic, Wiktionary "aqaguagu"
		{"ᐅᓪᓗᒥ", "2027-12-16"},          // Inuktitut syllabics
		{"unuaqu", "2027-12-17"},        // Central Yupik, Jacobson's dictionary
		{"ᏑᎾᎴᎢ", "2027-12-17"},          // Cherokee, Wiktionary "ᏑᎾᎴᎢ", folded as Normalize folds it
		{"ꮡꮎꮄꭲ", "2027-12-17"},          // the same in lower-case Cherokee letters
		{"dííjį́", "2027-12-16"},        // Navajo, Wiktionary "dííjį́"
		{"бүгүн", "2027-12-16"},         // Yakut, Wiktionary "бүгүн"
		{"sáamal", "2027-12-17"},        // Yucatec Maya, Wiktionary "sáamal"
		{"bejlae", "2027-12-16"},        // Yucatec Maya, Wiktionary "bejla'e'", typed without its glottal stops
		{"qharuru", "2027-12-17"},       // Aymara "qharüru" typed plain
		{"jichhüru", "2027-12-16"},      // Aymara, Wiktionary "jichhüru"
		{"ko'ẽrõ", "2027-12-17"},        // Guarani, Wiktionary "ko'ẽrõ"
		{"kunan p'unchaw", "2027-12-16"},
		{"wüle", "2027-12-17"}, // Mapudungun, Wiktionary "wüle"
		{"ᐚᐸᕽᑭ", "2027-12-17"}, // Plains Cree "wâpahki" in syllabics
	})
}

// TestTodayTomorrowPacific: Polynesian, Micronesian and Melanesian languages.
func TestTodayTomorrowPacific(t *testing.T) {
	checkGlossedDates(t, []readDateCase{
		{"i kēia lā", "2027-12-16"}, // Hawaiian
		{"ʻapōpō", "2027-12-17"},
		{"apopo", "2027-12-17"},
		{"i teia rā", "2027-12-16"}, // Rarotongan
		{"i teie mahana", "2027-12-16"},
		{"ilju", "2027-12-17"}, // Marshallese, Marshallese-English Dictionary
		{"rainin", "2027-12-16"},
		{"rahnwet", "2027-12-16"}, // Pohnpeian, Rehg and Sohl
		{"lakapw", "2027-12-17"},
		{"tude", "2027-12-16"}, // Tok Pisin and Pijin
		{"haptumora", "2027-12-18"},
	})
}

// TestTodayTomorrowCreolesAfrica: creoles and African languages.
func TestTodayTomorrowCreolesAfrica(t *testing.T) {
	checkGlossedDates(t, []readDateCase{
		{"tide", "2027-12-16"},      // Sranan, Krio: English "tide" never answers a date question
		{"to the tide", ""},         // in an English sentence it is the sea's
		{"apredemen", "2027-12-18"}, // Haitian
		{"ozordi", "2027-12-16"},    // Seychellois
		{"mañan", "2027-12-17"},     // Papiamento
		{"pasado mañan", "2027-12-18"},
		{"lamuhla", "2027-12-16"}, // Swati
		{"namuhla", "2027-12-16"}, // Zulu
		{"kajeno", "2027-12-16"},  // Sesotho
		{"hosane", "2027-12-17"},
		{"ṋamusi", "2027-12-16"}, // Venda
		{"matshelo", "2027-12-17"},
		{"hnub no", "2027-12-16"}, // White Hmong
		{"иахьа", "2027-12-16"},   // Abkhaz
		{"уаҵәы", "2027-12-17"},
	})
}

// TestYesNoCourtesyRound22: yes and no (a colliding word read only alone or
// beside its language's thanks), thanks and greetings as small talk.
func TestYesNoCourtesyRound22(t *testing.T) {
	q := "Book a flight from Boston to Paris on Friday?"
	for _, tc := range []struct {
		text string
		want Answer
	}{
		{"háŋ, pilámayaye", Yes}, {"hiyá, pilámayaye", No}, // Lakota
		{"aap", Yes}, {"aap, qujanaq", Yes}, // Greenlandic
		{"ᐄ", Yes}, {"aakka", No}, // Inuktitut
		{"ᎥᎥ", Yes}, {"ᎥᏝ", No}, // Cherokee
		{"aaet, kommol tata", Yes}, {"jaab", No}, // Marshallese
		{"ae, meitaki", Yes}, {"kāre, meitaki", No}, // Rarotongan
		{"eng, ko rabwa", Yes}, {"tiaki", No}, // Kiribati
		{"ᱦᱮᱸ", Yes}, {"ᱵᱟᱝ", No}, // Santali
		{"êha", Yes}, {"namoya", No}, {"hen, niá:wen", Yes}, {"qang'a", No}, // Cree, Mohawk, Yupik
		{"ээх", Yes}, {"суох", No}, {"ХӀаъ", Yes}, {"хӀан-хӀа", No}, {"нӕ", No}, {"ҫук", No}, // Yakut, Chechen, Ossetian, Chuvash
		{"ia, tanggio", Yes}, {"nomoa", No}, // Solomon Pijin
		{"chochoi", Yes}, {"ng diak", No}, {"nakai", No}, {"may, chaltu may", Yes}, {"ⵓⵀⵓ", No},
		// Collisions alone or in an English sentence: no answer.
		{"hen", Unknown}, {"ia", Unknown}, {"may", Unknown}, {"ve", Unknown}, {"i may go", Unknown},
		{"hiya", Unknown}, {"eng", Unknown}, {"kare", Unknown}, {"i told aap", Unknown},
	} {
		if got := YesNoTo(tc.text, q); got != tc.want {
			t.Errorf("YesNoTo(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	for _, s := range []string{"ᱡᱚᱦᱟᱨ", "johar", "odi", "waqaa", "halito", "shé:kon"} {
		if got := SmallTalkOf(s); got != Greeting {
			t.Errorf("SmallTalkOf(%q) = %v, want greeting", s, got)
		}
	}
	for _, s := range []string{"ᱥᱟᱨᱦᱟᱣ", "sarhao", "quyana", "gunalchéesh", "yakoke", "niá:wen", "wela'lin", "twasakidila", "fakaaue", "ngatho", "kongoi", "sosongo"} {
		if got := SmallTalkOf(s); got != Thanks {
			t.Errorf("SmallTalkOf(%q) = %v, want thanks", s, got)
		}
	}
	checkGlossedDates(t, []readDateCase{
		{"ᱛᱮᱦᱮᱧ, ᱥᱟᱨᱦᱟᱣ", "2027-12-16"}, // Santali today (CLDR sat) beside its thanks
		{"rainin, kommol tata", "2027-12-16"},
		{"i teia rā, meitaki maata", "2027-12-16"},
	})
}

// TestUnreadAnswerBesideThanks: an answer word read one way in one language
// and the other way in another (reply_words.txt's "unread all") said with a
// thanks is no thanks alone: the bot asks again, where it read small talk
// and moved on ("cha, thanks" is a Swati no, a Khmer yes).
func TestUnreadAnswerBesideThanks(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string
	}{
		{"cha, thanks", ""}, {"iya, thanks", ""}, {"oya thanks", ""},
		{"cha ngiyabonga", IntentNo}, // beside its own language's thanks: the Swati no
		{"thanks", IntentThanks}, {"ok thanks", IntentYes}, {"thanks a lot", IntentThanks},
	} {
		if got := BuiltinIntent(tc.text).Intent; got != tc.want {
			t.Errorf("BuiltinIntent(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
