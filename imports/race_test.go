//go:build race

package imports

// raceEnabled is true under the race detector, which slows the pure-Go
// SQLite driver about twentyfold.
const raceEnabled = true
