package audit_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/corpus/audit"
)

// TestWilsonPublished holds the interval to the values Newcombe published for the score method
// without continuity correction (Statistics in Medicine 17, 1998, table II, method 3).
func TestWilsonPublished(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		x, n      int
		low, high float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{1, 29, 0.0061, 0.1718},
		{29, 29, 0.8830, 1.0000},
	} {
		iv, err := audit.Rate(tt.x, tt.n)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(iv.Low-tt.low) > 0.00005 || math.Abs(iv.High-tt.high) > 0.00005 || iv.Method != "wilson" {
			t.Errorf("Rate(%d, %d) = [%.4f, %.4f] %s; want [%.4f, %.4f] wilson", tt.x, tt.n, iv.Low, iv.High, iv.Method, tt.low, tt.high)
		}
	}
}

// TestZeroErrors: none in n gives the exact one-sided bound, about 3/n.
func TestZeroErrors(t *testing.T) {
	t.Parallel()
	for _, n := range []int{30, 100, 300, 1000} {
		iv, _ := audit.Rate(0, n)
		// n times the bound rises to -ln 0.05 = 2.996 as n grows: 2.85 at 30, 2.98 at 300.
		if iv.Low != 0 || iv.Method != "exact-zero" || iv.High*float64(n) < 2.8 || iv.High*float64(n) > 3 {
			t.Errorf("Rate(0, %d) = [%v, %v] %s; want [0, about 3/%d]", n, iv.Low, iv.High, iv.Method, n)
		}
		if got := math.Pow(1-iv.High, float64(n)); math.Abs(got-0.05) > 1e-12 {
			t.Errorf("Rate(0, %d): P(no error | rate = high) = %v; want 0.05", n, got)
		}
	}
}

func TestRateRefusesWhatIsNotARate(t *testing.T) {
	t.Parallel()
	for _, c := range [][2]int{{0, 0}, {-1, 10}, {11, 10}} {
		if _, err := audit.Rate(c[0], c[1]); err == nil {
			t.Errorf("Rate(%d, %d) = nil error", c[0], c[1])
		}
	}
}

// TestRateProperties: over random outcomes the interval holds the rate, stays in [0, 1], agrees
// with the Wilson bounds found another way (the roots of the score equation), and a stratum is
// stopped exactly when the upper end passes its threshold.
func TestRateProperties(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	const z = 1.959963984540054
	for range 20000 {
		n := 1 + r.IntN(5000)
		x := r.IntN(n + 1)
		iv, err := audit.Rate(x, n)
		if err != nil {
			t.Fatal(err)
		}
		if !(0 <= iv.Low && iv.Low <= iv.Rate && iv.Rate <= iv.High && iv.High <= 1) {
			t.Fatalf("Rate(%d, %d) = %+v: not an interval around the rate in [0, 1]", x, n, iv)
		}
		if x > 0 {
			// (p̂ - p)² = z² p (1 - p) / n, a quadratic a p² + b p + c = 0 in p.
			ph, nf := float64(x)/float64(n), float64(n)
			a, b, c := 1+z*z/nf, -(2*ph + z*z/nf), ph*ph
			disc := math.Sqrt(b*b - 4*a*c)
			lo, hi := (-b-disc)/(2*a), (-b+disc)/(2*a)
			if math.Abs(lo-iv.Low) > 1e-9 || math.Abs(hi-iv.High) > 1e-9 {
				t.Fatalf("Rate(%d, %d) = [%v, %v]; the score equation's roots are [%v, %v]", x, n, iv.Low, iv.High, lo, hi)
			}
		}
		for _, p := range audit.Properties {
			th := audit.DefaultThresholds.Rate[p]
			if got := audit.DefaultThresholds.Stops(p, iv); got != (iv.High > th) {
				t.Fatalf("Stops(%s, %d/%d, high %v) = %v with threshold %v", p, x, n, iv.High, got, th)
			}
		}
	}
}

