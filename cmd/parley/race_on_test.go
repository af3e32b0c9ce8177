//go:build race

package main

// raceDetector says the tests run under the race detector, which makes the
// reader-bound scenario corpus about ten times slower without finding more:
// TestScenarios then plays a sample of it (scripts/test.sh plays it whole,
// outside the race detector).
const raceDetector = true
