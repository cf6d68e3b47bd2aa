package policy

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/theoremdb/theoremdb/ent/decision"
)

// The grounds that never decide publication (review policy v5, "Grounds that do not decide
// publication"): they may appear in editorial notes, and cannot by themselves support refusal.
// An archive with a stable reason code names a decisive defect; an OTHER archive names its ground
// in words, and one that rests on these grounds is refused.
var nonDecidingGrounds = []struct {
	ground string
	re     *regexp.Regexp
}{
	{"expected popularity", regexp.MustCompile(`(?i)\b(popular(ity)?|unpopular|nobody (cares|will care|would care)|no one (cares|will care)|(little|no|lack of) interest|not (very )?interesting|uninteresting|boring)\b`)},
	{"subjective importance", regexp.MustCompile(`(?i)\b(not (very |important |significant )?(important|significant)( enough)?|unimportant|insignificant|importance|too (minor|niche|obscure))\b`)},
	{"estimated difficulty", regexp.MustCompile(`(?i)\b(too (hard|difficult|easy)|(far|much) too (hard|difficult|easy)|hopeless|intractable|difficulty)\b`)},
	{"whether agents are likely to solve it", regexp.MustCompile(`(?i)\b(agents?|models?|LLMs?|AIs?|machines?)\b[^.]{0,40}\b(solve|prove|crack|settle)\b`)},
	{"TheoremDB retrieval fit", regexp.MustCompile(`(?i)\b(retrieval|search(ability)?) fit\b|\bfit (for|with) (the )?(index|retrieval|TheoremDB)\b|\bdoes not fit TheoremDB\b`)},
	{"the lack of a formal statement", regexp.MustCompile(`(?i)\b(no|lacks?|lacking|without|missing)\s+(a\s+|any\s+)?(formal|Lean|Coq|Isabelle|formali[sz]ed)\b[^.]{0,30}\b(statement|version|formali[sz]ation)\b|\bnot (yet )?formali[sz]ed\b`)},
}

// nonDecidingGround names the first ground of the policy's list that text rests on, or "".
func nonDecidingGround(text string) string {
	for _, g := range nonDecidingGrounds {
		if g.re.MatchString(text) {
			return g.ground
		}
	}
	return ""
}

// otherArchiveRefusal refuses an OTHER archive whose reason rests on a ground that cannot decide
// publication, naming it.
func otherArchiveRefusal(in DecisionInput, v *validator) {
	if in.Action != decision.ActionARCHIVE || in.ReasonCode == nil || *in.ReasonCode != decision.ReasonCodeOTHER {
		return
	}
	if g := nonDecidingGround(in.Notes.Reason); g != "" {
		v.add(CodeInvalid, fmt.Sprintf("the reason rests on %s, which the policy says cannot by itself support an archive; "+
			"name the decisive defect with its reason code (%s), or record keep-prospecting with the fix",
			g, strings.Join(archiveCodes(), ", ")), "notes", "reason")
	}
}

// archiveCodes are the policy's eight stable archive reason codes, lower case.
func archiveCodes() []string {
	var out []string
	for _, c := range decisionField("reasonCode").Choices.Values() {
		if c != string(decision.ReasonCodeOTHER) {
			out = append(out, strings.ToLower(c))
		}
	}
	return out
}
