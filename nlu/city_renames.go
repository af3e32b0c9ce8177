package nlu

import (
	_ "embed"
	"strings"
)

// city_renames.txt: cities renamed since 2005, both names in English use.
// The typed one is the name stored (the file's header says why).

//go:embed city_renames.txt
var cityRenamesText string

// cityRenames are city_renames.txt's pairs, each name by the other.
var cityRenames = func() map[string]string {
	out := map[string]string{}
	for line := range strings.Lines(cityRenamesText) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		newName, old, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		old, _, _ = strings.Cut(old, "(")
		newName, old = strings.TrimSpace(newName), strings.TrimSpace(old)
		out[newName], out[old] = old, newName
	}
	return out
}()

// keepRenamed files each renamed city's names under themselves in idx,
// where idx files one under the other: "bengaluru" is Bengaluru, not
// Bangalore.
func keepRenamed(idx map[string]string) {
	var b cityKeyBuf
	for name, other := range cityRenames {
		k := b.key(name)
		if c := idx[k]; c == other || c == name {
			idx[k] = name
		}
	}
}
