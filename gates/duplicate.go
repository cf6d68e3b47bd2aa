package gates

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"
)

// The thresholds are calibrated on the real data in ../shared/data (similar_recall_test.go):
// the 1,699 open records the importers plan from formal-conjectures and the Erdős problems
// database, and the 1,549 records formal-conjectures or the Erdős database call solved. Of the
// copies of their 3,248 statements, 99.8% with the variables renamed and all with the sentences
// reordered score 0.95 or more, and 99.5% with a word in twenty changed score 0.4 or more. The
// closest two real records that ask different questions score 0.94 (a conjecture for all
// graphs and the same for finite graphs), then 0.90 ("f(n) = o(n)?" and "f(n) = o(n) for almost
// all n?") and 0.89 ("Is the sum rational?" and "…irrational?"); only three records, which
// differ only in the letters of sequences their prose names, score higher without being the
// same text. So a FAIL needs DuplicateFailThreshold. Below it the index cannot tell a
// paraphrase from a variant that changes one decisive word, and the check asks a person from
// DuplicateReviewThreshold on: the other records of an Erdős problem, which share its name and
// often its definitions, all score 0.4 or more, and 98.7% of the candidates at 0.4 or more are
// records of the same Erdős problem.
const (
	// DuplicateFailThreshold is the similarity from which a live problem or a solved record
	// counts as the same statement.
	DuplicateFailThreshold = 0.95
	// DuplicateReviewThreshold is the similarity from which a person compares the statements.
	DuplicateReviewThreshold = 0.4
)

// duplicateSearchLimit is how many candidates a search asks for, enough to find a live one
// among archived and merged copies; duplicateShown is how many a finding names.
const (
	duplicateSearchLimit = 10
	duplicateShown       = 3
	// duplicateMaxClaims bounds the answers reported one by one; one is enough to send the
	// problem to staff.
	duplicateMaxClaims = 20
)

// duplicateGate is policy gate 5, the duplicate and known-answer check: the statement is
// searched against the other problems of TheoremDB and against the catalogue of records whose
// source says they are solved, the claims attached to the problem are inspected for a
// machine-readable answer, and the search for equivalent formulations, which no machine can
// make, is handed to a person.
var duplicateGate = &Gate{
	Name:    Duplicate,
	Version: "1",
	Checks: []Check{
		{ID: "duplicate.near-duplicate", Certifies: true,
			Criterion: "Search TheoremDB by title terms, mathematical objects, parameters, and aliases. Merge direct duplicates."},
		{ID: "duplicate.known-answer", Certifies: true,
			Criterion: "Check the cited source for an answer, later revision, correction, or linked computation. Archive a record whose requested result is already established and whose historical value does not justify a separate labeled record."},
		{ID: "duplicate.answer-claim", Certifies: true,
			Criterion: "Inspect every current research claim attached to the problem. An attached claim counts as a machine-readable answer only when its object type is claim, its status is established, its current target binding uses resolves, and it has not been superseded; such a claim goes to staff review."},
		{ID: "duplicate.equivalent-formulations", Certifies: false,
			Criterion: "Search for equivalent formulations with shifted indexing or different normalization."},
	},
	run: runDuplicate,
}

func runDuplicate(ctx context.Context, r *Revision, env Env, out *Report) {
	checkNearDuplicate(ctx, r, env, out)
	checkKnownAnswer(ctx, r, env, out)
	checkAnswerClaims(ctx, r, env, out)
	const eq = "duplicate.equivalent-formulations"
	sp := dupStatementSpan(r)
	out.NeedsHuman(eq, sp, "A machine cannot recognise the same problem under shifted indexing or a different normalization, so a person must search for equivalent formulations of the statement.",
		"Search for equivalent formulations of the statement with shifted indexing or a different normalization, and record the formulations searched in the reference search's queries.")
}

// dupStatementSpan is the span the searches read: the statement, or the title when there is no
// statement.
func dupStatementSpan(r *Revision) Span {
	if strings.TrimSpace(r.Statement) != "" {
		return Whole(FieldStatement, r.Statement)
	}
	if strings.TrimSpace(r.Title) != "" {
		return Whole(FieldTitle, r.Title)
	}
	return Absent(FieldStatement)
}

