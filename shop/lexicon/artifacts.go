package lexicon

import (
	_ "embed"
	"strings"
	"sync"
)

// artifactNounsText is artifact_nouns.txt, generated from the Open English
// WordNet by `parley-tools oewn-artifacts` (NOTICE entry 11).
//
//go:embed artifact_nouns.txt
var artifactNounsText string

// artifactNouns is the set of artifactNounsText, built on its first use only:
// the shop asks it only of a message it would otherwise not read.
var artifactNouns = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 6500)
	for line := range strings.Lines(artifactNounsText) {
		if w := strings.TrimSpace(line); w != "" && w[0] != '#' {
			set[w] = struct{}{}
		}
	}
	return set
})

// IsArtifactNoun reports whether w, a lower-case word, is a noun whose first
// sense is a made thing ("gloves", "umbrella"), singular or in a regular
// plural (-s, -es, -ies, -ves): a thing one may buy, never a time, an event
// or an act ("day", "trip", "wave").
func IsArtifactNoun(w string) bool {
	set := artifactNouns()
	if _, ok := set[w]; ok {
		return true
	}
	for _, c := range singulars(w) {
		if _, ok := set[c]; ok {
			return true
		}
	}
	return false
}

// singulars are the singulars a regular English plural w may have.
func singulars(w string) []string {
	var out []string
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		out = append(out, w[:len(w)-3]+"y")
	case strings.HasSuffix(w, "ves") && len(w) > 4:
		out = append(out, w[:len(w)-3]+"f", w[:len(w)-3]+"fe")
	}
	if strings.HasSuffix(w, "es") && len(w) > 3 {
		out = append(out, w[:len(w)-2])
	}
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 2 {
		out = append(out, w[:len(w)-1])
	}
	return out
}
