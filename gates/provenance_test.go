package gates

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/copycheck"
	"github.com/theoremdb/theoremdb/packet"
)

// failingCopies is a copy checker whose index cannot be read.
type failingCopies struct{}

func (failingCopies) Check(context.Context, []byte, copycheck.Format) (*copycheck.Result, error) {
	return nil, errors.New("index shard 3 is unreadable")
}

func TestProvenanceGate(t *testing.T) {
	t.Parallel()
	env := copyEnv(t)
	withCopies := func() Env { return env }
	remark := func(body string) func(r *Revision) {
		return func(r *Revision) {
			r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: body})
		}
	}
	runGateCases(t, provenanceGate, clean, []gateCase{
		{"imported", nil, nil, checkProvenanceKind, Pass},
		{"original", func(r *Revision) { r.Provenance.Kind = packet.Original }, nil, checkProvenanceKind, Pass},
		{"no kind", func(r *Revision) { r.Provenance.Kind = "" }, nil, checkProvenanceKind, Fail},
		{"lower-case kind", func(r *Revision) { r.Provenance.Kind = "imported" }, nil, checkProvenanceKind, Fail},

		{"complete fields", nil, nil, checkProvenanceFields, Pass},
		{"placeholder attribution", func(r *Revision) { r.Provenance.Attribution = "TBD" }, nil, checkProvenanceFields, Fail},
		{"no locator", func(r *Revision) { r.Provenance.SourceLocator = "" }, nil, checkProvenanceFields, Fail},
		{"URL locator", func(r *Revision) { r.Provenance.SourceLocator = "https://www.erdosproblems.com/42" }, nil, checkProvenanceFields, Pass},
		{"original needs no locator", func(r *Revision) { r.Provenance.Kind, r.Provenance.SourceLocator = packet.Original, "" }, nil, checkProvenanceFields, Pass},
		{"no rights basis", func(r *Revision) { r.Provenance.RightsBasis = "" }, nil, checkProvenanceFields, Fail},
		{"placeholder rights basis", func(r *Revision) { r.Provenance.RightsBasis = "?" }, nil, checkProvenanceFields, Fail},

		{"not generated", nil, nil, checkProvenanceGenerated, Pass},
		{"generated and motivated", func(r *Revision) {
			r.Generated = true
			r.Provenance.GeneratedBy = "agent account scout-7 (model theoremdb-research v3)"
			r.Provenance.Motivation = "Kharaghani and Tayfeh-Rezaie settled order 428 in 2005, leaving 668 the smallest open order."
		}, nil, checkProvenanceGenerated, Pass},
		{"generated without generator", func(r *Revision) {
			r.Generated = true
			r.Provenance.Motivation = "Kharaghani and Tayfeh-Rezaie settled order 428 in 2005, leaving 668 the smallest open order."
		}, nil, checkProvenanceGenerated, Fail},
		{"generic generator", func(r *Revision) {
			r.Generated = true
			r.Provenance.GeneratedBy = "AI agent"
			r.Provenance.Motivation = "Kharaghani and Tayfeh-Rezaie settled order 428 in 2005, leaving 668 the smallest open order."
		}, nil, checkProvenanceGenerated, Fail},
		{"generated without motivation", func(r *Revision) {
			r.Provenance.GeneratedBy = "agent account scout-7"
		}, nil, checkProvenanceGenerated, Fail},
		{"placeholder motivation", func(r *Revision) {
			r.Generated = true
			r.Provenance.GeneratedBy = "agent account scout-7"
			r.Provenance.Motivation = "see above"
		}, nil, checkProvenanceGenerated, Fail},
		{"trusted import takes its source's parameter", func(r *Revision) {
			r.ImportKey = "erdos:42"
			r.Provenance.GeneratedBy = "theoremdb imports v1"
			r.Provenance.SourceLocator = "https://github.com/google-deepmind/formal-conjectures/blob/488aade/FormalConjectures/ErdosProblems/42.lean"
		}, nil, checkProvenanceGenerated, Pass},
		{"trusted import with placeholder motivation", func(r *Revision) {
			r.ImportKey = "erdos:42"
			r.Provenance.GeneratedBy = "theoremdb imports v1"
			r.Provenance.Motivation = "TBD"
		}, nil, checkProvenanceGenerated, Fail},

		{"no index", nil, nil, checkProvenanceCopy, Unknown},
		{"index unreadable", nil, func() Env { e := testEnv(); e.Copies = failingCopies{}; return e }, checkProvenanceCopy, Unknown},
		{"own words", nil, withCopies, checkProvenanceCopy, Pass},
		{"copies a GFDL source", remark(refGFDL), withCopies, checkProvenanceCopy, Fail},
		{"copies a GFDL source even when credited", func(r *Revision) {
			remark(refGFDL)(r)
			r.Provenance.Attribution += " Background text from the Stacks project."
		}, withCopies, checkProvenanceCopy, Fail},
		{"copies an open source without credit", func(r *Revision) { r.Statement += "\n\n" + openLogicPassages[0] }, withCopies, checkProvenanceCopy, Fail},
		{"copies an open source with credit", func(r *Revision) {
			r.Statement += "\n\n" + openLogicPassages[0]
			r.Provenance.Attribution += " The definition of a graph is quoted from the Open Logic Project."
			r.Provenance.RightsBasis = "Statement in our own words; one paragraph from the Open Logic Project under CC BY 4.0."
		}, withCopies, checkProvenanceCopy, Pass},
		{"copies a share-alike source without credit", remark(refShareAlike), withCopies, checkProvenanceCopy, Fail},
		{"copies a share-alike source with credit", func(r *Revision) {
			remark(refShareAlike)(r)
			r.Provenance.RightsBasis = "One remark adapted from the HoTT book, CC BY-SA; the rest in our own words."
		}, withCopies, checkProvenanceCopy, Pass},
	})
}

