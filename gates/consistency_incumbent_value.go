package gates

import "fmt"

// A target and its incumbent are often written in different notations: the statement asks for
// "nl(f) ≥ 242" of a function it defines, the open status records "242 ≤ ρ(1, 9)" for the best
// value over all functions. The subjects differ in letters, so incumbentMeets, which compares
// one subject with itself, does not pair them. What the two share is the direction and the value:
// a requested lower bound that a recorded lower bound already reaches (a maximum already attained),
// or a requested upper bound a recorded upper bound already gives (a minimum already achieved).
// Only the open status is read for the incumbent, where the record states the best known value;
// the pairing goes to a person, who decides whether the two subjects are one quantity.

// incumbentValueMeets asks a person about a bound the statement asks for that a bound of the
// same direction in openStatus.strongestKnown already reaches, on whatever subject. It reports
// whether it recorded a finding.
func incumbentValueMeets(r *Revision, out *Report) bool {
	known := comparisons(fieldOpenStrongestKnown, r.OpenStatus.StrongestKnown)
	for _, req := range requestedBounds(r) {
		for _, k := range known {
			if k.Subject == req.Subject || !namedQuantity(k) {
				continue // one subject is incumbentMeets' to compare
			}
			lower := (req.Op == cmpGE || req.Op == cmpGT) && (k.Op == cmpGE || k.Op == cmpGT) &&
				(k.Value > req.Value || k.Value == req.Value && (req.Op == cmpGE || k.Op == cmpGT))
			upper := (req.Op == cmpLE || req.Op == cmpLT) && (k.Op == cmpLE || k.Op == cmpLT) &&
				(k.Value < req.Value || k.Value == req.Value && (req.Op == cmpLE || k.Op == cmpLT))
			if !lower && !upper {
				continue
			}
			out.NeedsHuman(checkConsistencyIncumbent, SpanOf(req.Field, fieldText(r, req.Field), req.Start, req.End),
				fmt.Sprintf("The statement asks for %s, and openStatus.strongestKnown already states %s: if %s and %s are the same quantity, the incumbent meets the requested target; a person must compare them.",
					req.Quote, k.Quote, req.Subject, k.Subject),
				"Ask for a target beyond the strongest known value (for example one more than the record), or correct the recorded incumbent.")
			return true
		}
	}
	return false
}
