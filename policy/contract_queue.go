package policy

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/finding"
	"github.com/theoremdb/theoremdb/ent/gaterun"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/lanes"
)

// The contract queue is the owner of the criteria's queue (AutoQA: "Undecidable — route to
// owner as instructions problem, no worker penalty"). It holds the items the inputs did not
// decide: a check that could not decide a current revision's packet (an UNDECIDABLE finding),
// and a revision whose panel lanes disagreed (CONTESTED: the criteria may underdetermine it,
// so it is not forced either way). Such an item is never held against the submitter: it forfeits no stake, counts toward no
// batch stop and never blocks default acceptance; the owner repairs the record, the index or
// the criterion, and the check runs again.

// ContractItem is one item of the contract queue.
type ContractItem struct {
	// Kind is UNDECIDABLE (the check could not decide the item) or CONTESTED (the panel's lanes
	// disagreed on it: the criteria may underdetermine it).
	Kind      string
	ProblemID string
	Title     string
	Gate      string
	Check     string
	Criterion string
	// Behaviour is what the check said when it could not decide.
	Behaviour string
	At        time.Time
}

// ContractCount is how many items of the queue one criterion has.
type ContractCount struct {
	Check, Criterion string
	Items            int
}

// ContractQueueView is the contract queue: its items, newest first, and their count per
// criterion, most first.
type ContractQueueView struct {
	Items       []ContractItem
	ByCriterion []ContractCount
}

// contractQueueScan bounds the gate runs the queue reads.
const contractQueueScan = 2000

// ContractQueue reads the contract queue for an operator.
func (s *Service) ContractQueue(ctx context.Context, viewer *ent.Account, limit int) (*ContractQueueView, error) {
	if !CanStaff(viewer) {
		return nil, fmt.Errorf("the contract queue needs the operator role: %w", ErrForbidden)
	}
	runs, err := s.client.GateRun.Query().Where(gaterun.HasFindingsWith(finding.VerdictEQ(finding.VerdictUNKNOWN))).
		WithFindings(func(q *ent.FindingQuery) {
			q.Where(finding.VerdictEQ(finding.VerdictUNKNOWN)).Order(ent.Asc(finding.FieldPosition))
		}).Order(ent.Desc(gaterun.FieldCreatedAt)).Limit(contractQueueScan).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("contract queue: %w", err)
	}
	var pids []string
	for _, r := range runs {
		pids = append(pids, r.ProblemID)
	}
	ps, err := s.client.Problem.Query().Where(problem.IDIn(pids...),
		problem.StateIn(problem.StatePROSPECTING, problem.StateACCEPTED)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("contract queue: %w", err)
	}
	byID := map[string]*ent.Problem{}
	for _, p := range ps {
		byID[p.ID] = p
	}
	// Of each revision's runs, only the current one of each gate counts.
	var revs []string
	for _, r := range runs {
		if p := byID[r.ProblemID]; p != nil && p.CurrentRevisionID != nil && *p.CurrentRevisionID == r.RevisionID {
			revs = append(revs, r.RevisionID)
		}
	}
	all, err := s.client.GateRun.Query().Where(gaterun.RevisionIDIn(revs...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("contract queue: %w", err)
	}
	perRev := map[string][]*ent.GateRun{}
	for _, r := range all {
		perRev[r.RevisionID] = append(perRev[r.RevisionID], r)
	}
	current := map[string]bool{}
	for _, rs := range perRev {
		for _, r := range CurrentRuns(rs) {
			current[r.ID] = true
		}
	}
	v := &ContractQueueView{}
	counts := map[string]*ContractCount{}
	for _, r := range runs {
		p := byID[r.ProblemID]
		if p == nil || !current[r.ID] {
			continue
		}
		for _, f := range r.Edges.Findings {
			if gates.ClaimTypeOf(f.Check, gates.Verdict(f.Verdict)) != gates.Undecidable {
				continue
			}
			at := r.CreatedAt
			if r.FinishedAt != nil {
				at = *r.FinishedAt
			}
			v.Items = append(v.Items, ContractItem{Kind: string(gates.Undecidable), ProblemID: p.ID, Title: p.Title,
				Gate: string(r.Gate), Check: f.Check, Criterion: f.Criterion, Behaviour: f.Behaviour, At: at})
			c := counts[f.Check]
			if c == nil {
				c = &ContractCount{Check: f.Check, Criterion: f.Criterion}
				counts[f.Check] = c
			}
			c.Items++
		}
	}
	contested, err := s.contestedItems(ctx, limit)
	if err != nil {
		return nil, err
	}
	for _, it := range contested {
		v.Items = append(v.Items, it)
		c := counts[it.Check]
		if c == nil {
			c = &ContractCount{Check: it.Check, Criterion: it.Criterion}
			counts[it.Check] = c
		}
		c.Items++
	}
	slices.SortStableFunc(v.Items, func(a, b ContractItem) int { return b.At.Compare(a.At) })
	if limit > 0 && len(v.Items) > limit {
		v.Items = v.Items[:limit]
	}
	for _, c := range counts {
		v.ByCriterion = append(v.ByCriterion, *c)
	}
	slices.SortFunc(v.ByCriterion, func(a, b ContractCount) int {
		if a.Items != b.Items {
			return b.Items - a.Items
		}
		return cmp.Compare(a.Check, b.Check)
	})
	return v, nil
}

