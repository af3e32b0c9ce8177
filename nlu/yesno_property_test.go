package nlu

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// confirmationReaders are the readers each engine's confirmation uses, each
// giving the answer it reads: the flows' (YesNoTo with the question asked), the
// shop's add-to-cart confirmation (ShopParser: confirm, or cancel whether said
// as a no or as a change of mind), and the coach's closing acknowledgement
// (LeadingYesNo with nothing after it).
var confirmationReaders = map[string]func(text string) Answer{
	"flows": func(text string) Answer {
		return YesNoTo(text, "Book a flight from Boston to Paris on Friday?")
	},
	"shop": func(text string) Answer {
		switch NewShopParser(nil).Parse(text, "").Intent {
		case ShopConfirm:
			return Yes
		case ShopCancel:
			return No
		}
		return Unknown
	},
	"coach": func(text string) Answer {
		a, rest := LeadingYesNo(text)
		if rest != "" {
			return Unknown
		}
		return a
	},
}

// TestYesNoFramesAreReadAsSaidOrNotAtAll generates every sentence of
// testdata/yesno_frames.grammar (yes and no with fillers, object pronouns,
// politeness and suffixes, per language; hedged, conditional, negated and
// question forms as other) and reads it with every engine's confirmation: the
// answer read is the one said, or none, never the opposite (issue 38 item 4).
// The flows' reader must also read nearly every plain yes and no.
func TestYesNoFramesAreReadAsSaidOrNotAtAll(t *testing.T) {
	data, err := os.ReadFile("testdata/yesno_frames.grammar")
	if err != nil {
		t.Fatal(err)
	}
	templates, err := parseGrammarFile("yesno_frames.grammar", string(data))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Answer{IntentYes: Yes, IntentNo: No, intentOther: Unknown}
	lines := strings.Split(string(data), "\n")
	plain := func(tpl grammarTemplate) bool { // not an answer with a change after it
		_, at, _ := strings.Cut(tpl.source, ":")
		n, _ := strconv.Atoi(at)
		return !strings.Contains(lines[n-1], "_BUT}")
	}
	for engine, read := range confirmationReaders {
		said, readAsSaid := 0, 0
		for _, tpl := range templates {
			for i := range tpl.size() {
				s, w := tpl.sentence(i), want[tpl.intent]
				got := read(s)
				if got != Unknown && got != w {
					t.Errorf("%s (%s): %q read %v, said %v", engine, tpl.source, s, got, w)
				}
				if w != Unknown && plain(tpl) {
					said++
					if got == w {
						readAsSaid++
					}
				}
			}
		}
		t.Logf("%s: %d of %d plain yes and no read", engine, readAsSaid, said)
		if engine == "flows" && readAsSaid*100 < said*95 {
			t.Errorf("flows reads %d of %d plain yes and no, want 95%%", readAsSaid, said)
		}
	}
}
