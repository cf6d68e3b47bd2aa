package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
)

// The sample sizes of POLICY.md §5.
const (
	MinSample  = 100  // nodes per stratum and month at least
	PoolBelow  = 1000 // a stratum with fewer merges in its month pools three months
	FullBelow  = 100  // a stratum with fewer merges in three months is audited in full
	MaxSample  = 1000 // the most a stratum samples, however near its threshold
	PoolMonths = 3
)

// Plan is how a stratum is sampled in a month.
type Plan struct {
	Months     int  // 1, or PoolMonths when the stratum pools
	Population int  // merges in those months
	Full       bool // every merge is audited
	Size       int  // nodes to draw
}

// ShowsBelow is the smallest sample in which no error shows a rate below
// threshold: the n at which the exact one-sided 95% bound, 1-0.05^(1/n)
// (about 3/n), reaches it. For the 1% threshold it is 299, the seed's "300
// samples with no errors show a rate below 1%".
func ShowsBelow(threshold float64) int {
	if !(threshold > 0 && threshold < 1) {
		return 0
	}
	return int(math.Ceil(math.Log(0.05) / math.Log(1-threshold)))
}

// PlanFor sizes a stratum's sample from its merges in the month and in the
// three months ending with it, and, when an earlier audit measured one,
// its error rate against its threshold (prior < 0 when none): at least
// MinSample, and at least ShowsBelow(threshold), so that a clean audit
// can show the rate under the threshold at all (100 clean samples bound
// it at 3%, above the 1% of a false statement, and would stop every
// stratum however good); more when a measured rate is near the threshold,
// so that the interval can tell them apart. A stratum with fewer merges
// than that is audited in full, and its rate is then a count, not an
// estimate (Census).
func PlanFor(month, threeMonths int, prior, threshold float64) Plan {
	p := Plan{Months: 1, Population: month}
	if month < PoolBelow {
		p.Months, p.Population = PoolMonths, max(threeMonths, month)
	}
	if p.Population < FullBelow {
		p.Full, p.Size = true, p.Population
		return p
	}
	p.Size = max(MinSample, ShowsBelow(threshold))
	if prior >= 0 && threshold > 0 {
		// The n at which the interval's half-width is the distance to the threshold.
		d := math.Abs(threshold - prior)
		pv := math.Max(prior, threshold) // the variance near the threshold, never zero
		need := math.Ceil(z * z * pv * (1 - pv) / (d * d))
		if d == 0 || need > MaxSample {
			need = MaxSample
		}
		p.Size = max(p.Size, int(need))
	}
	p.Size = min(p.Size, p.Population)
	p.Full = p.Size == p.Population
	return p
}

// Draw is one stratum's sample for a month, reproducible from its seed.
type Draw struct {
	Stratum string
	Seed    string
	Size    int
	Sample  []string // node ids in the order drawn
	// Digest commits to the seed, the stratum, the whole population and the
	// sample: the event that records a draw holds it, and a sample with a node
	// added or dropped afterwards no longer matches.
	Digest string
}

// DrawSample draws n of population (node ids; order and repeats do not
// matter) for stratum with seed. The same arguments always draw the same
// sample.
func DrawSample(seed, stratum string, population []string, n int) (Draw, error) {
	pop := slices.Clone(population)
	slices.Sort(pop)
	pop = slices.Compact(pop)
	if n < 0 || n > len(pop) {
		return Draw{}, fmt.Errorf("audit: cannot draw %d of the %d merges of stratum %s", n, len(pop), stratum)
	}
	key := sha256.Sum256([]byte("theoremdb audit draw\x00" + seed + "\x00" + stratum))
	r := rand.New(rand.NewChaCha8(key))
	for i := range n { // a partial Fisher–Yates shuffle
		j := i + r.IntN(len(pop)-i)
		pop[i], pop[j] = pop[j], pop[i]
	}
	d := Draw{Stratum: stratum, Seed: seed, Size: n, Sample: pop[:n:n]}
	d.Digest = digest(d, population)
	return d, nil
}

// Verify says whether d is the draw its seed makes from population, with
// nothing added, dropped or reordered.
func Verify(d Draw, population []string) bool {
	again, err := DrawSample(d.Seed, d.Stratum, population, d.Size)
	return err == nil && again.Digest == d.Digest && slices.Equal(again.Sample, d.Sample)
}

func digest(d Draw, population []string) string {
	pop := slices.Clone(population)
	slices.Sort(pop)
	pop = slices.Compact(pop)
	h := sha256.New()
	for _, s := range []string{d.Seed, d.Stratum, strconv.Itoa(d.Size), strconv.Itoa(len(pop))} {
		h.Write([]byte(s + "\x00"))
	}
	for _, s := range pop {
		h.Write([]byte(s + "\x00"))
	}
	h.Write([]byte("sample\x00"))
	for _, s := range d.Sample {
		h.Write([]byte(s + "\x00"))
	}
	return hex.EncodeToString(h.Sum(nil))
}
