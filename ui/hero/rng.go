package hero

// rng is SplitMix64: tiny, fast and fixed forever, so that a problem's
// picture never changes with a Go release (math/rand makes no such promise
// for every generator).
type rng struct{ s uint64 }

func newRNG(seed uint64) *rng { return &rng{s: seed} }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n); n must be positive. The modulo bias is
// irrelevant for picking shapes.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// between returns a number in [lo, hi).
func (r *rng) between(lo, hi float64) float64 { return lo + (hi-lo)*r.float() }
