package main

import (
	"strings"
	"testing"
)

// FuzzDecodeAirportRows: OurAirports's CSV, however malformed, is decoded
// or refused with an error, and the towns written from what decodes never
// panic (issue 38's generators read files a developer names; they are
// decoders of outside input all the same).
func FuzzDecodeAirportRows(f *testing.F) {
	f.Add("type,municipality,iso_region,scheduled_service\nmedium_airport,Palm Springs,US-CA,yes\n")
	f.Add("code,local_code,name\nUS-PA,PA,Pennsylvania\n")
	f.Add("a,b\n\"unterminated\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		rows, err := decodeCSVRows(strings.NewReader(text))
		if err != nil {
			return
		}
		_ = airportTowns(rows, rows, map[string]bool{})
	})
}

// FuzzArtifactLemmas: an entries file of any shape is read without a panic,
// and every lemma kept is one lower-case word.
func FuzzArtifactLemmas(f *testing.F) {
	f.Add("glove:\n  n:\n    sense:\n    - id: 'glove%1:06:01::'\n")
	f.Add("day:\n  n:\n    sense:\n    - id: 'day%1:28:00::'\n")
	f.Add("x:\n  n:\n%1:")
	f.Add(":\n  :\n%1:06")
	f.Fuzz(func(t *testing.T, text string) {
		got, err := artifactLemmas(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, w := range got {
			if !oneLowerWord(w) {
				t.Errorf("artifactLemmas kept %q", w)
			}
		}
	})
}
