package graph_test

import (
	"context"
	"encoding/base64"
	"os"
	"testing"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
)

const heroArtFields = `heroArt { id problemId slug state width height depicts rightsBasis svgPath webpPath reviewedAt reviewNote }
  userErrors { field code message }`

type heroArtPayload struct {
	HeroArt *struct {
		ID, ProblemID, Slug, State, Depicts, RightsBasis, SvgPath, WebpPath, ReviewNote string
		Width, Height                                                                   int
		ReviewedAt                                                                      *string
	}
	UserErrors []struct {
		Field   []string
		Code    string
		Message string
	}
}

// TestHeroArtContract: an agent-facing round trip of bespoke hero art over GraphQL — register
// with the WebP base64-encoded, a refusal per bad field, a reviewer's pass, and Problem.heroArt
// null until then.
func TestHeroArtContract(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		a := newAPI(t, d)
		proposer := a.token("ada")
		reviewer := a.token("rita", role.Reviewer)
		ctx := context.Background()
		acc, _ := a.svc.AccountByHandle(ctx, "ada")
		in := problemInput("Erdős–Straus conjecture")
		in.Hero.Bespoke, in.Hero.Alt = true, "Three bars beside one."
		p, err := a.svc.Submit(ctx, acc, in)
		if err != nil {
			t.Fatal(err)
		}
		webp, err := os.ReadFile("../heroart/testdata/grid-lossless.webp")
		if err != nil {
			t.Fatal(err)
		}
		const register = `mutation($in: RegisterHeroArtInput!) { registerHeroArt(input: $in) { ` + heroArtFields + ` } }`
		vars := func(svg, webp string) map[string]any {
			return map[string]any{"in": map[string]any{"problem": p.ID, "svg": svg, "webp": webp,
				"depicts": "Three unit-fraction bars beside 4/n.", "rightsBasis": "The proposer's own drawing, CC0."}}
		}
		svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="2" height="1"/></svg>`

		var out struct{ RegisterHeroArt heroArtPayload }
		a.do(proposer, register, vars(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><image href="http://x/y.png"/></svg>`, "not base64!"), &out)
		fields := map[string]bool{}
		for _, e := range out.RegisterHeroArt.UserErrors {
			fields[e.Field[len(e.Field)-1]] = e.Code == "INVALID"
		}
		if out.RegisterHeroArt.HeroArt != nil || !fields["webp"] {
			t.Errorf("a WebP that is not base64: %+v", out.RegisterHeroArt)
		}
		a.do(proposer, register, vars(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><image href="http://x/y.png"/></svg>`,
			base64.StdEncoding.EncodeToString(webp)), &out)
		if len(out.RegisterHeroArt.UserErrors) != 1 || out.RegisterHeroArt.UserErrors[0].Field[0] != "svg" {
			t.Errorf("an SVG with an outside image: %+v", out.RegisterHeroArt.UserErrors)
		}
		a.do(proposer, register, vars(svg, base64.StdEncoding.EncodeToString(webp)), &out)
		art := out.RegisterHeroArt.HeroArt
		if art == nil || art.State != "REGISTERED" || art.Width != 64 || art.SvgPath != "/p/"+p.ID+"/art/"+art.ID+".svg" {
			t.Fatalf("registered: %+v", out.RegisterHeroArt)
		}

		const shown = `query($id: String!) { problem(id: $id) { heroArt { id state } } }`
		var q struct {
			Problem struct{ HeroArt *struct{ ID, State string } }
		}
		if r := a.do("", shown, map[string]any{"id": p.ID}, &q); len(r.Errors) > 0 {
			t.Fatalf("problem { heroArt }: %s", r.Body)
		}
		if q.Problem.HeroArt != nil {
			t.Errorf("heroArt before a check = %+v", q.Problem.HeroArt)
		}

		const review = `mutation($in: ReviewHeroArtInput!) { reviewHeroArt(input: $in) { ` + heroArtFields + ` } }`
		var rv struct{ ReviewHeroArt heroArtPayload }
		a.do(proposer, review, map[string]any{"in": map[string]any{"asset": art.ID, "pass": true, "note": "My own art looks right."}}, &rv)
		if len(rv.ReviewHeroArt.UserErrors) == 0 && rv.ReviewHeroArt.HeroArt != nil {
			t.Errorf("the proposer passed their own art: %+v", rv.ReviewHeroArt)
		}
		a.do(reviewer, review, map[string]any{"in": map[string]any{"asset": art.ID, "pass": true,
			"note": "Depicts the fractions of the statement; no result stated; rights basis holds."}}, &rv)
		if got := rv.ReviewHeroArt.HeroArt; got == nil || got.State != "PASSED" || got.ReviewedAt == nil {
			t.Fatalf("reviewer's pass: %+v", rv.ReviewHeroArt)
		}
		if r := a.do("", shown, map[string]any{"id": p.ID}, &q); len(r.Errors) > 0 {
			t.Fatalf("problem { heroArt }: %s", r.Body)
		}
		if q.Problem.HeroArt == nil || q.Problem.HeroArt.ID != art.ID || q.Problem.HeroArt.State != "PASSED" {
			t.Errorf("heroArt after the pass = %+v", q.Problem.HeroArt)
		}
	})
}