func TestThresholds(t *testing.T) {
	t.Parallel()
	if err := audit.DefaultThresholds.Validate(); err != nil {
		t.Fatal(err)
	}
	want := map[audit.Property]float64{audit.Correctness: 0.01, audit.Fidelity: 0.02, audit.Sourcing: 0.02, audit.Style: 0.05}
	for p, v := range want {
		if audit.DefaultThresholds.Rate[p] != v {
			t.Errorf("threshold of %s = %v; want %v", p, audit.DefaultThresholds.Rate[p], v)
		}
	}
	for _, bad := range []audit.Thresholds{
		{Rate: want, Decided: "2026-12-01", Reason: "r"},
		{Version: "v", Rate: map[audit.Property]float64{audit.Correctness: 0.01}, Decided: "2026-12-01", Reason: "r"},
		{Version: "v", Rate: map[audit.Property]float64{audit.Correctness: 0, audit.Fidelity: 0.02, audit.Sourcing: 0.02, audit.Style: 0.05},
			Decided: "2026-12-01", Reason: "r"},
		{Version: "v", Rate: want, Reason: "no day"},
		{Version: "v", Rate: want, Decided: "2026-12-01"},
	} {
		if bad.Validate() == nil {
			t.Errorf("Validate(%+v) = nil", bad)
		}
	}
	// 0 errors in 100 has an upper end near 3%: it stops correctness (1%), not style (5%).
	iv, _ := audit.Rate(0, 100)
	if !audit.DefaultThresholds.Stops(audit.Correctness, iv) || audit.DefaultThresholds.Stops(audit.Style, iv) {
		t.Errorf("0 of 100 (high %.4f): stops correctness %v, style %v", iv.High,
			audit.DefaultThresholds.Stops(audit.Correctness, iv), audit.DefaultThresholds.Stops(audit.Style, iv))
	}
}

func TestShowsBelow(t *testing.T) {
	t.Parallel()
	for _, th := range []float64{0.01, 0.02, 0.05} {
		n := audit.ShowsBelow(th)
		at, _ := audit.Rate(0, n)
		before, _ := audit.Rate(0, n-1)
		if at.High > th || before.High <= th {
			t.Errorf("ShowsBelow(%v) = %d: no error in %d bounds the rate at %.5f, in %d at %.5f; want the first n under the threshold",
				th, n, n, at.High, n-1, before.High)
		}
	}
	if n := audit.ShowsBelow(0.01); n != 299 {
		t.Errorf("ShowsBelow(1%%) = %d; want 299", n)
	}
}

func TestCensus(t *testing.T) {
	t.Parallel()
	iv, err := audit.Census(0, 40)
	if err != nil || iv.Low != 0 || iv.High != 0 || iv.Method != "census" || audit.DefaultThresholds.Stops(audit.Correctness, iv) {
		t.Errorf("Census(0, 40) = %+v, %v; want the exact rate 0, which stops nothing", iv, err)
	}
	iv, _ = audit.Census(1, 40)
	if iv.Low != 0.025 || iv.High != 0.025 || !audit.DefaultThresholds.Stops(audit.Correctness, iv) || audit.DefaultThresholds.Stops(audit.Style, iv) {
		t.Errorf("Census(1, 40) = %+v; want exactly 2.5%%, over the 1%% threshold and under the 5%%", iv)
	}
	if _, err := audit.Census(3, 2); err == nil {
		t.Error("Census(3, 2) is no rate")
	}
}

func TestPlanFor(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		month, three     int
		prior, threshold float64
		want             audit.Plan
	}{
		// Against the 1% threshold a sample needs 299 clean nodes to show the rate below it.
		{5000, 15000, -1, 0.01, audit.Plan{Months: 1, Population: 5000, Size: 299}},
		{400, 1200, -1, 0.01, audit.Plan{Months: 3, Population: 1200, Size: 299}},
		{20, 90, -1, 0.01, audit.Plan{Months: 3, Population: 90, Full: true, Size: 90}},
		{0, 0, -1, 0.01, audit.Plan{Months: 3, Population: 0, Full: true, Size: 0}},
		// Fewer merges than that: every one is audited, and the rate is a count.
		{150, 150, -1, 0.01, audit.Plan{Months: 3, Population: 150, Full: true, Size: 150}},
		// Against 5%, 59 clean nodes would do: the minimum of 100 holds.
		{5000, 15000, -1, 0.05, audit.Plan{Months: 1, Population: 5000, Size: 100}},
		// A rate of 4% against a 5% threshold: about 1,825 needed, capped at 1,000.
		{5000, 15000, 0.04, 0.05, audit.Plan{Months: 1, Population: 5000, Size: 1000}},
		// A rate of 0.1% against 5%: far from it, the minimum does.
		{5000, 15000, 0.001, 0.05, audit.Plan{Months: 1, Population: 5000, Size: 100}},
		// Near the threshold in a small pool: every merge.
		{300, 600, 0.018, 0.02, audit.Plan{Months: 3, Population: 600, Full: true, Size: 600}},
	} {
		if got := audit.PlanFor(tt.month, tt.three, tt.prior, tt.threshold); got != tt.want {
			t.Errorf("PlanFor(%d, %d, %v, %v) = %+v; want %+v", tt.month, tt.three, tt.prior, tt.threshold, got, tt.want)
		}
	}
}

