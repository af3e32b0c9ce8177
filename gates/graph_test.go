package gates

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestGraphGolden pins the demo flow's diagram in both formats.
func TestGraphGolden(t *testing.T) {
	f, err := ParseFlow(DemoFlow(), "coach.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ format, file string }{{"dot", "coach.dot"}, {"mermaid", "coach.mmd"}} {
		got, err := f.Graph(tt.format)
		if err != nil {
			t.Fatalf("Graph(%s): %v", tt.format, err)
		}
		path := filepath.Join("testdata", tt.file)
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.file, diff)
		}
	}
	if _, err := f.Graph("svg"); parley.ErrorCode(err) != parley.EINVALID {
		t.Errorf("Graph(svg) = %v, want an invalid error", err)
	}
}
