//go:build race

package nlu

// raceDetector says the tests run under the race detector, whose sync.Pool
// drops items at random: a pooled regexp machine is then allocated again.
const raceDetector = true
