//go:build !race

package copycheck

// raceEnabled makes the slowest randomised tests take fewer trials under the race detector.
const raceEnabled = false
