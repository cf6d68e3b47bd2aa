package server_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mmcdole/gofeed"
	"golang.org/x/net/html"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/server"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/ui/pagetest"
)

const testBase = "https://theoremdb.example"

// readerTags are the tags of the problem readerSite adds to the demo data, one of them with
// characters a URL must encode.
var readerTags = []string{"number theory", "egyptian fractions & unit sums"}

// readerSite is the demo site under testBase, with one more problem carrying readerTags.
func readerSite(t *testing.T, opts ...server.Option) *site {
	t.Helper()
	s := newSiteWith(t, "sqlite3", policy.Config{ChallengeWindow: 36 * time.Hour}, append([]server.Option{server.WithBaseURL(testBase + "/")}, opts...)...)
	ctx := context.Background()
	a, err := s.svc.CreateAccount(ctx, "tagger", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.svc.Submit(ctx, a, policy.ProblemInput{
		Title:      "Erdős–Straus conjecture",
		Statement:  "For every integer $n \\ge 2$, there exist positive integers $x, y, z$ with $4/n = 1/x + 1/y + 1/z$.",
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof for all n ≥ 2, or a counterexample n with a certificate."},
		Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "P. Erdős and E. G. Straus, 1948",
			SourceLocator: "Mordell, Diophantine Equations, p. 287", RightsBasis: "Statement of a mathematical fact; written in our own words."},
		References: []policy.ReferenceInput{{Identifier: "arXiv:1107.1010", Citation: "C. Elsholtz and T. Tao, Counting the number of solutions to the Erdős–Straus equation on unit fractions, 2013.",
			Relevance: "Strongest known counting results; the conjecture remains open.", Role: "STATUS_EVIDENCE"}},
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().UTC().Truncate(24 * time.Hour).Add(-24 * time.Hour),
			Databases: []string{"zbMATH Open", "arXiv"}, Queries: []string{"Erdős–Straus conjecture"}, Coverage: "Titles and abstracts."},
		Tags: readerTags,
	}); err != nil {
		t.Fatalf("Submit() = %v", err)
	}
	return s
}

// wellFormed fails the test unless b is well-formed XML.
func wellFormed(t *testing.T, name string, b []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", name, err)
		}
	}
}

// parseFeed fetches an Atom feed and parses it with a real feed parser.
func parseFeed(t *testing.T, s *site, path string) *gofeed.Feed {
	t.Helper()
	code, body, h := s.get(s.browser(), path)
	if code != http.StatusOK {
		t.Fatalf("GET %s = %d: %s", path, code, body)
	}
	if ct := h.Get("Content-Type"); !strings.HasPrefix(ct, "application/atom+xml") {
		t.Errorf("GET %s: Content-Type = %q; want application/atom+xml", path, ct)
	}
	wellFormed(t, path, body)
	f, err := gofeed.NewParser().ParseString(string(body))
	if err != nil {
		t.Fatalf("GET %s: feed does not parse: %v", path, err)
	}
	if f.FeedType != "atom" || f.FeedVersion != "1.0" {
		t.Errorf("%s: feed type %s %s; want atom 1.0", path, f.FeedType, f.FeedVersion)
	}
	if f.FeedLink != testBase+path {
		t.Errorf("%s: self link %q; want %q", path, f.FeedLink, testBase+path)
	}
	if f.UpdatedParsed == nil || f.Title == "" {
		t.Errorf("%s: updated %v, title %q", path, f.UpdatedParsed, f.Title)
	}
	ids := map[string]bool{}
	for _, e := range f.Items {
		if ids[e.GUID] {
			t.Errorf("%s: entry id %q twice", path, e.GUID)
		}
		ids[e.GUID] = true
		if !strings.HasPrefix(e.Link, testBase+"/p/TDB-") || e.UpdatedParsed == nil || e.Title == "" {
			t.Errorf("%s: entry %q: link %q, updated %v", path, e.Title, e.Link, e.UpdatedParsed)
		}
	}
	return f
}

