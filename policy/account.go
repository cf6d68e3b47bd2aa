package policy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/ent/token"
	"github.com/theoremdb/theoremdb/role"
)

// TokenPrefix starts every bearer token, so a leaked one is recognisable.
const TokenPrefix = "tdb_"

// CreateAccount makes an account with the given roles. Every account is a
// member; more roles are added to that.
func (s *Service) CreateAccount(ctx context.Context, handle, displayName string, roles []role.Role) (*ent.Account, error) {
	handle = strings.ToLower(strings.TrimSpace(handle))
	var v validator
	if !schema.HandlePattern.MatchString(handle) {
		v.add(CodeInvalid, "a handle is 2 to 32 characters: lower-case letters, digits, _ and -, starting with a letter or digit", "handle")
	}
	v.text(displayName, false, 100, "displayName")
	if err := v.err(); err != nil {
		return nil, err
	}
	all := []role.Role{role.Member}
	for _, r := range roles {
		if !role.Has(all, r) {
			all = append(all, r)
		}
	}
	var a *ent.Account
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		exists, err := t.Account.Query().Where(account.Handle(handle)).Exist(ctx)
		if err != nil {
			return err
		}
		if exists {
			return refuse(CodeConflict, fmt.Sprintf("the handle %q is taken", handle), "handle")
		}
		a, err = t.Account.Create().SetHandle(handle).SetDisplayName(strings.TrimSpace(displayName)).
			SetRoles(all).SetCreatedAt(s.Now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("create account: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityOperator,
			kind: KindAccountCreated, subject: a.ID, payload: map[string]any{"handle": handle, "roles": all}})
		return err
	})
	if ent.IsConstraintError(err) {
		return nil, refuse(CodeConflict, fmt.Sprintf("the handle %q is taken", handle), "handle")
	}
	if err != nil {
		return nil, err
	}
	return s.client.Account.Get(ctx, a.ID)
}

// AccountByHandle finds an account.
func (s *Service) AccountByHandle(ctx context.Context, handle string) (*ent.Account, error) {
	a, err := s.client.Account.Query().Where(account.Handle(strings.ToLower(strings.TrimSpace(handle)))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fmt.Errorf("account @%s: %w", handle, ErrNotFound)
	}
	return a, err
}

// CreateToken makes a bearer token for an account and returns it. Only its
// digest is stored, so this is the one time it can be seen.
func (s *Service) CreateToken(ctx context.Context, a *ent.Account, label string) (string, error) {
	tok, err := randomToken(TokenPrefix)
	if err != nil {
		return "", err
	}
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		tk, err := t.Token.Create().SetAccountID(a.ID).SetDigest(tokenDigest(tok)).SetLabel(label).
			SetCreatedAt(s.Now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("create token: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: SystemActor, authority: AuthorityOperator,
			kind: KindTokenCreated, subject: a.ID, payload: map[string]any{"token": tk.ID, "label": label}})
		return err
	})
	if err != nil {
		return "", err
	}
	return tok, nil
}

// Authenticate returns the account a bearer token belongs to.
func (s *Service) Authenticate(ctx context.Context, bearer string) (*ent.Account, error) {
	if !strings.HasPrefix(bearer, TokenPrefix) {
		return nil, ErrUnauthenticated
	}
	tk, err := s.client.Token.Query().
		Where(token.Digest(tokenDigest(bearer)), token.RevokedAtIsNil()).WithAccount().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrUnauthenticated
	}
	if err != nil {
		return nil, fmt.Errorf("authenticate: %w", err)
	}
	return tk.Edges.Account, nil
}

func tokenDigest(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}
