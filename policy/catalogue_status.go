package policy

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/records"
)

// CatalogueStatus is what the site says once, for all its problems, about confirming their
// sources: how many references of public current revisions wait only because the record plane
// could not reach their catalogues from this server. Said once for the site, it spares every
// problem's page the operator's part: a page says only that its sources wait.
type CatalogueStatus struct {
	Unreached int // references left pending because no catalogue answered
	Problems  int // the problems those references belong to
	// At is when the figures were read; they are kept for catalogueStatusFor.
	At time.Time
}

// catalogueStatusFor is how long CatalogueStatus keeps its figures. Nothing in the event log says
// that a catalogue failed to answer (the reference stays pending, with no event), so the
// figures are kept for a time rather than until the next event.
const catalogueStatusFor = time.Minute

// catalogueStatusCache keeps the last CatalogueStatus read.
type catalogueStatusCache struct {
	mu   sync.Mutex
	last CatalogueStatus
}

// CatalogueStatus reads the site's CatalogueStatus, at most catalogueStatusFor old. Withheld problems
// and revisions no longer current are left out.
func (s *Service) CatalogueStatus(ctx context.Context) (CatalogueStatus, error) {
	now := s.Now()
	s.catalogues.mu.Lock()
	defer s.catalogues.mu.Unlock()
	if last := s.catalogues.last; !last.At.IsZero() && now.Sub(last.At) < catalogueStatusFor && !now.Before(last.At) {
		return last, nil
	}
	unreached := reference.And(reference.ConfirmationEQ(reference.ConfirmationPENDING),
		reference.ConfirmationReasonHasPrefix(records.ReasonUnreachable), reference.Rejected(false))
	public := Listed()
	refs, err := s.client.Reference.Query().
		Where(unreached, reference.HasRevisionWith(revision.HasCurrentOfWith(public))).Count(ctx)
	if err != nil {
		return CatalogueStatus{}, fmt.Errorf("source status: %w", err)
	}
	problems := 0
	if refs > 0 {
		if problems, err = s.client.Problem.Query().
			Where(public, problem.HasCurrentRevisionWith(revision.HasReferencesWith(unreached))).Count(ctx); err != nil {
			return CatalogueStatus{}, fmt.Errorf("source status: %w", err)
		}
	}
	s.catalogues.last = CatalogueStatus{Unreached: refs, Problems: problems, At: now}
	return s.catalogues.last, nil
}
