package flows

import (
	"path/filepath"
	"testing"
)

// TestPlacesAsNamed plays testdata/places: places as people name them (case
// endings, particles, nicknames, names spelled by ear, copular and choice
// frames, a trip from a city to itself), starts in formal or telegraphic
// English, and a change of mind in ordinary words. Every case must be read
// right: the value, or nothing and the question again.
func TestPlacesAsNamed(t *testing.T) {
	files, _ := filepath.Glob("testdata/places/*.yaml")
	if len(files) == 0 {
		t.Fatal("no testdata/places")
	}
	for _, file := range files {
		set := readHeldOut(t, file)
		e, err := DemoFor(set.Bot)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range set.Cases {
			if got, detail := playHeldOut(t, e, set, i, c); got != heldOutRight {
				t.Errorf("%s #%d at %s %q: %s", set.Bot, i+1, c.At, c.Text, detail)
			}
		}
	}
}
