package nlu

import "testing"

func TestChangeOfMindByClauses(t *testing.T) {
	for _, in := range []string{
		"nah, forget the flight", "hmm, never mind", "actually scratch that, no flight for now",
		"ok. no hotel for now, thanks", "no booking for now", "actually no trip after all",
		"nope, I'll book it myself", "well, forget it, thanks", "bon, laisse tomber, merci", "bueno, olvídalo, gracias",
	} {
		if !IsCancel(in) {
			t.Errorf("IsCancel(%q) = false, want a change of mind", in)
		}
	}
	for _, in := range []string{
		"no, Paris", "Rome, no flight before noon", "no, mejor no", "no", "no flight", "not now, Paris",
		"no hotel in Lisbon for now", "hmm, maybe not",
		"hmm, maybe not, never mind", // wholly a no (the yes/no rule reads "maybe not" and "never mind")
	} {
		if IsCancel(in) {
			t.Errorf("IsCancel(%q) = true, want no change of mind", in)
		}
	}
	for _, in := range []string{"hmm, maybe not, never mind", "nah, maybe not, forget it", "hmm, maybe not. never mind"} {
		if !WithdrawsAnswer(in) {
			t.Errorf("WithdrawsAnswer(%q) = false: at a question for a value it is a change of mind", in)
		}
	}
	for _, in := range []string{"no, Paris", "not now, Paris", "hmm, maybe not"} {
		if WithdrawsAnswer(in) {
			t.Errorf("WithdrawsAnswer(%q) = true", in)
		}
	}
	for _, in := range []string{"oh wait, no, don't cancel anything", "hold on. don't cancel it", "wait, no, I still want it"} {
		if !KeepsIt(in) {
			t.Errorf("KeepsIt(%q) = false", in)
		}
	}
	if before, ok := ClausesBefore("San Diego, and get me an agent", IsHumanRequest); !ok || before != "San Diego" {
		t.Errorf("ClausesBefore = %q, %v", before, ok)
	}
}

func TestQuestionBeforeAnswerSetsItsValueAside(t *testing.T) {
	for in, want := range map[string]string{
		"Can I fly to Rome? Paris":   "Paris",
		"is friday free? saturday":   "saturday",
		"Paris, can I bring my dog?": "Paris, can I bring my dog?",
	} {
		if got, _ := SetAside(in); got != want {
			t.Errorf("SetAside(%q) = %q, want %q", in, got, want)
		}
	}
}
