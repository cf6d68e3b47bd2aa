package records

import (
	"context"
	"encoding/xml"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// ArxivResolver asks the arXiv API (GET /api/query?id_list={id}), which answers an Atom feed. The
// API reports a bad id as a feed with one entry titled Error whose id is under
// http://arxiv.org/api/errors (user manual section 3.4), and an id it does not hold as a feed
// with no entry; both are not found. Any other error entry, or a body that is not an Atom feed
// (arXiv answers "Rate exceeded." in plain text when it throttles), is unreachable.
type ArxivResolver struct {
	Client *Client
	URL    string
}

type atomFeed struct {
	XMLName      xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	TotalResults string   `xml:"http://a9.com/-/spec/opensearch/1.1/ totalResults"`
	Entries      []struct {
		ID        string `xml:"http://www.w3.org/2005/Atom id"`
		Title     string `xml:"http://www.w3.org/2005/Atom title"`
		Summary   string `xml:"http://www.w3.org/2005/Atom summary"`
		Published string `xml:"http://www.w3.org/2005/Atom published"`
		Authors   []struct {
			Name string `xml:"http://www.w3.org/2005/Atom name"`
		} `xml:"http://www.w3.org/2005/Atom author"`
		DOI string `xml:"http://arxiv.org/schemas/atom doi"`
	} `xml:"http://www.w3.org/2005/Atom entry"`
}

var arxivVersion = regexp.MustCompile(`v\d+$`)

// Resolve implements Resolver.
func (a ArxivResolver) Resolve(ctx context.Context, id Identifier, cached *Record) Result {
	aid := strings.TrimPrefix(id.Key, "arxiv:")
	u := strings.TrimSuffix(a.URL, "/") + "/api/query?id_list=" + url.QueryEscape(aid)
	if cached != nil && cached.Resolver != "arxiv" {
		cached = nil
	}
	resp, res, ok := a.Client.fetch(ctx, u, "application/atom+xml", cached)
	if !ok {
		return res
	}
	var f atomFeed
	if err := xml.Unmarshal(resp.Body, &f); err != nil {
		return malformed(u, "arXiv body")
	}
	if len(f.Entries) == 0 {
		if n, err := strconv.Atoi(strings.TrimSpace(f.TotalResults)); err == nil && n > 0 {
			return unreachable(fmt.Sprintf("%s: arXiv reports %d results but sent no entry", hostOf(u), n))
		}
		return notFound("arXiv holds no " + aid)
	}
	e := f.Entries[0]
	if strings.Contains(e.ID, "arxiv.org/api/errors") {
		msg := strings.TrimSpace(e.Summary)
		if strings.Contains(e.ID, "incorrect_id_format") || strings.HasPrefix(msg, "incorrect id format") {
			return notFound("arXiv: " + msg)
		}
		return unreachable(fmt.Sprintf("%s: arXiv error: %s", hostOf(u), msg))
	}
	want := arxivVersion.ReplaceAllString(aid, "")
	got := e.ID[strings.LastIndex(e.ID, "/abs/")+len("/abs/"):]
	if !strings.Contains(e.ID, "/abs/") || arxivVersion.ReplaceAllString(got, "") != want {
		return unreachable(fmt.Sprintf("%s: arXiv answered entry %q for %s", hostOf(u), e.ID, aid))
	}
	title := collapseSpace(e.Title)
	if title == "" {
		return notFound("arXiv holds no " + aid)
	}
	r := Record{ID: id, Title: title, URL: "https://arxiv.org/abs/" + aid}
	for _, au := range e.Authors {
		if n := collapseSpace(au.Name); n != "" {
			r.Authors = append(r.Authors, n)
		}
	}
	if len(e.Published) >= 4 {
		r.Year, _ = strconv.Atoi(e.Published[:4])
	}
	return found(a.Client.stamp(r, "arxiv", resp))
}

func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }
