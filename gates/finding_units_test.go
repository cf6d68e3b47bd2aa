package gates

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// fieldPathRe reads a field path with an index: "exposition[2].body", "references[0].locator".
var fieldPathRe = regexp.MustCompile(`^(exposition|references|rejectedReferences)\[(\d+)\]\.(\w+)$`)

// fieldOf returns the text of the field a span names, and whether the path names one text of
// the packet (a list or a whole record, "references" or "hero", names none).
func fieldOf(r *Revision, path string) (string, bool) {
	if m := fieldPathRe.FindStringSubmatch(path); m != nil {
		i, _ := strconv.Atoi(m[2])
		switch m[1] {
		case "exposition":
			if i >= len(r.Exposition) {
				return "", false
			}
			e := r.Exposition[i]
			return map[string]string{"body": e.Body, "term": e.Term, "kind": string(e.Kind)}[m[3]], m[3] != "kind"
		case "references", "rejectedReferences":
			refs := r.References
			if m[1] == "rejectedReferences" {
				refs = r.Rejected
			}
			if i >= len(refs) {
				return "", false
			}
			ref := refs[i]
			s, ok := map[string]string{"identifier": ref.Identifier, "citation": ref.Citation, "locator": ref.Locator,
				"relevance": ref.Relevance, "role": ref.Role}[m[3]]
			return s, ok
		}
	}
	a, p, o, h := r.Acceptance, r.Provenance, r.OpenStatus, r.Hero
	fields := map[string]string{
		"title": r.Title, "statement": r.Statement,
		"acceptance.criterion": a.Criterion, "acceptance.precision": a.Precision, "acceptance.searchSpace": a.SearchSpace,
		"acceptance.certificate": a.Certificate, "acceptance.equivalence": a.Equivalence,
		"provenance.attribution": p.Attribution, "provenance.sourceLocator": p.SourceLocator, "provenance.rightsBasis": p.RightsBasis,
		"provenance.generatedBy": p.GeneratedBy, "provenance.motivation": p.Motivation,
		"referenceSearch.coverage":  r.ReferenceSearch.Coverage,
		"openStatus.strongestKnown": o.StrongestKnown, "openStatus.unresolvedTarget": o.UnresolvedTarget,
		"hero.brief": h.Brief, "hero.alt": h.Alt, "hero.caption": h.Caption, "hero.rightsBasis": h.RightsBasis,
	}
	if c := r.Computation; c != nil {
		for k, v := range map[string]string{"computation.instance": c.Instance, "computation.equivalence": c.Equivalence,
			"computation.whyNotBruteForce": c.WhyNotBruteForce, "computation.smallCases": c.SmallCases,
			"computation.certification": c.Certification, "computation.parameterOrigin": c.ParameterOrigin} {
			fields[k] = v
		}
		if c.Code != nil {
			fields["computation.code.revision"] = c.Code.Revision
			fields["computation.code.repository"] = c.Code.Repository
			fields["computation.code.inputs"] = c.Code.Inputs
			fields["computation.code.expectedDigest"] = c.Code.ExpectedDigest
		}
	}
	s, ok := fields[path]
	return s, ok
}

// TestFindingsAreAuditableUnits runs every gate on the packet of every fixture and holds each
// finding to what POLICY.md section 6 asks of an auditable unit: it names a check of its gate
// and quotes that check's criterion and the policy version; it says what was observed; its
// evidence goes with its verdict; a finding that is not a pass says how to fix it and only a
// FAIL carries the consequence; and its span quotes the named field at the offsets it gives.
func TestFindingsAreAuditableUnits(t *testing.T) {
	t.Parallel()
	evidence := map[Verdict]Evidence{Pass: Supports, Fail: Contradicts}
	quoted := 0
	for _, fx := range allCheckFixtures() {
		r, env := fx.packet()
		for _, g := range All() {
			res := RunGate(context.Background(), g, r, env, 0)
			if res.Reason != "" {
				t.Errorf("%s on fixture %q: %s", g.Name, fx.name, res.Reason)
			}
			for _, f := range res.Findings {
				where := string(g.Name) + " on fixture " + strconv.Quote(fx.name) + ": " + f.Check
				c := g.Check(f.Check) // panics on a check the gate does not declare
				switch {
				case f.Criterion != c.Criterion || f.Policy != PolicyVersion:
					t.Errorf("%s quotes criterion %q and policy %q", where, f.Criterion, f.Policy)
				case strings.TrimSpace(f.Behaviour) == "":
					t.Errorf("%s says nothing of what it observed", where)
				case f.Verdict != Pass && f.Verdict != Unknown && f.Fix == "":
					t.Errorf("%s is %s with no fix", where, f.Verdict)
				case f.Verdict == Pass && f.Fix != "":
					t.Errorf("%s passes with a fix %q", where, f.Fix)
				case (f.Consequence != "") != (f.Verdict == Fail):
					t.Errorf("%s is %s with consequence %q", where, f.Verdict, f.Consequence)
				case f.Verdict == Fail && !c.Certifies:
					t.Errorf("%s FAILs but its check does not certify", where)
				}
				if want, ok := evidence[f.Verdict]; ok && f.Evidence != want {
					t.Errorf("%s is %s with evidence %s", where, f.Verdict, f.Evidence)
				}
				if checkSpan(t, where, r, f.Span) {
					quoted++
				}
			}
		}
	}
	// The spans above are read against the packet's own text; most findings quote some.
	if quoted < 1000 {
		t.Errorf("%d spans were compared with the text they quote; want the fixtures' thousands", quoted)
	}
	t.Logf("%d spans compared with their fields", quoted)
}

// checkSpan holds a span to the field it names: offsets inside the text, and the quote the
// text at them, cut at maxQuote bytes with an ellipsis. It says whether the span quoted text of
// a field it could read.
func checkSpan(t *testing.T, where string, r *Revision, sp Span) bool {
	t.Helper()
	text, ok := fieldOf(r, sp.Field)
	if !ok || sp.Start == 0 && sp.End == 0 {
		return false
	}
	if sp.Start < 0 || sp.End < sp.Start || sp.End > len(text) {
		t.Errorf("%s: span %d:%d outside %s (%d bytes)", where, sp.Start, sp.End, sp.Field, len(text))
		return false
	}
	want := text[sp.Start:sp.End]
	if len(want) > maxQuote {
		if !strings.HasSuffix(sp.Quote, "…") || !strings.HasPrefix(want, strings.TrimSuffix(sp.Quote, "…")) {
			t.Errorf("%s: long span quote %q is not the start of %s at %d:%d", where, sp.Quote, sp.Field, sp.Start, sp.End)
		}
		return true
	}
	if sp.Quote != want {
		t.Errorf("%s: span quotes %q, but %s at %d:%d is %q", where, sp.Quote, sp.Field, sp.Start, sp.End, want)
	}
	if !utf8.ValidString(sp.Quote) {
		t.Errorf("%s: span quote %q is not valid UTF-8", where, sp.Quote)
	}
	return true
}
