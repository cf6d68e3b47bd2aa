package gates

import (
	"regexp"

	"github.com/theoremdb/theoremdb/packet"
)

// consensusRe finds an acceptance condition that rests on what people think rather than on
// what can be checked: agreement among experts or specialists ("once specialists agree", "the
// community accepts"), a consensus, a belief or opinion, or a completeness or correctness that
// is only plausible ("plausibly complete", "widely believed"). No reviewer can decide such a
// condition, and it asks for no proof or computation.
var consensusRe = regexp.MustCompile(`(?i)\b((experts?|specialists?|the (research |mathematical )?community|researchers|mathematicians|referees|practitioners|authorities)( in [a-z' -]{1,40}?)? (agree|agrees|agreed|concur|concurs|consider|considers|believe|believes|deem|deems|regard|regards|accept|accepts|judge|judges|endorse|endorses)|(expert|scholarly|general|broad|community) (consensus|agreement|opinion|judg(e)?ment)|consensus( of| among| in)?|widely (believed|accepted|regarded|held)|generally (believed|accepted|regarded)|plausibl[ey] (complete|correct|exhaustive|true|optimal)|(in the )?opinion of)\b`)

// acceptanceConsensus asks a person about an acceptance condition that accepts on agreement,
// consensus or opinion. It reports under the check of the acceptance kind and never fails: a
// sentence may mention an opinion only to say it does not count ("consensus alone is not
// enough"), which heuristicDeniedRe reads as it does for heuristics.
func acceptanceConsensus(a packet.Acceptance, out *Report) {
	id := acceptanceKindCheck(a.Kind)
	for _, t := range []Text{{fieldAcceptanceCriterion, a.Criterion}, {fieldAcceptancePrecision, a.Precision}, {fieldAcceptanceCertificate, a.Certificate}} {
		t.Body = compared(t.Body)
		for _, m := range consensusRe.FindAllStringIndex(t.Body, 5) {
			start, end := sentenceAround(t.Body, m[0])
			if heuristicDeniedRe.MatchString(t.Body[start:end]) {
				continue
			}
			c := t.Body[m[0]:m[1]]
			out.NeedsHuman(id, SpanOf(t.Field, t.Body, m[0], m[1]),
				t.Field+" accepts on “"+c+"”, an agreement or opinion that no reviewer can decide and that proves nothing; a person must confirm that the "+acceptanceKindName(a.Kind)+" target is settled by a proof or a computation that can be checked.",
				"Replace “"+c+"” in "+t.Field+" by what settles the target: a complete proof, or a computation or certificate another person can check.")
			break
		}
	}
}
