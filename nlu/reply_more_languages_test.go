package nlu

import "testing"

// Issue 38: greetings, thanks, yes, no and maybes of more languages read as
// such, a maybe never a yes, and the words of two languages' opposite
// answers left unread.
func TestRepliesOfMoreLanguages(t *testing.T) {
	small := map[string]SmallTalk{
		"takk fyrir": Thanks, "góðan daginn": Greeting, "gamarjoba": Greeting, "madloba": Thanks,
		"sälem": Greeting, "rakhmet": Thanks, "e kaaro": Greeting, "bawo ni": Greeting,
		"salam, chetori?": Greeting, "mamnoon": Thanks, "dobrý deň": Greeting, "ďakujem": Thanks,
		"labdien": Greeting, "tere": Greeting, "tänan": Thanks, "përshëndetje": Greeting, "faleminderit": Thanks,
	}
	for s, want := range small {
		if got := SmallTalkOf(s); got != want {
			t.Errorf("SmallTalkOf(%q) = %v, want %v", s, got, want)
		}
	}
	answers := map[string]Answer{
		"yes o": Yes, "ok oo, chale": Yes, "no o": No, "no ooo": No, "nakheir": No,
		"kannski": Unknown, "kanskje": Unknown, "belki": Unknown, "labda": Unknown, "možda": Unknown,
		"áno": Unknown, "ara": Unknown, "ne": Unknown,
	}
	for s, want := range answers {
		if got := YesNo(s); got != want {
			t.Errorf("YesNo(%q) = %v, want %v", s, got, want)
		}
	}
}

// Yes and no written in their own script, where the Latin spelling collides.
func TestRepliesInTheirOwnScript(t *testing.T) {
	for s, want := range map[string]Answer{"კი": Yes, "არა": No, "כן": Yes, "לא": No, "بله": Yes, "نه": No, "иә": Yes, "жоқ": No, "ki": Unknown, "lo": Unknown, "ken": Unknown} {
		if got := YesNo(s); got != want {
			t.Errorf("YesNo(%q) = %v, want %v", s, got, want)
		}
	}
}