// entryIDs are the problem IDs a feed's entries link to, in order.
func entryIDs(f *gofeed.Feed) []string {
	var out []string
	for _, e := range f.Items {
		id := strings.TrimPrefix(e.Link, testBase+"/p/")
		id, _, _ = strings.Cut(id, "?")
		out = append(out, id)
	}
	return out
}

func TestReaderFeeds(t *testing.T) {
	t.Parallel()
	s := readerSite(t)
	ctx := context.Background()
	public := publicProblems(t, s)
	// ordered is the IDs of the public problems keep keeps, in the order of cmp.
	ordered := func(keep func(*policy.ExportProblem) bool, cmp func(a, b *policy.ExportProblem) int) []string {
		var ps []*policy.ExportProblem
		for _, p := range public {
			if keep(p) {
				ps = append(ps, p)
			}
		}
		slices.SortStableFunc(ps, cmp)
		ids := make([]string, len(ps))
		for i, p := range ps {
			ids[i] = p.ID
		}
		return ids
	}

	newest := parseFeed(t, s, "/feeds/new.atom")
	want := ordered(func(p *policy.ExportProblem) bool { return p.State != policy.StateMerged },
		func(a, b *policy.ExportProblem) int {
			return cmp.Or(b.SubmittedAt.Compare(a.SubmittedAt), cmp.Compare(b.Number, a.Number))
		})
	want = want[:min(len(want), 50)]
	if got := entryIDs(newest); !slices.Equal(got, want) {
		t.Errorf("new.atom entries = %v; want %v", got, want)
	}

	accepted := parseFeed(t, s, "/feeds/accepted.atom")
	want = ordered(func(p *policy.ExportProblem) bool { return p.State == policy.StateAccepted },
		func(a, b *policy.ExportProblem) int {
			return cmp.Or(b.AcceptedAt.Compare(*a.AcceptedAt), cmp.Compare(b.Number, a.Number))
		})
	if got := entryIDs(accepted); len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("accepted.atom entries = %v; want %v", got, want)
	}

	closing := parseFeed(t, s, "/feeds/closing.atom")
	now := time.Now()
	want = ordered(func(p *policy.ExportProblem) bool {
		return p.State == policy.StateProspecting && p.Deadline.After(now) && !p.Deadline.After(now.Add(24*time.Hour))
	}, func(a, b *policy.ExportProblem) int { return a.Deadline.Compare(b.Deadline) })
	if len(want) == 0 {
		t.Fatal("the demo data has no challenge period ending within a day; the closing feed is not tested")
	}
	if got := entryIDs(closing); !slices.Equal(got, want) {
		t.Errorf("closing.atom entries = %v; want %v", got, want)
	}

	names, err := s.svc.TagNames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tag := readerTags[1]
	if !slices.Contains(names, tag) {
		t.Fatalf("tag names %v lack %q", names, tag)
	}
	tagged := parseFeed(t, s, "/feeds/tag/"+url.PathEscape(tag)+".atom")
	if len(tagged.Items) == 0 {
		t.Errorf("the feed of tag %q has no entries", tag)
	}
	for _, e := range tagged.Items {
		if !slices.Contains(e.Categories, tag) {
			t.Errorf("tag feed entry %q has categories %v; want %q among them", e.Title, e.Categories, tag)
		}
		// A feed that mixes states labels each entry with its own: accepted, or in its challenge period.
		if !slices.ContainsFunc(e.Categories, func(c string) bool { return c == "Accepted" || c == "In its challenge period" || c == "Archived" }) {
			t.Errorf("tag feed entry %q has categories %v; want its state among them", e.Title, e.Categories)
		}
	}
	if code, _, _ := s.get(s.browser(), "/feeds/tag/no-such-tag.atom"); code != http.StatusNotFound {
		t.Errorf("feed of an unknown tag = %d; want 404", code)
	}

	own := parseFeed(t, s, "/p/TDB-14/feed.atom")
	evs, err := s.svc.ViewProblem(ctx, nil, "TDB-14", 1000)
	if err != nil {
		t.Fatal(err)
	}
	// One entry per public event, except a revision's gate runs, which are one entry together.
	var others, gateRuns, revisions, checkEntries int
	for _, e := range evs.Events {
		switch e.Kind {
		case policy.KindGateCompleted:
			gateRuns++
		case policy.KindProblemRevised, policy.KindProblemSubmitted:
			revisions++
			others++
		default:
			others++
		}
	}
	for _, it := range own.Items {
		if strings.Contains(it.Title, "Checks finished: ") {
			checkEntries++
		}
	}
	if len(own.Items) != others+checkEntries || len(own.Items) == 0 || (gateRuns > 0) != (checkEntries > 0) || checkEntries > revisions {
		t.Errorf("TDB-14's feed has %d entries, %d of them checks; want its %d other public events and one entry per revision for its %d gate runs over %d revisions",
			len(own.Items), checkEntries, others, gateRuns, revisions)
	}
	if code, _, h := s.get(s.browser(), "/p/tdb-14/feed.atom"); code != http.StatusMovedPermanently ||
		h.Get("Location") != "/p/TDB-14/feed.atom" {
		t.Errorf("GET /p/tdb-14/feed.atom = %d to %q; want a permanent redirect to the ID", code, h.Get("Location"))
	}
}

