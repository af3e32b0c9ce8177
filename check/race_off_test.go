//go:build !race

package check

// raceDetector says the tests run under the race detector (race_on_test.go).
const raceDetector = false
