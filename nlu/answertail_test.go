package nlu

import "testing"

// An answer and a tail of courtesy, hedge and beneficiary parts is the
// answer; a tail holding any other word is no tail.
func TestCutAnswerTail(t *testing.T) {
	for _, c := range []struct{ text, head string }{
		{"a week, if that works", "a week"},
		{"just the one please and thanks", "just the one"},
		{"3 nigths please and thanks", "3 nigths"},
		{"fuor nights, thank you kindly", "fuor nights"},
		{"3 nights for us", "3 nights"},
		{"book it, if that works", "book it"},
		{"the 3 star, if that's ok", "the 3 star"},
		{"Tagus View if possible", "Tagus View"},
		{"two nights for the family please", "two nights"},
		{"4 nights if that suits you", "4 nights"},
		{"4 nights, if it is possible, thanks", "4 nights"},
		{"a week if that would be fine for you", "a week"},
		{"yes please", "yes"},
		// no tail, or a tail naming something else: as written
		{"3 nights", ""},
		{"please", ""},
		{"3 nights for the two of us", ""},
		{"3 nights if that works on friday", ""},
		{"3 nights if lisbon works", ""},
		{"3 nights, is that ok?", ""},
		{"a week for 2", ""},
	} {
		head, ok := CutAnswerTail(c.text)
		if !ok {
			head = ""
		}
		if head != c.head {
			t.Errorf("CutAnswerTail(%q) = %q, want %q", c.text, head, c.head)
		}
	}
}

// A yes or a no after the answer's words keeps its tail: "no thanks" says no.
func TestCutAnswerTailAfterReply(t *testing.T) {
	for _, text := range []string{"alfama garden, no thanks", "alfama garden nah thanks", "lisbon, yes please"} {
		if head, ok := CutAnswerTail(text); ok {
			t.Errorf("CutAnswerTail(%q) = %q, want none", text, head)
		}
	}
}
