//go:build calibrate

package gates

import (
	"math/rand/v2"
	"slices"

	"github.com/theoremdb/theoremdb/packet"
)

func init() {
	plant(checkProvenanceKind, func(r *Revision, rng *rand.Rand) bool {
		r.Provenance.Kind = packet.ProvenanceKind(plantPick(rng, "", "imported", "UNKNOWN", "OTHER", "TBD"))
		return true
	})
	plant(checkProvenanceFields, func(r *Revision, rng *rand.Rand) bool {
		switch rng.IntN(3) {
		case 0:
			r.Provenance.Attribution = plantPick(rng, "", "TBD", "unknown", "?", "see above")
		case 1:
			if r.Provenance.Kind == packet.Original {
				r.Provenance.RightsBasis = plantPick(rng, "", "TBD", "n/a")
			} else {
				r.Provenance.SourceLocator = plantPick(rng, "", "TBD", "n/a", "see references", "-")
			}
		default:
			r.Provenance.RightsBasis = plantPick(rng, "", "TBD", "n/a", "?", "todo")
		}
		return true
	})
	plant(checkProvenanceGenerated, func(r *Revision, rng *rand.Rand) bool {
		r.Generated = true
		variant := rng.IntN(3)
		if variant == 2 && r.ImportKey != "" {
			variant = rng.IntN(2)
		}
		switch variant {
		case 0:
			r.Provenance.GeneratedBy = plantPick(rng, "", "agent", "AI", "TBD", "n/a")
			if r.Provenance.Motivation == "" {
				r.Provenance.Motivation = "The parameter continues the computations of the cited survey."
			}
		case 1:
			if r.Provenance.GeneratedBy == "" {
				r.Provenance.GeneratedBy = "research agent theoremdb-scout v2"
			}
			r.Provenance.Motivation = plantPick(rng, "TBD", "todo", "see above", "n/a", "Interesting.")
		default:
			if r.Provenance.GeneratedBy == "" {
				r.Provenance.GeneratedBy = "research agent theoremdb-scout v2"
			}
			r.Provenance.Motivation = ""
		}
		return true
	})
	plant(checkProvenanceRecord, func(r *Revision, rng *rand.Rand) bool {
		var at []int
		for _, o := range originRefs(r) {
			if o.at >= 0 {
				at = append(at, o.at)
			}
		}
		if len(at) == 0 {
			return false
		}
		i := at[rng.IntN(len(at))]
		ref := r.References[i]
		ref.Confirmation = plantPick(rng, "MISMATCH", "NOT_FOUND")
		ref.ConfirmationReason = plantPick(rng, "Crossref: no such DOI", "the arXiv API has no such identifier",
			"the claimed title “A proof of the conjecture” is not the record's “On a problem of Erdős”", "the claimed year 2019 is not the record's 1961")
		if rng.IntN(2) == 0 {
			// An agent's fabricated source leaves the bibliography; the provenance still names it.
			r.Generated = true
			r.References = append(slices.Clone(r.References[:i]), r.References[i+1:]...)
			r.Rejected = append(slices.Clone(r.Rejected), ref)
			return true
		}
		r.References = slices.Clone(r.References)
		r.References[i] = ref
		return true
	})
	plant(checkProvenanceCopy, func(r *Revision, rng *rand.Rand) bool {
		passage := openLogicPassages[rng.IntN(len(openLogicPassages))]
		switch rng.IntN(3) {
		case 0:
			r.Statement += "\n\n" + passage
		case 1:
			if len(r.Exposition) > 0 {
				i := rng.IntN(len(r.Exposition))
				r.Exposition[i].Body += "\n\n" + passage
				break
			}
			fallthrough
		default:
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: passage})
		}
		return true
	})
}
