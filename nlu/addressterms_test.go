package nlu

import "testing"

// TestCutAddressTerms: forms of address at a clause's edge are read away;
// after a preposition, a determiner or a possessive they are the words'
// object and stay (issue 38 round 27, helper shop28).
func TestCutAddressTerms(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"my guy, how far?", "how far?"},
		{"cheers, big man", "cheers"},
		{"a real person hun?", "a real person?"},
		{"thank you my dude", "thank you"},
		{"yes boss man, add it", "yes, add it"},
		{"a gift for my brother", "a gift for my brother"},
		{"some honey", "some honey"},
		{"hon", "hon"},
		{"a live agent", "a live agent"}, // a single-word vocative ends no clause as address
		{"hello, mate", "hello"},
	} {
		if got, _ := CutAddressTerms(tc.in, nil); got != tc.want {
			t.Errorf("CutAddressTerms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got, _ := CutAddressTerms("the belt hon", func(w string) bool { return w == "hon" }); got != "the belt hon" {
		t.Errorf("a kept word cut: %q", got)
	}
}

// TestCutNotTheMachine: a clause refusing a machine beside a person
// request is read away; alone it stays.
func TestCutNotTheMachine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a person please, not a chatbot", "a person please"},
		{"no robots, someone real", "someone real"},
		{"not an ai, a human", "a human"},
		{"not a bot", "not a bot"},
		{"the cap, not the belt", "the cap, not the belt"},
	} {
		if got, _ := CutNotTheMachine(tc.in); got != tc.want {
			t.Errorf("CutNotTheMachine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestCourtesyTailInChatSpelling: a thanks in chat's short spelling before
// the words that say it warmly is the courtesy phrase "thanks" makes.
func TestCourtesyTailInChatSpelling(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"the belt, thx so much", true},
		{"the belt, thx a bunch", true},
		{"the belt, thx alot of belts", false},
	} {
		if _, got := CutCourtesyTail(tc.in); got != tc.want {
			t.Errorf("CutCourtesyTail(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
