package main

import (
	"context"
	"io"
	"os"
	"path/filepath"

	"github.com/parleyhq/parley/internal/cldrcounts"
)

// runCLDRCounts writes nlu/cldr/counts_nights.txt, now_words.txt and
// positions.txt from CLDR's JSON (scripts/cldr-fetch.sh DIR):
//
//	parley-tools cldr-counts -cldr DIR -o nlu/cldr
func runCLDRCounts(_ context.Context, args []string, _, stderr io.Writer) error {
	fs := newFlagSet("cldr-counts", stderr, "-cldr DIR [-english FILE] -o DIR")
	dir := fs.String("cldr", "", "CLDR's JSON packages under `DIR`")
	english := fs.String("english", "/usr/share/dict/words", "English's words, one a line, in `FILE`")
	nluDir := fs.String("seed", "nlu", "the seed languages' gloss files and function words under `DIR`")
	out := fs.String("o", "nlu/cldr", "write the lists into `DIR`")
	if err := fs.Parse(args); err != nil {
		return err
	}
	f, err := os.Open(*english)
	if err != nil {
		return err
	}
	defer f.Close()
	seed, err := cldrcounts.ReadSeed(*nluDir)
	if err != nil {
		return err
	}
	suffixes, err := cldrcounts.ReadInflections(filepath.Join(*nluDir, "night_inflections.txt"))
	if err != nil {
		return err
	}
	exclude, err := cldrcounts.ReadExclusions(filepath.Join(*nluDir, "ordinal_words.txt"))
	if err != nil {
		return err
	}
	hand, err := cldrcounts.ReadHand(filepath.Join(*nluDir, "count_words.txt"))
	if err != nil {
		return err
	}
	lists, err := cldrcounts.Generate(*dir, f, cldrcounts.Inputs{Seed: seed, Suffixes: suffixes, Exclude: exclude, Hand: hand})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(*out, "positions.txt"), lists.Positions, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(*out, "counts_nights.txt"), lists.CountsNights, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(*out, "now_words.txt"), lists.NowWords, 0o644)
}
