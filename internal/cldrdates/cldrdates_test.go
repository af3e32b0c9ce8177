package cldrdates

import "testing"

// TestWordRules: the generator's rules for a word's letters, its length and
// the day after tomorrow CLDR glues to tomorrow.
func TestWordRules(t *testing.T) {
	for _, tc := range []struct {
		w       string
		letters bool
	}{
		{"a-màireach", true}, {"warcʼhoazh", true}, {"warc'hoazh", true},
		{"-abc", false}, {"abc-", false}, {"a--b", false}, {"3 days", false}, {"dé luain", true},
	} {
		if got := lettersOnly(tc.w); got != tc.letters {
			t.Errorf("lettersOnly(%q) = %v, want %v", tc.w, got, tc.letters)
		}
	}
	for _, tc := range []struct {
		w     string
		short bool
	}{
		{"rīt", true}, {"dé luain", false}, {"ā te mane", false}, {"o de", true}, {"金", true}, {"luns", false},
	} {
		if got := tooShort(tc.w); got != tc.short {
			t.Errorf("tooShort(%q) = %v, want %v", tc.w, got, tc.short)
		}
	}
	for _, tc := range []struct{ tomorrow, after, want string }{
		{"mañá", "pasadomañá", "pasado mañá"},
		{"завтра", "послезавтра", "после завтра"},
		{"domani", "dopodomani", "dopo domani"},
		{"demain", "après-demain", ""},
		{"morgen", "übermorgen", "über morgen"},
		{"amanhã", "depois de amanhã", ""},
		{"heute", "morgen", ""},
	} {
		got, ok := dayAfterApart(tc.tomorrow, tc.after)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("dayAfterApart(%q, %q) = %q, want %q", tc.tomorrow, tc.after, got, tc.want)
		}
	}
	if !builtOnTomorrow(meaning{"day", "1"}, meaning{"day", "2"}) || builtOnTomorrow(meaning{"weekday", "5"}, meaning{"weekday", "4"}) {
		t.Error("builtOnTomorrow: only tomorrow ending the day after it")
	}
}
