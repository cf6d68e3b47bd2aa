package policy

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/heroasset"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/heroart"
)

// Bespoke hero art (review policy v5, hero visual): "a bespoke asset reaches a public surface
// only after a registered SVG/WebP pair passes review for the problem slug". The proposer (or a
// reviewer preparing a qualification) registers a pair with what it depicts and its rights
// basis; a reviewer who is neither the registrant nor the proposer passes or fails it with a
// note. The problem page shows the newest passed pair registered for the problem's current slug
// when the current revision asks for bespoke art, and the neutral generated figure otherwise.

// Event kinds of hero art.
const (
	KindHeroRegistered = "problem.hero.registered"
	KindHeroReviewed   = "problem.hero.reviewed"
)

// The bounds of the words of a pair.
const (
	HeroWordsMin = 10 // characters of what it depicts, its rights basis and a review's note
	HeroNoteMax  = 2000
)

// HeroArtStates are the states of a registered pair.
var HeroArtStates = Vocabulary{
	{string(heroasset.StateREGISTERED), "Waiting for a reviewer's check", "Registered; shown to reviewers, the proposer and its registrant only."},
	{string(heroasset.StatePASSED), "Passed", "A reviewer checked it: the problem page shows it while its revision asks for bespoke art."},
	{string(heroasset.StateFAILED), "Failed", "A reviewer did not pass it: the page keeps the neutral figure."},
}

// HeroArtInput is a pair to register for a problem.
type HeroArtInput struct {
	Problem     string // an ID or slug
	SVG, WebP   []byte
	Depicts     string
	RightsBasis string
}

// HeroArtView is a registered pair as pages and the API show it, without its files.
type HeroArtView struct {
	ID, ProblemID, Slug string
	State               string
	Width, Height       int
	Title               string // the SVG's own <title>
	Depicts             string
	RightsBasis         string
	RegisteredBy        string // "@handle"
	RegisteredAt        time.Time
	ReviewedBy          string // "@handle", empty until reviewed
	ReviewedAt          *time.Time
	ReviewNote          string
}

// Passed says the pair passed its review.
func (v HeroArtView) Passed() bool { return v.State == string(heroasset.StatePASSED) }

// mayRegisterHero: the proposer, or a reviewer or operator preparing a qualification; never an
// agent under another role, and nobody on a removed or archived problem.
func mayRegisterHero(a *ent.Account, p *ent.Problem) bool {
	return a != nil && (p.ProposerID == a.ID || CanReview(a))
}

// seesEveryPair says a may see every pair of p, checked or not: reviewers and the proposer.
// Anyone else sees the passed pairs, and those they registered themselves.
func seesEveryPair(a *ent.Account, p *ent.Problem) bool {
	return CanReview(a) || (a != nil && a.ID == p.ProposerID)
}

func heroWords(v *validator, s string, max int, what string, field string) string {
	s = strings.TrimSpace(s)
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
		v.add(CodeRequired, "say "+what, field)
	case n < HeroWordsMin:
		v.add(CodeInvalid, fmt.Sprintf("say %s in at least %d characters", what, HeroWordsMin), field)
	case n > max:
		v.add(CodeTooLong, fmt.Sprintf("is at most %d characters", max), field)
	}
	return s
}

