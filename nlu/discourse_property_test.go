package nlu

import (
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// TestDiscourseFrameProperty: an answer (yes, no, more, a person, help,
// thanks, a city, a date, a count) wrapped in openers and closers drawn from
// the frame grammar's own lists (discourse_frame.txt, answer_tails.txt's
// courtesy, a thanks of another language) is read as the bare answer is:
// its built-in intent, its city, its date and its count are the bare
// answer's, and nothing is read from the frame.
func TestDiscourseFrameProperty(t *testing.T) {
	g := discourse()
	var openers []string
	for _, ps := range g.openers {
		for _, p := range ps {
			openers = append(openers, strings.Join(p, " "))
		}
	}
	closers := []string{"then", "thanks", "please", "cheers", "thank you kindly", "thank you", "merci", "gracias", "danke", "many thanks", "ta"}
	answers := []string{"yes", "yes please", "no", "no thanks", "more", "show me more", "a person", "an agent", "help", "help me", "thanks", "boston", "lisbon", "tomorrow", "april 5", "3 nights", "two nights"}
	now := time.Date(2029, 3, 28, 14, 20, 0, 0, time.UTC)
	rapid.Check(t, func(rt *rapid.T) {
		answer := rapid.SampledFrom(answers).Draw(rt, "answer")
		text := answer
		nOpen := rapid.IntRange(0, 2).Draw(rt, "openers")
		answerOpener := false
		for range nOpen {
			opener := rapid.SampledFrom(openers).Draw(rt, "opener")
			answerOpener = answerOpener || isReplyAlone(opener)
			text = opener + ", " + text
		}
		if answerOpener && BuiltinIntent(answer).Intent == IntentThanks {
			return // "ok, thanks", "safi, thanks": an opener that is a yes or no alone, thanked, is that answer
		}
		nClose := rapid.IntRange(0, 2).Draw(rt, "closers")
		for range nClose {
			text += rapid.SampledFrom([]string{" ", ", "}).Draw(rt, "mark") + rapid.SampledFrom(closers).Draw(rt, "closer")
		}
		if nOpen+nClose == 0 {
			return
		}
		if got, want := declineAsNo(BuiltinIntent(text).Intent), declineAsNo(BuiltinIntent(answer).Intent); want != "" && got != want {
			rt.Fatalf("BuiltinIntent(%q) = %q, the bare %q reads %q", text, got, answer, want)
		}
		core, ok := CutDiscourseFrame(text)
		if !ok {
			core = text
		}
		if want := FindCities(answer); len(want) > 0 && !slicesEqual(FindCities(core), want) {
			rt.Fatalf("the answer of %q is %q, naming %v; the bare %q names %v", text, core, FindCities(core), answer, want)
		}
		if want, ok := ReadDate(answer, now); ok {
			if got, ok := ReadDate(core, now); !ok || got != want {
				rt.Fatalf("the answer of %q is %q, read as the date %v %v; the bare %q is %v", text, core, got, ok, answer, want)
			}
		}
	})
}

// declineAsNo reads a cancel as the no it is beside a question ("no
// thanks" is read as a cancel alone, "no thanks then" as a no): both decline.
func declineAsNo(intent string) string {
	if intent == IntentCancel {
		return IntentNo
	}
	return intent
}

// isReplyAlone reports whether opener alone reads as a yes, a no or a cancel
// ("ok", "alright", Darija "safi" enough).
func isReplyAlone(opener string) bool {
	switch BuiltinIntent(opener).Intent {
	case IntentYes, IntentNo, IntentCancel:
		return true
	}
	return false
}

func slicesEqual(a, b []string) bool { return strings.Join(a, "|") == strings.Join(b, "|") }
