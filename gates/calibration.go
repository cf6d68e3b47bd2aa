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

var calibration = sync.OnceValue(func() map[string]Calibration {
	var rows []Calibration
	out := map[string]Calibration{}
	if err := json.Unmarshal(calibrationJSON, &rows); err != nil {
		return out // a damaged file claims no measurement, never a false one
	}
	for _, r := range rows {
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