func TestDrawIsReproducibleAndTamperEvident(t *testing.T) {
	t.Parallel()
	pop := make([]string, 5000)
	for i := range pop {
		pop[i] = fmt.Sprintf("N-%d", i+1)
	}
	d, err := audit.DrawSample("2026-11/seed-1", "THEOREM|AGENT|model-a|p3|core", pop, 100)
	if err != nil {
		t.Fatal(err)
	}
	shuffled := slices.Clone(pop)
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	again, _ := audit.DrawSample("2026-11/seed-1", "THEOREM|AGENT|model-a|p3|core", append(shuffled, pop[:10]...), 100)
	if !slices.Equal(d.Sample, again.Sample) || d.Digest != again.Digest {
		t.Fatal("the same seed over the same merges, listed in another order with repeats, drew another sample")
	}
	if len(d.Sample) != 100 || len(slices.Compact(slices.Sorted(slices.Values(d.Sample)))) != 100 {
		t.Fatalf("drew %d nodes, some twice", len(d.Sample))
	}
	other, _ := audit.DrawSample("2026-11/seed-2", d.Stratum, pop, 100)
	if slices.Equal(other.Sample, d.Sample) {
		t.Error("another seed drew the same sample")
	}
	if !audit.Verify(d, pop) {
		t.Fatal("Verify rejects an untouched draw")
	}
	for name, tamper := range map[string]func(audit.Draw) audit.Draw{
		"a node dropped": func(x audit.Draw) audit.Draw { x.Sample = x.Sample[1:]; return x },
		"a node swapped": func(x audit.Draw) audit.Draw { x.Sample = append(slices.Clone(x.Sample[:99]), "N-99999"); return x },
		"the order broken": func(x audit.Draw) audit.Draw {
			s := slices.Clone(x.Sample)
			s[0], s[1] = s[1], s[0]
			x.Sample = s
			return x
		},
		"another seed": func(x audit.Draw) audit.Draw { x.Seed = "2026-11/seed-3"; return x },
	} {
		if audit.Verify(tamper(d), pop) {
			t.Errorf("Verify accepts a draw with %s", name)
		}
	}
	if audit.Verify(d, pop[1:]) {
		t.Error("Verify accepts the draw over another population")
	}
	// Every node is as likely to be drawn: over many seeds each of 10 nodes is drawn about half the time.
	counts := map[string]int{}
	small := pop[:10]
	for i := range 4000 {
		s, _ := audit.DrawSample(fmt.Sprint(i), "s", small, 5)
		for _, id := range s.Sample {
			counts[id]++
		}
	}
	for _, id := range small {
		if c := counts[id]; c < 1850 || c > 2150 {
			t.Errorf("%s drawn %d times in 4,000 draws of 5 of 10; want about 2,000", id, c)
		}
	}
	if _, err := audit.DrawSample("s", "s", small, 11); err == nil {
		t.Error("drew 11 of 10")
	}
}

// BenchmarkDrawMillion draws a month's samples over 1,000,000 merged nodes in 40 strata.
func BenchmarkDrawMillion(b *testing.B) {
	strata := make([][]string, 40)
	for i := range 1_000_000 {
		strata[i%40] = append(strata[i%40], fmt.Sprintf("N-%d", i+1))
	}
	for b.Loop() {
		for i, pop := range strata {
			p := audit.PlanFor(len(pop), 3*len(pop), -1, 0.01)
			if _, err := audit.DrawSample("2026-11", fmt.Sprint(i), pop, p.Size); err != nil {
				b.Fatal(err)
			}
		}
	}
}
