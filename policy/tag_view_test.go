package policy_test

import (
	"context"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
)

// TestTagNamesFollowEvents: the tag names the list page's filter reads are kept between events
// and read again after one, so a tag a new submission brings is offered at once.
func TestTagNamesFollowEvents(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		submit := func(tag string) {
			in := validInput()
			in.Tags = []string{tag}
			if _, err := f.svc.Submit(ctx, f.member, in); err != nil {
				t.Fatal(err)
			}
		}
		submit("number theory")
		first, err := f.svc.TagNames(ctx)
		if err != nil || !slices.Contains(first, "number theory") {
			t.Fatalf("TagNames = %v, %v", first, err)
		}
		again, _ := f.svc.TagNames(ctx)
		if !slices.Equal(first, again) {
			t.Errorf("TagNames twice without an event: %v, then %v", first, again)
		}
		submit("unit fractions")
		after, err := f.svc.TagNames(ctx)
		if err != nil || !slices.Contains(after, "unit fractions") || !slices.Contains(after, "number theory") {
			t.Errorf("TagNames after a submission with a new tag = %v, %v", after, err)
		}
	})
}
