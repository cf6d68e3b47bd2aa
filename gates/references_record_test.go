package gates

import (
	"context"
	"strings"
	"testing"
)

// TestReferencesRecord: the references gate reads the record plane's outcomes — a fabricated
// source fails, a catalogued source not yet resolved and a locator nobody found need a person,
// a confirmed source, a web page, and a packet the plane never saw pass.
func TestReferencesRecord(t *testing.T) {
	t.Parallel()
	worst := func(r *Revision) Verdict {
		res := RunGate(context.Background(), referencesGate, r, Env{}, 0)
		v := Pass
		seen := false
		for _, f := range res.Findings {
			if f.Check != checkRefsRecord {
				continue
			}
			seen = true
			if f.Verdict == Fail || (f.Verdict == NeedsHuman && v != Fail) {
				v = f.Verdict
			}
		}
		if !seen {
			t.Fatalf("%s reported nothing", checkRefsRecord)
		}
		return v
	}
	for _, tt := range []struct {
		name               string
		kind, confirmation string
		locator            string
		locatorConfirmed   bool
		want               Verdict
	}{
		{"never seen by the plane", "DOI", "", "Theorem 2", false, Pass},
		{"confirmed", "DOI", "CONFIRMED", "", false, Pass},
		{"confirmed, locator found", "DOI", "CONFIRMED", "Theorem 2", true, Pass},
		{"confirmed, locator not found", "DOI", "CONFIRMED", "Theorem 2", false, NeedsHuman},
		{"not yet resolved", "ARXIV", "PENDING", "", false, NeedsHuman},
		{"a web page", "URL", "PENDING", "", false, Pass},
		{"no such record", "DOI", "NOT_FOUND", "", false, Fail},
		{"does not match its record", "ISBN", "MISMATCH", "", false, Fail},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := clean()
			for i := range r.References {
				r.References[i].Confirmation, r.References[i].LocatorConfirmed = "CONFIRMED", true
			}
			ref := &r.References[0]
			ref.Kind, ref.Confirmation, ref.Locator, ref.LocatorConfirmed = tt.kind, tt.confirmation, tt.locator, tt.locatorConfirmed
			ref.ConfirmationReason = "as the record plane said"
			if got := worst(r); got != tt.want {
				t.Errorf("%s = %s; want %s", checkRefsRecord, got, tt.want)
			}
		})
	}
}

// TestReferencesRecordLocatorReason: when the record plane read the source and the cited place
// does not bear the reference out, the references gate asks a person and quotes why.
func TestReferencesRecordLocatorReason(t *testing.T) {
	t.Parallel()
	r := clean()
	for i := range r.References {
		r.References[i].Confirmation, r.References[i].LocatorConfirmed = "CONFIRMED", true
	}
	ref := &r.References[0]
	ref.Identifier, ref.Kind, ref.Locator, ref.LocatorConfirmed = "url:https://stacks.math.columbia.edu", "URL", "Tag 000A", false
	ref.ConfirmationReason = "the record plane read Tag 000A of The Stacks project and found a section (“Classes”), but the reference cites it as a lemma"
	res := RunGate(context.Background(), referencesGate, r, Env{}, 0)
	for _, f := range res.Findings {
		if f.Check == checkRefsRecord && f.Verdict == NeedsHuman && f.Span.Field == ReferenceField(0, "locator") &&
			strings.Contains(f.Behaviour, "cites it as a lemma") && f.Fix != "" {
			return
		}
	}
	t.Errorf("findings = %+v; want a NEEDS_HUMAN on references[0].locator quoting the record plane's reason", res.Findings)
}