func TestProvenanceCopyFindings(t *testing.T) {
	t.Parallel()
	r := clean()
	r.Exposition = append(r.Exposition, packet.ExpositionEntry{Kind: packet.Remark, Body: "Background. " + refGFDL},
		packet.ExpositionEntry{Kind: packet.Remark, Body: refShareAlike})
	r.Provenance.RightsBasis += " A remark from the HoTT book (CC BY-SA)."
	_, fs := checkVerdict(t, provenanceGate, r, copyEnv(t), checkProvenanceCopy)
	var failed, passed int
	for _, f := range fs {
		body := r.Exposition[4].Body
		switch f.Verdict {
		case Fail:
			failed++
			if f.Span.Field != ExpositionField(4, "body") || body[f.Span.Start:f.Span.End] != f.Span.Quote && !strings.HasSuffix(f.Span.Quote, "…") {
				t.Errorf("GFDL match span = %+v; want a span of exposition[4].body", f.Span)
			}
			if !strings.Contains(f.Fix, "Rewrite exposition[4].body bytes") || f.Consequence != BlocksQualify {
				t.Errorf("GFDL match fix = %q, consequence %q; want a rewrite request that blocks qualify", f.Fix, f.Consequence)
			}
		case Pass:
			passed++
			if f.Span.Field != ExpositionField(5, "body") || !strings.Contains(f.Behaviour, "share-alike notice") || !strings.Contains(f.Behaviour, "CC BY-SA 4.0") {
				t.Errorf("share-alike match = %+v; want the required attribution stated on exposition[5].body", f)
			}
		}
	}
	if failed == 0 || passed == 0 {
		t.Errorf("copy findings = %+v; want a failing GFDL match and a passing credited share-alike match", fs)
	}
}