// dupLive reports whether a problem in this state still stands: a removed, archived or merged
// problem is not one to merge into.
func dupLive(state string) bool {
	switch strings.ToUpper(strings.TrimSpace(state)) {
	case "REMOVED", "ARCHIVED", "MERGED":
		return false
	}
	return true
}

// dupDescribe names a candidate as a finding does: ID, title, state and similarity.
func dupDescribe(c Candidate) string {
	s := c.ID
	if t := strings.TrimSpace(c.Title); t != "" {
		s += " " + dupQuote(dupClip(t, 80))
	}
	var extra []string
	if c.State != "" {
		extra = append(extra, c.State)
	}
	extra = append(extra, fmt.Sprintf("similarity %.2f", c.Similarity))
	return s + " (" + strings.Join(extra, ", ") + ")"
}

func dupQuote(s string) string { return "“" + s + "”" }

// dupNearest lists the first few candidates, for the behaviour of a finding.
func dupNearest(cs []Candidate) string {
	if len(cs) == 0 {
		return "none"
	}
	parts := make([]string, 0, duplicateShown)
	for _, c := range cs[:min(len(cs), duplicateShown)] {
		parts = append(parts, dupDescribe(c))
	}
	return strings.Join(parts, "; ")
}

func checkNearDuplicate(ctx context.Context, r *Revision, env Env, out *Report) {
	const id = "duplicate.near-duplicate"
	sp := dupStatementSpan(r)
	if env.Problems == nil {
		out.Unknown(id, sp, "There is no problem index, so the statement could not be compared with the other problems.")
		return
	}
	if sp.Quote == "" {
		out.Unknown(id, sp, "The revision has neither statement nor title, so there is nothing to search for.")
		return
	}
	cs, err := env.Problems.Similar(ctx, r.Title, r.Statement, r.ProblemID, duplicateSearchLimit)
	if err != nil {
		out.Unknown(id, sp, "The search of the other problems failed: "+err.Error()+".")
		return
	}
	var fail, review []Candidate
	for _, c := range cs {
		switch {
		case c.ID == r.ProblemID:
		case c.Similarity >= DuplicateFailThreshold && dupLive(c.State):
			fail = append(fail, c)
		case c.Similarity >= DuplicateReviewThreshold:
			review = append(review, c)
		}
	}
	if len(fail) > 0 {
		for _, c := range fail[:min(len(fail), duplicateShown)] {
			out.Fail(id, sp, "The statement is a near duplicate of the live problem "+dupDescribe(c)+"; nearest problems: "+dupNearest(cs)+".",
				"Merge into "+c.ID+" or state how it differs.")
		}
		return
	}
	if len(review) > 0 {
		ids := make([]string, 0, duplicateShown)
		for _, c := range review[:min(len(review), duplicateShown)] {
			ids = append(ids, c.ID)
		}
		behaviour := "The statement resembles " + dupNearest(review) + ", too closely for the search to rule out the same problem and not closely enough to call it a copy."
		for _, c := range review {
			if c.Similarity >= DuplicateFailThreshold {
				behaviour = "The statement is a near copy of " + dupDescribe(c) + ", which is no longer live; nearest problems: " + dupNearest(cs) + "."
				break
			}
		}
		out.NeedsHuman(id, sp, behaviour,
			"Compare the statement with "+strings.Join(ids, ", ")+": if one asks the same question, merge into it; otherwise state in the statement how it differs.")
		return
	}
	out.Pass(id, sp, fmt.Sprintf("No other problem resembles the statement at similarity %.2f or more; nearest problems: %s.", DuplicateReviewThreshold, dupNearest(cs)))
}

