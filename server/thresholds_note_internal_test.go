package server

import (
	"testing"

	"github.com/theoremdb/theoremdb/corpus"
)

// TestThresholdsNote: a release's note names its thresholds, and the
// decision behind them when they changed since the release before.
func TestThresholdsNote(t *testing.T) {
	t.Parallel()
	v1 := corpus.RatesDocument{Thresholds: "2026-12"}
	v2 := corpus.RatesDocument{Thresholds: "2027-03", ThresholdsDecided: "2027-02-20", ThresholdsReason: "Style errors are judged per card."}
	for _, c := range []struct {
		doc   corpus.RatesDocument
		older []corpus.RatesDocument
		want  string
	}{
		{v1, nil, "thresholds 2026-12"},
		{v1, []corpus.RatesDocument{v1}, "thresholds 2026-12"},
		{v2, []corpus.RatesDocument{v1, v1}, "thresholds 2027-03, changed from 2026-12 by the decision of 2027-02-20: Style errors are judged per card"},
	} {
		if got := thresholdsNote(c.doc, c.older); got != c.want {
			t.Errorf("thresholdsNote(%s after %d) = %q; want %q", c.doc.Thresholds, len(c.older), got, c.want)
		}
	}
}
