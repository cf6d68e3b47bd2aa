package server

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/ui/hero"
	"github.com/theoremdb/theoremdb/viewer"
)

// pageSize is the length of the list page.
const pageSize = 25

// home is the front page.
func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	v, err := s.reads.Home(r.Context())
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Open problems"), ui.HomePage(*v))
	return nil
}

// list is /problems: filters, search, sorting and paging, all in the URL,
// read through policy.ListProblems. An ID or slug typed into the search
// box goes straight to its problem.
func (s *Server) list(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q := r.URL.Query()
	f := ui.ListFilter{State: q.Get("state"), Tag: q.Get("tag"), Acceptance: q.Get("acceptance"),
		Provenance: q.Get("provenance"), Q: strings.TrimSpace(q.Get("q")), Sort: q.Get("sort")}
	if f.Q != "" && q.Get("after") == "" && q.Get("before") == "" {
		if id, err := s.reads.ProblemID(ctx, f.Q); err == nil {
			http.Redirect(w, r, "/p/"+id, http.StatusSeeOther)
			return nil
		} else if !errors.Is(err, policy.ErrNotFound) {
			return err
		}
	}
	l, err := s.policy.ListProblems(ctx, policy.ListQuery{Viewer: viewer.From(ctx), State: f.State, Tag: f.Tag, Acceptance: f.Acceptance,
		Provenance: f.Provenance, Search: f.Q, Sort: policy.ListSort(f.Sort), After: q.Get("after"),
		Before: q.Get("before"), First: pageSize})
	if fes := policy.FieldErrors(err); fes != nil {
		return httpError{http.StatusBadRequest, fmt.Sprintf("The %s in this address is not valid: %s.", fes[0].Field[0], fes[0].Message)}
	}
	if err != nil {
		return err
	}
	tags, err := s.reads.TagNames(ctx)
	if err != nil {
		return err
	}
	v := ui.ListView{Total: l.Total, TotalAtLeast: l.TotalAtLeast, Filter: f, Tags: tags, Problems: l.Problems,
		States: policy.ListStates(viewer.From(ctx)), Suggestion: l.Suggestion}
	// The form shows the order used for a search, and otherwise the order as
	// asked, so that a search typed into a form that asked for none is ranked
	// best first; the page links carry the order used, which their cursors
	// belong to.
	if f.Q != "" {
		v.Filter.Sort = string(l.Sort)
	}
	link := func(k, cursor string) string {
		u := url.Values{}
		for key, val := range map[string]string{"state": f.State, "tag": f.Tag, "acceptance": f.Acceptance,
			"provenance": f.Provenance, "q": f.Q, "sort": string(l.Sort)} {
			if val != "" {
				u.Set(key, val)
			}
		}
		if k != "" {
			u.Set(k, cursor)
		}
		return "/problems?" + u.Encode()
	}
	if l.Suggestion != "" {
		asked := f.Q
		f.Q = l.Suggestion
		v.SuggestionURL = link("", "")
		f.Q = asked
	}
	if v.Lanes, err = s.listLanes(r, f); err != nil {
		return err
	}
	if l.Next != "" {
		v.NextURL = link("after", l.Next)
	}
	if l.Prev != "" {
		v.PrevURL = link("before", l.Prev)
	}
	s.render(w, r, http.StatusOK, page(r, "Problems"), ui.ListPage(v))
	return nil
}

// problemPage is /p/{ref}. Slugs and IDs in another case redirect to the
// ID; a merged problem redirects to its survivor with a notice, unless
// ?redirect=no asks for the merged record itself, which opens on its History
// (the merge decision and its reasoning).
func (s *Server) problemPage(w http.ResponseWriter, r *http.Request) error {
	ref := r.PathValue("ref")
	v, err := s.problemView(r, ref)
	if err != nil {
		return err
	}
	if v.P.ID != ref {
		http.Redirect(w, r, "/p/"+v.P.ID+queryOf(r), http.StatusMovedPermanently)
		return nil
	}
	q := r.URL.Query()
	merged := v.P.State == policy.StateMerged && v.P.MergedInto != ""
	if merged && q.Get("redirect") != "no" {
		http.Redirect(w, r, "/p/"+v.P.MergedInto+"?merged="+v.P.ID, http.StatusFound)
		return nil
	}
	if merged {
		v.Notice = v.P.ID + " was merged into " + v.P.MergedInto + ". This is the merged record, kept as it was; " +
			"its History holds the merge decision and its reasoning, and its ID leads to " + v.P.MergedInto + "."
		if q.Get("tab") == "" {
			v.Tab = "history"
		}
	}
	if from := q.Get("merged"); from != "" && slices.Contains(v.P.MergedFrom, from) {
		v.Notice = from + " was merged into this problem; its ID now leads here. The merged record and the merge " +
			"decision stay readable at /p/" + from + "?redirect=no."
	}
	if v.Tab == "research" {
		if v.Cited, err = s.corpus.CitationsOfProblem(r.Context(), v.P.ID); err != nil {
			return err
		}
	}
	if v.Tab == "history" {
		// Suggested edits are read for the History tab alone: the other tabs cost no query.
		if v.Suggestions, err = s.policy.SuggestionsOf(r.Context(), v.P.ID); err != nil {
			return err
		}
	}
	status := http.StatusOK
	if v.P.Withheld {
		status = http.StatusGone
	}
	title := v.P.ID + ": " + v.P.Title
	if v.P.Withheld {
		title = v.P.ID + " (removed)"
	}
	pg := page(r, title)
	if v.Tab == "checks" && ui.ChecksPending(v.P.Checks) {
		pg.Refresh = checksRefresh
	}
	if !v.P.Withheld {
		h := s.problemHead(v.P)
		if merged {
			h.Canonical = s.baseURL() + "/p/" + v.P.MergedInto
		}
		pg.Head = ui.ProblemHead(h)
	}
	r = r.WithContext(ui.WithSite(r.Context(), s.baseURL()))
	s.render(w, r, status, pg, ui.ProblemPage(v))
	return nil
}

// checksRefresh is how often the Checks section reloads while gates run, in seconds.
const checksRefresh = 2

func queryOf(r *http.Request) string {
	if r.URL.RawQuery == "" {
		return ""
	}
	return "?" + r.URL.RawQuery
}

// pageEvents is how many events the History tab lists.
const pageEvents = 200

// problemView is the problem page of the problem a reference names.
func (s *Server) problemView(r *http.Request, ref string) (ui.ProblemView, error) {
	who := viewer.From(r.Context())
	v, err := s.reads.ViewProblem(r.Context(), who, ref, pageEvents)
	if err != nil {
		return ui.ProblemView{}, err
	}
	tab := "problem"
	for _, t := range ui.Tabs {
		if t.Key == r.URL.Query().Get("tab") {
			tab = t.Key
		}
	}
	hv := hero.Draw(hero.Input{ID: v.ID, Title: v.Title, Kind: v.Revision.Acceptance.Kind, Tags: v.Revision.Tags})
	return ui.ProblemView{P: v, Tab: tab, Signed: who != nil, Hero: ui.Hero{SVG: hv.SVG, Caption: hv.Caption, Art: v.HeroArt}}, nil
}
