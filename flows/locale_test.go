package flows

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/parleyhq/parley/nlu"
)

// bookingIn is the booking demo with the bot's locale set to locale ("" for
// none).
func bookingIn(t testing.TB, locale string) *Engine {
	t.Helper()
	def, err := DemoDefinition()
	if err != nil {
		t.Fatal(err)
	}
	def.Locale = locale
	e, err := New(def, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestLocaleDateOrder: a numeric date whose day and month could be either is
// read in the order of the bot's locale (round 16: "7/6", "8/12" at the
// departure date of an American booking bot), asked again without one; one
// order alone ("7/20") is read in any; a correction between two keeps the
// last ("7/20 no 7/21").
func TestLocaleDateOrder(t *testing.T) {
	today := nlu.Date{Year: 2027, Month: 6, Day: 29}
	us, gb, none := bookingIn(t, "en-US"), bookingIn(t, "en-GB"), bookingIn(t, "")
	for _, tc := range []struct{ answer, us, gb, none string }{
		{"7/6", "2027-07-06", "", ""}, // 7 June has just gone: asked again
		{"8/12", "2027-08-12", "2027-12-08", ""},
		{"7/20", "2027-07-20", "2027-07-20", "2027-07-20"},
		{"20/7", "2027-07-20", "2027-07-20", "2027-07-20"},
		{"7/20 no 7/21", "2027-07-21", "2027-07-21", "2027-07-21"},
		{"7/9 no 7/10", "2027-07-10", "2027-10-07", ""},
		{"on 8/9/27 please", "2027-08-09", "2027-09-08", ""},
		{"2027/08/09", "2027-08-09", "2027-08-09", "2027-08-09"},
	} {
		for _, c := range []struct {
			e    *Engine
			name string
			want string
		}{{us, "en-US", tc.us}, {gb, "en-GB", tc.gb}, {none, "no locale", tc.none}} {
			slots := playTexts(t, c.e, today, "I need a flight from Denver to Chicago", tc.answer)
			if got := format(slots["departure_date"]); got != c.want {
				t.Errorf("%s %q: departure_date = %s, want %s", c.name, tc.answer, got, c.want)
			}
		}
	}
}

// An open numeric date ("a/b", both 12 or less) is month/day in en-US, day/month
// in en-GB, never stored without a locale; a correction keeps the last
// (December left out: its first days just passed, asked again).
func TestLocaleDateOrderProperty(t *testing.T) {
	today := nlu.Date{Year: 2027, Month: 1, Day: 4}
	us, gb, none := bookingIn(t, "en-US"), bookingIn(t, "en-GB"), bookingIn(t, "")
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.IntRange(2, 11).Draw(t, "a")
		b := rapid.IntRange(2, 11).Filter(func(b int) bool { return b != a }).Draw(t, "b")
		answer := fmt.Sprintf("%d/%d", a, b)
		if rapid.Bool().Draw(t, "corrected") {
			answer = fmt.Sprintf("%d/%d no %s", b, a, answer)
		}
		at := func(e *Engine) string {
			return format(playTexts(t, e, today, "I need a flight from Denver to Chicago", answer)["departure_date"])
		}
		if got, want := at(us), fmt.Sprintf("2027-%02d-%02d", a, b); got != want {
			t.Fatalf("en-US %q: %s, want %s", answer, got, want)
		}
		if got, want := at(gb), fmt.Sprintf("2027-%02d-%02d", b, a); got != want {
			t.Fatalf("en-GB %q: %s, want %s", answer, got, want)
		}
		if got := at(none); got != "" {
			t.Fatalf("no locale %q: %s stored", answer, got)
		}
	})
}

func TestLocaleValidated(t *testing.T) {
	def, err := DemoDefinition()
	if err != nil {
		t.Fatal(err)
	}
	def.Locale = "american"
	var found bool
	for _, d := range Validate(def) {
		found = found || strings.Contains(d.Message, `locale "american"`)
	}
	if !found {
		t.Error("an unknown locale is not reported")
	}
	def.Locale = "en_GB"
	for _, d := range Validate(def) {
		if strings.Contains(d.Message, "locale") {
			t.Errorf("en_GB: %s", d.Message)
		}
	}
}

// TestValidateLocale: a bot's locale must be a CLDR locale; `parley validate`
// names the field ("locale ... is no CLDR locale") and a known tag passes.
func TestValidateLocale(t *testing.T) {
	for _, tc := range []struct {
		locale string
		bad    bool
	}{{"en-US", false}, {"en-GB", false}, {"", false}, {"xx-Nowhere", true}, {"en_US\x00", true}} {
		def, err := DemoDefinition()
		if err != nil {
			t.Fatal(err)
		}
		def.Locale = tc.locale
		named := false
		for _, d := range Validate(def) {
			named = named || strings.Contains(d.Message, "no CLDR locale")
		}
		if named != tc.bad {
			t.Errorf("Validate(locale %q) names the locale: %v, want %v", tc.locale, named, tc.bad)
		}
	}
}
