package main

import (
	"context"
	"fmt"
	"io"

	"github.com/parleyhq/parley/internal/cldrdates"
)

// runCLDRDates writes the weekday names, relative days and parts of the day
// of every CLDR locale (nlu/cldr/dates_words.txt) from the CLDR JSON that
// scripts/cldr-fetch.sh fetches:
//
//	parley-tools cldr-dates -cldr DIR -o nlu/cldr/dates_words.txt
func runCLDRDates(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("cldr-dates", stderr, "-cldr DIR [-dict FILE] [-geo DIR] [-o FILE]")
	dir := fs.String("cldr", "", "the CLDR JSON `DIR` (scripts/cldr-fetch.sh)")
	dict := fs.String("dict", "/usr/share/dict/american-english", "the English word list `FILE` (wamerican)")
	geo := fs.String("geo", "nlu/geo", "the GeoNames `DIR` whose city and town names are no date")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" {
		return fmt.Errorf("cldr-dates: -cldr DIR is required")
	}
	data, st, err := cldrdates.Generate(*dir, *dict, *geo)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "cldr-dates: %v locales, %d words, %d kept, dropped %v\n", st.Locales, st.Words, st.Kept, st.DroppedReason)
	return writeOutput(stdout, *out, data)
}
