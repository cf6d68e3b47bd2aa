package server_test

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

// TestBespokeHeroNeedsAReviewedAsset: the proposer's "bespoke art" box is a request, not a
// review: until a registered asset pair passes a reviewer's check for the problem, with its
// rights basis, the page shows the neutral generated figure and says so.
func TestBespokeHeroNeedsAReviewedAsset(t *testing.T) {
	t.Parallel()
	s := newSite(t, "sqlite3")
	ctx := context.Background()
	a := s.member(t, "artist", "artist password")
	p, err := s.svc.Submit(ctx, a, policy.ProblemInput{
		Title:      "Erdős–Straus conjecture",
		Statement:  "For every integer $n \\ge 2$, there exist positive integers $x, y, z$ with $4/n = 1/x + 1/y + 1/z$.",
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof for all n ≥ 2, or a counterexample n with a certificate."},
		Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "P. Erdős and E. G. Straus, 1948",
			SourceLocator: "Mordell, Diophantine Equations, p. 287", RightsBasis: "Statement of a mathematical fact; written in our own words."},
		References: []policy.ReferenceInput{{Identifier: "arXiv:1107.1010", Citation: "C. Elsholtz and T. Tao, Counting the number of solutions, 2013.",
			Relevance: "Strongest known counting results; the conjecture remains open.", Role: "STATUS_EVIDENCE"}},
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().UTC().Truncate(24 * time.Hour).Add(-24 * time.Hour),
			Databases: []string{"zbMATH Open", "arXiv"}, Queries: []string{"Erdős–Straus conjecture"}, Coverage: "Titles and abstracts."},
		Hero: packet.Hero{Brief: "Unit fractions as bars.", Alt: "Three bars beside one.", Caption: "Three unit fractions beside 4/n.",
			RightsBasis: "My own drawing.", Bespoke: true},
	})
	if err != nil {
		t.Fatalf("Submit() = %v", err)
	}
	_, body, _ := s.get(s.browser(), "/p/"+p.ID)
	pagetest.Check(t, "/p/"+p.ID+" bespoke requested", body)
	if got := text(t, body, "hero-kind"); !regexp.MustCompile(`Neutral generated figure`).MatchString(got) ||
		!regexp.MustCompile(`(?i)bespoke art.*reviewer`).MatchString(got) {
		t.Errorf("hero label = %q; want the neutral figure, and that bespoke art waits for a reviewer's check", got)
	}

	artPage := "/p/" + p.ID + "/art"

	// The proposer registers a pair through the form; a refused pair comes back with its errors.
	pb, rb := s.browser(), s.browser()
	s.post(pb, "/signin", url.Values{"handle": {"artist"}, "password": {"artist password"}})
	s.member(t, "rhea", "reviewer password", role.Reviewer)
	s.post(rb, "/signin", url.Values{"handle": {"rhea"}, "password": {"reviewer password"}})
	webp, err := os.ReadFile("../heroart/testdata/grid.webp")
	if err != nil {
		t.Fatal(err)
	}
	svg := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 48"><title>Unit fractions</title>` +
		`<rect width="40" height="8" fill="#345"/><rect y="12" width="20" height="8" fill="#678"/></svg>`
	code, body, _ := s.postFiles(pb, artPage, map[string]string{"depicts": "Bars of 1/x, 1/y and 1/z beside a bar of 4/n.",
		"rightsBasis": "Drawn by the proposer; CC BY 4.0."}, map[string][]byte{"svg": []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" onload="alert(1)"/>`), "webp": webp})
	if code != http.StatusUnprocessableEntity || !strings.Contains(text(t, body, "error-summary"), "onload") {
		t.Fatalf("a drawing with an event handler: %d %s", code, text(t, body, "error-summary"))
	}
	pagetest.Check(t, artPage+" refused", body)
	code, _, _ = s.postFiles(pb, artPage, map[string]string{"depicts": "Bars of 1/x, 1/y and 1/z beside a bar of 4/n.",
		"rightsBasis": "Drawn by the proposer; CC BY 4.0."}, map[string][]byte{"svg": []byte(svg), "webp": webp})
	if code != http.StatusSeeOther {
		t.Fatalf("registering a good pair = %d", code)
	}
	pg, err := s.svc.HeroArtOfProblem(ctx, nil, p.ID)
	if err != nil || len(pg.Pairs) != 0 {
		t.Fatalf("public art page = %+v, %v; want no pair before a check", pg, err)
	}
	_, body, _ = s.get(rb, artPage)
	pagetest.Check(t, artPage+" for a reviewer", body)
	pairs := pagetest.Select(t, body, "art-pair")
	if len(pairs) != 1 {
		t.Fatalf("the reviewer sees %d pairs; want 1", len(pairs))
	}
	asset := pagetest.Attr(pairs[0], "data-asset")
	file := artPage + "/" + asset + ".svg"
	if code, _, _ := s.get(s.browser(), file); code != http.StatusNotFound {
		t.Errorf("an unchecked SVG to a stranger = %d; want 404", code)
	}
	if _, body, _ := s.get(s.browser(), "/p/"+p.ID); len(pagetest.Select(t, body, "hero-bespoke")) != 0 {
		t.Error("the problem page shows an unchecked pair")
	}

	// The reviewer passes it; the page shows it, and the file is served so that it runs nothing.
	if code, _, _ := s.post(rb, artPage+"/"+asset, url.Values{"verdict": {"pass"}, "note": {"Depicts the statement's fractions; no result; own drawing."}}); code != http.StatusSeeOther {
		t.Fatalf("passing the pair = %d", code)
	}
	_, body, _ = s.get(s.browser(), "/p/"+p.ID)
	pagetest.Check(t, "/p/"+p.ID+" bespoke shown", body)
	imgs := pagetest.Select(t, body, "hero-bespoke")
	if len(imgs) != 1 || pagetest.Attr(imgs[0], "src") != file || pagetest.Attr(imgs[0], "alt") != "Three bars beside one." {
		t.Fatalf("the problem page's bespoke hero: %d images", len(imgs))
	}
	if got := text(t, body, "hero-kind"); !strings.Contains(got, "checked by @rhea") || !strings.Contains(got, "CC BY 4.0") {
		t.Errorf("hero label = %q; want who checked it and the rights basis", got)
	}
	// The pair shown is part of the problem's packet: a page read again costs no statement.
	s.statements.Store(0)
	if _, again, _ := s.get(s.browser(), "/p/"+p.ID); len(pagetest.Select(t, again, "hero-bespoke")) != 1 {
		t.Error("the bespoke hero is gone from the page read again")
	}
	if n := s.statements.Load(); n != 0 {
		t.Errorf("the problem page with a bespoke hero read again cost %d statements; want none", n)
	}
	code, got, h := s.get(s.browser(), file)
	if code != http.StatusOK || string(got) != svg || h.Get("Content-Type") != "image/svg+xml" ||
		!strings.Contains(h.Get("Content-Security-Policy"), "sandbox") || !strings.Contains(h.Get("Cache-Control"), "immutable") {
		t.Errorf("GET %s = %d %q, headers %v", file, code, got, h)
	}
	_, body, _ = s.get(rb, "/review/"+p.ID)
	if got := text(t, body, "hero-in-use"); !strings.Contains(got, "bespoke art checked by @rhea") {
		t.Errorf("the review form's hero note says %q; want the bespoke art the page shows", got)
	}
	if code, got, h := s.get(s.browser(), artPage+"/"+asset+".webp"); code != http.StatusOK || len(got) != len(webp) || h.Get("Content-Type") != "image/webp" {
		t.Errorf("GET the WebP = %d, %d bytes, %q", code, len(got), h.Get("Content-Type"))
	}
}

// postFiles posts a multipart form with fields and files, as a browser's file inputs do.
func (s *site) postFiles(c *http.Client, path string, fields map[string]string, files map[string][]byte) (int, []byte, http.Header) {
	s.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	for k, b := range files {
		fw, err := mw.CreateFormFile(k, k+"."+k)
		if err != nil {
			s.t.Fatal(err)
		}
		_, _ = fw.Write(b)
	}
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Origin", s.srv.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := c.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}
