package main

import (
	"bytes"
	"context"
	"os"
	"testing"
)

// nlu/geo/cities.txt is what `parley-tools geonames-cities` writes from the
// GeoNames cities dump GEONAMES_CITIES names (nlu/geo/README.md) and the
// system word list: the test is skipped where either is missing.
func TestGeoNamesCitiesUpToDate(t *testing.T) {
	dump := os.Getenv("GEONAMES_CITIES")
	if dump == "" {
		t.Skip("GEONAMES_CITIES not set: regeneration not checked")
	}
	if _, err := os.Stat("/usr/share/dict/american-english"); err != nil {
		t.Skip("no /usr/share/dict/american-english")
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"geonames-cities", "-in", dump}, &out, &errOut); err != nil {
		t.Fatal(err, errOut.String())
	}
	want, err := os.ReadFile("../../nlu/geo/cities.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Error("nlu/geo/cities.txt is not what `parley-tools geonames-cities -in $GEONAMES_CITIES -out nlu/geo/cities.txt` writes: regenerate it")
	}
}

// The filters leave out what would be guessed: a code, a machine
// romanization, a short name; an English word is kept only as a stem; a
// name two cities of like size share is asked.
func TestGeoNamesFilters(t *testing.T) {
	english := map[string]bool{"bilbo": true}
	for n, want := range map[string][2]bool{
		"BIO": {false, false}, "bilba'o": {false, false}, "Lim": {false, false},
		"Corcaigh": {true, false}, "Bilbo": {true, true}, "Лисабон": {true, false},
	} {
		if kept, stem := geoNameKept(n, english); kept != want[0] || stem != want[1] {
			t.Errorf("geoNameKept(%q) = %v, %v; want %v", n, kept, stem, want)
		}
	}
	rows := []geoRow{
		{name: "Alpha Town", names: []string{"Alpha Town", "Alpha Town", "Sharedname"}, pop: 200000},
		{name: "Beta Town", names: []string{"Beta Town", "Beta Town", "Sharedname", "Onlybeta"}, pop: 150000},
		{name: "Gamma Town", names: []string{"Gamma Town", "Gamma Town", "Bignamed"}, pop: 2000000},
		{name: "Delta Town", names: []string{"Delta Town", "Delta Town", "Bignamed"}, pop: 100000},
	}
	out := string(geoNamesCities(rows, map[string]bool{}, map[string]bool{}, 100000))
	for _, want := range []string{"?: Sharedname\n", "Beta Town: Beta Town | Onlybeta\n", "Gamma Town: Bignamed | Gamma Town\n"} {
		if !bytes.Contains([]byte(out), []byte(want)) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
