package check

import (
	"regexp"
	"strings"
	"testing"

	"github.com/parleyhq/parley/flows"
	"pgregory.net/rapid"
)

// regexAtom draws one piece of a pattern as authors write them: a literal, a
// class, an escape or a group of alternatives, maybe repeated.
func regexAtom(t *rapid.T, depth int) string {
	atoms := []string{"a", "Z", "7", "-", ":", `\.`, "[a-z]", "[0-5]", "[A-Z0-9]", `\d`, `\w`, `\s`, `\p{Lu}`, "[^0-9]", "."}
	atom := rapid.SampledFrom(atoms).Draw(t, "atom")
	if depth < 2 && rapid.Bool().Draw(t, "group") {
		n := rapid.IntRange(2, 3).Draw(t, "alternatives")
		var alts []string
		for range n {
			alts = append(alts, regexConcat(t, depth+1))
		}
		atom = "(" + strings.Join(alts, "|") + ")"
	}
	return atom + rapid.SampledFrom([]string{"", "", "?", "*", "+", "{2}", "{1,3}", "{0,2}"}).Draw(t, "repeat")
}

func regexConcat(t *rapid.T, depth int) string {
	var b strings.Builder
	for range rapid.IntRange(1, 4).Draw(t, "atoms") {
		b.WriteString(regexAtom(t, depth))
	}
	return b.String()
}

// TestRegexSamplesMatch: for patterns drawn from the forms flow authors write
// (anchored or not, case-folded or not), regexSamples gives at least one sample,
// and every sample matches the pattern.
func TestRegexSamplesMatch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := regexConcat(t, 0)
		if rapid.Bool().Draw(t, "anchored") {
			p = "^" + p + "$"
		}
		if rapid.Bool().Draw(t, "foldcase") {
			p = "(?i)" + p
		}
		re := regexp.MustCompile(p)
		got := regexSamples(p, 6)
		if len(got) == 0 {
			t.Fatalf("no sample of %q", p)
		}
		for _, s := range got {
			if !re.MatchString(s) {
				t.Fatalf("sample %q does not match %q", s, p)
			}
		}
	})
}

// TestRegexSamplesReadable: the samples of the patterns of the shipped bots and of
// the clinic are short and readable, and differ from one another.
func TestRegexSamplesReadable(t *testing.T) {
	for p, want := range map[string]string{
		`^BK-\d{5}$`:                     `BK-00000`,
		`^(09|1[0-6]):[0-5]\d$`:          `09:00`,
		`^R\d{3}$`:                       `R000`,
		`(?i)^[a-z]+@[a-z]+\.com$`:       `A@A.COM`,
		`^(yes|no)$`:                     `yes`,
		`^\p{Lu}\w{2,}$`:                 `A00`,
		`^(1[89]|2[0-2]):(00|15|30|45)$`: `18:00`,
	} {
		got := regexSamples(p, 6)
		if len(got) == 0 || got[0] != want {
			t.Errorf("regexSamples(%q) = %q, want %q first", p, got, want)
		}
		if len(got) < 2 {
			t.Errorf("regexSamples(%q) = %q: one sample, no sibling to try", p, got)
		}
	}
	if got := regexSamples(`(`, 6); got != nil {
		t.Errorf("a pattern that does not compile gave %q", got)
	}
}