// RegisterHeroArt registers a pair of bespoke hero art for a problem, checked whole: the SVG
// against the drawing allow-list, the WebP decoded. It is shown nowhere public until a
// reviewer passes it.
func (s *Service) RegisterHeroArt(ctx context.Context, actor *ent.Account, in HeroArtInput) (HeroArtView, error) {
	if actor == nil {
		return HeroArtView{}, ErrUnauthenticated
	}
	var v validator
	depicts := heroWords(&v, in.Depicts, MaxHeroPart, "what the picture depicts", "depicts")
	rights := heroWords(&v, in.RightsBasis, MaxProvenancePart, "the rights basis of the art", "rightsBasis")
	title, err := heroart.CheckSVG(in.SVG)
	var bad *heroart.Problem
	if errors.As(err, &bad) {
		v.add(CodeInvalid, bad.Reason, "svg")
	}
	size, err := heroart.CheckWebP(in.WebP)
	if errors.As(err, &bad) {
		v.add(CodeInvalid, bad.Reason, "webp")
	}
	if err := v.err(); err != nil {
		return HeroArtView{}, err
	}
	var id string
	err = s.inTx(ctx, func(ctx context.Context, t *tx) error {
		p, err := t.problemForHero(ctx, in.Problem)
		if err != nil {
			return err
		}
		if !mayRegisterHero(actor, p) {
			return fmt.Errorf("only the proposer or a reviewer registers hero art for a problem: %w", ErrForbidden)
		}
		a, err := t.HeroAsset.Create().SetProblemID(p.ID).SetSlug(p.Slug).SetSvg(string(in.SVG)).SetWebp(in.WebP).
			SetWidth(size.Width).SetHeight(size.Height).SetDepicts(depicts).SetRightsBasis(rights).
			SetRegisteredByID(actor.ID).SetCreatedAt(t.s.Now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("hero art: %w", err)
		}
		id = a.ID
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOf(actor), kind: KindHeroRegistered,
			subject: p.ID, payload: map[string]any{"asset": a.ID, "slug": p.Slug, "depicts": depicts, "rightsBasis": rights,
				"title": title, "width": size.Width, "height": size.Height}})
		return err
	})
	if err != nil {
		return HeroArtView{}, err
	}
	return s.heroArtView(ctx, id)
}

// problemForHero is the problem a pair is registered or reviewed for, refused when its page
// shows no hero: removed, or archived.
func (t *tx) problemForHero(ctx context.Context, ref string) (*ent.Problem, error) {
	id, err := ResolveProblemID(ctx, t.Client, strings.TrimSpace(ref))
	if errors.Is(err, ErrNotFound) {
		return nil, refuse(CodeNotFound, "no such problem", "problem")
	}
	if err != nil {
		return nil, err
	}
	p, err := t.Problem.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	switch p.State {
	case problem.StateREMOVED:
		return nil, refuse(CodeInvalid, "the problem was removed by moderation; it shows no hero", "problem")
	case problem.StateARCHIVED, problem.StateMERGED:
		return nil, refuse(CodeInvalid, "the problem is "+strings.ToLower(string(p.State))+"; its page shows no hero", "problem")
	}
	return p, nil
}

// ReviewHeroArt records a reviewer's check of a registered pair: pass shows it on the problem
// page, fail keeps the neutral figure. The note says what was checked: that the picture depicts
// the object of the statement, states no result, and that the rights basis holds.
func (s *Service) ReviewHeroArt(ctx context.Context, actor *ent.Account, assetID string, pass bool, note string) (HeroArtView, error) {
	if !CanReview(actor) {
		return HeroArtView{}, fmt.Errorf("checking hero art needs the reviewer role: %w", ErrForbidden)
	}
	var v validator
	note = heroWords(&v, note, HeroNoteMax, "what you checked", "note")
	if err := v.err(); err != nil {
		return HeroArtView{}, err
	}
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		a, err := t.HeroAsset.Query().Where(heroasset.ID(strings.TrimSpace(assetID))).Only(ctx)
		if ent.IsNotFound(err) {
			return refuse(CodeNotFound, "no such hero art", "asset")
		}
		if err != nil {
			return err
		}
		p, err := t.problemForHero(ctx, a.ProblemID)
		if err != nil {
			return err
		}
		if p.ProposerID == actor.ID || a.RegisteredByID == actor.ID {
			return refuse(CodeSelfReview, "you proposed this problem or registered this art; another reviewer checks it", "asset")
		}
		if a.State != heroasset.StateREGISTERED {
			return refuse(CodeConflict, "this pair was checked already ("+strings.ToLower(string(a.State))+"); register a new pair to change the art", "asset")
		}
		if a.Slug != p.Slug {
			return refuse(CodeConflict, "the pair was registered for the slug "+a.Slug+"; the problem is now "+p.Slug+": register it again", "asset")
		}
		state := heroasset.StateFAILED
		if pass {
			state = heroasset.StatePASSED
		}
		now := t.s.Now()
		if err := t.HeroAsset.UpdateOne(a).SetState(state).SetReviewedByID(actor.ID).SetReviewedAt(now).
			SetReviewNote(note).Exec(ctx); err != nil {
			return fmt.Errorf("hero art: %w", err)
		}
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOf(actor), kind: KindHeroReviewed,
			subject: p.ID, payload: map[string]any{"asset": a.ID, "slug": a.Slug, "state": string(state), "note": note}})
		return err
	})
	if err != nil {
		return HeroArtView{}, err
	}
	return s.heroArtView(ctx, assetID)
}