// exportLines fetches the JSONL export.
func exportLines(t *testing.T, s *site) ([]string, http.Header) {
	t.Helper()
	code, body, h := s.get(s.browser(), "/export/problems.jsonl")
	if code != http.StatusOK {
		t.Fatalf("GET /export/problems.jsonl = %d: %s", code, body)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, h
}

func TestReaderExport(t *testing.T) {
	t.Parallel()
	s := readerSite(t)
	ctx := context.Background()
	// Every public problem is listed: the list counts them.
	listed, err := s.svc.ListProblems(ctx, policy.ListQuery{First: 1})
	if err != nil {
		t.Fatal(err)
	}
	public := listed.Total
	lines, h := exportLines(t, s)
	if h.Get("Content-License") != "CC BY-SA 4.0" || !strings.Contains(h.Get("Link"), `rel="license"`) {
		t.Errorf("licence headers: Content-License %q, Link %q", h.Get("Content-License"), h.Get("Link"))
	}
	if !strings.HasPrefix(h.Get("Content-Type"), "application/x-ndjson") {
		t.Errorf("Content-Type = %q", h.Get("Content-Type"))
	}
	var head policy.ExportHeader
	if err := json.Unmarshal([]byte(lines[0]), &head); err != nil || head.Format != "theoremdb-export" ||
		head.Version != 1 || head.Licence != "CC BY-SA 4.0" || head.Site != testBase {
		t.Errorf("header line = %s (%v)", lines[0], err)
	}
	if len(lines)-1 != public {
		t.Errorf("export has %d problems; want %d", len(lines)-1, public)
	}
	var p policy.ExportProblem
	if err := json.Unmarshal([]byte(lines[1]), &p); err != nil || p.ID != "TDB-1" || p.URL != testBase+"/p/TDB-1" ||
		p.Revision.Statement == "" {
		t.Errorf("first problem = %+v (%v)", p, err)
	}

	code, body, h := s.get(s.browser(), "/export/problems.csv")
	if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/csv") || h.Get("Content-License") != "CC BY-SA 4.0" {
		t.Fatalf("GET /export/problems.csv = %d, %q, licence %q", code, h.Get("Content-Type"), h.Get("Content-License"))
	}
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("CSV: %v", err)
	}
	if len(rows) != public+1 || !slices.Equal(rows[0], policy.ExportCSVColumns) {
		t.Errorf("CSV has %d rows, header %v; want %d rows and the documented columns", len(rows), rows[0], public+1)
	}
}

