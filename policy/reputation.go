package policy

import (
	"context"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
)

// Reputation is an account's standing derived from its ledger.
type Reputation struct {
	// Balance is the points available to stake.
	Balance int
	// Escrowed is the points held on problems in their challenge period.
	Escrowed int
	// Granted reports whether the first-submission grant was made.
	Granted bool
	Entries []*ent.ReputationEntry
}

// LedgerLine is one entry of a reputation ledger as the account page
// shows it.
type LedgerLine struct {
	At        time.Time
	Kind      string
	Amount    int
	ProblemID string // empty for the grant
}

// Ledger is the reputation's entries as plain lines, newest first.
func (r *Reputation) Ledger() []LedgerLine {
	out := make([]LedgerLine, len(r.Entries))
	for i, e := range r.Entries {
		out[i] = LedgerLine{At: e.At, Kind: string(e.Kind), Amount: e.Amount, ProblemID: deref(e.ProblemID)}
	}
	return out
}

// Reputation returns the ledger of an account, newest first, with the
// balance and escrow it implies.
func (s *Service) Reputation(ctx context.Context, accountID string) (*Reputation, error) {
	return reputationOf(ctx, s.client, accountID)
}

func reputationOf(ctx context.Context, c *ent.Client, accountID string) (*Reputation, error) {
	m, err := ReputationOf(ctx, c, []string{accountID})
	if err != nil {
		return nil, err
	}
	return m[accountID], nil
}

// Tally derives balance and escrow from ledger entries: a grant adds to the
// balance, an escrow moves a point from balance to escrow, a return moves
// it back, a forfeit removes it from escrow.
func Tally(entries []*ent.ReputationEntry) *Reputation {
	r := &Reputation{Entries: entries}
	for _, e := range entries {
		switch e.Kind {
		case reputationentry.KindGRANT:
			r.Balance += e.Amount
			r.Granted = true
		case reputationentry.KindESCROW:
			r.Balance -= e.Amount
			r.Escrowed += e.Amount
		case reputationentry.KindRETURN:
			r.Balance += e.Amount
			r.Escrowed -= e.Amount
		case reputationentry.KindFORFEIT:
			r.Escrowed -= e.Amount
		}
	}
	return r
}
