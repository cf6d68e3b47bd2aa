package policy

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/slug"
)

// ResolveProblemID turns a reference to a problem — its permanent ID in any
// case ("TDB-12", "tdb-12") or any slug it has ever had — into its ID. A
// reference no stored value could equal is not found on either database.
func ResolveProblemID(ctx context.Context, c *ent.Client, ref string) (string, error) {
	ref = strings.TrimSpace(ref)
	if !storable(ref) {
		return "", fmt.Errorf("no problem %q: %w", ref, ErrNotFound)
	}
	if up, ok := canonicalID(ref); ok {
		ok, err := c.Problem.Query().Where(problem.ID(up)).Exist(ctx)
		if err != nil {
			return "", fmt.Errorf("problem %s: %w", up, err)
		}
		if !ok {
			return "", fmt.Errorf("no problem %s: %w", up, ErrNotFound)
		}
		return up, nil
	}
	s, err := c.Slug.Query().Where(slug.Slug(strings.ToLower(ref))).Only(ctx)
	if ent.IsNotFound(err) {
		return "", fmt.Errorf("no problem %q: %w", ref, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("problem %q: %w", ref, err)
	}
	return s.ProblemID, nil
}

// Problem returns the problem a reference names.
func (s *Service) Problem(ctx context.Context, ref string) (*ent.Problem, error) {
	id, err := ResolveProblemID(ctx, s.client, ref)
	if err != nil {
		return nil, err
	}
	return s.client.Problem.Get(ctx, id)
}

// InChallenge lists up to limit problems in their challenge period, the
// nearest deadline first.
func (s *Service) InChallenge(ctx context.Context, limit int) ([]*ent.Problem, error) {
	return s.client.Problem.Query().Where(problem.StateEQ(problem.StatePROSPECTING), problem.DeadlineGT(s.Now())).
		Order(ent.Asc(problem.FieldDeadline)).Limit(limit).All(ctx)
}

// InChallengePeriod reports whether p is prospecting and before its
// deadline, by the service's clock.
func (s *Service) InChallengePeriod(p *ent.Problem) bool { return inChallengePeriod(p, s.Now()) }

// inChallengePeriod reports whether p is prospecting and before its
// deadline at now.
func inChallengePeriod(p *ent.Problem, now time.Time) bool {
	return p.State == problem.StatePROSPECTING && now.Before(p.Deadline)
}

// ProblemID turns a reference to a problem into its permanent ID (ResolveProblemID).
func (s *Service) ProblemID(ctx context.Context, ref string) (string, error) {
	return ResolveProblemID(ctx, s.client, ref)
}
