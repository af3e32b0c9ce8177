package nlu

import (
	"testing"
	"time"
)

// Issue 38 items 2 and 6, the readers the coach (seed 002) uses; phrasings
// written for these tests.

// TestWeekdayAbbreviationsThatAreNoOtherWord: "fri" and "thurs" name the day
// wherever said; "sun" and "sat" before a part of the day; abbreviations that
// are other words too ("mon objectif", "tu me tues", "I sat down") name none.
func TestWeekdayAbbreviationsThatAreNoOtherWord(t *testing.T) {
	wed := time.Date(2026, 4, 15, 9, 0, 0, 0, time.UTC)
	for _, tt := range []struct{ text, want string }{
		{"a workout fri", "2026-04-17"},
		{"call me thurs", "2026-04-16"},
		{"training weds evening", "2026-04-22"},
		{"book a session sun morning", "2026-04-19"},
		{"workout sat evening please", "2026-04-18"},
		{"mon objectif est simple", ""},
		{"cette chaleur me tue", ""},
		{"I sat down to plan", ""},
		{"the sun is out", ""},
	} {
		d, ok := weekOnOrAsked(FindDate, tt.text, wed)
		got := ""
		if ok {
			got = d.String()
		}
		if got != tt.want {
			t.Errorf("FindDate(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestGlossBeforeANumberNeedsANumber: a [number] entry is glossed before
// digits (a unit glued to them or not) or a number word, never before a
// joiner alone ("now and").
func TestGlossBeforeANumberNeedsANumber(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"squat 120kg now 95kg", "squat 120kg currently 95kg"},
		{"BENCH 90 KG. NOW 70 KG.", "BENCH 90 KG. currently 70 KG."},
		{"pressing 40 kg now and aiming for 50", "pressing 40 kg now and aiming for 50"},
		{"daba ana f 70 kg", "currently at 70 kg"},
		{"ahora estoy en 55 kg", "currently at 55 kg"},
		{"actuellement 85 kg", "currently 85 kg"},
		{"maintenant 62 kg", "currently 62 kg"},
		{"ahora 48 kg", "currently 48 kg"},
		{"ahora no", "ahora no"},
		{"حاليا 100 كغ", "currently 100 kg"},
	} {
		if got := Gloss(tt.text); got != tt.want {
			t.Errorf("Gloss(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestPersonRequestsFormalAndInEachLanguage: formal requests, staff and
// trainers, and the Spanish, French and Darija frames ask for a person; their
// refusals do not.
func TestPersonRequestsFormalAndInEachLanguage(t *testing.T) {
	for _, tt := range []struct {
		text  string
		human bool
	}{
		{"I'd much rather talk it through with a member of the team", true},
		{"I would prefer to deal directly with one of your trainers", true},
		{"I'd prefer to sort this out with someone on your staff", true},
		{"necesito hablar con un coach de verdad", true},
		{"je voudrais voir ça avec un entraîneur", true},
		{"a3tini chi coach n7der m3ah", true},
		{"bghit n7der m3a chi coach", true},
		{"could I speak with a manager about my order please", true},
		{"a3tini chi coach nhder m3ah afak", true},
		{"hello, could I talk to a trainer?", true},
		{"I don't want to talk to a trainer", false},
		{"I don't need to talk to a coach about my plan", false},
		{"no quiero hablar con un entrenador", false},
	} {
		if got := BuiltinIntent(tt.text).Intent == IntentHuman; got != tt.human {
			t.Errorf("BuiltinIntent(%q) human = %v, want %v", tt.text, got, tt.human)
		}
	}
}

// TestRoleNounsAskForAPersonWhenTalkedTo: the business's role nouns
// (human_roles.txt: coach, trainer, advisor, in each language) ask for a
// person after a cue to talk or be put through, at any node; said as what the
// user wants, as the user's own or someone's the user speaks of, or refused,
// they do not.
func TestRoleNounsAskForAPersonWhenTalkedTo(t *testing.T) {
	for _, tt := range []struct {
		text  string
		human bool
	}{
		{"could I have a word with a real trainer before we start? I'd like to speak with an instructor", true},
		{"is it ok if I speak to one of your coaches before I sign up", true},
		{"my wife would like to chat with an advisor", true},
		{"honestly I want to talk to a nutritionist directly", true},
		{"put me through to a specialist", true},
		{"can I talk to an expert first?", true},
		{"je préfère parler à un entraîneur d'abord", true},
		{"¿puedo hablar con un entrenador antes?", true},
		{"prefiero hablar con su entrenador", true},
		{"bghit nhder m3a lcoach 9bel", true},
		{"بغيت نهضر مع الكوتش", true},
		{"أريد التحدث مع المدرب أولا", true},
		{"my coach said I should deload this week", false},
		{"I'll talk to my trainer about it first", false},
		{"her personal trainer told her to rest", false},
		{"I want a coach to help me run faster", false},
		{"I used to have a coach", false},
		{"the trainer at my old gym was great", false},
		{"j'en parlerai à mon entraîneur", false},
		{"voy a hablar con mi entrenador", false},
		{"ghadi nhder m3a lcoach dyali", false},
		{"I don't want to talk to a coach", false},
		{"no need to speak with a trainer", false},
		{"I'd like a video call with a coach on Friday", false},
		{"a quick chat with a trainer tomorrow works", false},
		{"une séance avec un coach lundi", false},
	} {
		if got := BuiltinIntent(tt.text).Intent == IntentHuman; got != tt.human {
			t.Errorf("BuiltinIntent(%q) human = %v, want %v", tt.text, got, tt.human)
		}
	}
}