// TestSlotSamples: a slot's valid samples pass every validator it declares as the
// engine checks them, its invalid one does not; a slot no value passes is
// blocked at the validator that refused the candidate that got furthest.
func TestSlotSamples(t *testing.T) {
	f := func(min, max float64) (*float64, *float64) { return &min, &max }
	lo, hi := f(2, 12)
	tests := []struct {
		name string
		slot *flows.Slot
		// valid is the sample wanted ("" for blocked); invalid too ("" for none).
		valid, invalid string
		refused        bool
		blockedAt      int
		taken          map[string]bool // values earlier slots of the flow hold
	}{
		{"time within opening hours", &flows.Slot{Name: "s", Type: flows.TypeTime, Validators: []*flows.Validator{{Type: flows.ValidateRegex, Pattern: `^(09|1[0-6]):[0-5]\d$`}}}, "09:00", noValue, false, 0, nil},
		{"text with a regex", &flows.Slot{Name: "s", Validators: []*flows.Validator{{Type: flows.ValidateRegex, Pattern: `^(09|1[0-6]):[0-5]\d$`}}}, "09:00", noValue, false, 0, nil},
		{"integer in range", &flows.Slot{Name: "s", Type: flows.TypeInteger, Validators: []*flows.Validator{{Type: flows.ValidateRange, Min: lo, Max: hi}}}, "2", "13", false, 0, nil},
		{"enum", &flows.Slot{Name: "s", Type: flows.TypeEnum, Values: []string{"inside", "terrace"}}, "inside", noValue, false, 0, nil},
		{"future date", &flows.Slot{Name: "s", Type: flows.TypeDate, Validators: []*flows.Validator{{Type: flows.ValidateFutureDate}}}, "2026-06-15", "2001-01-01", false, 0, nil},
		{"free text", &flows.Slot{Name: "s"}, "Springfield", "!", false, 0, nil},
		{"webhook validator", &flows.Slot{Name: "s", Type: flows.TypeTime, Validators: []*flows.Validator{{Type: flows.ValidateCustom, Webhook: &flows.Webhook{URL: "https://example.com/v"}}}}, "18:30", noValue, true, 0, nil},
		{"a time the regex reads before normalizing", &flows.Slot{Name: "s", Type: flows.TypeTime, Validators: []*flows.Validator{{Type: flows.ValidateRegex, Pattern: `^\d{1,2}(am|pm)$`}}}, "", noValue, false, 0, nil},
		{"an enum the type refuses", &flows.Slot{Name: "s", Type: flows.TypeInteger, Validators: []*flows.Validator{{Type: flows.ValidateRange, Min: lo, Max: hi}, {Type: flows.ValidateEnum, Values: []string{"one"}}}}, "", "13", false, 1, nil},
		{"a city another slot holds is not the sample", &flows.Slot{Name: "s", Type: flows.TypeCity}, "Madrid", noValue, false, 0, map[string]bool{"Boston": true}},
		{"every value taken: the first", &flows.Slot{Name: "s", Type: flows.TypeEnum, Values: []string{"inside"}}, "inside", noValue, false, 0, map[string]bool{"inside": true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.slot.Prompt = "?"
			def := &flows.Definition{File: "t.yaml", Flows: []*flows.Flow{{Name: "f", Trigger: flows.Trigger{Keywords: []string{"go"}},
				Slots: []*flows.Slot{tt.slot}, Steps: []*flows.Step{{ID: "ask", Collect: "s"}}}}}
			e, err := flows.New(def, flows.Options{Runner: &sampleRunner{}})
			if err != nil {
				t.Fatal(err)
			}
			got := slotSamples(e, "f", tt.slot, Options{}.start(), tt.taken)
			if tt.valid == "" {
				if got.blocked == nil || got.blocked.validator != tt.blockedAt || len(got.valid) != 0 {
					t.Fatalf("want blocked at validator %d, got %+v", tt.blockedAt, got)
				}
			} else if len(got.valid) != 1 || got.valid[0] != tt.valid || got.blocked != nil {
				t.Fatalf("valid = %q, blocked %v; want %q", got.valid, got.blocked, tt.valid)
			}
			for _, v := range got.valid {
				if ok, _ := e.Accepts("f", "s", v, Options{}.start()); !ok {
					t.Errorf("valid sample %q is refused", v)
				}
			}
			if got.invalid != tt.invalid {
				t.Errorf("invalid = %q, want %q", got.invalid, tt.invalid)
			}
			if (got.refused != "") != tt.refused {
				t.Errorf("refused = %q, want one: %v", got.refused, tt.refused)
			}
		})
	}
}

// TestCustomValidatorExploredBothWays: a slot with a custom validator (a webhook)
// is answered with a value the validator takes and with one it refuses; the
// refused one is asked again and counts against the slot's retries.
func TestCustomValidatorExploredBothWays(t *testing.T) {
	def, err := flows.Parse([]byte(`flows:
  - name: book
    trigger: {keywords: [book]}
    slots:
      - name: day
        type: date
        prompt: Which day?
        validators:
          - type: custom
            webhook: {url: "https://example.com/open"}
    steps:
      - id: ask
        collect: day
      - id: done
        action:
          set: {booked: "yes"}
`), "custom.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewFlowsModel(def)
	if err != nil {
		t.Fatal(err)
	}
	rep := explore(t, m)
	refused, taken := false, false
	for _, s := range rep.Graph.States {
		for _, st := range s.Steps {
			to := rep.Graph.States[st.To]
			switch st.Input.Label {
			case "answer refused day":
				refused = refused || to.Signature["waiting_for_slot"] == "day" && strings.Contains(to.Key, `"retries":{"day":1}`)
			case "answer valid day":
				taken = taken || st.Goal
			}
		}
	}
	if !refused || !taken {
		t.Fatalf("refused and asked again: %v; taken and booked: %v", refused, taken)
	}
}
