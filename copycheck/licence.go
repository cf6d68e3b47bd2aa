package copycheck

import "fmt"

// Licence is the licence class of a reference source. The class, not the licence text, decides
// what a match with the source does.
type Licence string

// The licence classes of the reference corpus.
const (
	LicenceOpen         Licence = "open"
	LicenceRecord       Licence = "record"
	LicenceVerbatim     Licence = "verbatim"
	LicenceShareAlikeNC Licence = "share-alike-nc"
	LicenceShareAlike   Licence = "share-alike"
	LicenceGFDL         Licence = "gfdl"
)

// Licences lists every class in a stable order.
var Licences = []Licence{LicenceOpen, LicenceRecord, LicenceVerbatim, LicenceShareAlikeNC, LicenceShareAlike, LicenceGFDL}

// ParseLicence checks a class name given on a command line or in a manifest.
func ParseLicence(s string) (Licence, error) {
	for _, l := range Licences {
		if string(l) == s {
			return l, nil
		}
	}
	return "", fmt.Errorf("unknown licence class %q (want one of open, record, verbatim, share-alike-nc, share-alike, gfdl): %w", s, ErrInvalid)
}

// Verdict is what the policy makes of a body's matches.
type Verdict string

// The verdicts, from mildest to strongest.
const (
	VerdictClear     Verdict = "clear"
	VerdictAttribute Verdict = "attribute"
	VerdictBlock     Verdict = "block"
)

// verdictFor is the policy of K9.4: a match with a record, verbatim, share-alike-nc or gfdl
// source blocks the merge; a match with an open source is allowed with attribution (rule L03).
// Share-alike sources are not on the blocking list of the policy and need attribution and the
// share-alike notice, so they count as attribute.
func verdictFor(l Licence) Verdict {
	switch l {
	case LicenceOpen, LicenceShareAlike:
		return VerdictAttribute
	default:
		return VerdictBlock
	}
}

// strictness orders licences so that, when a run stands in several sources, the one whose match
// has the strongest consequence is reported.
func strictness(l Licence) int {
	switch l {
	case LicenceOpen:
		return 0
	case LicenceShareAlike:
		return 1
	case LicenceGFDL:
		return 2
	case LicenceShareAlikeNC:
		return 3
	case LicenceVerbatim:
		return 4
	default:
		return 5
	}
}
