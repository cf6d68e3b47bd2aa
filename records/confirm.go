package records

import (
	"fmt"
	"strings"
)

// Claimed is what a proposer said about a source. Empty fields were not claimed and are not
// compared (members may omit them).
type Claimed struct {
	Title   string
	Authors []string // as written: one name an entry, or a list in one entry
	Year    int
}

// Confirmation is the outcome of confirming a source, as GraphQL shows it.
type Confirmation string

// The confirmations. MISMATCH and NOT_FOUND count as fabricated; PENDING never does.
const (
	Confirmed Confirmation = "CONFIRMED"
	Mismatch  Confirmation = "MISMATCH"
	NotFound  Confirmation = "NOT_FOUND"
	Pending   Confirmation = "PENDING"
)

// Fabricated says whether the confirmation counts towards the fabricated-source rate.
func (c Confirmation) Fabricated() bool { return c == Mismatch || c == NotFound }

// Outcome is a confirmation with its reason. Field names what did not match for a MISMATCH:
// "title", "authors" or "year".
type Outcome struct {
	Confirmation Confirmation
	Field        string
	Reason       string
}

// Compare matches a claim with the record: titles once normalised (case, diacritics,
// punctuation, LaTeX and markup; a subtitle after a colon may be on either side only), authors
// by family name (any order; "et al." allows more authors in the record), the year equal or
// off by one (preprint versus publication). A field the claim or the record leaves empty is
// not compared.
func Compare(claimed Claimed, rec Record) Outcome {
	if claimed.Title != "" && rec.Title != "" && !titlesMatch(claimed.Title, rec.Title) {
		return Outcome{Mismatch, "title", fmt.Sprintf("the claimed title %q is not the record's %q", claimed.Title, rec.Title)}
	}
	if len(claimed.Authors) > 0 && len(rec.Authors) > 0 && !authorsMatch(claimed.Authors, rec.Authors) {
		return Outcome{Mismatch, "authors", fmt.Sprintf("the claimed authors %q are not the record's %q",
			strings.Join(claimed.Authors, "; "), strings.Join(rec.Authors, "; "))}
	}
	if claimed.Year != 0 && rec.Year != 0 && (claimed.Year-rec.Year > 1 || rec.Year-claimed.Year > 1) {
		return Outcome{Mismatch, "year", fmt.Sprintf("the claimed year %d is not the record's %d", claimed.Year, rec.Year)}
	}
	return Outcome{Confirmation: Confirmed}
}

func authorsMatch(claimed, record []string) bool {
	rec := readAuthors(record)[0].families
	for _, l := range readAuthors(claimed) {
		if len(l.families) == 0 {
			continue
		}
		if familiesMatch(l.families, rec, l.etAl) {
			return true
		}
	}
	return false
}

// familiesMatch: every claimed family name is a distinct author of the record, and, without
// et al., the record has no other author.
func familiesMatch(claimed, rec []string, etAl bool) bool {
	if len(claimed) > len(rec) || (!etAl && len(claimed) != len(rec)) {
		return false
	}
	used := make([]bool, len(rec))
	for _, c := range claimed {
		hit := false
		for i, r := range rec {
			if !used[i] && sameFamily(c, r) {
				used[i], hit = true, true
				break
			}
		}
		if !hit {
			return false
		}
	}
	return true
}

// Confirm is the outcome of one resolution for a claim: found records are compared, a record
// the catalogue does not hold (or an identifier no catalogue serves) is NOT_FOUND, and an
// unreachable resolver is PENDING.
func Confirm(res Result, claimed Claimed) Outcome {
	switch res.Status {
	case StatusFound:
		return Compare(claimed, res.Record)
	case StatusNotFound, StatusNoResolver:
		return Outcome{Confirmation: NotFound, Reason: res.Reason}
	}
	return Outcome{Confirmation: Pending, Reason: ReasonUnreachable + " (" + res.Reason + ")"}
}

// ReasonUnreachable begins the reason of a reference left unconfirmed because no catalogue
// answered: the pages say it once above the references it holds, not beside each.
const ReasonUnreachable = "not yet resolved: the record plane is unreachable"

// Advance folds a new resolution into a source's outcome so far: a definite answer replaces it,
// and an unreachable resolver leaves it as it was (PENDING when there was none), so failures and
// retries never turn a source fabricated.
func Advance(prev Outcome, res Result, claimed Claimed) Outcome {
	next := Confirm(res, claimed)
	if next.Confirmation != Pending {
		return next
	}
	if prev.Confirmation == "" {
		return next
	}
	return prev
}