func checkKnownAnswer(ctx context.Context, r *Revision, env Env, out *Report) {
	const id = "duplicate.known-answer"
	sp := dupStatementSpan(r)
	if env.Solved == nil {
		out.Unknown(id, sp, "There is no catalogue of solved records, so the statement could not be checked for a known answer.")
		return
	}
	if sp.Quote == "" {
		out.Unknown(id, sp, "The revision has neither statement nor title, so there is nothing to search for.")
		return
	}
	cs, err := env.Solved.Similar(ctx, r.Title, r.Statement, "", duplicateSearchLimit)
	if err != nil {
		out.Unknown(id, sp, "The search of the catalogue of solved records failed: "+err.Error()+".")
		return
	}
	var fail, review []Candidate
	for _, c := range cs {
		switch {
		case c.Similarity >= DuplicateFailThreshold:
			fail = append(fail, c)
		case c.Similarity >= DuplicateReviewThreshold:
			review = append(review, c)
		}
	}
	if len(fail) > 0 {
		c := fail[0]
		out.Fail(id, sp, "The statement matches "+dupDescribe(c)+dupAt(c)+", a record its source says is solved, so it is a known-answer candidate; nearest solved records: "+dupNearest(cs)+".",
			"Check "+c.ID+dupAt(c)+": if it answers the statement, withdraw the problem or restate it as the question that remains open; otherwise state in the statement how it differs from the solved record.")
		return
	}
	if len(review) > 0 {
		c := review[0]
		out.NeedsHuman(id, sp, "The statement resembles "+dupNearest(review)+", records their sources say are solved; the closest is at "+dupLocator(c)+".",
			"Compare the statement with "+c.ID+dupAt(c)+": if it answers the statement, withdraw the problem or restate it as the question that remains open; otherwise state in the statement how it differs.")
		return
	}
	out.Pass(id, sp, fmt.Sprintf("No solved record resembles the statement at similarity %.2f or more; nearest solved records: %s.", DuplicateReviewThreshold, dupNearest(cs)))
}

// dupAt is " at LOCATOR" when the candidate has a locator.
func dupAt(c Candidate) string {
	if c.Locator == "" {
		return ""
	}
	return " at " + c.Locator
}

func dupLocator(c Candidate) string {
	if c.Locator == "" {
		return c.ID + " (no locator recorded)"
	}
	return c.Locator
}

func checkAnswerClaims(ctx context.Context, r *Revision, env Env, out *Report) {
	const id = "duplicate.answer-claim"
	sp := Absent("claims")
	if env.Claims == nil {
		out.Unknown(id, sp, "There is no list of attached claims, so the claims of the problem could not be inspected.")
		return
	}
	if r.ProblemID == "" {
		out.Pass(id, sp, "The revision has no problem ID yet, so no claim can be attached to it.")
		return
	}
	claims, err := env.Claims.Claims(ctx, r.ProblemID)
	if err != nil {
		out.Unknown(id, sp, "The claims attached to "+r.ProblemID+" could not be listed: "+err.Error()+".")
		return
	}
	answers := 0
	for _, c := range claims {
		if !c.Answer {
			continue
		}
		if answers++; answers > duplicateMaxClaims {
			break
		}
		out.Fail(id, Span{Field: "claims", Quote: dupClip(c.Summary, maxQuote)},
			"Claim "+c.ID+" "+dupQuote(dupClip(c.Summary, 200))+" is a machine-readable answer: an established claim bound to "+r.ProblemID+" by resolves and not superseded.",
			"staff compare the claim's scope with the statement; archive or correct the binding")
	}
	switch {
	case answers > 0:
	case len(claims) == 0:
		out.Pass(id, sp, "No claim is attached to "+r.ProblemID+".")
	default:
		ids := make([]string, 0, len(claims))
		for _, c := range claims[:min(len(claims), 10)] {
			ids = append(ids, c.ID)
		}
		out.Pass(id, sp, fmt.Sprintf("%s attached to %s (%s), none of them a machine-readable answer.", dupCount(len(claims), "claim"), r.ProblemID, strings.Join(ids, ", ")))
	}
}

// StaticClaims is a fixed list of attached claims per problem ID, for tests and calibration.
type StaticClaims map[string][]Claim

// Claims returns the claims listed for problemID.
func (s StaticClaims) Claims(_ context.Context, problemID string) ([]Claim, error) {
	return s[problemID], nil
}

// dupClip cuts s to at most n bytes on a character boundary, marking the cut.
func dupClip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// dupCount is "1 claim", "3 claims".
func dupCount(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
