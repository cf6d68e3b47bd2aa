package lanes_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/lanes"
)

var twoChecks = []string{"alpha", "beta"}

const goodAnswer = `{"checks": {"alpha": {"confirmed": true, "reason": "statement fixes n."},
 "beta": {"confirmed": false, "reason": "acceptance has no precision."}},
 "recommendation": "keep_prospecting", "blockers": ["acceptance.precision is empty."], "concerns": [], "unknowns": []}`

func TestParseAnswer(t *testing.T) {
	t.Parallel()
	got, err := lanes.ParseAnswer(twoChecks, "\n  "+goodAnswer+"\n")
	if err != nil {
		t.Fatalf("ParseAnswer = %v", err)
	}
	want := &lanes.Answer{
		Checks: []lanes.CheckAnswer{{ID: "alpha", Confirmed: true, Reason: "statement fixes n."},
			{ID: "beta", Confirmed: false, Reason: "acceptance has no precision."}},
		Recommendation: lanes.KeepProspecting, Blockers: []string{"acceptance.precision is empty."},
		Concerns: []string{}, Unknowns: []string{},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseAnswer (-want +got):\n%s", diff)
	}
	// The checks come back in the prompt's order, whatever the model's order.
	swapped := `{"checks": {"beta": {"reason": "r.", "confirmed": true}, "alpha": {"confirmed": true, "reason": "r."}},
		"unknowns": [], "concerns": [], "blockers": [], "recommendation": "qualify"}`
	if a, err := lanes.ParseAnswer(twoChecks, swapped); err != nil || a.Checks[0].ID != "alpha" {
		t.Errorf("ParseAnswer(swapped) = %+v, %v; want alpha first", a, err)
	}
}

func TestParseAnswerRefuses(t *testing.T) {
	t.Parallel()
	replace := func(old, new string) string {
		if !strings.Contains(goodAnswer, old) {
			t.Fatalf("goodAnswer has no %q", old)
		}
		return strings.Replace(goodAnswer, old, new, 1)
	}
	long := strings.Repeat("x", lanes.MaxReasonRunes+1)
	many := `"` + strings.Repeat(`a.", "`, lanes.MaxListItems) + `a."`
	for _, c := range []struct {
		name, output string
		want         lanes.Failure
		path         string
	}{
		{"empty", "  \n ", lanes.FailureEmptyOutput, ""},
		{"not-json", "I cannot review this packet.", lanes.FailureNotJSON, ""},
		{"invalid-utf8", "{\"checks\": \xff}", lanes.FailureNotJSON, ""},
		{"array", `[` + goodAnswer + `]`, lanes.FailureProse, ""},
		{"prose-before", "Answer: " + goodAnswer, lanes.FailureProse, ""},
		{"prose-after", goodAnswer + "\nI hope this helps.", lanes.FailureProse, ""},
		{"two-objects", goodAnswer + goodAnswer, lanes.FailureProse, ""},
		{"fence", "```json\n" + goodAnswer + "\n```", lanes.FailureProse, ""},
		{"truncated", goodAnswer[:80], lanes.FailureMalformedJSON, ""},
		{"trailing-comma", replace(`"unknowns": []}`, `"unknowns": [],}`), lanes.FailureMalformedJSON, ""},
		{"unknown-field", replace(`"unknowns": []`, `"unknowns": [], "confidence": 0.9`), lanes.FailureUnknownField, "confidence"},
		{"reasoning-field", replace(`"unknowns": []`, `"unknowns": [], "reasoning": "first I read"`), lanes.FailureUnknownField, "reasoning"},
		{"duplicate-field", replace(`"concerns": []`, `"concerns": [], "concerns": []`), lanes.FailureDuplicateField, "concerns"},
		{"missing-field", replace(`, "unknowns": []`, ``), lanes.FailureMissingField, "unknowns"},
		{"missing-recommendation", replace(`"recommendation": "keep_prospecting", `, ``), lanes.FailureMissingField, "recommendation"},
		{"missing-check", replace(`"beta": {"confirmed": false, "reason": "acceptance has no precision."}`, `"gamma": {"confirmed": true, "reason": "x."}`),
			lanes.FailureUnknownCheck, "checks.gamma"},
		{"dropped-check", replace(`,
 "beta": {"confirmed": false, "reason": "acceptance has no precision."}`, ``), lanes.FailureMissingCheck, "checks.beta"},
		{"duplicate-check", replace(`"beta": {`, `"alpha": {"confirmed": true, "reason": "x."}, "beta": {`), lanes.FailureDuplicateField, "checks.alpha"},
		{"check-extra-field", replace(`"confirmed": true,`, `"confirmed": true, "score": 1,`), lanes.FailureUnknownField, "checks.alpha.score"},
		{"check-no-reason", replace(`, "reason": "statement fixes n."`, ``), lanes.FailureMissingField, "checks.alpha.reason"},
		{"check-no-confirmed", replace(`"confirmed": true, `, ``), lanes.FailureMissingField, "checks.alpha.confirmed"},
		{"confirmed-string", replace(`"confirmed": true`, `"confirmed": "true"`), lanes.FailureWrongType, "checks.alpha.confirmed"},
		{"confirmed-null", replace(`"confirmed": true`, `"confirmed": null`), lanes.FailureWrongType, "checks.alpha.confirmed"},
		{"reason-number", replace(`"reason": "statement fixes n."`, `"reason": 3`), lanes.FailureWrongType, "checks.alpha.reason"},
		{"reason-empty", replace(`"reason": "statement fixes n."`, `"reason": "  "`), lanes.FailureInvalidValue, "checks.alpha.reason"},
		{"reason-too-long", replace(`"reason": "statement fixes n."`, `"reason": "`+long+`"`), lanes.FailureInvalidValue, "checks.alpha.reason"},
		{"checks-array", replace(`{"checks": {"alpha"`, `{"checks": [{"alpha"`), lanes.FailureMalformedJSON, ""},
		{"checks-list", `{"checks": ["alpha"], "recommendation": "qualify", "blockers": [], "concerns": [], "unknowns": []}`, lanes.FailureWrongType, "checks"},
		{"check-bool", replace(`"alpha": {"confirmed": true, "reason": "statement fixes n."}`, `"alpha": true`), lanes.FailureWrongType, "checks.alpha"},
		{"recommendation-unknown", replace(`"keep_prospecting"`, `"escalate"`), lanes.FailureInvalidValue, "recommendation"},
		{"recommendation-case", replace(`"keep_prospecting"`, `"QUALIFY"`), lanes.FailureInvalidValue, "recommendation"},
		{"recommendation-array", replace(`"keep_prospecting"`, `["qualify"]`), lanes.FailureWrongType, "recommendation"},
		{"list-null", replace(`"concerns": []`, `"concerns": null`), lanes.FailureWrongType, "concerns"},
		{"list-string", replace(`"concerns": []`, `"concerns": "none"`), lanes.FailureWrongType, "concerns"},
		{"list-number-item", replace(`"concerns": []`, `"concerns": [1]`), lanes.FailureWrongType, "concerns[0]"},
		{"list-empty-item", replace(`"concerns": []`, `"concerns": [""]`), lanes.FailureInvalidValue, "concerns[0]"},
		{"list-too-long", replace(`"concerns": []`, `"concerns": [`+many+`]`), lanes.FailureInvalidValue, "concerns[20]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, err := lanes.ParseAnswer(twoChecks, c.output)
			if a != nil || !errors.Is(err, c.want) {
				t.Fatalf("ParseAnswer(%s) = %+v, %v; want %s", c.name, a, err, c.want)
			}
			var le *lanes.Error
			if !errors.As(err, &le) || le.Path != c.path {
				t.Errorf("ParseAnswer(%s) path = %q; want %q (%v)", c.name, le.Path, c.path, err)
			}
			if c.want.Class() != lanes.ClassOutput {
				t.Errorf("%s is %s; want an output failure", c.want, c.want.Class())
			}
		})
	}
}

