package gates

import (
	"strings"
	"testing"
)

// TestProfileRates: each profile's rates come from calibration.json, and the dial moves them
// the one way: a stricter profile catches at least as much and fails clean packets at least as
// often.
func TestProfileRates(t *testing.T) {
	t.Parallel()
	var prev *ProfileRates
	for _, p := range Profiles {
		r := p.Rates()
		t.Logf("%s: recall %.4f, false fail %.4f (%d checks fail on their own, %d go to a reviewer; %d planted, %d clean pairs)",
			p.Name, r.Recall, r.FalseFail, r.Failing, r.Demoted, r.Planted, r.CleanPairs)
		if r.Planted == 0 || r.CleanPairs == 0 || r.Recall <= 0 || r.Recall > 1 || r.FalseFail < 0 || r.FalseFail > 1 {
			t.Errorf("%s: rates %+v are not measured rates", p.Name, r)
		}
		if prev != nil && (r.Recall > prev.Recall || r.FalseFail > prev.FalseFail) {
			t.Errorf("%s: recall %.4f, false fail %.4f; the profile before it had %.4f, %.4f", p.Name, r.Recall, r.FalseFail,
				prev.Recall, prev.FalseFail)
		}
		prev = &r
	}
	strict, _ := LookupProfile(ProfileStrict)
	if r := strict.Rates(); r.Demoted != 0 {
		t.Errorf("strict demotes %d checks; want none", r.Demoted)
	}
	exp, _ := LookupProfile(ProfileExpedited)
	if r := exp.Rates(); r.FalseFail != 0 || r.Demoted == 0 {
		t.Errorf("expedited: %+v; want no false fails and some checks going to a reviewer", r)
	}
}

// TestApplyProfile: under the expedited profile a FAIL of a check with measured false fails
// goes to a reviewer; one of a check that never failed a clean packet stands.
func TestApplyProfile(t *testing.T) {
	t.Parallel()
	exp, _ := LookupProfile(ProfileExpedited)
	if exp.MayFail(stCheckDomain) || !exp.MayFail(stCheckTeX) {
		t.Fatalf("expedited: MayFail(%s) = %v, MayFail(%s) = %v", stCheckDomain, exp.MayFail(stCheckDomain), stCheckTeX, exp.MayFail(stCheckTeX))
	}
	res := Result{Gate: Statement, Outcome: OutcomeFail, Findings: []Finding{
		{Check: stCheckDomain, Verdict: Fail, Evidence: Contradicts, Consequence: BlocksQualify, Behaviour: "n has no domain."},
		{Check: stCheckTeX, Verdict: Pass, Evidence: Supports},
	}}
	got := ApplyProfile(exp, res)
	if got.Outcome != OutcomeNeedsHuman || got.Findings[0].Verdict != NeedsHuman || got.Findings[0].Consequence != "" ||
		!strings.Contains(got.Findings[0].Behaviour, "Expedited operating profile") {
		t.Errorf("expedited: %+v", got)
	}
	if res.Findings[0].Verdict != Fail {
		t.Error("ApplyProfile changed its argument's findings")
	}
	std, _ := LookupProfile(ProfileStandard)
	if got := ApplyProfile(std, res); got.Outcome != OutcomeFail || got.Findings[0].Verdict != Fail {
		t.Errorf("standard: %+v; want the FAIL to stand", got)
	}
	res.Findings = append(res.Findings, Finding{Check: stCheckTeX, Verdict: Fail, Evidence: Contradicts})
	if got := ApplyProfile(exp, res); got.Outcome != OutcomeFail {
		t.Errorf("expedited with a standing FAIL: outcome %s", got.Outcome)
	}
}
