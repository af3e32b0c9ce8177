//go:build race

package check

// raceDetector says the tests run under the race detector. Exploring runs on one
// goroutine, so the detector finds nothing there and makes it about seven times
// slower: under it the coach demo (a minute's exploration without it) is left to
// `parley check` in scripts/test.sh, which proves every shipped bot outside it.
const raceDetector = true
