package gqldoc_test

import (
	"testing"

	"github.com/theoremdb/theoremdb/ent/gqldoc"
)

func TestFilter(t *testing.T) {
	t.Parallel()
	names := map[string]bool{"id": true, "title": true, "acceptedAt": true, "proposerID": true, "revisions": true, "proposer": true}
	has := func(n string) bool { return names[n] }
	for _, c := range []struct{ field, want string }{
		{"not", "Keeps the Problems that do not match this filter."},
		{"and", "Keeps the Problems that match every one of these filters."},
		{"or", "Keeps the Problems that match at least one of these filters."},
		{"title", "Keeps the Problems whose `title` equals the value."},
		{"titleNEQ", "Keeps the Problems whose `title` differs from the value."},
		{"titleNotIn", "Keeps the Problems whose `title` is none of the values."},
		{"titleIn", "Keeps the Problems whose `title` is one of the values."},
		{"titleContainsFold", "Keeps the Problems whose `title` contains the value, ignoring case."},
		{"titleContains", "Keeps the Problems whose `title` contains the value."},
		{"idGTE", "Keeps the Problems whose `id` is greater than or equal to the value."},
		{"acceptedAtIsNil", "Keeps the Problems whose `acceptedAt` is not set."},
		{"acceptedAtNotNil", "Keeps the Problems whose `acceptedAt` is set."},
		{"proposerIDHasPrefix", "Keeps the Problems whose `proposerID` starts with the value."},
		{"hasRevisions", "Keeps the Problems whose `revisions` is set (true) or empty (false)."},
		{"hasProposerWith", "Keeps the Problems with at least one `proposer` that matches every one of these filters."},
		// Names that are not a field or an edge, or a bare suffix, are not guessed at.
		{"colourIn", ""},
		{"In", ""},
		{"hasColour", ""},
		{"hasColourWith", ""},
	} {
		if got := gqldoc.Filter("Problem", has, c.field); got != c.want {
			t.Errorf("Filter(%q) = %q, want %q", c.field, got, c.want)
		}
	}
}
