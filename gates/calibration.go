package gates

import (
	_ "embed"
	"encoding/json"
	"sync"
)

// Calibration is what `make calibrate-gates` measured for one check: planted-defect recall (the
// share of real packets with one defect of the check's kind planted that the check reports as
// FAIL or NEEDS_HUMAN), the false-fail rate on clean real packets and the share of NEEDS_HUMAN.
type Calibration struct {
	Check      string  `json:"check"`
	Planted    int     `json:"planted"`
	Recall     float64 `json:"recall"`
	Clean      int     `json:"clean"`
	FalseFail  float64 `json:"falseFail"`
	NeedsHuman float64 `json:"needsHuman"`
}

// calibrationJSON is written by `make calibrate-gates` (cmd/calibrate-gates -write).
//
//go:embed calibration.json
var calibrationJSON []byte

// FreshCalibration is what `make calibrate-gates` measured for one gate on one split of the
// fresh set (testdata/fresh): packets written for calibration, apart from those the checks were
// written against. FalseFail counts the clean packets with a FAIL in the gate; Caught counts the
// planted defects of the gate's checks caught by intake (AtIntake) or by a finding of the
// planted check that the clean packet does not have, CaughtFail those caught by a FAIL.
type FreshCalibration struct {
	Set        string `json:"set"`
	Gate       string `json:"gate"`
	Clean      int    `json:"clean"`
	FalseFail  int    `json:"falseFail"`
	Planted    int    `json:"planted"`
	Caught     int    `json:"caught"`
	CaughtFail int    `json:"caughtFail"`
	AtIntake   int    `json:"atIntake"`
}

// CalibrationFile is the shape of calibration.json: the per-check measurement on the demo and
// imported packets, and the per-gate measurement on the fresh set.
type CalibrationFile struct {
	Checks []Calibration      `json:"checks"`
	Fresh  []FreshCalibration `json:"fresh"`
}

var calibration = sync.OnceValue(func() map[string]Calibration {
	var f CalibrationFile
	out := map[string]Calibration{}
	if err := json.Unmarshal(calibrationJSON, &f); err != nil {
		return out // a damaged file claims no measurement, never a false one
	}
	for _, r := range f.Checks {
		out[r.Check] = r
	}
	return out
})

// MeasuredRecall is a check's measured planted-defect recall, if it has been measured. An
// unmeasured check is "not contradicted", never "verified" (AutoQA).
func MeasuredRecall(checkID string) (float64, bool) {
	c, ok := calibration()[checkID]
	if !ok || c.Planted == 0 {
		return 0, false
	}
	return c.Recall, true
}
