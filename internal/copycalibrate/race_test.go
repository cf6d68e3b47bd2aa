//go:build race

package copycalibrate

// raceEnabled makes the calibration test smaller under the race detector.
const raceEnabled = true
