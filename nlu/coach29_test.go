package nlu

import "testing"

// bookQuestion is the booking bot's confirmation question.
const bookQuestion = "Book Boston -> Paris on 2034-08-09?"

// TestAVerbTypedWithANeighbourKeyConfirms (issue 38, coach29): the
// question's own action verb with one letter typed as the key next to it
// ("bokk": k sits under o) is that verb, in a four-letter verb too; a
// letter replaced by a key not beside it, or a word of English, is not.
func TestAVerbTypedWithANeighbourKeyConfirms(t *testing.T) {
	for _, tt := range []struct {
		text string
		want Answer
	}{
		{"yep bokk it", Yes},
		{"yes boik it", Yes},
		{"bokk it", Yes},
		{"yes bosk it", Unknown}, // s is nowhere near o
		{"yes boot it", Unknown}, // "boot" is a word of English
	} {
		if got := YesNoTo(tt.text, bookQuestion); got != tt.want {
			t.Errorf("YesNoTo(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	if !neighbourKeySlip("bokk", "book") || neighbourKeySlip("bxok", "book") || neighbourKeySlip("pook", "book") {
		t.Errorf("neighbourKeySlip: a slip is one letter, not the first, typed as a key beside it")
	}
}

// TestAHomonymYesLedByItsLanguageConfirms (coach29): a CLDR yes dropped as
// an English word of another meaning (Kriolu "sin") is read as a yes when
// it opens a reply whose rest is a yes on its own; alone, or before words
// that are no yes, it is read as nothing, as before.
func TestAHomonymYesLedByItsLanguageConfirms(t *testing.T) {
	for _, tt := range []struct {
		text string
		want Answer
	}{
		{"sin, book it", Yes},
		{"sin, go ahead", Yes},
		{"sin", Unknown},
		{"sin, not sure", Unknown},
		{"sin, make it friday", Unknown},
	} {
		if got := YesNoTo(tt.text, bookQuestion); got != tt.want {
			t.Errorf("YesNoTo(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	if cldrHomonyms()["sin"] != Yes {
		t.Errorf("cldr/replies.txt's dropped Kriolu \"sin\" is not read as a homonym yes")
	}
	if _, ok := cldrHomonyms()["ee"]; ok {
		t.Errorf("a word dropped as a yes in one locale and a no in another is no homonym")
	}
}

// TestSouthwesternMandarinYes (coach29): 要得 "yaode", Sichuan's everyday
// "all right", is a yes, alone and before the action.
func TestSouthwesternMandarinYes(t *testing.T) {
	for _, text := range []string{"yaode", "yaode, book it", "要得", "yao de"} {
		if got := YesNoTo(text, bookQuestion); got != Yes {
			t.Errorf("YesNoTo(%q) = %v, want yes", text, got)
		}
	}
}

// TestHelpWithWhyItIsAsked (coach29): "help" with the user's not knowing
// what to do or being new to the bot asks for help; "help" with a task
// after it does not.
func TestHelpWithWhyItIsAsked(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"help pls idk", true},
		{"hlep pls idk", true},
		{"help, first time booking here", true},
		{"help, i'm new here", true},
		{"help, no idea", true},
		{"help me book a flight to paris", false},
	} {
		if got := BuiltinIntent(tt.text).Intent == "help"; got != tt.want {
			t.Errorf("BuiltinIntent(%q) = %v, want help %v", tt.text, BuiltinIntent(tt.text), tt.want)
		}
	}
}

// TestTheVerbOfAQuestionAskedAgain (coach29): asked again after an answer
// not understood ("Sorry, I didn't catch that. Book ...?"), the question's
// verb opens its second sentence, and "book it" or "yep bokk it" confirm as
// they do at the first asking.
func TestTheVerbOfAQuestionAskedAgain(t *testing.T) {
	again := "Sorry, I didn't catch that. " + bookQuestion
	for _, text := range []string{"book it", "yep bokk it", "sin, book it"} {
		if got := YesNoTo(text, again); got != Yes {
			t.Errorf("YesNoTo(%q) asked again = %v, want yes", text, got)
		}
	}
	if questionVerbs(again)["boston"] {
		t.Errorf("a capitalized word inside a sentence is a name, no verb")
	}
}
