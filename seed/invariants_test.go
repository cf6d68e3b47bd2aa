package seed

import (
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
)

// TestPacketsPassIntakeAlone: every demo packet passes intake as the gates read it, at the
// present of the tests, with no database: the calibration reads them this way.
func TestPacketsPassIntakeAlone(t *testing.T) {
	t.Parallel()
	for _, p := range Packets() {
		r, err := policy.GateRevisionOf(p.Input, testNow, false)
		if err != nil {
			t.Errorf("GateRevisionOf(%s) = %v", p.Key, err)
			continue
		}
		if len(r.References) != len(p.Input.References) || r.Title != strings.TrimSpace(p.Input.Title) {
			t.Errorf("%s: intake kept %d of %d references and the title %q", p.Key, len(r.References), len(p.Input.References), r.Title)
		}
		ids := map[string]bool{}
		for _, ref := range r.References {
			if ids[ref.Identifier] {
				t.Errorf("%s cites %s twice under different spellings", p.Key, ref.Identifier)
			}
			ids[ref.Identifier] = true
		}
	}
}

// TestSharedReferencesAgree: a work cited by several demo problems is cited the same way by
// each of them, so the bibliography has one entry for it.
func TestSharedReferencesAgree(t *testing.T) {
	t.Parallel()
	citation := map[string]string{}
	citedBy := map[string]string{}
	for _, p := range Packets() {
		for _, r := range p.Input.References {
			id, err := records.Parse(r.Identifier)
			if err != nil {
				t.Errorf("%s: records.Parse(%q) = %v", p.Key, r.Identifier, err)
				continue
			}
			if c, ok := citation[id.Key]; ok && c != r.Citation {
				t.Errorf("%s and %s cite %s differently:\n%s\n%s", citedBy[id.Key], p.Key, id.Key, c, r.Citation)
			}
			citation[id.Key], citedBy[id.Key] = r.Citation, p.Key
		}
	}
}

// TestExpositionAndHandoffs: definitions name their term and nothing else does; the hero
// handoff, open status, provenance and tags are filled in, as on a complete packet.
func TestExpositionAndHandoffs(t *testing.T) {
	t.Parallel()
	for _, p := range Packets() {
		in := p.Input
		for i, e := range in.Exposition {
			if strings.TrimSpace(e.Body) == "" {
				t.Errorf("%s: exposition entry %d has no body", p.Key, i+1)
			}
			if (e.Kind == packet.Definition) != (e.Term != "") {
				t.Errorf("%s: exposition entry %d is a %s with term %q; want a term exactly on a definition", p.Key, i+1, e.Kind, e.Term)
			}
		}
		h := in.Hero
		if h.Brief == "" || h.Alt == "" || h.Caption == "" || h.Brief == h.Alt || h.Alt == h.Caption {
			t.Errorf("%s: hero handoff %+v; want a brief, alt text and caption, each its own", p.Key, h)
		}
		if in.OpenStatus.StrongestKnown == "" || in.OpenStatus.UnresolvedTarget == "" {
			t.Errorf("%s: open status %+v; want the strongest known result and what is open", p.Key, in.OpenStatus)
		}
		if in.Provenance.Attribution == "" || in.Provenance.RightsBasis != rights {
			t.Errorf("%s: provenance %+v; want an attribution and the demo's rights basis", p.Key, in.Provenance)
		}
		if in.Acceptance.Kind == "" || strings.TrimSpace(in.Acceptance.Criterion) == "" {
			t.Errorf("%s: acceptance %+v; want a kind and a criterion", p.Key, in.Acceptance)
		}
		if len(in.Tags) == 0 {
			t.Errorf("%s has no tags", p.Key)
		}
		for _, tag := range in.Tags {
			if tag != strings.ToLower(strings.TrimSpace(tag)) {
				t.Errorf("%s: tag %q; want lower case with no spaces around it", p.Key, tag)
			}
		}
		rs := in.ReferenceSearch
		if len(rs.Databases) == 0 || len(rs.Queries) == 0 || rs.Coverage == "" {
			t.Errorf("%s: reference search %+v; want databases, queries and what it covered", p.Key, rs)
		}
	}
}

// TestDecisionKeysUnique: the policy treats two decisions with one idempotency key as one, so
// each decision of the timeline needs its own, or the second would silently not be recorded.
func TestDecisionKeysUnique(t *testing.T) {
	t.Parallel()
	seen := map[string]int{}
	for i, st := range timeline {
		if st.Kind != stepDecide {
			continue
		}
		key := "seed-" + st.Key + "-" + string(st.Decision.Action)
		if st.Decision.SecondReview {
			key += "-second"
		}
		if j, ok := seen[key]; ok {
			t.Errorf("steps %d and %d share the idempotency key %s", j, i, key)
		}
		seen[key] = i
		switch st.Decision.Action {
		case decision.ActionARCHIVE:
			if st.Decision.ReasonCode == "" {
				t.Errorf("step %d: a %s decision on %s gives no reason code", i, st.Decision.Action, st.Key)
			}
		case decision.ActionKEEP_PROSPECTING:
			if len(st.Decision.RevisionRequests) == 0 {
				t.Errorf("step %d: keeping %s in its challenge period asks for no revision", i, st.Key)
			}
		}
	}
	if len(seen) != wantSummary.Decisions {
		t.Errorf("the timeline has %d decisions; the summary expects %d", len(seen), wantSummary.Decisions)
	}
}
