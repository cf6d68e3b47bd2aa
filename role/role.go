// Package role names the roles an account can hold. What each role may do is
// decided in policy/; this package only names them and parses them.
package role

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Role is one account role. Stored and shown upper case.
type Role string

// Roles.
const (
	Member    Role = "MEMBER"
	Reviewer  Role = "REVIEWER"
	Moderator Role = "MODERATOR"
	Operator  Role = "OPERATOR"
	Agent     Role = "AGENT"
	// Auditor reads the month's blind audit samples of the corpus and
	// records their outcomes (POLICY.md section 5).
	Auditor Role = "AUDITOR"
)

// All lists every role.
var All = []Role{Member, Reviewer, Moderator, Operator, Agent, Auditor}

// Parse reads a role name in any case ("reviewer" or "REVIEWER").
func Parse(s string) (Role, error) {
	r := Role(strings.ToUpper(strings.TrimSpace(s)))
	if !slices.Contains(All, r) {
		return "", fmt.Errorf("unknown role %q (want one of member, reviewer, moderator, operator, agent, auditor)", s)
	}
	return r, nil
}

// MarshalGQL writes the role as a GraphQL enum value.
func (r Role) MarshalGQL(w io.Writer) { _, _ = io.WriteString(w, strconv.Quote(string(r))) }

// UnmarshalGQL reads a GraphQL enum value.
func (r *Role) UnmarshalGQL(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("role must be a string, got %T", v)
	}
	p, err := Parse(s)
	if err != nil {
		return err
	}
	*r = p
	return nil
}

// Has reports whether roles holds r.
func Has(roles []Role, r Role) bool { return slices.Contains(roles, r) }