// heads are the head's meta (by name or property) and link (by rel) values of a page.
func heads(t *testing.T, page []byte) map[string]string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		a := map[string]string{}
		for _, at := range n.Attr {
			a[at.Key] = at.Val
		}
		switch n.Data {
		case "meta":
			if k := a["name"] + a["property"]; k != "" {
				out[k] = a["content"]
			}
		case "link":
			if a["rel"] == "alternate" {
				out["alternate "+a["type"]] = a["href"]
			} else {
				out[a["rel"]] = a["href"]
			}
		}
	}
	return out
}

func TestReaderCitation(t *testing.T) {
	t.Parallel()
	s := readerSite(t)
	v, err := s.svc.ViewProblem(context.Background(), nil, "TDB-14", 0)
	if err != nil {
		t.Fatal(err)
	}
	code, body, h := s.get(s.browser(), "/p/TDB-14/cite.bib")
	if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "application/x-bibtex") {
		t.Fatalf("GET cite.bib = %d, %q", code, h.Get("Content-Type"))
	}
	bib := string(body)
	d := v.Revision.CreatedAt.UTC()
	for _, want := range []string{"@misc{TDB-14,", `howpublished = {\url{` + testBase + `/p/TDB-14}}`,
		"revision " + strconv.Itoa(v.Revision.Number), "publisher    = {TheoremDB}", "year         = {" + strconv.Itoa(d.Year()) + "}",
		"day          = {" + strconv.Itoa(d.Day()) + "}"} {
		if !strings.Contains(bib, want) {
			t.Errorf("cite.bib lacks %q:\n%s", want, bib)
		}
	}
	if strings.Count(bib, "{") != strings.Count(bib, "}") {
		t.Errorf("cite.bib has unbalanced braces:\n%s", bib)
	}

	_, page, _ := s.get(s.browser(), "/p/TDB-14")
	hs := heads(t, page)
	canon := testBase + "/p/TDB-14"
	for k, want := range map[string]string{
		"canonical": canon, "citation_title": "TDB-14: " + v.Title, "citation_public_url": canon,
		"citation_publisher": "TheoremDB", "citation_publication_date": v.SubmittedAt.UTC().Format("2006/01/02"),
		"citation_online_date": d.Format("2006/01/02"), "og:url": canon, "og:type": "article",
		"og:title": "TDB-14: " + v.Title, "alternate application/atom+xml": canon + "/feed.atom",
	} {
		if hs[k] != want {
			t.Errorf("head %s = %q; want %q", k, hs[k], want)
		}
	}
	if hs["description"] == "" || hs["og:description"] != hs["description"] {
		t.Errorf("description %q, og:description %q", hs["description"], hs["og:description"])
	}
}

