// Package audit is the arithmetic of the corpus's sample audits (K09 9.7,
// POLICY.md §5): how many nodes a stratum's month samples, which ones (a
// draw anyone can repeat from its seed), the error rate's 95% interval, and
// whether it passes its threshold. It reads and writes nothing; corpus/
// keeps the record.
package audit

import (
	"fmt"
	"math"
	"time"
)

// Property is one of the four properties of a node an audit judges.
type Property string

// The properties, as the API spells them.
const (
	Correctness Property = "CORRECTNESS"
	Fidelity    Property = "FIDELITY"
	Sourcing    Property = "SOURCING"
	Style       Property = "STYLE"
)

// Properties are the four, in the order pages list them.
var Properties = []Property{Correctness, Fidelity, Sourcing, Style}

// z is the standard normal quantile for a two-sided 95% interval.
const z = 1.959963984540054

// Interval is an error rate's estimate with its 95% interval.
type Interval struct {
	Errors, N int
	Rate      float64 // Errors / N
	Low, High float64
	// Method names how Low and High were computed: "wilson", or "exact-zero"
	// when there were no errors (the exact one-sided 95% bound 1-0.05^(1/n),
	// the "about 3/n" of the rule of three).
	Method string
}

// Rate returns the interval of errors in n audited nodes. n must be
// positive and errors between 0 and n.
func Rate(errors, n int) (Interval, error) {
	if n <= 0 || errors < 0 || errors > n {
		return Interval{}, fmt.Errorf("audit: %d errors in %d audited nodes is not a rate", errors, n)
	}
	iv := Interval{Errors: errors, N: n, Rate: float64(errors) / float64(n)}
	if errors == 0 {
		iv.Method, iv.High = "exact-zero", 1-math.Pow(0.05, 1/float64(n))
		return iv, nil
	}
	iv.Method = "wilson"
	iv.Low, iv.High = wilson(errors, n)
	return iv, nil
}

// Census returns the rate of errors among all n nodes of a stratum, every
// one of them audited: a count with no sampling error, so the interval is
// the rate itself (Method "census"). The rule of three and Wilson's
// interval estimate the rate of a population from a sample; a stratum
// audited in full has no population beyond what was audited.
func Census(errors, n int) (Interval, error) {
	iv, err := Rate(errors, n)
	if err != nil {
		return iv, err
	}
	iv.Low, iv.High, iv.Method = iv.Rate, iv.Rate, "census"
	return iv, nil
}

// Wilson is the 95% Wilson score interval of x successes in n trials (n > 0), without
// continuity correction: the interval a model judge's measured rate is shown with.
func Wilson(x, n int) (lo, hi float64) { return wilson(x, n) }

// wilson is the Wilson score interval at 95% without continuity correction.
func wilson(x, n int) (lo, hi float64) {
	p, nf, z2 := float64(x)/float64(n), float64(n), z*z
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = math.Max(0, centre-half), math.Min(1, centre+half)
	if x == n {
		hi = 1 // exactly, where rounding would leave it a hair below the rate
	}
	return lo, hi
}

// Thresholds are the error rates above which a stratum stops, per
// property, under a version. A change of thresholds is a new version,
// recorded as a decision; an audit is judged under the version in force
// when its month was drawn.
type Thresholds struct {
	Version string
	Rate    map[Property]float64
	// Decided is the day (YYYY-MM-DD) the version was decided, and Reason
	// why: the decision the event log records and the release notes show.
	Decided string
	Reason  string
}

// DefaultThresholds are POLICY.md's: 1% false statement, 2% unfaithful
// statement or wrong source, 5% style or card error.
var DefaultThresholds = Thresholds{Version: "2026-12", Rate: map[Property]float64{
	Correctness: 0.01, Fidelity: 0.02, Sourcing: 0.02, Style: 0.05}, Decided: "2026-12-01",
	Reason: "K09 9.7 as POLICY.md section 5 adopts it: 1% false statement, 2% unfaithful statement or wrong source, 5% style or card error."}

// Stops says whether iv stops a stratum under t: its upper end passes the
// property's threshold.
func (t Thresholds) Stops(p Property, iv Interval) bool {
	th, ok := t.Rate[p]
	return ok && iv.High > th
}

// Validate says what is wrong with t, if anything.
func (t Thresholds) Validate() error {
	if t.Version == "" {
		return fmt.Errorf("audit: thresholds need a version")
	}
	if _, err := time.Parse(time.DateOnly, t.Decided); err != nil || t.Reason == "" {
		return fmt.Errorf("audit: thresholds %s need the day they were decided (YYYY-MM-DD) and the reason", t.Version)
	}
	for _, p := range Properties {
		r, ok := t.Rate[p]
		if !ok || !(r > 0 && r < 1) {
			return fmt.Errorf("audit: the %s threshold %v is not a rate between 0 and 1", p, r)
		}
	}
	return nil
}
