//go:build calibrate

package gates

import (
	"math/rand/v2"
	"sort"
)

// Planter plants one defect of a check's kind into a copy of a complete packet, for calibration
// (make calibrate-gates): the planted packet must now violate the check's criterion the way real
// submissions do. rng picks among the planter's variants so that recall is not measured on one
// trick. It returns false when the packet offers no place for the defect (for example no
// exposition entry to damage); the calibration then skips that packet for that check.
type Planter func(r *Revision, rng *rand.Rand) bool

var planters = map[string]Planter{}

// plant registers the planter of a check; each gate file registers its own in init.
func plant(checkID string, p Planter) {
	if _, dup := planters[checkID]; dup {
		panic("gates: two planters for " + checkID)
	}
	planters[checkID] = p
}

// PlanterOf returns the planter of a check, if it has one. Every check that can FAIL has one.
func PlanterOf(checkID string) (Planter, bool) {
	p, ok := planters[checkID]
	return p, ok
}

// PlantedChecks lists the checks with a planter, sorted.
func PlantedChecks() []string {
	out := make([]string, 0, len(planters))
	for id := range planters {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Clone returns a deep copy of r, so a planter can change it freely.
func (r *Revision) Clone() *Revision {
	c := *r
	c.Exposition = append(c.Exposition[:0:0], r.Exposition...)
	c.References = append(c.References[:0:0], r.References...)
	c.Tags = append(c.Tags[:0:0], r.Tags...)
	c.ReferenceSearch.Databases = append(c.ReferenceSearch.Databases[:0:0], r.ReferenceSearch.Databases...)
	c.ReferenceSearch.Queries = append(c.ReferenceSearch.Queries[:0:0], r.ReferenceSearch.Queries...)
	if r.Computation != nil {
		comp := *r.Computation
		if comp.Code != nil {
			code := *comp.Code
			comp.Code = &code
		}
		c.Computation = &comp
	}
	return &c
}
