package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// nlu/cldr/date_orders.txt is what `parley-tools cldr-date-order` writes from
// CLDR 48.2.0 (PARLEY_CLDR names its folder, /work/cldr by default): skipped
// where it is missing.
func TestCLDRDateOrderUpToDate(t *testing.T) {
	dir := os.Getenv("PARLEY_CLDR")
	if dir == "" {
		dir = "/work/cldr"
	}
	if _, err := os.Stat(filepath.Join(dir, "cldr-dates-full", "main", "en", "ca-gregorian.json")); err != nil {
		t.Skip("no CLDR JSON at", dir)
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"cldr-date-order", "-cldr", dir}, &out, &errOut); err != nil {
		t.Fatal(err, errOut.String())
	}
	want, err := os.ReadFile("../../nlu/cldr/date_orders.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Error("nlu/cldr/date_orders.txt is not what `parley-tools cldr-date-order -cldr DIR -o nlu/cldr/date_orders.txt` writes: regenerate it")
	}
	for _, line := range []string{"\nen-US MDY\n", "\nen-GB DMY\n", "\nja YMD\n"} {
		if !bytes.Contains(want, []byte(line)) {
			t.Errorf("%q missing", line)
		}
	}
}

func TestShortDateOrder(t *testing.T) {
	for pattern, want := range map[string]string{"M/d/yy": "MDY", "dd/MM/y": "DMY", "y-MM-dd": "YMD", "d.M.yy 'г'.": "DMY", "GGGGG y-MM-dd": "YMD", "d MMM": ""} {
		if got := shortDateOrder(pattern); got != want {
			t.Errorf("shortDateOrder(%q) = %q, want %q", pattern, got, want)
		}
	}
}
