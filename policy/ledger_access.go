package policy

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reputationentry"
)

// CanReadLedger reports whether viewer may read the reputation of the account accountID: its
// balance, escrow and ledger are the account's own business and the staff's, never public.
func CanReadLedger(viewer *ent.Account, accountID string) bool {
	return viewer != nil && (viewer.ID == accountID || CanStaff(viewer))
}

// LedgerOwner is the account a reputation entry belongs to, read from the database.
func LedgerOwner(ctx context.Context, c *ent.Client, entryID string) (string, error) {
	id, err := c.ReputationEntry.Query().Where(reputationentry.ID(entryID)).Select(reputationentry.FieldAccountID).String(ctx)
	if err != nil {
		return "", fmt.Errorf("the account of reputation entry %s: %w", entryID, err)
	}
	return id, nil
}
