package policy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/ent/decision"
)

// TestDecisionFieldsAreWhatValidationReports holds the decision form's
// table to validate: every field an action requires is refused, empty,
// with the table's message at the table's name, and every field one action
// only takes is refused under another with its Only message.
func TestDecisionFieldsAreWhatValidationReports(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, f := range DecisionFields {
		if seen[f.Name] {
			t.Errorf("decision field %s is in the table twice", f.Name)
		}
		seen[f.Name] = true
		if f.Label == "" {
			t.Errorf("decision field %s has no label", f.Name)
		}
	}
	for _, sec := range NoteSections {
		if !seen["notes."+sec.Key] {
			t.Errorf("note section %s has no decision field", sec.Key)
		}
	}
	errorsOf := func(in DecisionInput) map[string]FieldError {
		out := map[string]FieldError{}
		for _, fe := range FieldErrors(in.validate()) {
			out[strings.Join(fe.Field, ".")] = fe
		}
		return out
	}
	for _, a := range Actions.Values() {
		action := decision.Action(a)
		t.Run(a, func(t *testing.T) {
			got := errorsOf(DecisionInput{Action: action, IdempotencyKey: "k", RevisionID: "rev"})
			for _, f := range DecisionFields {
				fe, refused := got[f.Name]
				switch {
				case f.RequiredFor(action):
					want := f.Missing
					if strings.Contains(want, "%s") {
						want = fmt.Sprintf(want, actionWord(action))
					}
					if !refused || fe.Code != CodeRequired || fe.Message != want {
						t.Errorf("%s left empty: %+v; want %s %q", f.Name, fe, CodeRequired, want)
					}
				case refused:
					t.Errorf("%s left empty is refused: %+v; want no refusal", f.Name, fe)
				}
			}
			rc := decision.ReasonCode(ReasonCodes[0].Value)
			other := errorsOf(DecisionInput{Action: action, IdempotencyKey: "k", RevisionID: "rev", ReasonCode: &rc,
				MergeInto: "TDB-1", RevisionRequests: []string{"Add a source."}})
			for _, f := range DecisionFields {
				if f.Only == "" || f.RequiredFor(action) {
					continue
				}
				if fe := other[f.Name]; fe.Code != CodeInvalid || fe.Message != f.Only {
					t.Errorf("%s given to %s: %+v; want %s %q", f.Name, a, fe, CodeInvalid, f.Only)
				}
			}
		})
	}
}
