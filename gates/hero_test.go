package gates

import (
	"testing"

	"github.com/theoremdb/theoremdb/packet"
)

func TestHeroGate(t *testing.T) {
	t.Parallel()
	bespoke := func(r *Revision) {
		r.Hero.Bespoke = true
		r.Hero.RightsBasis = "Drawn for TheoremDB by the proposer and published under CC BY-SA 4.0."
	}
	runGateCases(t, heroGate, clean, []gateCase{
		{"brief", nil, nil, checkHeroBrief, Pass},
		{"no brief", func(r *Revision) { r.Hero.Brief = "" }, nil, checkHeroBrief, Fail},
		{"placeholder brief", func(r *Revision) { r.Hero.Brief = "TBD" }, nil, checkHeroBrief, Fail},
		{"no hero at all", func(r *Revision) { r.Hero = packet.Hero{} }, nil, checkHeroBrief, Fail},

		{"neutral fallback", nil, nil, checkHeroSource, Pass},
		{"bespoke with rights", bespoke, nil, checkHeroSource, Pass},
		{"bespoke without rights", func(r *Revision) { r.Hero.Bespoke = true }, nil, checkHeroSource, Fail},
		{"bespoke with placeholder rights", func(r *Revision) { bespoke(r); r.Hero.RightsBasis = "n/a" }, nil, checkHeroSource, Fail},
		{"no hero record", func(r *Revision) { r.Hero = packet.Hero{} }, nil, checkHeroSource, Fail},

		{"descriptive alt", nil, nil, checkHeroAlt, Pass},
		{"no alt", func(r *Revision) { r.Hero.Alt = "" }, nil, checkHeroAlt, Fail},
		{"generic alt", func(r *Revision) { r.Hero.Alt = "Hero image for the problem page." }, nil, checkHeroAlt, Fail},
		{"one-word alt", func(r *Revision) { r.Hero.Alt = "Illustration" }, nil, checkHeroAlt, Fail},
		{"decorative alt", func(r *Revision) { r.Hero.Alt = "Decorative mathematical symbols around a number line." }, nil, checkHeroAlt, Fail},

		{"neutral caption", nil, nil, checkHeroCaption, Pass},
		{"caption about an open set", func(r *Revision) { r.Hero.Caption = "An open disc of radius 1 and the unit circle around it." }, nil, checkHeroCaption, Pass},
		{"no caption", func(r *Revision) { r.Hero.Caption = "" }, nil, checkHeroCaption, Fail},
		{"caption claims a proof", func(r *Revision) { r.Hero.Caption = "Twin primes below 50; the conjecture was proved in 2031." }, nil, checkHeroCaption, Fail},
		{"caption states a bound", func(r *Revision) { r.Hero.Caption = "Prime gaps with the best known bound of 246." }, nil, checkHeroCaption, Fail},
		{"caption states the status", func(r *Revision) { r.Hero.Caption = "Twin prime pairs; the problem remains open." }, nil, checkHeroCaption, Fail},
		{"caption says unsolved", func(r *Revision) { r.Hero.Caption = "An unsolved question about twin primes." }, nil, checkHeroCaption, Fail},
		{"caption states the recorded bound in words", func(r *Revision) {
			r.Hero.Caption = "Twin prime pairs below 50; infinitely many pairs of consecutive primes differ by at most 246."
		}, nil, checkHeroCaption, Fail},
		{"caption states the recorded bound in symbols", func(r *Revision) {
			r.Hero.Caption = "Gaps $p_{n+1} - p_n \\le 246$ between consecutive primes, drawn as arcs."
		}, nil, checkHeroCaption, Fail},
		{"caption places the target above a recorded bound", func(r *Revision) {
			r.Hero.Caption = "Prime gaps drawn as arcs; infinitely many of them stay below 246."
		}, nil, checkHeroCaption, Fail},
		{"caption compares with a number the picture does not show", func(r *Revision) { r.Hero.Caption = "Twin prime pairs joined by arcs, with gaps of at most 300." }, nil, checkHeroCaption, NeedsHuman},
		{"caption bounds the range the picture shows", func(r *Revision) {
			r.Hero.Caption = "Twin prime pairs among the integers less than 50, each joined by an arc."
		}, nil, checkHeroCaption, Pass},
		{"caption cites a theorem", func(r *Revision) { r.Hero.Caption = "Gaps between primes, as in Zhang's theorem." }, nil, checkHeroCaption, NeedsHuman},
		{"caption says the answer is unknown", func(r *Revision) { r.Hero.Caption = "Whether the pattern goes on for ever is unknown." }, nil, checkHeroCaption, Fail},
		{"caption names a proof", func(r *Revision) {
			r.Hero.Caption = "Arcs join twin primes; bounded gaps between them were proved in 2013."
		}, nil, checkHeroCaption, Fail},

		{"neutral fallback depicts nothing bespoke", nil, nil, checkHeroDepicts, Pass},
		{"bespoke art is looked at", bespoke, nil, checkHeroDepicts, NeedsHuman},
	})
}

func TestHeroCaptionSpans(t *testing.T) {
	t.Parallel()
	r := clean()
	r.Hero.Caption = "We show the counterexample."
	_, fs := checkVerdict(t, heroGate, r, testEnv(), checkHeroCaption)
	var quotes []string
	for _, f := range fs {
		quotes = append(quotes, f.Span.Quote)
		if r.Hero.Caption[f.Span.Start:f.Span.End] != f.Span.Quote {
			t.Errorf("caption span %d:%d quotes %q; want the caption's text there", f.Span.Start, f.Span.End, f.Span.Quote)
		}
	}
	if len(quotes) != 2 || quotes[0] != "We show" || quotes[1] != "counterexample" {
		t.Errorf("caption finding quotes = %q; want [We show counterexample]", quotes)
	}
}
