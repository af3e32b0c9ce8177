package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestGeoOwnNames: a lexicon city's own name with diacritics is listed from
// its most populous row; a city whose biggest namesake is written plainly
// ("Los Angeles" over Chile's "Los Ángeles"), a name that differs by a sign
// ("Xi’an") and an exonym ("München", Munich) are not.
func TestGeoOwnNames(t *testing.T) {
	rows := []geoRow{
		{name: "Asunción", names: []string{"Asunción", "Asuncion"}, pop: 500000},
		{name: "Los Ángeles", names: []string{"Los Ángeles", "Los Angeles"}, pop: 125000},
		{name: "Los Angeles", names: []string{"Los Angeles", "Los Angeles"}, pop: 3900000},
		{name: "Xi’an", names: []string{"Xi’an", "Xi'an"}, pop: 6500000},
		{name: "München", names: []string{"München", "Muenchen"}, pop: 1400000},
	}
	got := string(geoOwnNames(rows))
	if !strings.Contains(got, "\nAsuncion: Asunción\n") {
		t.Errorf("no Asunción line in\n%s", got)
	}
	for _, no := range []string{"Los Angeles:", "Xi'an:", "Munich:"} {
		if strings.Contains(got, no) {
			t.Errorf("%q listed in\n%s", no, got)
		}
	}
}

// TestGeoOwnNamesUpToDate regenerates nlu/geo/own_names.txt from the dump
// GEONAMES_CITIES names and compares.
func TestGeoOwnNamesUpToDate(t *testing.T) {
	dump := os.Getenv("GEONAMES_CITIES")
	if dump == "" {
		t.Skip("GEONAMES_CITIES not set: regeneration not checked")
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"geonames-own-names", "-in", dump}, &out, &errOut); err != nil {
		t.Fatal(err, errOut.String())
	}
	want, err := os.ReadFile("../../nlu/geo/own_names.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Error("nlu/geo/own_names.txt is not what `parley-tools geonames-own-names -in $GEONAMES_CITIES` writes: regenerate it")
	}
}
