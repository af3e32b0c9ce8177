package flows

import "testing"

// An answer and a tail that holds no value (a courtesy, a hedge condition,
// who it is for: nlu.CutAnswerTail) is the answer; a tail naming something
// else leaves the message to the other readers (round 20).
func TestAnswerTailNights(t *testing.T) {
	hotel, err := DemoFor("hotel")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"a week, if that works", "7"},
		{"just the one please and thanks", "1"},
		{"3 nigths please and thanks", "3"},
		{"fuor nights, thank you kindly", "4"},
		{"3 nights for us", "3"},
		{"two nights for the family if possible", "2"},
		{"4 nights if that suits you", "4"},
		{"3 nights, if that's ok", "3"},
		{"a week for the two of us", ""},
	} {
		if got := playNights(t, hotel, c.text); got != c.want {
			t.Errorf("nights at %q = %q, want %q", c.text, got, c.want)
		}
	}
}
