package flows

import (
	"path/filepath"
	"testing"
)

// TestFlows2Classes plays testdata/flows2: phrasings of the classes of issue
// 38 built by helper flows2 (a change of mind with its reason, a first
// message that starts a flow, a hotel picked by price, a city's short form),
// in the held-aside sets' format; every case must be read right.
func TestFlows2Classes(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "flows2", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no sets: %v", err)
	}
	for _, file := range files {
		set := readHeldOut(t, file)
		e, err := readerDemoFor(set.Bot)
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
