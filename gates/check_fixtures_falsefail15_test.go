package gates

import "testing"

// The class of the clean packets a sixteenth blind split FAILed, read by its shape on a problem
// of its own: a caption that restates the question's own condition ("the question asks for a
// gap of at most 6 infinitely often") compares with a number the open status records too, but
// the statement names it as well, so a person reads it; a number the open status records and
// the statement does not name stays a bound the caption states, and FAILs.

func TestReadingCaptionRestatesCondition(t *testing.T) {
	t.Parallel()
	hero := heroGate
	withGap := func(caption string) func(r *Revision) {
		return func(r *Revision) {
			r.Statement = `Prove or disprove: there are infinitely many pairs of consecutive primes $p < q$ with $q - p \le 6$.`
			r.OpenStatus.StrongestKnown = "Infinitely many pairs of consecutive primes differ by at most 246 (Polymath, 2014); no gap of at most 6 is known to recur."
			r.OpenStatus.UnresolvedTarget = "Whether gaps of at most 6 occur infinitely often."
			r.Hero.Caption = caption
		}
	}
	runReadingCases(t, []readingCase{
		{name: "caption: the question's condition, in words", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "at most 6",
			change: withGap("The arcs join consecutive primes; the question asks whether gaps of at most 6 recur for ever.")},
		{name: "caption: the question's condition, in symbols", gate: hero, check: checkHeroCaption, want: NeedsHuman, quote: "≤ 6",
			change: withGap("Consecutive primes joined by arcs, the short ones (gap ≤ 6) drawn thicker.")},
		{name: "caption: the recorded bound the statement does not name", gate: hero, check: checkHeroCaption, want: Fail, quote: "at most 246",
			change: withGap("Consecutive primes joined by arcs; gaps of at most 246 are known to recur.")},
	})
}