// TestReaderSitemapAndRobots reads the sitemap index and every file it
// names, with files of ten numbers each, so that the problems take several.
func TestReaderSitemapAndRobots(t *testing.T) {
	t.Parallel()
	const perFile = 10
	s := readerSite(t, server.WithSitemapFileSize(perFile))
	code, body, h := s.get(s.browser(), "/sitemap.xml")
	if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "application/xml") {
		t.Fatalf("GET /sitemap.xml = %d, %q", code, h.Get("Content-Type"))
	}
	var index struct {
		XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
		Files   []struct {
			Loc string `xml:"loc"`
		} `xml:"sitemap"`
	}
	if err := xml.Unmarshal(body, &index); err != nil {
		t.Fatalf("sitemap index: %v\n%s", err, body)
	}
	type sitemapURL struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	}
	var sm struct{ URLs []sitemapURL }
	problemFiles := 0
	for _, f := range index.Files {
		path, ok := strings.CutPrefix(f.Loc, testBase+"/sitemaps/")
		if !ok {
			t.Fatalf("the sitemap index names %s", f.Loc)
		}
		code, body, h := s.get(s.browser(), "/sitemaps/"+path)
		if code != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "application/xml") {
			t.Fatalf("GET %s = %d, %q", f.Loc, code, h.Get("Content-Type"))
		}
		var file struct {
			XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
			URLs    []sitemapURL `xml:"url"`
		}
		if err := xml.Unmarshal(body, &file); err != nil {
			t.Fatalf("sitemap %s: %v", path, err)
		}
		if path != "pages.xml" {
			problemFiles++
			if len(file.URLs) > perFile {
				t.Errorf("%s lists %d URLs; want at most %d", path, len(file.URLs), perFile)
			}
		}
		sm.URLs = append(sm.URLs, file.URLs...)
	}
	last, err := s.svc.SitemapLastNumber(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := (last + perFile - 1) / perFile; problemFiles != want || last == 0 {
		t.Errorf("the index names %d files of problems; want %d for numbers up to %d", problemFiles, want, last)
	}
	for path, want := range map[string]int{"problems-999.xml": http.StatusOK, "problems-0.xml": http.StatusNotFound,
		"problems-01.xml": http.StatusNotFound, "problems.xml": http.StatusNotFound, "other.xml": http.StatusNotFound} {
		if code, body, _ := s.get(s.browser(), "/sitemaps/"+path); code != want || (code == http.StatusOK && strings.Contains(string(body), "<url>")) {
			t.Errorf("GET /sitemaps/%s = %d; want %d, with no URL", path, code, want)
		}
	}
	var ps []*policy.ExportProblem
	for _, p := range publicProblems(t, s) {
		if p.State != policy.StateMerged {
			ps = append(ps, p)
		}
	}
	locs := map[string]string{}
	for _, u := range sm.URLs {
		locs[u.Loc] = u.LastMod
	}
	for _, p := range ps {
		if lm, ok := locs[testBase+"/p/"+p.ID]; !ok || lm != p.UpdatedAt.UTC().Format(time.RFC3339) {
			t.Errorf("sitemap: %s has lastmod %q (listed %v); want %s", p.ID, lm, ok, p.UpdatedAt.UTC().Format(time.RFC3339))
		}
	}
	for _, pg := range []string{"/", "/problems", "/tags", "/about"} {
		if _, ok := locs[testBase+pg]; !ok {
			t.Errorf("sitemap lacks %s", pg)
		}
	}
	if len(sm.URLs) != len(ps)+5 {
		t.Errorf("sitemap has %d URLs; want %d problems and 5 pages", len(sm.URLs), len(ps))
	}

	_, body, _ = s.get(s.browser(), "/robots.txt")
	for _, want := range []string{"User-agent: *", "Disallow: /review\n", "Disallow: /admin\n", "Disallow: /moderate\n",
		"Disallow: /account\n", "Sitemap: " + testBase + "/sitemap.xml"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, body)
		}
	}
}

func TestReaderTags(t *testing.T) {
	t.Parallel()
	s := readerSite(t)
	counts, err := s.svc.TagCounts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(counts) == 0 {
		t.Fatal("the demo problems carry no tags")
	}
	code, body, _ := s.get(s.browser(), "/tags")
	if code != http.StatusOK {
		t.Fatalf("GET /tags = %d", code)
	}
	pagetest.Check(t, "/tags", body)
	items := pagetest.Select(t, body, "tag")
	if len(items) != len(counts) {
		t.Fatalf("/tags lists %d tags; want %d", len(items), len(counts))
	}
	for i, n := range items {
		c := counts[i]
		var href string
		for a := range n.Descendants() {
			if a.Data == "a" && href == "" {
				for _, at := range a.Attr {
					if at.Key == "href" {
						href = at.Val
					}
				}
			}
		}
		if want := "/problems?tag=" + url.QueryEscape(c.Name); href != want {
			t.Errorf("tag %q links to %q; want %q", c.Name, href, want)
		}
		if got := pagetest.Text(pagetest.Select(t, body, "tag-count")[i]); got != strconv.Itoa(c.N) {
			t.Errorf("tag %q count %q; want %d", c.Name, got, c.N)
		}
	}
	if got, want := ui.TagURL("graph theory & more"), "/problems?tag=graph+theory+%26+more"; got != want {
		t.Errorf("TagURL() = %q; want %q", got, want)
	}
}