// heroColumns are what a view reads: everything but the files.
var heroColumns = []string{heroasset.FieldID, heroasset.FieldProblemID, heroasset.FieldSlug, heroasset.FieldState,
	heroasset.FieldWidth, heroasset.FieldHeight, heroasset.FieldDepicts, heroasset.FieldRightsBasis,
	heroasset.FieldRegisteredByID, heroasset.FieldCreatedAt, heroasset.FieldReviewedByID, heroasset.FieldReviewedAt,
	heroasset.FieldReviewNote}

func (s *Service) heroArtView(ctx context.Context, id string) (HeroArtView, error) {
	as, err := s.client.HeroAsset.Query().Where(heroasset.ID(id)).Select(heroColumns...).All(ctx)
	if err != nil {
		return HeroArtView{}, fmt.Errorf("hero art: %w", err)
	}
	if len(as) == 0 {
		return HeroArtView{}, ErrNotFound
	}
	vs, err := s.heroArtViews(ctx, as)
	if err != nil {
		return HeroArtView{}, err
	}
	return vs[0], nil
}

func (s *Service) heroArtViews(ctx context.Context, as []*ent.HeroAsset) ([]HeroArtView, error) {
	var ids []string
	for _, a := range as {
		ids = append(ids, a.RegisteredByID)
		if a.ReviewedByID != nil {
			ids = append(ids, *a.ReviewedByID)
		}
	}
	handles, err := s.handlesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]HeroArtView, len(as))
	for i, a := range as {
		out[i] = heroArtViewOf(a, handles)
	}
	return out, nil
}

// heroArtViewOf is a's view, with the handles ("@handle") of its registrant and reviewer.
func heroArtViewOf(a *ent.HeroAsset, handles map[string]string) HeroArtView {
	v := HeroArtView{ID: a.ID, ProblemID: a.ProblemID, Slug: a.Slug, State: string(a.State), Width: a.Width,
		Height: a.Height, Depicts: a.Depicts, RightsBasis: a.RightsBasis, RegisteredBy: handles[a.RegisteredByID],
		RegisteredAt: a.CreatedAt, ReviewedAt: a.ReviewedAt, ReviewNote: a.ReviewNote}
	if a.ReviewedByID != nil {
		v.ReviewedBy = handles[*a.ReviewedByID]
	}
	return v
}

// HeroArtOfPacket is the bespoke art the page of the problem ref names shows, or nil for the
// neutral figure (Packet.HeroArt), read from its packet.
func (s *Service) HeroArtOfPacket(ctx context.Context, ref string) (*HeroArtView, error) {
	pk, err := s.ProblemPacket(ctx, ref)
	if err != nil {
		return nil, err
	}
	return pk.HeroArt, nil
}

// heroArtShown says whether a problem in state whose current revision asks for bespoke art
// (bespoke) shows a passed pair: never a removed, archived or merged one.
func heroArtShown(state string, bespoke bool) bool {
	return bespoke && !StateWithheld(state) && state != string(problem.StateARCHIVED) && state != string(problem.StateMERGED)
}

// shownHeroSQL is the pair a problem p's page may show, as the packet statement reads it: the
// newest passed pair registered for its current slug (whether the page shows it is
// heroArtShown's to say).
const shownHeroSQL = "(SELECT * FROM hero_assets WHERE problem_id = p.id AND slug = p.slug AND state = 'PASSED'" +
	" ORDER BY reviewed_at DESC, id DESC LIMIT 1) ha"

// SVGPath and WebPPath are where the pair's files are served.
func (v HeroArtView) SVGPath() string { return "/p/" + v.ProblemID + "/art/" + v.ID + ".svg" }

// WebPPath is where the pair's WebP rendering is served.
func (v HeroArtView) WebPPath() string { return "/p/" + v.ProblemID + "/art/" + v.ID + ".webp" }

