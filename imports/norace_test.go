//go:build !race

package imports

const raceEnabled = false
