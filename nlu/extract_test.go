package nlu

import (
	"math"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestExtractEmail(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"Ok, john@example.com", "john@example.com", true}, // seed 002 trace, turn 5
		// A comma typed for a dot in the domain, only where it makes a whole
		// address (commaForDot).
		{"jo.b@hotmail,com", "jo.b@hotmail.com", true},
		{"it's ana@correo,com,mx thanks", "ana@correo.com.mx", true},
		{"Lee@Yahoo,fr", "lee@yahoo.fr", true},
		{"sam@example.com, or call me", "sam@example.com", true},
		{"sam@gmail,thanks", "", false},
		{"JOHN.DOE+tag@Mail.Example.org.", "john.doe+tag@mail.example.org", true},
		{"write to <a_b@x-y.co.uk>, thanks", "a_b@x-y.co.uk", true},
		{"Umm, not ready to share that", "", false},
		{"a@b", "", false},
		{"@example.com", "", false},
	}
	for _, tt := range tests {
		got, ok := ExtractEmail(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ExtractEmail(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestExtractPhone(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"call +212 6 12-34-56-78 now", "+212612345678", true},
		{"(555) 123-4567", "5551234567", true},
		{"my number is 0612345678", "0612345678", true},
		{"555.123.4567", "5551234567", true},
		{"+1 (415) 555-0100", "+14155550100", true},
		{"2026-12-12", "", false},
		{"12.12.2026", "", false},
		{"booking BK-98765432", "", false},
		{"123 456", "", false},
		{"john@example.com", "", false},
		{"Umm, not ready to share that", "", false}, // seed 002 trace, turn 4
		{"1234567890123456789", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := ExtractPhone(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ExtractPhone(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestExtractQuantities(t *testing.T) {
	tests := []struct {
		in   string
		want []Quantity
	}{
		{"I want to bench press 300 lbs, currently at 225 lbs", []Quantity{{300, "lb"}, {225, "lb"}}}, // seed 002 trace, turn 3
		{"run 5km in 30 minutes", []Quantity{{5, "km"}, {30, "min"}}},
		{"lose 10% body fat", []Quantity{{10, "%"}}},
		{"2.5 hours a week", []Quantity{{2.5, "h"}}},
		{"squat 100 kg", []Quantity{{100, "kg"}}},
		{"2,5 kilos", []Quantity{{2.5, "kg"}}},
		{"1,234.5 pounds", []Quantity{{1234.5, "lb"}}},
		{"3 miles", []Quantity{{3, "mi"}}},
		{"under $20", []Quantity{{20, "USD"}}},
		{"20 dollars", []Quantity{{20, "USD"}}},
		{"USD 30", []Quantity{{30, "USD"}}},
		{"100 €", []Quantity{{100, "EUR"}}},
		{"50 euros", []Quantity{{50, "EUR"}}},
		{"150 dh", []Quantity{{150, "MAD"}}},
		{"200 dirhams", []Quantity{{200, "MAD"}}},
		{"3 apples", []Quantity{{3, ""}}},
		{"5KG", []Quantity{{5, "kg"}}},
		{"bghit nhder m3a chi wahed", nil},
		{"the 12th", nil},
		{"no numbers here", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ExtractQuantities(tt.in)); diff != "" {
			t.Errorf("ExtractQuantities(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestExtractPriceRange(t *testing.T) {
	tests := []struct {
		in   string
		want PriceRange
		ok   bool
	}{
		{"under 20", PriceRange{Max: new(20.0)}, true},
		{"hoodies less than $30", PriceRange{Max: new(30.0)}, true},
		{"below 50 dollars", PriceRange{Max: new(50.0)}, true},
		{"max 40", PriceRange{Max: new(40.0)}, true},
		{"no more than 25", PriceRange{Max: new(25.0)}, true},
		{"$15 or less", PriceRange{Max: new(15.0)}, true},
		{"over 50", PriceRange{Min: new(50.0)}, true},
		{"more than 10€", PriceRange{Min: new(10.0)}, true},
		{"at least 5", PriceRange{Min: new(5.0)}, true},
		{"100 or more", PriceRange{Min: new(100.0)}, true},
		{"between 10 and 20", PriceRange{Min: new(10.0), Max: new(20.0)}, true},
		{"between $20 and $10", PriceRange{Min: new(10.0), Max: new(20.0)}, true},
		{"from 10 to 20", PriceRange{Min: new(10.0), Max: new(20.0)}, true},
		{"10-20 dollars", PriceRange{Min: new(10.0), Max: new(20.0)}, true},
		{"$10 - $25.50", PriceRange{Min: new(10.0), Max: new(25.5)}, true},
		{"over 10 and under 30", PriceRange{Min: new(10.0), Max: new(30.0)}, true},
		{"moins de 20 euros", PriceRange{Max: new(20.0)}, true},
		{"entre 10 et 20", PriceRange{Min: new(10.0), Max: new(20.0)}, true},
		{"menos de 20", PriceRange{Max: new(20.0)}, true},
		{"más de 20", PriceRange{Min: new(20.0)}, true},
		{"a9al men 20", PriceRange{Max: new(20.0)}, true},
		{"ktar men 100 dh", PriceRange{Min: new(100.0)}, true},
		{"show me hoodies", PriceRange{}, false},
		{"2 hoodies", PriceRange{}, false},
		{"", PriceRange{}, false},
	}
	for _, tt := range tests {
		got, ok := ExtractPriceRange(tt.in)
		if ok != tt.ok {
			t.Errorf("ExtractPriceRange(%q) ok = %v, want %v", tt.in, ok, tt.ok)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ExtractPriceRange(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestParseNumber(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"42", 42, true},
		{" 42. ", 42, true},
		{"-3.5", -3.5, true},
		{"+7", 7, true},
		{".5", 0.5, true},
		{"1,234.5", 1234.5, true},
		{"1,000,000", 1e6, true},
		{"12,5", 12.5, true},
		{"$20", 20, true},
		{"٣", 3, true},
		{"twenty", 20, true},
		{"Twenty five", 25, true},
		{"twenty-five", 25, true},
		{"one hundred and five", 105, true},
		{"a hundred", 100, true},
		{"two thousand three hundred", 2300, true},
		{"trois", 3, true},
		{"dos", 2, true},
		{"jouj", 2, true},
		{"zero", 0, true},
		{"", 0, false},
		{"abc", 0, false},
		{"12 apples", 0, false},
		{"3.2.1", 0, false},
		{"and", 0, false},
		{"1e400", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseNumber(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseInteger(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"42", 42, true},
		{"-7", -7, true},
		{"1,000", 1000, true},
		{"twelve", 12, true},
		{"9223372036854775807", math.MaxInt64, true},
		{"99999999999999999999", 0, false},
		{"2.5", 0, false},
		{"3.0", 3, true},
		{"", 0, false},
		{"two apples", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseInteger(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseInteger(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestExtractRegex(t *testing.T) {
	re := regexp.MustCompile(`(?P<ref>BK-\d+)(?:\s+for\s+(?P<name>\w+))?`)
	tests := []struct {
		re   *regexp.Regexp
		in   string
		want map[string]string
	}{
		{re, "my ref is BK-98765 for Ana", map[string]string{"ref": "BK-98765", "name": "Ana"}},
		{re, "BK-1", map[string]string{"ref": "BK-1"}},
		{re, "no reference", nil},
		{nil, "BK-1", nil},
		{regexp.MustCompile(`\d+`), "42", map[string]string{}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ExtractRegex(tt.re, tt.in)); diff != "" {
			t.Errorf("ExtractRegex(%v, %q) (-want +got):\n%s", tt.re, tt.in, diff)
		}
	}
}

func TestCategorize(t *testing.T) {
	categories := map[string][]string{
		"music":    {"album", "vinyl", "cd"},
		"clothing": {"shirt", "t-shirt", "hoodie", "sweat à capuche"},
		"decor":    {"poster"},
	}
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"a blue hoodie", "clothing", true},
		{"T-Shirt please", "clothing", true},
		{"un sweat a capuche", "clothing", true},
		{"vinyl record", "music", true},
		{"a poster and an album", "decor", true}, // both match: sorted name order
		{"a hoodie and an album", "clothing", true},
		{"shirts", "", false},             // whole words only
		{"a hodie", "clothing", true},     // a doubled letter typed once
		{"a posterr", "decor", true},      // one slip in a word of five letters or more
		{"a hodie or a postr", "", false}, // two categories near: none
		{"nothing", "", false},
	}
	for _, tt := range tests {
		got, ok := Categorize(tt.in, categories)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Categorize(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if _, ok := Categorize("anything", nil); ok {
		t.Error("Categorize with no categories matched")
	}
}

func FuzzExtractQuantities(f *testing.F) {
	for _, s := range []string{"I want to bench press 300 lbs, currently at 225 lbs", "$1,234.56", "5kg", "m3a", "9999999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := ExtractQuantities(s)
		if diff := cmp.Diff(got, ExtractQuantities(s)); diff != "" {
			t.Fatalf("not deterministic on %q", s)
		}
		for _, q := range got {
			if math.IsNaN(q.Value) || math.IsInf(q.Value, 0) || q.Value < 0 {
				t.Fatalf("ExtractQuantities(%q) gave %v", s, q)
			}
		}
	})
}

func FuzzExtractPriceRange(f *testing.F) {
	for _, s := range []string{"under 20", "between 10 and 20", "10-20 dollars", "over 10 and under 30", "a9al men 20", "1e999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pr, ok := ExtractPriceRange(s)
		pr2, ok2 := ExtractPriceRange(s)
		if ok != ok2 || !cmp.Equal(pr, pr2) {
			t.Fatalf("not deterministic on %q", s)
		}
		if ok != (pr.Min != nil || pr.Max != nil) {
			t.Fatalf("ExtractPriceRange(%q): ok=%v with %+v", s, ok, pr)
		}
	})
}

func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"42", "1,234.5", "twenty five", "-", "+.", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := ParseNumber(s)
		if ok && (math.IsNaN(v) || math.IsInf(v, 0)) {
			t.Fatalf("ParseNumber(%q) = %v", s, v)
		}
		ParseInteger(s)
		ExtractPhone(s)
		ExtractEmail(s)
	})
}

// TestCategorizeTypedKinds: a session kind typed with one slip names its
// category ("quick cal tmrw", "trainng sat"); a word near two is none.
func TestCategorizeTypedKinds(t *testing.T) {
	kinds := map[string][]string{
		"training session": {"session", "training", "workout", "sesh", "in person"},
		"intro call":       {"call", "quick call", "video", "chat", "intro"},
	}
	for _, tc := range []struct{ in, want string }{
		{"quick cal tmrw", "intro call"},
		{"trainng sat", "training session"},
		{"traning friday", "training session"},
		{"sesion monday", "training session"},
		{"workot monday", "training session"},
		{"vidoe call", "intro call"},
		{"sesh sat", "training session"},
		{"the sun", ""},
		{"friday", ""},
	} {
		got, _ := Categorize(tc.in, kinds)
		if got != tc.want {
			t.Errorf("Categorize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