func TestReaderMergedRecord(t *testing.T) {
	t.Parallel()
	s := readerSite(t)
	ctx := context.Background()
	i := slices.IndexFunc(publicProblems(t, s), func(p *policy.ExportProblem) bool { return p.State == policy.StateMerged })
	if i < 0 {
		t.Fatal("the demo data has no merged problem")
	}
	m := publicProblems(t, s)[i]
	into := m.MergedInto
	b := s.browser()
	code, _, h := s.get(b, "/p/"+m.ID)
	if code != http.StatusFound || h.Get("Location") != "/p/"+into+"?merged="+m.ID {
		t.Fatalf("GET /p/%s = %d to %q; want a redirect to the survivor", m.ID, code, h.Get("Location"))
	}
	_, body, _ := s.get(b, h.Get("Location"))
	notice := text(t, body, "notice")
	if !strings.Contains(notice, m.ID+" was merged into this problem") || !strings.Contains(notice, "/p/"+m.ID+"?redirect=no") {
		t.Errorf("survivor notice = %q", notice)
	}
	_, body, _ = s.get(b, "/p/"+into+"?merged=TDB-1")
	if len(pagetest.Select(t, body, "notice")) != 0 {
		t.Errorf("a survivor shows a merge notice for a problem that was not merged into it")
	}

	code, body, _ = s.get(b, "/p/"+m.ID+"?redirect=no")
	if code != http.StatusOK {
		t.Fatalf("GET /p/%s?redirect=no = %d", m.ID, code)
	}
	pagetest.Check(t, "merged record", body)
	if n := text(t, body, "notice"); !strings.Contains(n, "merged into "+into) {
		t.Errorf("merged record notice = %q", n)
	}
	if len(pagetest.Select(t, body, "tab-panel-history")) != 1 {
		t.Errorf("the merged record does not open on its History")
	}
	v, err := s.svc.ViewProblem(ctx, nil, m.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	var reason string
	for _, d := range v.Decisions {
		if d.Action == "MERGE" {
			reason = d.Notes.Reason
		}
	}
	if reason == "" || !strings.Contains(pagetest.Text(pagetest.Select(t, body, "decision")[0]), reason[:40]) {
		t.Errorf("the merged record does not show the merge decision's reasoning %q", reason)
	}
	if hs := heads(t, body); hs["canonical"] != testBase+"/p/"+into {
		t.Errorf("merged record canonical = %q; want the survivor", hs["canonical"])
	}
}

func TestReaderAbout(t *testing.T) {
	t.Parallel()
	s := readerSite(t)
	code, body, _ := s.get(s.browser(), "/about")
	if code != http.StatusOK {
		t.Fatalf("GET /about = %d", code)
	}
	pagetest.Check(t, "/about", body)
	page := string(body)
	for _, term := range ui.AboutTerms {
		if !strings.Contains(page, `id="`+term.Anchor+`"`) {
			t.Errorf("/about has no anchor #%s", term.Anchor)
		}
	}
	for _, a := range []string{"challenge-period", "stake", "checks"} {
		if !slices.ContainsFunc(ui.AboutTerms, func(t struct{ Anchor, Term string }) bool { return t.Anchor == a }) {
			t.Errorf("AboutTerms lacks #%s", a)
		}
	}
	if got := text(t, body, "about-challenge-period"); !strings.Contains(got, "a 36-hour challenge period") {
		t.Errorf("challenge period copy = %q; want the configured window", got)
	}
	gates := pagetest.Select(t, body, "about-gates")
	if len(gates) != 1 {
		t.Fatal("no list of checks")
	}
	for _, g := range policy.Gates {
		if !strings.Contains(pagetest.Text(gates[0]), g.Label) {
			t.Errorf("/about does not explain the %s check", g.Label)
		}
	}
	outcomes := pagetest.Text(pagetest.Select(t, body, "about-outcomes")[0])
	for _, o := range policy.Outcomes {
		if !strings.Contains(outcomes, o.Help) {
			t.Errorf("/about does not explain the outcome %s", o.Label)
		}
	}
}
