package cldrdates

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

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

// TestTypedForms: the case forms, the letters users type and the
// romanization, as data.
func TestTypedForms(t *testing.T) {
	ws := &words{meanings: map[string]map[meaning]map[string]bool{}, phrases: map[string]bool{}}
	addInflected(ws, "leygardagur", "6", "fo")
	addInflected(ws, "sabato", "6", "eo")
	addInflected(ws, "sobota", "6", "pl")
	addInflected(ws, "wtorek", "2", "pl")
	addInflected(ws, "nedeľa", "0", "sk")
	ws.add("mokɔlɔ mwa yambo", meaning{"weekday", "1"}, "ln")
	ws.add("פֿרײַטיק", meaning{"weekday", "5"}, "yi")
	for _, w := range []string{"leygardag", "leygardagin", "sabaton", "sobotę", "sobote", "nedeľu", "nedelu",
		"mokolo mwa yambo", "mokɔlɔ mwa yambo", "fraytik", "פֿרייַטיק"} {
		if len(ws.meanings[w]) != 1 {
			t.Errorf("%q: %v, want one meaning", w, ws.meanings[w])
		}
	}
	for _, w := range []string{"wtorekę", "wtoreka", "sabatoen"} {
		if ws.meanings[w] != nil {
			t.Errorf("%q added: %v", w, ws.meanings[w])
		}
	}
	ws.fallback = map[string]bool{"tomorrow": true, "sun": true}
	ws.add("Tomorrow", meaning{"day", "1"}, "tpi")
	ws.add("Sun", meaning{"weekday", "0"}, "tpi")
	if ws.meanings["tomorrow"] != nil || ws.meanings["sun"] != nil {
		t.Error("a fallback value was added")
	}
}

// TestHandWords: hand.txt's words are their language's, its place lines
// join the places, and each word passes the guards CLDR's words pass.
func TestHandWords(t *testing.T) {
	ws := &words{meanings: map[string]map[meaning]map[string]bool{}, phrases: map[string]bool{}, covered: map[string]bool{}}
	places := map[string]bool{}
	addHand(ws, places)
	ws.places = places
	english := map[string]bool{"jedi": true, "awe": true}
	for _, tc := range []struct{ w, reason string }{
		{"maten", ""}, {"esuk", ""}, {"jedi", "english"}, {"setu", "place"}, {"awe", "short"},
	} {
		ms := ws.meanings[tc.w]
		if len(ms) == 0 || !ws.covered["ht"] {
			t.Fatalf("hand.txt: %q not added", tc.w)
		}
		if got := dropReason(ws, tc.w, ms, english); got != tc.reason {
			t.Errorf("dropReason(%q) = %q, want %q", tc.w, got, tc.reason)
		}
	}
}

// TestProperNames: a word the English word list writes only with a capital
// is a proper name, no English word: alone answering a date question it is
// its date ("!", om "boru", tomorrow; English "Boru"), unless it is a
// place, a region or a country (ro "maine", tomorrow, is the US state), or
// a seed language's word; a word the list writes in lower case stays a
// collision ("?").
func TestProperNames(t *testing.T) {
	dir := t.TempDir()
	dict := filepath.Join(dir, "words")
	if err := os.WriteFile(dict, []byte("Boru\nBoru's\nMaine\nhuck\nHuck\nTamara\nJedi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	english, err := readDict(dict)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := english["boru"]; !ok || v {
		t.Errorf("boru: %v %v, want a name", v, ok)
	}
	if !english["huck"] {
		t.Error("huck, written in lower case too, is an English word")
	}
	ws := &words{meanings: map[string]map[meaning]map[string]bool{}, phrases: map[string]bool{},
		places: map[string]bool{}, towns: map[string]bool{}, regions: map[string]bool{"maine": true}}
	for _, tc := range []struct{ w, kind, mark string }{
		{"boru", "day", "!"}, {"tamara", "day", "!"}, {"maine", "day", "?"}, {"mâine", "day", "?"}, {"huck", "day", "?"},
		{"jedi", "weekday", "?"}, // a weekday name that is a name stays a collision
	} {
		ws.meanings[tc.w] = map[meaning]map[string]bool{{tc.kind, "1"}: {"xx": true}}
		reason := dropReason(ws, tc.w, ws.meanings[tc.w], english)
		if got := collisionMark(ws, tc.w, reason); got != tc.mark {
			t.Errorf("%q (%s): mark %q, want %q", tc.w, reason, got, tc.mark)
		}
	}
}

// TestFormsWithoutOkina: a word with the Polynesian ʻokina is also written
// without it, as keyboards without the letter type it.
func TestFormsWithoutOkina(t *testing.T) {
	for w, want := range map[string]string{"ʻapongipongi": "apongipongi", "Poʻalima": "poalima", "jummaʼa": "jummaa"} {
		if f := forms(w); !slices.Contains(f, want) {
			t.Errorf("forms(%q) = %q, want %q among them", w, f, want)
		}
	}
}
