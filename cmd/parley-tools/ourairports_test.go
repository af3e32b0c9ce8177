package main

import (
	"strings"
	"testing"
)

// TestAirportTownsFilter: only scheduled large and medium US airports' towns
// are kept, a shared name left out, an English word marked, the states
// listed with their codes.
func TestAirportTownsFilter(t *testing.T) {
	airports := []map[string]string{
		{"type": "medium_airport", "scheduled_service": "yes", "iso_region": "US-CA", "municipality": "Palm Springs"},
		{"type": "large_airport", "scheduled_service": "1", "iso_region": "US-AL", "municipality": "Mobile"},
		{"type": "small_airport", "scheduled_service": "yes", "iso_region": "US-ME", "municipality": "Bar Harbor"},
		{"type": "medium_airport", "scheduled_service": "no", "iso_region": "US-TX", "municipality": "Goodlett"},
		{"type": "medium_airport", "scheduled_service": "yes", "iso_region": "US-NC", "municipality": "Raleigh/Durham"},
		{"type": "large_airport", "scheduled_service": "yes", "iso_region": "FR-IDF", "municipality": "Paris"},
	}
	regions := []map[string]string{
		{"code": "US-PA", "local_code": "PA", "name": "Pennsylvania", "iso_country": "US"},
		{"code": "US-U-A", "local_code": "U-A", "name": "(unassigned)", "iso_country": "US"},
		{"code": "FR-IDF", "local_code": "IDF", "name": "Île-de-France", "iso_country": "FR"},
	}
	got := string(airportTowns(airports, regions, map[string]bool{"mobile": true}))
	body := got[len(airportTownsHeader):]
	want := "@US-PA|PA|Pennsylvania\nMobile|US-AL|word\nPalm Springs|US-CA\n"
	if body != want {
		t.Errorf("airportTowns body = %q; want %q", body, want)
	}
	if !strings.Contains(got, "public domain") {
		t.Error("header names no licence")
	}
}
