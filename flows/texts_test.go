package flows

import (
	"cmp"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEngineTextsDoNotDoubleAVerb: the engine's own sentences that wrap a flow's
// description ("OK, I've stopped {flow}.") read as English for every flow the
// repository ships, whatever the description's shape ("cancelling your booking",
// "booking your flight", "flight booking"): no two neighbouring words share their
// stem, as "cancelled cancelling" did.
func TestEngineTextsDoNotDoubleAVerb(t *testing.T) {
	var files []string
	for _, pattern := range []string{"demo/*.yaml", "../testdata/sgd/*.flows.yaml", "../cmd/parley/initdata/flows/*.yaml"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	if len(files) < 4 {
		t.Fatalf("found only %v", files)
	}
	descriptions := []string{"cancelling your booking", "booking your flight", "flight booking", "cancel booking"}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		def, err := Parse([]byte(strings.ReplaceAll(string(data), "{{.Bot}}", "bot")), file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, f := range def.Flows {
			descriptions = append(descriptions, cmp.Or(f.Description, strings.ReplaceAll(f.Name, "_", " ")))
		}
	}
	word := regexp.MustCompile(`[\pL']+`)
	for key, text := range defaultTexts() {
		if !strings.Contains(text, "{flow}") {
			continue
		}
		for _, d := range descriptions {
			said := strings.ReplaceAll(text, "{flow}", d)
			words := word.FindAllString(strings.ToLower(said), -1)
			for i := 1; i < len(words); i++ {
				if stem(words[i-1]) == stem(words[i]) && len(stem(words[i])) >= 4 {
					t.Errorf("messages.%s with the flow %q says %q: %q and %q", key, d, said, words[i-1], words[i])
				}
			}
		}
	}
}

// stem is a word's first five letters: enough to tell cancelled from cancelling
// as one verb.
func stem(w string) string {
	if len(w) > 5 {
		return w[:5]
	}
	return w
}
