package nlu

import "testing"

func TestAsksQuestion(t *testing.T) {
	for text, want := range map[string]bool{
		"what's the date today":         true,
		"Which hotels are there":        true,
		"tomorrow?":                     true,
		"est-ce possible ?":             true,
		"wach kayn chi hotel":           true,
		"متى":                           true,
		"May 15":                        false,
		"tomorrow":                      false,
		"I don't know what to do":       false,
		"the 3rd, please.":              false,
		"how about the weekend":         true,
		"Is Friday too soon? thanks!!!": true,
	} {
		if got := AsksQuestion(text); got != want {
			t.Errorf("AsksQuestion(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestSplitCorrection(t *testing.T) {
	for _, tc := range []struct{ text, head, tail string }{
		{"to Oslo, sorry, to Bergen", "to Oslo", "to Bergen"},
		{"Monday. Actually no, Tuesday", "Monday", "Tuesday"},
		{"two, no, three", "two", "three"},
		{"the 4th - wait, make that the 5th", "the 4th", "the 5th"},
		{"Paris, I mean Lyon", "Paris", "Lyon"},
		{"mardi, non, mercredi", "mardi", "mercredi"},
		{"no", "", "no"},
		{"Nottingham", "", "Nottingham"},
		{"no thanks", "", "no thanks"},
	} {
		head, tail, _ := SplitCorrection(tc.text)
		if head != tc.head || tail != tc.tail {
			t.Errorf("SplitCorrection(%q) = %q, %q; want %q, %q", tc.text, head, tail, tc.head, tc.tail)
		}
	}
}

func TestWithoutQuestions(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"what day is it today?", ""},
		{"next Tuesday works, what do you mean?", "next Tuesday works, "},
		{"Friday. Is that too soon?", "Friday. Is that too soon?"},
		{"Friday. What do you mean by session?", "Friday. "},
		{"tomorrow at 7 a.m. please", "tomorrow at 7 a.m. please"},
		{"15.04.2026", "15.04.2026"},
		{"Monday, when are you open", "Monday, "},
		{"is Tuesday ok?", "is Tuesday ok?"},
		{"any chance of friday?", "any chance of friday?"},
		{"هل غدا؟", "هل غدا؟"},
		{"متى غدا؟", ""},
		// "how about" and "what about" propose a day, they ask for none.
		{"how about Thursday?", "how about Thursday?"},
		{"What about the 20th?", "What about the 20th?"},
		{"how about you tell me when?", "how about you tell me when?"},
		{"", ""},
		// A text without a mark is one clause (the expression is not run).
		{"what day is it today", ""},
		{"Friday what do you mean", "Friday what do you mean"},
		{"متى غدا؟ الجمعة", "الجمعة"},
	} {
		if got := WithoutQuestions(tt.text); got != tt.want {
			t.Errorf("WithoutQuestions(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
