package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// nlu/cldr/cities.txt is what `parley-tools cldr-cities` writes from CLDR
// 48.2.0 (scripts/cldr-fetch.sh; PARLEY_CLDR names its folder, /work/cldr by
// default) and the system word list: the test is skipped where either is
// missing.
func TestCLDRCitiesUpToDate(t *testing.T) {
	dir := os.Getenv("PARLEY_CLDR")
	if dir == "" {
		dir = "/work/cldr"
	}
	if _, err := os.Stat(filepath.Join(dir, "cldr-dates-full", "main", "en", "timeZoneNames.json")); err != nil {
		t.Skip("no CLDR JSON at", dir)
	}
	if _, err := os.Stat("/usr/share/dict/words"); err != nil {
		t.Skip("no /usr/share/dict/words")
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"cldr-cities", "-cldr", dir}, &out, &errOut); err != nil {
		t.Fatal(err, errOut.String())
	}
	want, err := os.ReadFile("../../nlu/cldr/cities.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Error("nlu/cldr/cities.txt is not what `parley-tools cldr-cities -cldr DIR -o nlu/cldr/cities.txt` writes: regenerate it")
	}
	for _, name := range []string{"Muqdisho", "Samarqand", "Lisbonë"} {
		if !bytes.Contains(want, []byte(name)) {
			t.Errorf("%s missing", name)
		}
	}
}
