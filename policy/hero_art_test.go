package policy_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// heroSVG is a small drawing that passes the allow-list.
const heroSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><title>Four over n as three unit fractions</title>` +
	`<rect x="0" y="0" width="40" height="10" fill="#456"/><rect x="0" y="15" width="20" height="10" fill="#789"/></svg>`

func heroWebP(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../heroart/testdata/grid.webp")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHeroArt: a registered pair reaches no public surface until a reviewer other than its
// registrant and the proposer passes it; then the problem shows it while its revision asks for
// bespoke art, and each step is an event.
func TestHeroArt(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		bespoke := validInput()
		bespoke.Hero = packet.Hero{Bespoke: true, Brief: "The three unit fractions as bars.", RightsBasis: "Drawn for this page."}
		p, err := f.svc.Submit(ctx, f.member, bespoke)
		if err != nil {
			t.Fatal(err)
		}
		in := policy.HeroArtInput{Problem: p.Slug, SVG: []byte(heroSVG), WebP: heroWebP(t),
			Depicts: "Three bars of lengths 1/x, 1/y, 1/z beside one bar of length 4/n.", RightsBasis: "Drawn by the proposer for this page; CC BY 4.0."}

		// Refusals before anything is written.
		stranger := f.account(t, "sam")
		if _, err := f.svc.RegisterHeroArt(ctx, stranger, in); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("a stranger registers art: %v", err)
		}
		bad := in
		bad.SVG, bad.WebP, bad.RightsBasis = []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><script>x()</script></svg>`), []byte("GIF89a"), ""
		_, err = f.svc.RegisterHeroArt(ctx, f.member, bad)
		for _, field := range []string{"svg", "webp", "rightsBasis"} {
			if !hasField(err, field) {
				t.Errorf("a pair with a script, a GIF and no rights basis: %v; want a refusal naming %s", err, field)
			}
		}

		a, err := f.svc.RegisterHeroArt(ctx, f.member, in)
		if err != nil {
			t.Fatal(err)
		}
		if a.State != "REGISTERED" || a.Width != 64 || a.Height != 48 || a.Slug != p.Slug || a.RegisteredBy != "@ada" {
			t.Errorf("registered pair = %+v", a)
		}
		// Nobody outside sees an unchecked pair; the proposer and reviewers do. The page reads
		// the pair it shows from the problem's packet, in the packet's one statement.
		shownOn := func(ref string) *policy.HeroArtView {
			t.Helper()
			v, err := f.svc.ViewProblem(ctx, nil, ref, 0)
			if err != nil {
				t.Fatal(err)
			}
			viaPacket, err := f.svc.HeroArtOfPacket(ctx, ref)
			if err != nil {
				t.Fatal(err)
			}
			if (v.HeroArt == nil) != (viaPacket == nil) || (v.HeroArt != nil && *v.HeroArt != *viaPacket) {
				t.Errorf("the page shows %+v and the packet %+v", v.HeroArt, viaPacket)
			}
			return v.HeroArt
		}
		if got := shownOn(p.ID); got != nil {
			t.Errorf("the page shows an unchecked pair: %+v", got)
		}
		if pg, err := f.svc.HeroArtOfProblem(ctx, nil, p.ID); err != nil || len(pg.Pairs) != 0 || pg.CanRegister || pg.CanReview {
			t.Errorf("anonymous art page = %+v, %v; want no pair and nothing to do", pg, err)
		}
		if _, err := f.svc.HeroArtFile(ctx, nil, p.ID, a.ID, "svg"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("an unchecked SVG to a stranger: %v", err)
		}
		for who, acc := range map[string]*ent.Account{"proposer": f.member, "reviewer": f.reviewer} {
			if pg, err := f.svc.HeroArtOfProblem(ctx, acc, p.Slug); err != nil || len(pg.Pairs) != 1 || !pg.CanRegister {
				t.Errorf("%s's art page = %+v, %v; want the pair, and a form to register another", who, pg, err)
			}
			if b, err := f.svc.HeroArtFile(ctx, acc, p.ID, a.ID, "webp"); err != nil || b.ContentType != "image/webp" || len(b.Body) == 0 || b.Public {
				t.Errorf("%s reads the WebP: %d bytes, %q, public %v, %v", who, len(b.Body), b.ContentType, b.Public, err)
			}
		}

		// Who may check it.
		agent := f.account(t, "bot", role.Agent, role.Reviewer)
		if _, err := f.svc.ReviewHeroArt(ctx, agent, a.ID, true, "Depicts the sum; rights basis holds."); !errors.Is(err, policy.ErrForbidden) {
			t.Errorf("an agent with the reviewer role checks art: %v", err)
		}
		selfish := f.account(t, "rex", role.Reviewer)
		own, err := f.svc.RegisterHeroArt(ctx, selfish, in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.ReviewHeroArt(ctx, selfish, own.ID, true, "Depicts the sum; rights basis holds."); !hasCode(err, policy.CodeSelfReview) {
			t.Errorf("a reviewer passes art they registered: %v", err)
		}
		if _, err := f.svc.ReviewHeroArt(ctx, f.reviewer, a.ID, true, "ok"); !hasField(err, "note") {
			t.Errorf("a check with a two-letter note: %v", err)
		}

		got, err := f.svc.ReviewHeroArt(ctx, f.reviewer, a.ID, true, "Shows the unit-fraction bars of the statement; no result; own drawing.")
		if err != nil || !got.Passed() || got.ReviewedBy != "@rita" || got.ReviewedAt == nil {
			t.Fatalf("pass = %+v, %v", got, err)
		}
		if _, err := f.svc.ReviewHeroArt(ctx, f.reviewer, a.ID, false, "Changed my mind about this one."); !hasCode(err, policy.CodeConflict) {
			t.Errorf("a second check of one pair: %v", err)
		}
		if shown := shownOn(p.ID); shown == nil || shown.ID != a.ID || shown.ReviewedBy != "@rita" || shown.RegisteredBy == "" {
			t.Errorf("the page's art after the pass = %+v", shown)
		}
		// A pair passed for a problem whose revision does not ask for bespoke art is kept, not shown.
		plain := f.submit(t, f.member)
		other := in
		other.Problem = plain.ID
		b, err := f.svc.RegisterHeroArt(ctx, f.member, other)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.ReviewHeroArt(ctx, f.reviewer, b.ID, true, "Shows the unit-fraction bars of the statement; no result; own drawing."); err != nil {
			t.Fatal(err)
		}
		if shown := shownOn(plain.ID); shown != nil {
			t.Errorf("a revision that does not ask for bespoke art shows it: %+v", shown)
		}
		if b, err := f.svc.HeroArtFile(ctx, nil, p.Slug, a.ID, "svg"); err != nil || !b.Public || string(b.Body) != heroSVG {
			t.Errorf("a passed SVG to a reader: %+v, %v", b, err)
		}
		if _, err := f.svc.HeroArtFile(ctx, nil, f.submit(t, f.member).ID, a.ID, "svg"); !errors.Is(err, policy.ErrNotFound) {
			t.Errorf("a pair read under another problem's address: %v", err)
		}

		kinds := map[string]int{}
		evs, err := f.db.Ent().Event.Query().Where(event.Subject(p.ID)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			kinds[e.Kind]++
		}
		if kinds[policy.KindHeroRegistered] != 2 || kinds[policy.KindHeroReviewed] != 1 {
			t.Errorf("events on the problem: %v", kinds)
		}
	})
}

func hasField(err error, field string) bool {
	var ve *policy.ValidationError
	if !errors.As(err, &ve) {
		return false
	}
	for _, e := range ve.Errors {
		if len(e.Field) > 0 && e.Field[len(e.Field)-1] == field {
			return true
		}
	}
	return false
}

func hasCode(err error, code policy.Code) bool {
	var ve *policy.ValidationError
	if !errors.As(err, &ve) {
		return false
	}
	for _, e := range ve.Errors {
		if e.Code == code {
			return true
		}
	}
	return false
}
