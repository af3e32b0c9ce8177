package nlu

import (
	"strings"
	"testing"
)

func TestUnmarkUnquote(t *testing.T) {
	for in, want := range map[string]string{
		"**City:** Porto":     "City: Porto",
		"_Denver_ please":     "Denver please",
		"~~Rome~~ Milan":      "Rome Milan",
		"`BK-10101`":          "BK-10101",
		"snake_case stays":    "snake_case stays",
		"BK*12 stays":         "BK*12 stays",
		"no marks at all":     "no marks at all",
		"***Departure*** - x": "Departure - x",
	} {
		if got := Unmark(in); got != want {
			t.Errorf("Unmark(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"> Which city?\nOslo":                        "Oslo",
		">> On Monday you wrote:\n> When?\n\nFriday": "Friday",
		"> only a quote":                             "> only a quote",
		"3 > 2":                                      "3 > 2",
	} {
		if got := Unquote(in); got != want {
			t.Errorf("Unquote(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCutFormLabel(t *testing.T) {
	for _, c := range []struct{ in, label, value string }{
		{"**Origin:** Seattle", "origin", "Seattle"},
		{"Departure city: Lisbon (LIS)", "departure city", "Lisbon (LIS)"},
		{"*Destination*: Denver", "destination", "Denver"},
		{"Ref = BK-10293", "ref", "BK-10293"},
		{"Date of arrival - 3 July", "date of arrival", "3 July"},
		{"Ville de départ : Lyon", "ville de depart", "Lyon"},
		{"Fecha de salida: 2 de julio", "fecha de salida", "2 de julio"},
		{"Check-in: Sunday", "check in", "Sunday"},
	} {
		label, value, ok := CutFormLabel(c.in, nil)
		if !ok || strings.Join(label, " ") != c.label || value != c.value {
			t.Errorf("CutFormLabel(%q) = %q, %q, %v; want %q, %q", c.in, label, value, ok, c.label, c.value)
		}
	}
	// No label: a time, a city, a correction, a value alone, a label with
	// nothing after it.
	for _, in := range []string{"10:30", "Paris: the 3rd", "Leeds - no sorry, Bradford", "BK-12345", "Origin:", "Denver", "my wife: Boston"} {
		if label, value, ok := CutFormLabel(in, nil); ok {
			t.Errorf("CutFormLabel(%q) = %q, %q; want no label", in, label, value)
		}
	}
	// A word the caller knows is a label's (its slot's name).
	if _, v, ok := CutFormLabel("Fare class: economy", func(w string) bool { return w == "fare" || w == "class" }); !ok || v != "economy" {
		t.Errorf("a slot's own label words: %q %v", v, ok)
	}
}

func TestCutEchoedQuestion(t *testing.T) {
	prompt := map[string]bool{"where": true, "would": true, "you": true, "like": true, "to": true, "fly": true, "from": true, "origin": true}
	asked := func(w string) bool { return prompt[w] }
	for in, want := range map[string]string{
		"Where to? Atlanta.":                   "Atlanta.",
		"Where would I like to fly from? Oslo": "Oslo",
		"where from?? Oslo":                    "Oslo",
		"Where do I fly from again? Porto":     "Porto",
		"Origin? Lyon":                         "Lyon",
	} {
		if got, ok := CutEchoedQuestion(in, asked); !ok || got != want {
			t.Errorf("CutEchoedQuestion(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	// Another question, a question alone, no question of the bot's words.
	for _, in := range []string{"Is Rome cheaper? Paris", "Where would you like to fly from?", "What? Paris", "Can I bring my dog? Paris", "Paris? Rome?"} {
		if got, ok := CutEchoedQuestion(in, asked); ok {
			t.Errorf("CutEchoedQuestion(%q) = %q; want the question kept", in, got)
		}
	}
}
