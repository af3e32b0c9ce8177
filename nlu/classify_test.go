package nlu

import (
	"math"
	"testing"
)

func bookingIntents() []Intent {
	return []Intent{
		{Name: "book_flight", Examples: []string{"I want to book a flight", "fly to Paris", "reserve a plane ticket"},
			Keywords: []string{"book a flight", "book flight"}},
		{Name: "cancel_booking", Examples: []string{"cancel my reservation"}, Keywords: []string{"cancel my booking", "cancel booking"}},
		{Name: "greet", Examples: []string{"hello", "hi there", "good morning"}},
		{Name: "duplicate", Keywords: []string{"book a flight"}}, // same keyword as book_flight: order breaks the tie
	}
}

func TestClassify(t *testing.T) {
	c := NewClassifier(bookingIntents())
	tests := []struct {
		in       string
		want     string
		minConf  float64
		maxConf  float64
		accepted bool
	}{
		{"book a flight", "book_flight", 1, 1, true},
		{"Book a flight!", "book_flight", 1, 1, true},
		{"I need to book a flight to Rome", "book_flight", 0.9, 0.9, true},
		{"please cancel my booking", "cancel_booking", 0.9, 0.9, true},
		{"reserve plane tickets", "book_flight", 0.5, 1, true},
		{"helo", "greet", 0.5, 1, true},
		{"Hello!", "greet", 1, 1, true},
		{"cancel my reservations", "cancel_booking", 0.5, 1, true},
		{"what's the weather like", "", 0, 0.5, false},
		{"", "", 0, 0, false},
	}
	for _, tt := range tests {
		got, ok := c.Classify(tt.in)
		if ok != tt.accepted || (tt.want != "" && got.Intent != tt.want) ||
			got.Confidence < tt.minConf-1e-9 || got.Confidence > tt.maxConf+1e-9 {
			t.Errorf("Classify(%q) = %+v, %v; want %q in [%v, %v], %v", tt.in, got, ok, tt.want, tt.minConf, tt.maxConf, tt.accepted)
		}
	}
}

func TestClassifyLongestKeywordWins(t *testing.T) {
	c := NewClassifier([]Intent{
		{Name: "cancel", Keywords: []string{"cancel"}},
		{Name: "cancel_booking", Keywords: []string{"cancel my booking"}},
	})
	if got, _ := c.Classify("cancel my booking now"); got.Intent != "cancel_booking" {
		t.Errorf("got %q, want the longest keyword's intent", got.Intent)
	}
}

func TestClassifyEdgeCases(t *testing.T) {
	var nilClassifier *Classifier
	if _, ok := nilClassifier.Classify("hello"); ok {
		t.Error("nil classifier classified")
	}
	if _, ok := NewClassifier(nil).Classify("hello"); ok {
		t.Error("empty classifier classified")
	}
	c := NewClassifier([]Intent{{Name: "blank", Examples: []string{"", "!!!"}, Keywords: []string{"", " "}}})
	if _, ok := c.Classify("hello"); ok {
		t.Error("blank intent matched")
	}
}

func FuzzClassify(f *testing.F) {
	for _, s := range []string{"book a flight", "helo", "", "¿¡!?", "cancel my booking now", "نعم"} {
		f.Add(s)
	}
	c := NewClassifier(bookingIntents())
	f.Fuzz(func(t *testing.T, s string) {
		r, ok := c.Classify(s)
		r2, ok2 := c.Classify(s)
		if r != r2 || ok != ok2 {
			t.Fatalf("Classify(%q) not deterministic", s)
		}
		if math.IsNaN(r.Confidence) || r.Confidence < 0 || r.Confidence > 1 {
			t.Fatalf("Classify(%q) confidence %v", s, r.Confidence)
		}
		if ok != (r.Confidence >= Threshold) {
			t.Fatalf("Classify(%q) ok=%v with confidence %v", s, ok, r.Confidence)
		}
	})
}

func BenchmarkClassify(b *testing.B) {
	c := NewClassifier(bookingIntents())
	inputs := []string{"I need to book a flight to Rome", "reserve plane tickets", "what's the weather like"}
	for b.Loop() {
		for _, s := range inputs {
			c.Classify(s)
		}
	}
}
