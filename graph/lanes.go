package graph

import (
	"time"

	"github.com/theoremdb/theoremdb/policy"
)

// knownRate is v, or null when the share has nothing under it.
func knownRate(s *policy.Share, v float64) *float64 {
	if !s.Known() {
		return nil
	}
	return &v
}

// periodEnd writes a Date argument as the report's period reads it: a plain date as a date
// (an end date is then included whole), a time as RFC 3339.
func periodEnd(t *time.Time) string {
	switch {
	case t == nil:
		return ""
	case t.Equal(t.Truncate(24 * time.Hour)):
		return t.UTC().Format(time.DateOnly)
	default:
		return t.UTC().Format(time.RFC3339)
	}
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
