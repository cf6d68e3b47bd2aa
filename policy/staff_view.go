package policy

import (
	"context"
	"slices"
	"time"

	"github.com/theoremdb/theoremdb/ent"
)

// StaffQueueView is the staff console: the problems held for staff, the batch stops the
// sampler proposed, and the batches stopped now.
type StaffQueueView struct {
	Held      []HeldItem
	Proposals []StopProposal
	Stops     []BatchStopView // the oldest stop first
}

// BatchStopView is a batch stopped now.
type BatchStopView struct {
	ID, Source, Reason string
	StoppedAt          time.Time
}

// StaffConsole reads the staff console for actor, with at most limit held problems.
func (s *Service) StaffConsole(ctx context.Context, actor *ent.Account, limit int) (*StaffQueueView, error) {
	held, err := s.StaffQueue(ctx, actor, limit)
	if err != nil {
		return nil, err
	}
	proposals, err := s.StopProposals(ctx)
	if err != nil {
		return nil, err
	}
	open, err := s.OpenStops(ctx)
	if err != nil {
		return nil, err
	}
	v := &StaffQueueView{Held: held, Proposals: proposals, Stops: make([]BatchStopView, 0, len(open))}
	for _, b := range open {
		v.Stops = append(v.Stops, BatchStopView{ID: b.ID, Source: b.Source, Reason: b.Reason, StoppedAt: b.StoppedAt})
	}
	slices.SortFunc(v.Stops, func(a, b BatchStopView) int { return a.StoppedAt.Compare(b.StoppedAt) })
	return v, nil
}
