package server

import (
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
)

// feedEntries is the most entries a feed carries.
const feedEntries = 50

// closingWithin is how near its deadline a problem must be to be in the closing feed.
const closingWithin = 24 * time.Hour

// atomFeed is an Atom 1.0 feed (RFC 4287).
type atomFeed struct {
	XMLName  xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	ID       string      `xml:"id"`
	Title    string      `xml:"title"`
	Subtitle string      `xml:"subtitle,omitempty"`
	Updated  string      `xml:"updated"`
	Links    []atomLink  `xml:"link"`
	Author   atomPerson  `xml:"author"`
	Rights   string      `xml:"rights"`
	Entries  []atomEntry `xml:"entry"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Href string `xml:"href,attr"`
	Type string `xml:"type,attr,omitempty"`
}

type atomPerson struct {
	Name string `xml:"name"`
	URI  string `xml:"uri,omitempty"`
}

type atomEntry struct {
	ID         string         `xml:"id"`
	Title      string         `xml:"title"`
	Updated    string         `xml:"updated"`
	Published  string         `xml:"published,omitempty"`
	Links      []atomLink     `xml:"link"`
	Categories []atomCategory `xml:"category"`
	Summary    atomText       `xml:"summary"`
}

type atomCategory struct {
	Term   string `xml:"term,attr"`
	Scheme string `xml:"scheme,attr,omitempty"`
	Label  string `xml:"label,attr,omitempty"`
}

// stateCategory labels an entry with its problem's state, so that a feed that mixes them keeps
// accepted problems apart from those in their challenge period.
func (s *Server) stateCategory(state string) atomCategory {
	term, label := strings.ToLower(state), policy.States.Label(state)
	if state == policy.StateProspecting {
		term, label = "challenge-period", "In its challenge period"
	}
	return atomCategory{Term: term, Scheme: s.baseURL() + "/about#challenge-period", Label: label}
}

type atomText struct {
	Type string `xml:"type,attr"`
	Body string `xml:",chardata"`
}

func atomTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// feed starts a feed whose permanent URL (also its ID) is path.
func (s *Server) feed(path, title, subtitle string) *atomFeed {
	self := s.baseURL() + path
	return &atomFeed{ID: self, Title: title, Subtitle: subtitle,
		Links: []atomLink{{Rel: "self", Href: self, Type: "application/atom+xml"},
			{Rel: "alternate", Href: s.baseURL() + "/", Type: "text/html"},
			{Rel: "license", Href: policy.ExportLicenceURL}},
		Author: atomPerson{Name: "TheoremDB", URI: s.baseURL() + "/"}, Rights: policy.ExportLicence}
}

// writeFeed sets the feed's updated time to its newest entry's (or now, when it has none)
// and writes it.
func (s *Server) writeFeed(w http.ResponseWriter, r *http.Request, f *atomFeed) error {
	f.Updated = atomTime(s.policy.Now())
	if len(f.Entries) > 0 {
		newest := f.Entries[0].Updated
		for _, e := range f.Entries[1:] {
			if e.Updated > newest {
				newest = e.Updated
			}
		}
		f.Updated = newest
	}
	b, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("feed %s: %w", f.ID, err)
	}
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=300")
	_, _ = w.Write([]byte(xml.Header))
	_, err = w.Write(b)
	if err != nil && !gone(r, err) {
		s.log.ErrorContext(r.Context(), "write feed", "path", r.URL.Path, "err", err)
	}
	return nil
}

// problemEntries are the Atom entries of a feed's problems: each says its current statement,
// or its state when it has no revision.
func (s *Server) problemEntries(ps []policy.FeedEntry) []atomEntry {
	out := make([]atomEntry, 0, len(ps))
	for _, p := range ps {
		u := s.baseURL() + "/p/" + p.ID
		e := atomEntry{ID: u, Title: p.ID + ": " + p.Title, Updated: atomTime(p.Updated),
			Published: atomTime(p.SubmittedAt), Links: []atomLink{{Rel: "alternate", Href: u, Type: "text/html"}},
			Summary: atomText{Type: "text", Body: policy.States.Label(p.State)}, Categories: []atomCategory{s.stateCategory(p.State)}}
		if p.HasRevision {
			e.Summary.Body = p.Statement
			for _, t := range p.Tags {
				e.Categories = append(e.Categories, atomCategory{Term: t})
			}
		}
		out = append(out, e)
	}
	return out
}

// feedNew is /feeds/new.atom: the newest problems.
func (s *Server) feedNew(w http.ResponseWriter, r *http.Request) error {
	ps, err := s.reads.FeedNew(r.Context(), feedEntries)
	if err != nil {
		return err
	}
	f := s.feed("/feeds/new.atom", "TheoremDB: new problems", "The newest problems, each in its challenge period when it arrives.")
	f.Entries = s.problemEntries(ps)
	return s.writeFeed(w, r, f)
}

// feedAccepted is /feeds/accepted.atom: the problems accepted most recently.
func (s *Server) feedAccepted(w http.ResponseWriter, r *http.Request) error {
	ps, err := s.reads.FeedAccepted(r.Context(), feedEntries)
	if err != nil {
		return err
	}
	f := s.feed("/feeds/accepted.atom", "TheoremDB: accepted problems",
		"Problems accepted by default when their challenge period ended, or qualified by a reviewer.")
	f.Entries = s.problemEntries(ps)
	return s.writeFeed(w, r, f)
}

// feedClosing is /feeds/closing.atom: problems whose challenge period ends within a day,
// the nearest deadline first.
func (s *Server) feedClosing(w http.ResponseWriter, r *http.Request) error {
	ps, err := s.reads.FeedClosing(r.Context(), closingWithin, feedEntries)
	if err != nil {
		return err
	}
	f := s.feed("/feeds/closing.atom", "TheoremDB: challenge periods closing",
		"Problems whose challenge period ends within a day: the last chance to flag, challenge or review them.")
	f.Entries = s.problemEntries(ps)
	for i, p := range ps {
		f.Entries[i].Summary.Body = "The challenge period ends " + p.Deadline.UTC().Format("2006-01-02 15:04 UTC") +
			".\n\n" + f.Entries[i].Summary.Body
	}
	return s.writeFeed(w, r, f)
}

// feedTag is /feeds/tag/{tag}.atom: the newest problems with a tag.
func (s *Server) feedTag(w http.ResponseWriter, r *http.Request) error {
	name, ok := strings.CutSuffix(r.PathValue("file"), ".atom")
	if !ok || name == "" {
		return httpError{http.StatusNotFound, "There is no such feed."}
	}
	ps, err := s.reads.FeedTag(r.Context(), name, feedEntries)
	if errors.Is(err, policy.ErrNotFound) {
		return httpError{http.StatusNotFound, "No problem has the tag " + strconv.Quote(name) + "."}
	}
	if err != nil {
		return err
	}
	f := s.feed("/feeds/tag/"+url.PathEscape(name)+".atom", "TheoremDB: "+name, "The newest problems tagged "+name+".")
	f.Links[1].Href = s.baseURL() + "/problems?tag=" + url.QueryEscape(name)
	f.Entries = s.problemEntries(ps)
	return s.writeFeed(w, r, f)
}

// problemFeedEvents is how many events a problem's feed carries.
const problemFeedEvents = 100

// feedProblem is /p/{ref}/feed.atom: the newest public events of one problem, newest first.
func (s *Server) feedProblem(w http.ResponseWriter, r *http.Request) error {
	p, err := s.reads.ProblemFeed(r.Context(), r.PathValue("ref"), problemFeedEvents)
	if err != nil {
		return err
	}
	if p.Withheld {
		return httpError{http.StatusGone, "This problem was removed; its feed has ended."}
	}
	if p.ID != r.PathValue("ref") {
		http.Redirect(w, r, "/p/"+p.ID+"/feed.atom", http.StatusMovedPermanently)
		return nil
	}
	page := s.baseURL() + "/p/" + p.ID
	f := s.feed("/p/"+p.ID+"/feed.atom", "TheoremDB "+p.ID+": "+p.Title, "What happened to "+p.ID+", from the public event log.")
	f.Links[1].Href = page
	for _, e := range p.Events {
		seq := strconv.FormatInt(e.Seq, 10)
		title := eventWords(e.Kind)
		if e.Checks != nil {
			title = ui.ChecksWords(e.Checks)
		}
		f.Entries = append(f.Entries, atomEntry{ID: page + "#event-" + seq,
			Title: p.ID + ": " + title, Updated: atomTime(e.At), Published: atomTime(e.At),
			Links: []atomLink{{Rel: "alternate", Href: page + "?tab=history", Type: "text/html"}},
			Summary: atomText{Type: "text", Body: fmt.Sprintf("Event #%s on %s, on the authority of %s. Hash %s.",
				seq, e.At.UTC().Format("2006-01-02 15:04 UTC"), strings.ReplaceAll(e.Authority, "_", " "), e.Hash)}})
	}
	return s.writeFeed(w, r, f)
}

// eventWords is an event kind in words: "decision.recorded" is "decision recorded".
func eventWords(kind string) string {
	return strings.NewReplacer(".", " ", "_", " ").Replace(kind)
}
