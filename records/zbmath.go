package records

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// ZbMATHResolver asks the zbMATH Open API (GET /v1/document/{id}), which answers
// {"result": {...}, "status": {...}} with the document's title.title, year (a string),
// contributors.authors[].name ("Family, Given") and zbmath_url.
type ZbMATHResolver struct {
	Client *Client
	URL    string
}

type zbDocument struct {
	ID         json.Number `json:"id"`
	Identifier string      `json:"identifier"`
	Title      struct {
		Title    string `json:"title"`
		Subtitle string `json:"subtitle"`
	} `json:"title"`
	Year         string `json:"year"`
	ZbMATHURL    string `json:"zbmath_url"`
	Contributors struct {
		Authors []struct {
			Name string `json:"name"`
		} `json:"authors"`
	} `json:"contributors"`
}

var fourDigits = regexp.MustCompile(`\d{4}`)

// zbUnavailable is the title zbMATH Open shows for a document whose metadata it may not expose.
const zbUnavailable = "contents unavailable due to conflicting licenses"

// Resolve implements Resolver.
func (z ZbMATHResolver) Resolve(ctx context.Context, id Identifier, cached *Record) Result {
	zid := strings.TrimPrefix(id.Key, "zbmath:")
	u := strings.TrimSuffix(z.URL, "/") + "/v1/document/" + url.PathEscape(zid)
	if cached != nil && cached.Resolver != "zbmath" {
		cached = nil
	}
	resp, res, ok := z.Client.fetch(ctx, u, "application/json", cached)
	if !ok {
		return res
	}
	var env struct {
		Result json.RawMessage `json:"result"`
		Status *struct {
			NrTotalResults *int `json:"nr_total_results"`
		} `json:"status"`
	}
	if err := json.Unmarshal(resp.Body, &env); err != nil {
		return malformed(u, "zbMATH body")
	}
	raw := bytes.TrimSpace(env.Result)
	if env.Status == nil && len(raw) == 0 {
		return unreachable(u + ": malformed zbMATH body: neither result nor status")
	}
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) || bytes.Equal(raw, []byte("[]")) {
		return notFound("zbMATH Open holds no " + zid)
	}
	var doc zbDocument
	if raw[0] == '[' {
		var docs []zbDocument
		if err := json.Unmarshal(raw, &docs); err != nil {
			return malformed(u, "zbMATH result")
		}
		if len(docs) == 0 {
			return notFound("zbMATH Open holds no " + zid)
		}
		doc = docs[0]
	} else if err := json.Unmarshal(raw, &doc); err != nil {
		return malformed(u, "zbMATH result")
	}
	r := Record{ID: id, URL: doc.ZbMATHURL}
	if !strings.Contains(doc.Title.Title, zbUnavailable) {
		r.Title = joinSubtitle(doc.Title.Title, []string{doc.Title.Subtitle})
	}
	for _, a := range doc.Contributors.Authors {
		if a.Name != "" && !strings.Contains(a.Name, zbUnavailable) {
			r.Authors = append(r.Authors, a.Name)
		}
	}
	if y := fourDigits.FindString(doc.Year); y != "" {
		r.Year, _ = strconv.Atoi(y)
	}
	return found(z.Client.stamp(r, "zbmath", resp))
}
