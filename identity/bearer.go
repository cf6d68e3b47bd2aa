package identity

import (
	"context"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/token"
)

// Authenticate returns the account a bearer token belongs to, if the token
// was issued and is not revoked.
func (s *Service) Authenticate(ctx context.Context, bearer string) (*ent.Account, error) {
	if !strings.HasPrefix(bearer, TokenPrefix) {
		return nil, ErrUnauthenticated
	}
	tk, err := s.client.Token.Query().
		Where(token.Digest(Digest(bearer)), token.RevokedAtIsNil()).WithAccount().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrUnauthenticated
	}
	if err != nil {
		return nil, fmt.Errorf("authenticate: %w", err)
	}
	return tk.Edges.Account, nil
}
