package main

import (
	"slices"
	"strings"
	"testing"
)

// TestArtifactLemmas: a lemma is kept when its first noun sense's key names
// noun.artifact (06); a later artifact sense, another part of speech, a
// phrase or a capitalised name is not.
func TestArtifactLemmas(t *testing.T) {
	entries := `glove:
  n:
    pronunciation:
    - value: ɡlʌv
    sense:
    - id: 'glove%1:06:01::'
      synset: 02803372-n
day:
  n:
    sense:
    - id: 'day%1:28:00::'
    - id: 'day%1:06:00::'
glove box:
  n:
    sense:
    - id: 'glove_box%1:06:00::'
Gatling:
  n:
    sense:
    - id: 'gatling%1:06:00::'
mend:
  v:
    sense:
    - id: 'mend%2:30:00::'
  n:
    sense:
    - id: 'mend%1:06:00::'
`
	got, err := artifactLemmas(strings.NewReader(entries))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"glove", "mend"}; !slices.Equal(got, want) {
		t.Errorf("artifactLemmas = %q, want %q", got, want)
	}
}
