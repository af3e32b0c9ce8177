package main

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzDecodeGeoRow: the dump's row decoders never panic; a row they decode
// has a name and a count of people, and one they refuse is an error, never
// a city of no name (issue 38: a malformed row is reported, not skipped).
func FuzzDecodeGeoRow(f *testing.F) {
	f.Add("3039163\tSant Julià de Lòria\tSant Julia de Loria\tSan Julia,Sant Julià\t42.46\t1.49\tP\tPPLA\tAD\t\t06\t\t\t\t8022\t\t921\tEurope/Andorra\t2013-11-23")
	f.Add("Bozeman\tBozeman\tAmerica/Denver")
	f.Add("Name\tAsciiName\tTimezone")
	f.Add("# comment")
	f.Add("1\t\t\t\t\t\t\t\t\t\t\t\t\t\tx")
	f.Add("\t\t")
	f.Fuzz(func(t *testing.T, line string) {
		row, err := decodeGeoRow(line)
		if err == nil && row.pop >= 0 && strings.TrimSpace(row.name) == "" {
			t.Errorf("decodeGeoRow(%q) = a city of no name", line)
		}
		name, pop, err := decodeTownRow(line)
		if err == nil && name != "" && strings.TrimSpace(name) == "" {
			t.Errorf("decodeTownRow(%q) = a blank name", line)
		}
		if err != nil && (name != "" || pop > 0) {
			t.Errorf("decodeTownRow(%q) refused but gave %q, %d", line, name, pop)
		}
	})
}

// A dump cut short or of other columns is reported: how many rows were no
// rows, and the first of them by line.
func TestMalformedRowsReported(t *testing.T) {
	dump := "Name\tAsciiName\tTimezone\nMoab\tMoab\tAmerica/Denver\nMo\ncut\tshort\n"
	var report bytes.Buffer
	names, err := readTownNames(strings.NewReader(dump), 1000, &report)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 1 || names[0] != "Moab" {
		t.Errorf("names = %v; want [Moab]", names)
	}
	if got := report.String(); !strings.Contains(got, "2 malformed rows") || !strings.Contains(got, "line 3") {
		t.Errorf("report = %q; want 2 malformed rows from line 3", got)
	}
	report.Reset()
	rows, err := readGeoNames(strings.NewReader("1\tA\tA\t\n"), 0, &report)
	if err != nil || len(rows) != 0 || !strings.Contains(report.String(), "1 malformed rows") {
		t.Errorf("readGeoNames: rows %v, err %v, report %q", rows, err, report.String())
	}
}

// The towns filters leave out a word, a phrase of English words, a home
// word of another language and a short name; a name no dictionary holds is
// kept.
func TestGeoNamesTownsFilters(t *testing.T) {
	english := map[string]bool{"home": true, "grand": true, "rapids": true, "the": true, "valley": true}
	for n, want := range map[string]bool{
		"Home": false, "Grand Rapids": false, "The Valley": false, "Doma": false, "Aba": false,
		"Bozeman": true, "Kalispell": true, "Saint Paul": true,
	} {
		if got := townNameKept(n, english); got != want {
			t.Errorf("townNameKept(%q) = %v; want %v", n, got, want)
		}
	}
}
