package nlu

import "testing"

// cityOfName keys a name on the stack as cityKeyBuf keys it: the two
// must name the same city (or none) for any name.
func TestCityOfNameAgreesWithKeyBuf(t *testing.T) {
	for _, name := range []string{
		"New York", "Los Angeles", "los angeles", "Uzhgorod", "Uzhhorod", "São Paulo",
		"Saint-Étienne", "  Paris ", "NYC", "the Windy City", "Rio de Janeiro, Brazil",
		"Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", "", "...", "Kraków",
	} {
		var b cityKeyBuf
		want, _ := placeCity(b.key(name))
		if got := cityOfName(name); got != want {
			t.Errorf("cityOfName(%q) = %q, placeCity of its key %q", name, got, want)
		}
	}
	if !SamePlace("Uzhgorod", "Uzhhorod") || SamePlace("New York", "Los Angeles") {
		t.Error("SamePlace: Uzhgorod is Uzhhorod, New York is not Los Angeles")
	}
}
