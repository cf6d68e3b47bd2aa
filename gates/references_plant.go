//go:build calibrate

package gates

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
)

func init() {
	plant(checkRefsRecord, func(r *Revision, rng *rand.Rand) bool {
		if len(r.References) == 0 {
			return false
		}
		ref := &r.References[rng.IntN(len(r.References))]
		ref.Confirmation = plantPick(rng, "MISMATCH", "NOT_FOUND")
		ref.ConfirmationReason = plantPick(rng, "the claimed title is not the record's", "Crossref: no such DOI", "the claimed year 1990 is not the record's 2004")
		return true
	})
	plant(checkRefsPresent, func(r *Revision, _ *rand.Rand) bool {
		if len(r.References) == 0 || r.Provenance.Kind == packet.Original {
			return false
		}
		r.References = nil
		return true
	})
	plant(checkRefsRow, func(r *Revision, rng *rand.Rand) bool {
		if len(r.References) == 0 {
			return false
		}
		ref := &r.References[rng.IntN(len(r.References))]
		if rng.IntN(3) == 0 {
			ref.Citation = plantPick(rng, "", "TBD", "?", "see link", "Paper.")
			return true
		}
		ref.Identifier, ref.Kind = "", ""
		ref.Locator = plantPick(rng, "", "passim", "the introduction", "somewhere in the paper", "online", "TBD")
		return true
	})
	plant(checkRefsRelevance, func(r *Revision, rng *rand.Rand) bool {
		if len(r.References) == 0 {
			return false
		}
		ref := &r.References[rng.IntN(len(r.References))]
		switch rng.IntN(3) {
		case 0:
			ref.Relevance = plantPick(rng, "", "Relevant.", "See reference.", "Related work.", "TBD", "Useful background.", "Main reference.")
		case 1:
			ref.Relevance = refLinkOf(*ref)
		default:
			ref.Relevance = "See " + refLinkOf(*ref) + "."
		}
		return true
	})
	plant(checkRefsDuplicates, func(r *Revision, rng *rand.Rand) bool {
		var stable []int
		for i, ref := range r.References {
			if refIDKey(ref.Identifier) != "" {
				stable = append(stable, i)
			}
		}
		if len(stable) == 0 {
			return false
		}
		dup := r.References[stable[rng.IntN(len(stable))]]
		if rng.IntN(2) == 0 {
			dup.Relevance = "Also cited for its discussion of the problem's background and history."
		}
		at := rng.IntN(len(r.References) + 1)
		r.References = append(r.References[:at], append([]Reference{dup}, r.References[at:]...)...)
		return true
	})
	plant(checkRefsCited, func(r *Revision, rng *rand.Rand) bool {
		var id string
		switch rng.IntN(3) {
		case 0:
			id = fmt.Sprintf("arXiv:%02d%02d.%05d", 15+rng.IntN(10), 1+rng.IntN(12), rng.IntN(100000))
		case 1:
			id = fmt.Sprintf("https://doi.org/10.%d/%s.%d", 1000+rng.IntN(9000), plantPick(rng, "jnt", "aim", "ejc", "jcta"), rng.IntN(1000000))
		default:
			id = fmt.Sprintf("https://www.example.edu/~%s/notes%d.pdf", plantPick(rng, "smith", "lee", "garcia"), rng.IntN(1000))
		}
		sentence := " A related result appears in " + id + "."
		switch rng.IntN(3) {
		case 0:
			r.Statement += sentence
		case 1:
			if len(r.Exposition) > 0 {
				e := &r.Exposition[rng.IntN(len(r.Exposition))]
				e.Body += sentence
				break
			}
			fallthrough
		default:
			r.ReferenceSearch.Coverage += sentence
		}
		return true
	})
}

// refLinkOf is a row's identifier written as a link, as a proposer would paste it.
func refLinkOf(ref Reference) string {
	key := refIDKey(ref.Identifier)
	switch {
	case strings.HasPrefix(key, "doi:"):
		return "https://doi.org/" + key[len("doi:"):]
	case strings.HasPrefix(key, "arxiv:"):
		return "https://arxiv.org/abs/" + key[len("arxiv:"):]
	case strings.HasPrefix(key, "url:"):
		return key[len("url:"):]
	case strings.HasPrefix(key, "isbn:"):
		return "https://openlibrary.org/isbn/" + key[len("isbn:"):]
	}
	return "https://example.org/reference"
}