// KindContested tags a revision whose panel lanes disagreed: the criteria may underdetermine it,
// so it goes to the contract owner's queue rather than being forced.
const KindContested = "review.contested"

// answeredRecommendations are the answered reviews' recommendations by role.
func answeredRecommendations(results []*lanes.Result) map[string]string {
	out := map[string]string{}
	for _, r := range results {
		if r != nil && r.Answer != nil && r.Failure == "" {
			out[string(r.Role)] = string(r.Answer.Recommendation)
		}
	}
	return out
}

// contestedRecommendations says whether the answered reviews disagree.
func contestedRecommendations(byRole map[string]string) bool {
	seen := map[string]bool{}
	for _, r := range byRole {
		if r != "" {
			seen[r] = true
		}
	}
	return len(seen) > 1
}

// tagContested records a KindContested event when the panel's answered lanes disagree, or when
// a role's recommendation flips on the reworded packet (again, when the panel ran twice).
func (s *Service) tagContested(ctx context.Context, problemID, revisionID string, results, again []*lanes.Result) error {
	byRole := answeredRecommendations(results)
	flips := map[string]string{}
	for role, rec := range answeredRecommendations(again) {
		if first, ok := byRole[role]; ok && first != rec {
			flips[role] = first + " → " + rec
		}
	}
	split := contestedRecommendations(byRole)
	if !split && len(flips) == 0 {
		return nil
	}
	var why []string
	if split {
		why = append(why, "the lanes disagree")
	}
	if len(flips) > 0 {
		why = append(why, "a recommendation flips on the reworded packet")
	}
	return s.inTx(ctx, func(ctx context.Context, t *tx) error {
		_, err := t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityPublicationGate, kind: KindContested,
			subject: problemID, payload: map[string]any{"revision": revisionID, "recommendations": byRole, "flips": flips,
				"why": strings.Join(why, "; "), "route": "contract owner's queue"}})
		return err
	})
}

// contestedItems are the current revisions tagged contested, as contract-queue items.
func (s *Service) contestedItems(ctx context.Context, limit int) ([]ContractItem, error) {
	evs, err := s.client.Event.Query().Where(event.Kind(KindContested)).Order(ent.Desc(event.FieldSeq)).Limit(contractQueueScan).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("contested: %w", err)
	}
	type tag struct {
		Revision        string            `json:"revision"`
		Recommendations map[string]string `json:"recommendations"`
		Flips           map[string]string `json:"flips"`
		Why             string            `json:"why"`
	}
	tags := map[string]tag{}
	at := map[string]time.Time{}
	var pids []string
	for _, ev := range evs {
		var tg tag
		if json.Unmarshal([]byte(ev.Payload), &tg) != nil || tg.Revision == "" {
			continue
		}
		if _, ok := tags[tg.Revision]; ok {
			continue // the newest tag of a revision
		}
		tags[tg.Revision], at[tg.Revision] = tg, ev.At
		pids = append(pids, ev.Subject)
	}
	ps, err := s.client.Problem.Query().Where(problem.IDIn(pids...), problem.StateIn(problem.StatePROSPECTING, problem.StateACCEPTED)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("contested: %w", err)
	}
	var out []ContractItem
	for _, p := range ps {
		rev := deref(p.CurrentRevisionID)
		tg, ok := tags[rev]
		if !ok {
			continue
		}
		var parts []string
		for _, m := range []map[string]string{tg.Recommendations, tg.Flips} {
			roles := make([]string, 0, len(m))
			for role := range m {
				roles = append(roles, role)
			}
			slices.Sort(roles)
			for _, role := range roles {
				parts = append(parts, strings.ToLower(role)+": "+m[role])
			}
		}
		out = append(out, ContractItem{Kind: "CONTESTED", ProblemID: p.ID, Title: p.Title, Gate: "PANEL", Check: "panel",
			Criterion: "The panel's roles read the same packet under the same criteria.",
			Behaviour: "Contested: " + tg.Why + " (" + strings.Join(parts, ", ") + "); the criteria may underdetermine the item.", At: at[rev]})
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}
