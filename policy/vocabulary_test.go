package policy_test

import (
	"reflect"
	"strings"
	"testing"

	"entgo.io/ent/dialect/sql/schema"
	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/ent/migrate"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
)

// TestVocabulariesAreTheDatabaseEnums checks every vocabulary against the
// enum of the column that stores it: a value added in one place only fails.
func TestVocabulariesAreTheDatabaseEnums(t *testing.T) {
	t.Parallel()
	enum := func(cols []*schema.Column, name string) []string {
		for _, c := range cols {
			if c.Name == name {
				return c.Enums
			}
		}
		t.Fatalf("no column %s", name)
		return nil
	}
	for _, tt := range []struct {
		name  string
		vocab policy.Vocabulary
		enum  []string
	}{
		{"States", policy.States, enum(migrate.ProblemsColumns, "state")},
		{"AcceptanceKinds", policy.AcceptanceKinds, enum(migrate.ProblemsColumns, "acceptance_kind")},
		{"ProvenanceKinds", policy.ProvenanceKinds, enum(migrate.ProblemsColumns, "provenance_kind")},
		{"StakeStates", policy.StakeStates, enum(migrate.ProblemsColumns, "stake_state")},
		{"ReferenceRoles", policy.ReferenceRoles, enum(migrate.ReferencesColumns, "role")},
		{"FlagReasons", policy.FlagReasons, enum(migrate.FlagsColumns, "reason")},
		{"ReasonCodes", policy.ReasonCodes, enum(migrate.DecisionsColumns, "reason_code")},
		{"Actions", policy.Actions, enum(migrate.DecisionsColumns, "action")},
		{"ClaimStatuses", policy.ClaimStatuses, enum(migrate.ClaimsColumns, "status")},
		{"ClaimObjectTypes", policy.ClaimObjectTypes, enum(migrate.ClaimsColumns, "object_type")},
		{"SuggestionStates", policy.SuggestionStates, enum(migrate.SuggestionsColumns, "state")},
		{"ReferenceConfirmations", policy.ReferenceConfirmations, enum(migrate.ReferencesColumns, "confirmation")},
		{"Relations", policy.Relations, enum(migrate.BindingsColumns, "relation")},
		{"Gates", policy.Gates, enum(migrate.GateRunsColumns, "gate")},
		{"Disagreements", policy.Disagreements, enum(migrate.DecisionsColumns, "disagreement")},
		{"HoldReasons", policy.HoldReasons, enum(migrate.HoldsColumns, "reason")},
		{"Outcomes", policy.Outcomes, enum(migrate.GateRunsColumns, "outcome")},
		{"HeroArtStates", policy.HeroArtStates, enum(migrate.HeroAssetsColumns, "state")},
		{"ExpositionKinds", policy.ExpositionKinds, []string{string(packet.Definition), string(packet.Convention), string(packet.Remark), string(packet.Example)}},
		{"LaneRoles", policy.LaneRoles, enum(migrate.LanesColumns, "role")},
		{"LaneRoles of a review", policy.LaneRoles[:len(lanes.Roles)], enum(migrate.LaneReviewsColumns, "role")},
		{"GateSwitches", switchVocabulary(), enum(migrate.GateSwitchesColumns, "name")},
		// Plain-text columns: held to the constants that are stored.
		{"LaneProviders", policy.LaneProviders, strs(lanes.Providers)},
		{"AuditStates", policy.AuditStates, strs([]policy.AuditState{policy.AuditNotEligible, policy.AuditNotSelected,
			policy.AuditAffirmed, policy.AuditFailed, policy.AuditMissing, policy.AuditLaneClosed})},
		{"GateRecommendations", policy.GateRecommendations, []string{string(policy.RouteEarlyAcceptance),
			string(policy.RouteAdministratorReview), policy.RecommendationNone}},
	} {
		got := tt.vocab.Values()
		if diff := cmp.Diff(tt.enum, got, cmp.Transformer("set", set)); diff != "" {
			t.Errorf("%s (-database +vocabulary):\n%s", tt.name, diff)
		}
		for _, term := range tt.vocab {
			if term.Label == "" || term.Help == "" {
				t.Errorf("%s: %s has no label or help", tt.name, term.Value)
			}
		}
	}
}

func switchVocabulary() policy.Vocabulary {
	var v policy.Vocabulary
	for _, sw := range policy.GateSwitches {
		v = append(v, sw.Term)
	}
	return v
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// TestLaneTablesAreTheLanes checks that the lane tables list lanes' closed sets in lanes'
// order, and that every switch reads back from either of its spellings.
func TestLaneTablesAreTheLanes(t *testing.T) {
	t.Parallel()
	if diff := cmp.Diff(strs(lanes.LaneRoles), policy.LaneRoles.Values()); diff != "" {
		t.Errorf("LaneRoles (-lanes.LaneRoles +table):\n%s", diff)
	}
	if diff := cmp.Diff(strs(lanes.Providers), policy.LaneProviders.Values()); diff != "" {
		t.Errorf("LaneProviders (-lanes.Providers +table):\n%s", diff)
	}
	for _, sw := range policy.GateSwitches {
		if want := strings.ToLower(strings.ReplaceAll(sw.Value, "_", "-")); sw.Arg != want {
			t.Errorf("switch %s: Arg = %q; want %q", sw.Value, sw.Arg, want)
		}
		for _, name := range []string{sw.Value, sw.Arg, strings.ToUpper(sw.Arg), " " + strings.ToLower(sw.Value) + " "} {
			if got, ok := policy.SwitchNamed(name); !ok || got.Value != sw.Value {
				t.Errorf("SwitchNamed(%q) = %s, %v; want %s", name, got.Value, ok, sw.Value)
			}
		}
	}
	if got, ok := policy.SwitchNamed("audit"); ok {
		t.Errorf("SwitchNamed(%q) = %s; want no switch", "audit", got.Value)
	}
	if got, want := policy.SwitchArgs(), "master, agent-review or audit-lane"; got != want {
		t.Errorf("SwitchArgs() = %q; want %q", got, want)
	}
	for _, tt := range []struct{ in, want string }{
		{"openai", "OpenAI-compatible API"},
		{"openai@api.example.org", "OpenAI-compatible API (api.example.org)"},
		{"baseline", "Deterministic baseline"},
		{"other", "other"},
	} {
		if got := policy.ProviderLabel(tt.in); got != tt.want {
			t.Errorf("ProviderLabel(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

func set(s []string) map[string]bool {
	m := map[string]bool{}
	for _, v := range s {
		m[v] = true
	}
	return m
}

// TestNoteSectionsCoverTheNotes checks that the note template table names
// every section of packet.DecisionNotes once, with its JSON name as key.
func TestNoteSectionsCoverTheNotes(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeOf(packet.DecisionNotes{})
	var fields []string
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		fields = append(fields, name)
	}
	var keys []string
	for _, s := range policy.NoteSections {
		keys = append(keys, s.Key)
		var n packet.DecisionNotes
		*s.Text(&n) = "x"
		if got := policy.FilledSections(n); len(got) != 1 || got[0].Key != s.Key {
			t.Errorf("section %s writes another field: %+v", s.Key, got)
		}
	}
	if diff := cmp.Diff(fields, keys); diff != "" {
		t.Errorf("note sections (-DecisionNotes +NoteSections):\n%s", diff)
	}
}
