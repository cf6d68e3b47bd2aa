package gates

import (
	"fmt"
	"slices"
)

// Operating profiles (AutoQA, "the quality/leniency dial"): named threshold sets that say which
// checks may FAIL a submission on their own authority. A check's FAIL is held to the profile's
// bar on what `make calibrate-gates` measured for it (planted-defect recall and false-fail rate
// on clean packets); a check below the bar still reports what it saw, as NEEDS_HUMAN, so that a
// person confirms before anything adverse happens. Auto-FAIL is the stricter bar: false fails
// burn the submitter's trust.
//
// Each profile is stamped with the rates measured for it, computed from calibration.json and
// nothing else (ProfileRates).

// ProfileName names a profile; the values are what the record and GraphQL spell.
type ProfileName string

// The profiles, strictest first.
const (
	ProfileStrict    ProfileName = "STRICT"
	ProfileStandard  ProfileName = "STANDARD"
	ProfileExpedited ProfileName = "EXPEDITED"
)

// DefaultProfile is the profile in force before an owner ever chose one.
const DefaultProfile = ProfileStandard

// Profile is one operating profile: the bar a check's measurement must meet for its FAIL to
// stand.
type Profile struct {
	Name  ProfileName
	Label string
	// Rule says the bar in words.
	Rule string
	// MinRecall is the least measured recall, MaxFalseFail the most measured false-fail rate,
	// of a check that may fail on its own; a negative MaxFalseFail sets no bar.
	MinRecall    float64
	MaxFalseFail float64
}

// Profiles lists the operating profiles, strictest first.
var Profiles = []Profile{
	{Name: ProfileStrict, Label: "Strict", MaxFalseFail: -1,
		Rule: "Every check that may fail fails on its own authority, whatever its measured rates."},
	{Name: ProfileStandard, Label: "Standard", MinRecall: 0.95, MaxFalseFail: 0.02,
		Rule: "A check fails on its own authority when it meets the calibration goals: measured recall at least 95% and false-fail rate at most 2%; any other check's failure goes to a reviewer as NEEDS_HUMAN."},
	{Name: ProfileExpedited, Label: "Expedited", MinRecall: 0.95, MaxFalseFail: 0,
		Rule: "Only a check that never failed a clean packet in calibration (and has measured recall at least 95%) fails on its own authority; any other check's failure goes to a reviewer as NEEDS_HUMAN."},
}

// LookupProfile finds a profile by name.
func LookupProfile(name ProfileName) (Profile, bool) {
	i := slices.IndexFunc(Profiles, func(p Profile) bool { return p.Name == name })
	if i < 0 {
		return Profile{}, false
	}
	return Profiles[i], true
}

// MayFail reports whether a check's FAIL stands on its own authority under p. The bars apply
// to what was measured: a check with no planted-defect measurement is one that cannot FAIL on
// its own (Check.Certifies), and the profile does not speak for it.
func (p Profile) MayFail(checkID string) bool {
	c, ok := calibration()[checkID]
	if !ok || c.Planted == 0 {
		return true
	}
	if c.Recall < p.MinRecall {
		return false
	}
	return p.MaxFalseFail < 0 || c.FalseFail <= p.MaxFalseFail
}

// ProfileRates are what calibration.json measured for a profile, pooled over the checks that
// may fail: Recall is the share of planted defects caught (FAIL or NEEDS_HUMAN, as calibrated)
// by checks whose FAIL stands under the profile, of all planted defects; FalseFail the share of
// (clean packet, check) pairs on which a check whose FAIL stands failed the clean packet.
// Planted and CleanPairs are the denominators; Failing counts the checks whose FAIL stands and
// Demoted those whose FAIL goes to a reviewer.
type ProfileRates struct {
	Recall, FalseFail   float64
	Planted, CleanPairs int
	Failing, Demoted    int
}

// Rates computes p's measured rates from calibration.json over every gate's checks that may
// fail.
func (p Profile) Rates() ProfileRates {
	var r ProfileRates
	var caught, falseFails float64
	cal := calibration()
	for _, g := range All() {
		for _, c := range g.Checks {
			if !c.Certifies {
				continue
			}
			m, ok := cal[c.ID]
			if ok && m.Planted > 0 {
				r.Planted += m.Planted
			}
			if ok {
				r.CleanPairs += m.Clean
			}
			if !p.MayFail(c.ID) {
				r.Demoted++
				continue
			}
			r.Failing++
			if ok && m.Planted > 0 {
				caught += float64(m.Planted) * m.Recall
			}
			if ok {
				falseFails += float64(m.Clean) * m.FalseFail
			}
		}
	}
	if r.Planted > 0 {
		r.Recall = caught / float64(r.Planted)
	}
	if r.CleanPairs > 0 {
		r.FalseFail = falseFails / float64(r.CleanPairs)
	}
	return r
}

// ApplyProfile holds res to p: each FAIL of a check that may not fail on its own under p becomes
// NEEDS_HUMAN, with no consequence and a sentence saying why, and the outcome is derived again. A
// result whose outcome has a reason of its own (a panic, an overrun) is left as it is.
func ApplyProfile(p Profile, res Result) Result {
	if res.Reason != "" {
		return res
	}
	changed := false
	fs := slices.Clone(res.Findings)
	for i, f := range fs {
		if f.Verdict != Fail || p.MayFail(f.Check) {
			continue
		}
		f.Verdict, f.Consequence = NeedsHuman, ""
		f.Behaviour += fmt.Sprintf(" Under the %s operating profile this check does not fail a submission on its own: a reviewer confirms it.", p.Label)
		fs[i] = f
		changed = true
	}
	if !changed {
		return res
	}
	res.Findings = fs
	res.Outcome = OutcomeOf(fs)
	return res
}
