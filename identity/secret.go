package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
)

// TokenPrefix starts every bearer token, so a leaked one is recognisable.
const TokenPrefix = "tdb_"

// sessionPrefix starts every session token.
const sessionPrefix = "tdbs_"

// NewSecret returns a fresh random secret (256 bits) after prefix.
func NewSecret(prefix string) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("token: %w", err)
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b), nil
}

// Digest is what the database holds of a secret: its SHA-256, in hex. A
// secret is seen once, when it is made; afterwards it is found by digest.
func Digest(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}
