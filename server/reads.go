package server

import (
	"context"
	"time"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/viewer"
)

// reads are the views the pages compose, each read in policy/ as a flat struct with no
// generated type in it; *policy.Service satisfies it. The site holds no database client: what
// a page shows, it reads here or from the policy's other views.
type reads interface {
	// ProblemID is the permanent ID of the problem a reference (ID in any case, or any slug
	// it ever had) names.
	ProblemID(ctx context.Context, ref string) (string, error)
	// ViewProblem is a problem's packet for a viewer; a removed problem's is its tombstone (Withheld),
	// with no title, slug or content.
	ViewProblem(ctx context.Context, a *viewer.Account, ref string, events int) (*policy.ProblemView, error)
	Home(ctx context.Context) (*policy.HomeView, error)
	// CatalogueStatus is how many sources wait for a catalogue this server could not reach,
	// said once for the site on /about#sources.
	CatalogueStatus(ctx context.Context) (policy.CatalogueStatus, error)
	TagNames(ctx context.Context) ([]string, error)
	TagCounts(ctx context.Context) ([]policy.TagCount, error)
	FeedNew(ctx context.Context, limit int) ([]policy.FeedEntry, error)
	FeedAccepted(ctx context.Context, limit int) ([]policy.FeedEntry, error)
	FeedClosing(ctx context.Context, within time.Duration, limit int) ([]policy.FeedEntry, error)
	FeedTag(ctx context.Context, name string, limit int) ([]policy.FeedEntry, error)
	ProblemFeed(ctx context.Context, ref string, limit int) (*policy.ProblemFeedView, error)
	SitemapPage(ctx context.Context, after, limit int) ([]policy.SitemapEntry, error)
	SitemapLastNumber(ctx context.Context) (int, error)
	StaffConsole(ctx context.Context, a *viewer.Account, limit int) (*policy.StaffQueueView, error)
	ViewLanes(ctx context.Context, a *viewer.Account) (*policy.LanesView, error)
	// SecondReviewOf is a selected qualify decision as its second review reads it.
	SecondReviewOf(ctx context.Context, a *viewer.Account, problemID, decisionID string) (*policy.SecondReviewView, error)
}

var _ reads = (*policy.Service)(nil)
