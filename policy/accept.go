package policy

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/hold"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
)

// AcceptElapsed accepts a problem whose challenge window has elapsed with
// no archive or merge, on the authority challenge_window_elapsed; it claims
// nothing about the gates. It is idempotent and safe to run from any number
// of workers at once: the conditional update lets exactly one of them
// change the state, and only that one returns the stake and writes the
// event. A problem held for staff is not accepted: its default acceptance
// waits for the staff decision. It reports whether this call accepted the
// problem.
func (s *Service) AcceptElapsed(ctx context.Context, problemID string) (bool, error) {
	accepted := false
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		now := s.Now()
		n, err := t.Problem.Update().
			Where(problem.ID(problemID), problem.StateEQ(problem.StatePROSPECTING), problem.DeadlineLTE(now),
				problem.Not(problem.HasHoldsWith(hold.ReleasedAtIsNil()))).
			SetState(problem.StateACCEPTED).SetAcceptedAt(now).
			SetAcceptanceAuthority(problem.AcceptanceAuthorityCHALLENGE_WINDOW_ELAPSED).SetUpdatedAt(now).
			Save(ctx)
		if err != nil {
			return fmt.Errorf("accept %s: %w", problemID, err)
		}
		if n == 0 {
			return nil // already decided, not yet due, or held for staff
		}
		p, err := t.Problem.Get(ctx, problemID)
		if err != nil {
			return err
		}
		payload := map[string]any{"deadline": p.Deadline, "state": p.State, "policyVersion": Version}
		if p.StakeState != nil {
			if err := t.settleStake(ctx, p, reputationentry.KindRETURN, now); err != nil {
				return err
			}
			payload["stake"] = reputationentry.KindRETURN
		}
		if _, err := t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityChallengeWindowElapsed,
			kind: KindProblemAccepted, subject: p.ID, payload: payload}); err != nil {
			return err
		}
		accepted = true
		return nil
	})
	return accepted, err
}

// AcceptOverdue accepts every problem whose deadline has passed; it is the
// sweep that catches a deadline job that was lost. It returns how many it
// accepted.
func (s *Service) AcceptOverdue(ctx context.Context) (int, error) {
	ids, err := s.client.Problem.Query().
		Where(problem.StateEQ(problem.StatePROSPECTING), problem.DeadlineLTE(s.Now()),
			problem.Not(problem.HasHoldsWith(hold.ReleasedAtIsNil()))).
		Order(ent.Asc(problem.FieldDeadline)).IDs(ctx)
	if err != nil {
		return 0, fmt.Errorf("overdue problems: %w", err)
	}
	n := 0
	for _, id := range ids {
		ok, err := s.AcceptElapsed(ctx, id)
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// settleStake ends the escrow of a staked problem: a return on acceptance,
// a forfeit on archive, merge or removal in the challenge period.
func (t *tx) settleStake(ctx context.Context, p *ent.Problem, kind reputationentry.Kind, now time.Time) error {
	state := problem.StakeStateRETURNED
	if kind == reputationentry.KindFORFEIT {
		state = problem.StakeStateFORFEITED
	}
	if err := t.Problem.UpdateOneID(p.ID).SetStakeState(state).Exec(ctx); err != nil {
		return fmt.Errorf("stake of %s: %w", p.ID, err)
	}
	if err := t.ReputationEntry.Create().SetAccountID(p.ProposerID).SetProblemID(p.ID).SetKind(kind).
		SetAmount(Stake).SetAt(now).Exec(ctx); err != nil {
		return fmt.Errorf("stake %s of %s: %w", strings.ToLower(string(kind)), p.ID, err)
	}
	return nil
}