// FuzzParseAnswer: whatever the model writes, the parser returns an answer with every required
// check or one of its failures, and never panics.
func FuzzParseAnswer(f *testing.F) {
	f.Add(goodAnswer)
	f.Add(`{"checks": {}, "recommendation": "qualify", "blockers": [], "concerns": [], "unknowns": []}`)
	f.Add(`{"checks": {"alpha": {"confirmed": true, "reason": "r", "reason": "s"}}}`)
	f.Add("prose {\"a\": 1}")
	f.Add(`{"checks": {"alpha": {"confirmed": true, "reason": "\ud800"}}}`)
	f.Fuzz(func(t *testing.T, s string) {
		a, err := lanes.ParseAnswer(twoChecks, s)
		if err != nil {
			if a != nil || lanes.FailureOf(err).Class() != lanes.ClassOutput {
				t.Fatalf("ParseAnswer(%q) = %+v, %v", s, a, err)
			}
			return
		}
		if len(a.Checks) != len(twoChecks) || !a.Recommendation.Valid() || a.Blockers == nil || a.Concerns == nil || a.Unknowns == nil {
			t.Fatalf("ParseAnswer(%q) = %+v; want a complete answer", s, a)
		}
		if _, err := json.Marshal(a); err != nil {
			t.Fatalf("the answer does not marshal: %v", err)
		}
	})
}

func TestFailureClasses(t *testing.T) {
	t.Parallel()
	seen := map[lanes.Failure]bool{}
	for _, f := range lanes.Failures {
		if seen[f] {
			t.Errorf("%s listed twice", f)
		}
		seen[f] = true
	}
	for f, want := range map[lanes.Failure]lanes.Class{
		lanes.FailureMissingKey: lanes.ClassConfig, lanes.FailureInputTooLarge: lanes.ClassConfig,
		lanes.FailureTimeout: lanes.ClassProvider, lanes.FailureRateLimited: lanes.ClassProvider,
		lanes.FailureServerError: lanes.ClassProvider, lanes.FailureProtocol: lanes.ClassProvider,
		lanes.FailureRefusal: lanes.ClassRefusal, lanes.FailureTruncated: lanes.ClassOutput,
		lanes.FailureProse: lanes.ClassOutput, lanes.Failure("SOMETHING_NEW"): lanes.ClassProvider,
	} {
		if got := f.Class(); got != want {
			t.Errorf("%s.Class() = %s; want %s", f, got, want)
		}
	}
	if got := lanes.FailureOf(errors.New("boom")); got.Class() != lanes.ClassProvider || got == "" {
		t.Errorf("FailureOf(plain error) = %q; want a provider failure", got)
	}
}
