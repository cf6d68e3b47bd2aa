package records

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

// OpenLibraryResolver asks Open Library for an edition by ISBN (GET /isbn/{isbn}.json, which
// redirects to the edition's /books/{OLID}.json). An edition names its authors by key
// ({"key": "/authors/OL…A"}), or only through its work; the resolver looks up at most
// Config.MaxAuthors names with GET /authors/{OLID}.json. When a name cannot be had the record
// keeps the edition's by_statement, or no authors, never a partial list.
type OpenLibraryResolver struct {
	Client *Client
	URL    string
}

type olKey struct {
	Key string `json:"key"`
}

type olEdition struct {
	Error       string  `json:"error"`
	Key         string  `json:"key"`
	Title       string  `json:"title"`
	Subtitle    string  `json:"subtitle"`
	Authors     []olKey `json:"authors"`
	Works       []olKey `json:"works"`
	PublishDate string  `json:"publish_date"`
	ByStatement string  `json:"by_statement"`
}

var olAuthorKey = regexp.MustCompile(`^/authors/OL\d+A$`)
var olWorkKey = regexp.MustCompile(`^/works/OL\d+W$`)

// Resolve implements Resolver.
func (o OpenLibraryResolver) Resolve(ctx context.Context, id Identifier, cached *Record) Result {
	isbn := strings.TrimPrefix(id.Key, "isbn:")
	base := strings.TrimSuffix(o.URL, "/")
	u := base + "/isbn/" + isbn + ".json"
	if cached != nil && cached.Resolver != "openlibrary" {
		cached = nil
	}
	resp, res, ok := o.Client.fetch(ctx, u, "application/json", cached)
	if !ok {
		return res
	}
	var e olEdition
	if err := json.Unmarshal(resp.Body, &e); err != nil {
		return malformed(u, "Open Library body")
	}
	if e.Error == "notfound" {
		return notFound("Open Library holds no edition with ISBN " + isbn)
	}
	if e.Title == "" {
		return unreachable(u + ": malformed Open Library body: an edition without a title")
	}
	r := Record{ID: id, Title: joinSubtitle(e.Title, []string{e.Subtitle})}
	if e.Key != "" {
		r.URL = base + e.Key
	}
	if y := fourDigits.FindAllString(e.PublishDate, -1); len(y) > 0 {
		r.Year, _ = strconv.Atoi(y[len(y)-1])
	}
	keys := make([]string, 0, len(e.Authors))
	for _, a := range e.Authors {
		keys = append(keys, a.Key)
	}
	if len(keys) == 0 && len(e.Works) > 0 && olWorkKey.MatchString(e.Works[0].Key) {
		ks, res, ok := o.workAuthors(ctx, base+e.Works[0].Key+".json")
		if !ok {
			return res
		}
		keys = ks
	}
	names, res, ok := o.names(ctx, base, keys)
	if !ok {
		return res
	}
	switch {
	case names != nil:
		r.Authors = names
	case strings.TrimSpace(e.ByStatement) != "":
		r.Authors = []string{strings.TrimSuffix(strings.TrimSpace(e.ByStatement), ".")}
	}
	return found(o.Client.stamp(r, "openlibrary", resp))
}

func (o OpenLibraryResolver) workAuthors(ctx context.Context, u string) ([]string, Result, bool) {
	resp, res, ok := o.Client.fetch(ctx, u, "application/json", nil)
	if res.Status == StatusNotFound {
		return nil, Result{}, true
	}
	if !ok {
		return nil, res, false
	}
	var w struct {
		Authors []struct {
			Author olKey `json:"author"`
		} `json:"authors"`
	}
	if err := json.Unmarshal(resp.Body, &w); err != nil {
		return nil, malformed(u, "Open Library work"), false
	}
	var keys []string
	for _, a := range w.Authors {
		keys = append(keys, a.Author.Key)
	}
	return keys, Result{}, true
}

// names looks up the authors' names. It returns nil names when some author cannot be named, so
// that a record never holds a partial author list.
func (o OpenLibraryResolver) names(ctx context.Context, base string, keys []string) ([]string, Result, bool) {
	if len(keys) == 0 || len(keys) > o.Client.Config.MaxAuthors {
		return nil, Result{}, true
	}
	var names []string
	for _, k := range keys {
		if !olAuthorKey.MatchString(k) {
			return nil, Result{}, true
		}
		u := base + k + ".json"
		resp, res, ok := o.Client.fetch(ctx, u, "application/json", nil)
		if res.Status == StatusNotFound {
			return nil, Result{}, true
		}
		if !ok {
			return nil, res, false
		}
		var a struct {
			Name         string `json:"name"`
			PersonalName string `json:"personal_name"`
		}
		if err := json.Unmarshal(resp.Body, &a); err != nil {
			return nil, malformed(u, "Open Library author"), false
		}
		n := a.Name
		if n == "" {
			n = a.PersonalName
		}
		if n == "" {
			return nil, Result{}, true
		}
		names = append(names, n)
	}
	return names, Result{}, true
}
