package gates

import (
	"encoding/json"
	"testing"
)

// TestCalibrationFile: calibration.json holds the per-check rows MeasuredRecall reads and the
// per-gate rows of the fresh set, both splits.
func TestCalibrationFile(t *testing.T) {
	t.Parallel()
	var f CalibrationFile
	if err := json.Unmarshal(calibrationJSON, &f); err != nil {
		t.Fatalf("calibration.json: %v", err)
	}
	if len(f.Checks) == 0 {
		t.Fatal("calibration.json has no per-check rows")
	}
	if r, ok := MeasuredRecall(stCheckTeX); !ok || r <= 0 {
		t.Errorf("MeasuredRecall(%s) = %v, %v; want a measured recall", stCheckTeX, r, ok)
	}
	if _, ok := MeasuredRecall(stCheckExplicit); ok {
		t.Errorf("MeasuredRecall(%s) reports a recall for a check that cannot FAIL", stCheckExplicit)
	}
	sets := map[string]bool{}
	for _, r := range f.Fresh {
		sets[r.Set] = true
	}
	if !sets["tune"] || !sets["heldout"] {
		t.Errorf("calibration.json fresh rows cover %v; want tune and heldout", sets)
	}
}
