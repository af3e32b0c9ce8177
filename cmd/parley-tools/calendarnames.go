package main

import (
	"context"
	"io"

	"github.com/parleyhq/parley/internal/calendarnames"
)

// runCalendarNames writes the month and weekday names the date readers read
// besides English and the gloss files (nlu/calendar_names.txt), from CLDR:
//
//	parley-tools calendar-names -o nlu/calendar_names.txt
func runCalendarNames(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("calendar-names", stderr, "[-o FILE]")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	data := calendarnames.Generate()
	return writeOutput(stdout, *out, data)
}
