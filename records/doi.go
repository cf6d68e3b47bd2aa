package records

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
)

// DOIResolver asks Crossref's REST API (GET /works/{doi}) and, for a DOI Crossref does not hold,
// DataCite's REST API (GET /dois/{doi}). A DOI is not found only when both answered 404.
type DOIResolver struct {
	Client      *Client
	CrossrefURL string
	DataCiteURL string
}

// Resolve implements Resolver.
func (d DOIResolver) Resolve(ctx context.Context, id Identifier, cached *Record) Result {
	doi := strings.TrimPrefix(id.Key, "doi:")
	cc, dc := cached, cached
	if cached != nil && cached.Resolver != "crossref" {
		cc = nil
	}
	if cached != nil && cached.Resolver != "datacite" {
		dc = nil
	}
	cr := d.crossref(ctx, id, doi, cc)
	if cr.Status == StatusFound {
		return cr
	}
	dr := d.datacite(ctx, id, doi, dc)
	switch {
	case dr.Status == StatusFound:
		return dr
	case cr.Status == StatusNotFound && dr.Status == StatusNotFound:
		return notFound("neither Crossref nor DataCite holds " + doi)
	case cr.Status == StatusUnreachable:
		return cr
	}
	return dr
}

// escapeDOI escapes a DOI for a URL path, keeping its slashes (Crossref asks for DOIs to be
// URL-encoded, since they may hold ; # ? and &).
func escapeDOI(doi string) string {
	return strings.ReplaceAll(url.PathEscape(doi), "%2F", "/")
}

// crossrefWork is the part of a Crossref "work" message the record plane reads.
type crossrefWork struct {
	Status      string `json:"status"`
	MessageType string `json:"message-type"`
	Message     *struct {
		DOI      string   `json:"DOI"`
		URL      string   `json:"URL"`
		Title    []string `json:"title"`
		Subtitle []string `json:"subtitle"`
		Author   []struct {
			Given  string `json:"given"`
			Family string `json:"family"`
			Name   string `json:"name"`
		} `json:"author"`
		Issued          crossrefDate `json:"issued"`
		PublishedPrint  crossrefDate `json:"published-print"`
		PublishedOnline crossrefDate `json:"published-online"`
		License         []struct {
			URL            string `json:"URL"`
			ContentVersion string `json:"content-version"`
		} `json:"license"`
	} `json:"message"`
}

type crossrefDate struct {
	DateParts [][]*int `json:"date-parts"`
}

func (d crossrefDate) year() int {
	if len(d.DateParts) == 0 || len(d.DateParts[0]) == 0 || d.DateParts[0][0] == nil {
		return 0
	}
	return *d.DateParts[0][0]
}

func (d DOIResolver) crossref(ctx context.Context, id Identifier, doi string, cached *Record) Result {
	u := strings.TrimSuffix(d.CrossrefURL, "/") + "/works/" + escapeDOI(doi)
	resp, res, ok := d.Client.fetch(ctx, u, "application/json", cached)
	if !ok {
		return res
	}
	var w crossrefWork
	if err := json.Unmarshal(resp.Body, &w); err != nil {
		return malformed(u, "Crossref body")
	}
	if w.Status != "ok" || w.MessageType != "work" || w.Message == nil || len(w.Message.Title) == 0 {
		return malformed(u, "Crossref body")
	}
	m := w.Message
	r := Record{ID: id, Title: joinSubtitle(m.Title[0], m.Subtitle), URL: m.URL}
	for _, a := range m.Author {
		switch {
		case a.Family != "" && a.Given != "":
			r.Authors = append(r.Authors, a.Family+", "+a.Given)
		case a.Family != "":
			r.Authors = append(r.Authors, a.Family)
		case a.Name != "":
			r.Authors = append(r.Authors, a.Name)
		}
	}
	for _, dt := range []crossrefDate{m.Issued, m.PublishedPrint, m.PublishedOnline} {
		if y := dt.year(); y != 0 {
			r.Year = y
			break
		}
	}
	for _, l := range m.License {
		if r.Licence == "" || l.ContentVersion == "vor" {
			r.Licence = l.URL
		}
	}
	return found(d.Client.stamp(r, "crossref", resp))
}

// dataciteDOI is the part of a DataCite "dois" resource the record plane reads.
type dataciteDOI struct {
	Data *struct {
		Type       string `json:"type"`
		Attributes struct {
			DOI    string `json:"doi"`
			URL    string `json:"url"`
			Titles []struct {
				Title     string `json:"title"`
				TitleType string `json:"titleType"`
			} `json:"titles"`
			Creators []struct {
				Name       string `json:"name"`
				GivenName  string `json:"givenName"`
				FamilyName string `json:"familyName"`
			} `json:"creators"`
			PublicationYear json.Number `json:"publicationYear"`
			RightsList      []struct {
				Rights    string `json:"rights"`
				RightsURI string `json:"rightsUri"`
			} `json:"rightsList"`
		} `json:"attributes"`
	} `json:"data"`
}

func (d DOIResolver) datacite(ctx context.Context, id Identifier, doi string, cached *Record) Result {
	u := strings.TrimSuffix(d.DataCiteURL, "/") + "/dois/" + escapeDOI(doi)
	resp, res, ok := d.Client.fetch(ctx, u, "application/vnd.api+json", cached)
	if !ok {
		return res
	}
	var v dataciteDOI
	if err := json.Unmarshal(resp.Body, &v); err != nil {
		return malformed(u, "DataCite body")
	}
	if v.Data == nil || len(v.Data.Attributes.Titles) == 0 {
		return malformed(u, "DataCite body")
	}
	a := v.Data.Attributes
	r := Record{ID: id, URL: a.URL}
	var subtitles []string
	for _, t := range a.Titles {
		switch {
		case t.TitleType == "" && r.Title == "":
			r.Title = t.Title
		case t.TitleType == "Subtitle":
			subtitles = append(subtitles, t.Title)
		}
	}
	if r.Title == "" {
		r.Title = a.Titles[0].Title
	}
	r.Title = joinSubtitle(r.Title, subtitles)
	for _, c := range a.Creators {
		if c.FamilyName != "" && c.GivenName != "" {
			r.Authors = append(r.Authors, c.FamilyName+", "+c.GivenName)
		} else if c.Name != "" {
			r.Authors = append(r.Authors, c.Name)
		}
	}
	if y, err := a.PublicationYear.Int64(); err == nil {
		r.Year = int(y)
	}
	if len(a.RightsList) > 0 {
		r.Licence = a.RightsList[0].RightsURI
		if r.Licence == "" {
			r.Licence = a.RightsList[0].Rights
		}
	}
	return found(d.Client.stamp(r, "datacite", resp))
}

// joinSubtitle puts a subtitle the catalogue keeps apart after a colon, as a citation writes it.
func joinSubtitle(title string, subtitles []string) string {
	title = strings.TrimSpace(title)
	if len(subtitles) == 0 || strings.TrimSpace(subtitles[0]) == "" {
		return title
	}
	return title + ": " + strings.TrimSpace(subtitles[0])
}