// HeroArtPage is a problem's bespoke art as its art page shows it to one viewer.
type HeroArtPage struct {
	ProblemID, Slug, Title string
	// Bespoke says the current revision asks for bespoke art (the proposer's request); without
	// it a passed pair is kept but not shown.
	Bespoke bool
	// Pairs are the pairs the viewer may see, newest first: the passed ones for everyone; the
	// others only for reviewers, the proposer and their registrant, since a pair nobody has
	// checked reaches no public surface.
	Pairs []HeroArtView
	// CanRegister and CanReview are what the viewer may do here.
	CanRegister, CanReview bool
}

// HeroArtOfProblem is the art page of the problem ref names, for viewer. A removed problem's is
// ErrNotFound: its content, art included, is withheld.
func (s *Service) HeroArtOfProblem(ctx context.Context, viewer *ent.Account, ref string) (*HeroArtPage, error) {
	id, err := ResolveProblemID(ctx, s.client, ref)
	if err != nil {
		return nil, err
	}
	p, err := s.client.Problem.Query().Where(problem.ID(id)).WithCurrentRevision().Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("hero art: %w", err)
	}
	if ContentWithheld(p) {
		return nil, ErrNotFound
	}
	shown := p.State != problem.StateARCHIVED && p.State != problem.StateMERGED
	out := &HeroArtPage{ProblemID: p.ID, Slug: p.Slug, Title: p.Title,
		Bespoke:     p.Edges.CurrentRevision != nil && p.Edges.CurrentRevision.HeroBespoke,
		CanRegister: shown && mayRegisterHero(viewer, p), CanReview: shown && CanReview(viewer)}
	q := s.client.HeroAsset.Query().Where(heroasset.ProblemID(p.ID))
	switch {
	case seesEveryPair(viewer, p):
	case viewer == nil:
		q = q.Where(heroasset.StateEQ(heroasset.StatePASSED))
	default:
		q = q.Where(heroasset.Or(heroasset.StateEQ(heroasset.StatePASSED), heroasset.RegisteredByID(viewer.ID)))
	}
	as, err := q.Order(ent.Desc(heroasset.FieldCreatedAt), ent.Desc(heroasset.FieldID)).Select(heroColumns...).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("hero art: %w", err)
	}
	if out.Pairs, err = s.heroArtViews(ctx, as); err != nil {
		return nil, err
	}
	return out, nil
}

// HeroArtBytes is one file of a pair as it is sent.
type HeroArtBytes struct {
	Body        []byte
	ContentType string
	// Public says the pair passed: the same bytes for everyone, for good.
	Public bool
}

// HeroArtFile is one file ("svg" or "webp") of a pair of the problem ref names, for a viewer who
// may see the pair (HeroArtOfProblem's rule); ErrNotFound otherwise, so that an unchecked pair's
// existence is not told to strangers.
func (s *Service) HeroArtFile(ctx context.Context, viewer *ent.Account, ref, assetID, kind string) (HeroArtBytes, error) {
	pid, err := ResolveProblemID(ctx, s.client, ref)
	if err != nil {
		return HeroArtBytes{}, err
	}
	a, err := s.client.HeroAsset.Query().Where(heroasset.ID(assetID), heroasset.ProblemID(pid)).Only(ctx)
	if ent.IsNotFound(err) {
		return HeroArtBytes{}, ErrNotFound
	}
	if err != nil {
		return HeroArtBytes{}, fmt.Errorf("hero art: %w", err)
	}
	p, err := s.client.Problem.Get(ctx, a.ProblemID)
	if err != nil {
		return HeroArtBytes{}, fmt.Errorf("hero art: %w", err)
	}
	passed := a.State == heroasset.StatePASSED
	visible := passed || seesEveryPair(viewer, p) || (viewer != nil && viewer.ID == a.RegisteredByID)
	if !visible || ContentWithheld(p) {
		return HeroArtBytes{}, ErrNotFound
	}
	switch kind {
	case "svg":
		return HeroArtBytes{Body: []byte(a.Svg), ContentType: "image/svg+xml", Public: passed}, nil
	case "webp":
		return HeroArtBytes{Body: a.Webp, ContentType: "image/webp", Public: passed}, nil
	}
	return HeroArtBytes{}, ErrNotFound
}
