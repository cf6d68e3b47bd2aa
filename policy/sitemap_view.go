package policy

import (
	"context"
	"fmt"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/problem"
)

// SitemapEntry is a public problem page a sitemap lists, with when it last changed.
type SitemapEntry struct {
	ID        string
	Number    int
	UpdatedAt time.Time
}

// SitemapPage returns up to limit public problems (merged ones lead elsewhere and are left
// out) numbered after after, by number: a sitemap reads them batch by batch, each starting after
// the last number of the one before.
func (s *Service) SitemapPage(ctx context.Context, after, limit int) ([]SitemapEntry, error) {
	ps, err := s.client.Problem.Query().Where(Listed(), problem.StateNEQ(problem.StateMERGED), problem.NumberGT(after)).
		Order(ent.Asc(problem.FieldNumber)).Limit(limit).
		Select(problem.FieldID, problem.FieldNumber, problem.FieldUpdatedAt).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("sitemap: %w", err)
	}
	out := make([]SitemapEntry, len(ps))
	for i, p := range ps {
		out[i] = SitemapEntry{ID: p.ID, Number: p.Number, UpdatedAt: p.UpdatedAt}
	}
	return out, nil
}

// SitemapLastNumber is the highest number any problem has, 0 when there is none: a sitemap
// index divides the numbers up to it into files.
func (s *Service) SitemapLastNumber(ctx context.Context) (int, error) {
	ns, err := s.client.Problem.Query().Order(ent.Desc(problem.FieldNumber)).Limit(1).Select(problem.FieldNumber).Ints(ctx)
	if err != nil {
		return 0, fmt.Errorf("sitemap: %w", err)
	}
	if len(ns) == 0 {
		return 0, nil
	}
	return ns[0], nil
}