// TestProvenanceSourceRecord: the provenance gate reads what the record plane found of the
// sources the problem comes from (its PRIMARY rows, and any row provenance.sourceLocator or
// provenance.attribution quotes): a fabricated one fails, also when an agent's reference was
// dropped from the bibliography for it; a catalogued one not yet resolved needs a person and is
// never failed; a confirmed one, a web page and a packet the plane never saw pass.
func TestProvenanceSourceRecord(t *testing.T) {
	t.Parallel()
	confirmAll := func(r *Revision) {
		for i := range r.References {
			r.References[i].Confirmation = "CONFIRMED"
		}
	}
	primary := func(confirmation, reason string) func(r *Revision) {
		return func(r *Revision) {
			confirmAll(r)
			r.References[0].Confirmation, r.References[0].ConfirmationReason = confirmation, reason
		}
	}
	cases := []gateCase{
		{"never seen by the record plane", nil, nil, checkProvenanceRecord, Pass},
		{"primary confirmed", confirmAll, nil, checkProvenanceRecord, Pass},
		{"primary not found", primary("NOT_FOUND", "Crossref: no such DOI"), nil, checkProvenanceRecord, Fail},
		{"primary contradicts its record", primary("MISMATCH", "the claimed year 1990 is not the record's 2014"), nil, checkProvenanceRecord, Fail},
		{"primary not yet resolved", primary("PENDING", "not yet resolved: the record plane is unreachable (crossref: 503)"), nil, checkProvenanceRecord, NeedsHuman},
		{"primary pending with no reason yet", primary("PENDING", ""), nil, checkProvenanceRecord, NeedsHuman},
		{"primary is a web page", func(r *Revision) {
			confirmAll(r)
			r.References[0].Identifier, r.References[0].Kind = "url:https://www.erdosproblems.com/42", "URL"
			r.References[0].Confirmation = "PENDING"
			r.References[0].ConfirmationReason = "a web address, not a catalogued record: nothing to confirm it against"
		}, nil, checkProvenanceRecord, Pass},
		{"a fabricated status source the provenance does not name", func(r *Revision) {
			confirmAll(r)
			r.References[1].Confirmation, r.References[1].ConfirmationReason = "NOT_FOUND", "the arXiv API has no such identifier"
		}, nil, checkProvenanceRecord, Pass},
		{"a fabricated source the source locator names", func(r *Revision) {
			confirmAll(r)
			r.Provenance.SourceLocator = "arXiv:1407.4897, Theorem 4"
			r.References[1].Confirmation, r.References[1].ConfirmationReason = "MISMATCH", "the claimed title is not the record's"
		}, nil, checkProvenanceRecord, Fail},
		{"a fabricated source the attribution quotes", func(r *Revision) {
			confirmAll(r)
			r.References[0].Role = "SECONDARY"
			r.Provenance.Attribution = "Posed in https://doi.org/10.4007/annals.2014.179.3.7 by Y. Zhang."
			r.References[0].Confirmation, r.References[0].ConfirmationReason = "NOT_FOUND", "Crossref: no such DOI"
		}, nil, checkProvenanceRecord, Fail},
		{"an agent's fabricated primary left the bibliography", func(r *Revision) {
			confirmAll(r)
			r.Generated = true
			gone := r.References[0]
			gone.Confirmation, gone.ConfirmationReason = "NOT_FOUND", "Crossref: no such DOI"
			r.References, r.Rejected = r.References[1:], []Reference{gone}
		}, nil, checkProvenanceRecord, Fail},
		{"an original question with no primary source", func(r *Revision) {
			r.Provenance.Kind, r.Provenance.SourceLocator = packet.Original, ""
			r.References[0].Role = "SECONDARY"
		}, nil, checkProvenanceRecord, Pass},
	}
	runGateCases(t, provenanceGate, clean, cases)

	r := clean()
	primary("MISMATCH", "the claimed year 1990 is not the record's 2014")(r)
	_, fs := checkVerdict(t, provenanceGate, r, testEnv(), checkProvenanceRecord)
	if len(fs) != 1 || fs[0].Span.Field != ReferenceField(0, "identifier") || !strings.Contains(fs[0].Behaviour, "the claimed year 1990") ||
		!strings.Contains(fs[0].Behaviour, "PRIMARY") || !strings.Contains(fs[0].Fix, "references[0]") || fs[0].Consequence != BlocksQualify {
		t.Errorf("fabricated primary findings = %+v; want one blocking finding on references[0].identifier quoting the reason", fs)
	}
}

// TestProvenancePendingNeverFails: whatever the record plane's reason and the row's kind, role
// or place in the provenance, a source still PENDING never fails the provenance gate.
func TestProvenancePendingNeverFails(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"DOI", "ARXIV", "ZBMATH", "ISBN", "URL"} {
		for _, role := range []string{"PRIMARY", "SECONDARY", "STATUS_EVIDENCE"} {
			for _, reason := range []string{"", "not yet resolved: the record plane is unreachable (timeout)", "NOT_FOUND", "fabricated"} {
				r := clean()
				for i := range r.References {
					r.References[i].Kind, r.References[i].Role = kind, role
					r.References[i].Confirmation, r.References[i].ConfirmationReason = "PENDING", reason
				}
				r.Provenance.SourceLocator = "arXiv:1407.4897, Theorem 4"
				if got, fs := checkVerdict(t, provenanceGate, r, testEnv(), checkProvenanceRecord); got == Fail {
					t.Errorf("PENDING %s %s (%q) = FAIL: %+v", kind, role, reason, fs)
				}
			}
		}
	}
}
