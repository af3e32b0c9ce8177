package nlu

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/parleyhq/parley/internal/cldrdates"
)

// TestCLDRDatesFile: every line of cldr/dates_words.txt parses, and, when
// CLDR_DIR names the CLDR JSON (scripts/cldr-fetch.sh) and the English word
// list is installed, the file is what the generator writes.
func TestCLDRDatesFile(t *testing.T) {
	for n, line := range splitDataLines(cldrDatesFile) {
		f := strings.Split(line, "\t")
		if len(f) != 4 || f[0] == "" || f[3] == "" {
			t.Fatalf("line %d: want \"phrase\\tkind\\tvalue\\tlanguages\", got %q", n+1, line)
		}
		if _, ok := cldrDateKey(f[0]); !ok && f[1] != "part" {
			t.Logf("line %d: %q splits into other words: not read", n+1, f[0])
		}
	}
	if len(generatedDates.weekdays) < 950 || len(generatedDates.days) < 200 || len(generatedDates.parts) < 100 {
		t.Errorf("generated dates read too few: %d weekdays, %d days, %d parts",
			len(generatedDates.weekdays), len(generatedDates.days), len(generatedDates.parts))
	}
	dir, dict := os.Getenv("CLDR_DIR"), "/usr/share/dict/american-english"
	if dir == "" {
		t.Skip("CLDR_DIR not set: regeneration not checked")
	}
	if _, err := os.Stat(dict); err != nil {
		t.Skip("no English word list (apt-get install wamerican): regeneration not checked")
	}
	data, _, err := cldrdates.Generate(dir, dict, "geo")
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != cldrDatesFile {
		t.Fatal("nlu/cldr/dates_words.txt is stale: run `go run ./cmd/parley-tools cldr-dates -cldr $CLDR_DIR -o nlu/cldr/dates_words.txt`")
	}
}

func splitDataLines(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if line != "" && line[0] != '#' {
			out = append(out, line)
		}
	}
	return out
}

// TestCLDRDateWords: the generated and transliterated words read as their
// date at a date question, alone, wrapped and with a part of the day, and the
// guarded ones are not read (a wrong date is worse than none).
func TestCLDRDateWords(t *testing.T) {
	now := time.Date(2026, 12, 28, 7, 50, 0, 0, time.UTC) // a Monday
	tomorrow, after := Date{2026, 12, 29}, Date{2026, 12, 30}
	fri, sat, sun := Date{2027, 1, 1}, Date{2027, 1, 2}, Date{2027, 1, 3}
	for text, want := range map[string]Date{
		"kusasa": tomorrow, "berri": tomorrow, "oormôre": after, "ertaga": tomorrow, "bihar": tomorrow,
		"holnap": tomorrow, "huomenna": tomorrow, "kusasa ntambama": tomorrow, "ertaga kechqurun": tomorrow,
		"il-Ħadd": sun, "il-Ġimgħa": fri, "is-Sibt": sat, "Sabti": sat, "ngoMgqibelo": sat, "ngoLwesihlanu": fri,
		"ranar Asabar": sat, "ranar Lahadi": sun, "juma kuni": fri, "shanba kuni": sat, "cuma günü": fri,
		"vaghy": tomorrow, "urbat": fri, "kiraki": sun, "naale": tomorrow, "velliyazhcha": fri,
		"shaniyazhcha": sat, "Jimcaha": fri,
	} {
		got, ok := ReadDate(text, now)
		if !ok || got != want {
			got, ok = ReadDate(Gloss(text), now)
		}
		if !ok || got != want {
			t.Errorf("ReadDate(%q) = %v, %v; want %v", text, got, ok, want)
		}
	}
	// Left out by the guards: az "sabah" (Turkish morning), uz "kecha"
	// (yesterday), et "homme" (French man), af "môre" (English "more"), lv
	// "rīt" (under four letters); Swahili "juma" (week) in a phrase ("juma
	// ijayo", next week): alone it answers a date question as Bambara's and
	// Uzbek's Friday, a week being no answer to one.
	for _, text := range []string{"sabah", "kecha", "homme", "môre", "more", "rīt", "juma ijayo", "este", "monde", "minggu"} {
		if d, ok := ReadDate(text, now); ok {
			t.Errorf("ReadDate(%q) = %v; want no date", text, d)
		}
	}
	if d, ok := FindDate("flight from Durban to Cape Town kusasa", now); !ok || d != tomorrow {
		t.Errorf("FindDate(kusasa) = %v, %v", d, ok)
	}
}
