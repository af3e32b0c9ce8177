package flows

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/<name>, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

func TestValidateGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/validate/*.yaml")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			diags, err := ValidateFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, d := range diags {
				b.WriteString(d.String() + "\n")
			}
			golden(t, strings.TrimSuffix(strings.TrimPrefix(file, "testdata/"), ".yaml")+".golden", b.String())
		})
	}
}

func TestParseErrorsCarryPositions(t *testing.T) {
	files, _ := filepath.Glob("testdata/parse/*.yaml")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			_, err := LoadFile(file)
			if err == nil {
				t.Fatal("no error")
			}
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Errorf("code %q, want invalid", parley.ErrorCode(err))
			}
			golden(t, strings.TrimSuffix(strings.TrimPrefix(file, "testdata/"), ".yaml")+".golden", parley.ErrorMessage(err)+"\n")
		})
	}
}

func TestLoadFileMissing(t *testing.T) {
	_, err := LoadFile("testdata/nope.yaml")
	if parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Errorf("code %q, want not_found", parley.ErrorCode(err))
	}
}

func TestDemoIsValid(t *testing.T) {
	def, err := DemoDefinition()
	if err != nil {
		t.Fatal(err)
	}
	if diags := Validate(def); len(diags) > 0 {
		t.Errorf("demo diagnostics: %v", diags)
	}
	for _, file := range []string{"demo/booking.yaml", "demo/hotel.yaml"} {
		diags, err := ValidateFile(file)
		if err != nil || len(diags) > 0 {
			t.Errorf("%s: %v %v", file, diags, err)
		}
	}
}

func TestNewRefusesInvalidDefinitions(t *testing.T) {
	def, err := LoadFile("testdata/validate/problems.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(def, Options{}); parley.ErrorCode(err) != parley.EINVALID {
		t.Errorf("New: %v, want an invalid error", err)
	}
}

// FuzzParse checks that the flow decoder never panics and that every error it
// returns is EINVALID with a file:line:col position.
func FuzzParse(f *testing.F) {
	f.Add(demoBooking)
	// A bare "-" under each list of the demo: empty entries decode to nil pointers.
	for _, list := range []string{"flows:\n", "    slots:\n", "    steps:\n", "        patterns:", "          lookup:"} {
		f.Add(bytes.Replace(demoBooking, []byte(list), []byte(list+"  -\n"), 1))
	}
	f.Add([]byte("flows:\n  - name: a\n    slots:\n      - name: s\n        validators: [~, {type: enum}]\n    steps:\n      - {branch: [~]}\n"))
	for _, pattern := range []string{"testdata/parse/*.yaml", "testdata/validate/*.yaml"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			data, _ := os.ReadFile(file)
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		def, err := Parse(data, "fuzz.yaml")
		if err != nil {
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("code %q: %v", parley.ErrorCode(err), err)
			}
			msg := parley.ErrorMessage(err)
			if !strings.HasPrefix(msg, "fuzz.yaml:") || !positioned(msg) {
				t.Fatalf("error without position: %q", msg)
			}
			return
		}
		for _, d := range Validate(def) {
			if d.Line < 1 || d.Col < 1 {
				t.Fatalf("diagnostic without position: %v", d)
			}
		}
		if len(Validate(def)) == 0 {
			if _, err := New(def, Options{}); err != nil {
				t.Fatalf("valid definition refused: %v", err)
			}
		}
	})
}

// positioned reports whether msg starts with file:line:col:.
func positioned(msg string) bool {
	parts := strings.SplitN(msg, ":", 4)
	if len(parts) < 4 {
		return false
	}
	for _, p := range parts[1:3] {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

func TestDiagnosticOnOddKeyTerminates(t *testing.T) {
	def, err := Parse([]byte("messages:\n  \"odd key. with [dots]\": x\nflows:\n  - name: a\n    trigger: {keywords: [a]}\n    steps:\n      - id: s\n        say: hi\n"), "odd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	diags := Validate(def)
	if len(diags) != 1 || diags[0].Line < 1 {
		t.Fatalf("diagnostics %v", diags)
	}
}
