package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
)

// homeRows is how many problems each list of the front page shows.
const homeRows = 8

// HomeView is what the front page shows: the challenge periods closing soonest, the problems
// accepted most recently, and how many listed problems are in each listed state.
type HomeView struct {
	Soonest  []ProblemSummary
	Accepted []ProblemSummary
	Counts   []StateCount // one per ListedStates value, in its order
}

// StateCount is how many listed problems are in one state.
type StateCount struct {
	State string
	N     int
}

// Home reads the front page.
func (s *Service) Home(ctx context.Context) (*HomeView, error) {
	soonest, err := s.InChallenge(ctx, homeRows)
	if err != nil {
		return nil, fmt.Errorf("home: %w", err)
	}
	accepted, err := s.client.Problem.Query().Where(problem.StateEQ(problem.StateACCEPTED)).
		Order(ent.Desc(problem.FieldAcceptedAt)).Limit(homeRows).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("home: %w", err)
	}
	var counts []struct {
		State string `json:"state"`
		Count int    `json:"count"`
	}
	if err := s.client.Problem.Query().Where(Listed()).
		GroupBy(problem.FieldState).Aggregate(ent.Count()).Scan(ctx, &counts); err != nil {
		return nil, fmt.Errorf("home: %w", err)
	}
	v := &HomeView{Soonest: summariesOf(soonest), Accepted: summariesOf(accepted)}
	for _, st := range ListedStates.Values() {
		n := 0
		for _, c := range counts {
			if c.State == st {
				n = c.Count
			}
		}
		v.Counts = append(v.Counts, StateCount{State: st, N: n})
	}
	return v, nil
}

// summariesOf are the list summaries of ps.
func summariesOf(ps []*ent.Problem) []ProblemSummary {
	out := make([]ProblemSummary, len(ps))
	for i, p := range ps {
		out[i] = SummaryOf(p)
	}
	return out
}
