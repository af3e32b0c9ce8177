package nlu_test

import (
	"fmt"
	"time"

	"github.com/parleyhq/parley/nlu"
)

func ExampleConfirmation() {
	for _, text := range []string{"WAKHA!", " la. ", "¿Sí?", "later"} {
		fmt.Printf("%q: %v\n", text, nlu.Confirmation(text))
	}
	// Output:
	// "WAKHA!": yes
	// " la. ": no
	// "¿Sí?": yes
	// "later": unknown
}

func ExampleParseDate() {
	sentAt := time.Date(2025, 12, 5, 9, 30, 0, 0, time.UTC) // a Friday
	for _, text := range []string{"Next Friday", "Schedule me for next Tuesday", "Dec 12th", "dans 2 semaines"} {
		d, ok := nlu.ParseDate(text, sentAt)
		fmt.Println(text, "->", d, ok)
	}
	// Output:
	// Next Friday -> 2025-12-12 true
	// Schedule me for next Tuesday -> 2025-12-09 true
	// Dec 12th -> 2025-12-12 true
	// dans 2 semaines -> 2025-12-19 true
}

func ExampleExtractQuantities() {
	fmt.Println(nlu.ExtractQuantities("I want to bench press 300 lbs, currently at 225 lbs"))
	// Output: [{300 lb} {225 lb}]
}

func ExampleExtractPriceRange() {
	pr, ok := nlu.ExtractPriceRange("hoodies between $10 and $20")
	fmt.Println(*pr.Min, *pr.Max, ok)
	// Output: 10 20 true
}

func ExampleClassifier_Classify() {
	c := nlu.NewClassifier([]nlu.Intent{
		{Name: "book_flight", Examples: []string{"I want to book a flight"}, Keywords: []string{"book a flight"}},
		{Name: "greet", Examples: []string{"hello", "hi there"}},
	})
	for _, text := range []string{"book a flight", "I'd like to book flights", "helo", "what's the weather"} {
		r, ok := c.Classify(text)
		fmt.Printf("%s: %s %.2f %v\n", text, r.Intent, r.Confidence, ok)
	}
	// Output:
	// book a flight: book_flight 1.00 true
	// I'd like to book flights: book_flight 1.00 true
	// helo: greet 0.80 true
	// what's the weather:  0.00 false
}

func ExampleMarkers_Match() {
	marker, ok := nlu.DefaultIntentMarkers().Match("Actually, change the origin to Boston")
	fmt.Println(marker, ok)
	// Output: actually true
}
