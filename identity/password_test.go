package identity_test

import (
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/identity"
)

func TestCheckPassword(t *testing.T) {
	h, err := identity.HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$") {
		t.Errorf("HashPassword = %q; want an encoded argon2id hash", h)
	}
	for _, tt := range []struct {
		name, encoded, pw string
		want              bool
	}{
		{"right", h, "correct horse battery", true},
		{"wrong", h, "correct horse battery!", false},
		{"empty", h, "", false},
		{"not a hash", "plain", "plain", false},
		{"bad parameters", strings.Replace(h, "m=65536", "m=x", 1), "correct horse battery", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := identity.CheckPassword(tt.encoded, tt.pw); got != tt.want {
				t.Errorf("CheckPassword(%q) = %v; want %v", tt.pw, got, tt.want)
			}
		})
	}
}

func TestSecret(t *testing.T) {
	a, err := identity.NewSecret(identity.TokenPrefix)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := identity.NewSecret(identity.TokenPrefix)
	if !strings.HasPrefix(a, identity.TokenPrefix) || a == b {
		t.Errorf("NewSecret = %q, %q; want two different secrets after %q", a, b, identity.TokenPrefix)
	}
	if d := identity.Digest(a); len(d) != 64 || d == a || d != identity.Digest(a) {
		t.Errorf("Digest(%q) = %q; want a stable 64-digit hex digest", a, d)
	}
}
