package nlu

import "testing"

// TestAnswerPart checks where a message's answer ends and its aside starts
// (aside_clauses.txt), and what opened the aside.
func TestAnswerPart(t *testing.T) {
	cases := []struct {
		text, part string
		kind       AsideKind
	}{
		{"oakland since sfo is a zoo", "oakland", AsideReason},
		{"denver cos it's cheaper", "denver", AsideReason},
		{"Austin, we play there thursday night", "Austin", AsideSubject},
		{"3, it's a long weekend", "3", AsideSubject},
		{"two, then heading to porto", "two", AsideReason},
		{"the day after I get back from Tokyo", "the day", AsideAnchor},
		{"tmrw after my shift", "tmrw", AsideAnchor},
		{"friday, as I have a meeting", "friday", AsideReason},
		{"Booking ref: BK-77310 (Flight NYC-MIA)", "Booking ref: BK-77310", AsideParen},
		{"Scottsdale - showing a house", "Scottsdale", AsideSubject},
		// All answer: a date's own words, a trip's own clause, no space
		// before a parenthesis, a hyphen inside a word, a first word.
		{"the day after tomorrow", "the day after tomorrow", AsideNone},
		{"as soon as possible", "as soon as possible", AsideNone},
		{"Saturday, we land at half past eight", "Saturday, we land at half past eight", AsideNone},
		{"3/21(Fri)", "3/21(Fri)", AsideNone},
		{"BK-77310", "BK-77310", AsideNone},
		{"since monday", "since monday", AsideNone},
		{"12 - 15 May", "12 - 15 May", AsideNone},
	}
	for _, c := range cases {
		part, k := AnswerPart(c.text)
		if part != c.part || k != c.kind {
			t.Errorf("AnswerPart(%q) = %q, %d; want %q, %d", c.text, part, k, c.part, c.kind)
		}
	}
}

// TestHedgeSplit checks the two sides of a hedge between values.
func TestHedgeSplit(t *testing.T) {
	cases := []struct{ text, left, right string }{
		{"lisbon maybe porto", "lisbon", "porto"},
		{"boston or providence", "boston", "providence"},
		{"Friday, or maybe Saturday", "Friday", "Saturday"},
		{"porto perhaps lisbon", "porto", "lisbon"},
		{"maybe porto", "", ""},
		{"porto maybe", "", ""},
		{"porto", "", ""},
	}
	for _, c := range cases {
		l, r, _ := HedgeSplit(c.text)
		if l != c.left || r != c.right {
			t.Errorf("HedgeSplit(%q) = %q, %q; want %q, %q", c.text, l, r, c.left, c.right)
		}
	}
}

// TestCorrectionWordAfterItsValue checks a correction word that follows the
// value it corrects to ("boston, wait, providence actually"): the last value
// stands; an apology's clause is told apart by CorrectsByApology.
func TestCorrectionWordAfterItsValue(t *testing.T) {
	cases := []struct{ text, head, tail string }{
		{"boston, wait, providence actually", "boston", "providence"},
		{"Chicago, Detroit I mean", "Chicago", "Detroit"},
		{"Denver, no, Dallas actually", "Denver", "Dallas"},
		{"providence actually", "", "providence actually"},
		{"boston, wait", "", "boston, wait"},
	}
	for _, c := range cases {
		h, tl, _ := SplitCorrection(c.text)
		if h != c.head || tl != c.tail {
			t.Errorf("SplitCorrection(%q) = %q, %q; want %q, %q", c.text, h, tl, c.head, c.tail)
		}
	}
	if !CorrectsByApology("Scottsdale - sorry, showing a house") || CorrectsByApology("Denver, no wait, Dallas") {
		t.Error("CorrectsByApology: an apology told apart from a correction")
	}
}
