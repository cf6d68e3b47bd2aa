package server

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"entgo.io/contrib/entgql"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/ent/problem"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/revision"
	"github.com/theoremdb/theoremdb/ent/tag"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/ui/hero"
)

// pageSize is the length of the list page.
const pageSize = 25

func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c := s.policy.Client()
	soonest, err := s.policy.InChallenge(ctx, 8)
	if err != nil {
		return err
	}
	accepted, err := c.Problem.Query().Where(problem.StateEQ(problem.StateACCEPTED)).
		Order(ent.Desc(problem.FieldAcceptedAt)).Limit(8).All(ctx)
	if err != nil {
		return err
	}
	var counts []struct {
		State string `json:"state"`
		Count int    `json:"count"`
	}
	if err := c.Problem.Query().Where(policy.Listed()).
		GroupBy(problem.FieldState).Aggregate(ent.Count()).Scan(ctx, &counts); err != nil {
		return err
	}
	v := ui.HomeView{Soonest: soonest, Accepted: accepted}
	for _, st := range ui.States {
		n := 0
		for _, c := range counts {
			if c.State == st {
				n = c.Count
			}
		}
		v.Counts = append(v.Counts, ui.StateCount{State: st, N: n})
	}
	s.render(w, r, http.StatusOK, page(r, "Open problems"), ui.HomePage(v))
	return nil
}

// list is /problems: filters, search, sorting and cursor paging, all in
// the URL. Removed problems never appear.
func (s *Server) list(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	q := r.URL.Query()
	f := ui.ListFilter{State: q.Get("state"), Tag: q.Get("tag"), Acceptance: q.Get("acceptance"),
		Provenance: q.Get("provenance"), Q: strings.TrimSpace(q.Get("q")), Sort: q.Get("sort")}
	preds := []predicate.Problem{policy.Listed()}
	if f.State != "" {
		if problem.StateValidator(problem.State(f.State)) != nil || f.State == "REMOVED" {
			return httpError{http.StatusBadRequest, "Unknown state: " + f.State}
		}
		preds = append(preds, problem.StateEQ(problem.State(f.State)))
	}
	if f.Acceptance != "" {
		if problem.AcceptanceKindValidator(problem.AcceptanceKind(f.Acceptance)) != nil {
			return httpError{http.StatusBadRequest, "Unknown acceptance kind: " + f.Acceptance}
		}
		preds = append(preds, problem.AcceptanceKindEQ(problem.AcceptanceKind(f.Acceptance)))
	}
	if f.Provenance != "" {
		if problem.ProvenanceKindValidator(problem.ProvenanceKind(f.Provenance)) != nil {
			return httpError{http.StatusBadRequest, "Unknown provenance kind: " + f.Provenance}
		}
		preds = append(preds, problem.ProvenanceKindEQ(problem.ProvenanceKind(f.Provenance)))
	}
	if f.Tag != "" {
		preds = append(preds, problem.HasTagsWith(tag.Name(f.Tag)))
	}
	if f.Q != "" {
		if len(f.Q) > 200 {
			return httpError{http.StatusBadRequest, "The search is too long (at most 200 characters)."}
		}
		preds = append(preds, problem.Or(problem.TitleContainsFold(f.Q),
			problem.HasCurrentRevisionWith(revision.StatementContainsFold(f.Q))))
	}
	order := &ent.ProblemOrder{Direction: entgql.OrderDirectionAsc, Field: ent.ProblemOrderFieldDeadline}
	switch f.Sort {
	case "", "deadline":
		f.Sort = "deadline"
	case "submitted":
		order = &ent.ProblemOrder{Direction: entgql.OrderDirectionDesc, Field: ent.ProblemOrderFieldSubmittedAt}
	case "updated":
		order = &ent.ProblemOrder{Direction: entgql.OrderDirectionDesc, Field: ent.ProblemOrderFieldUpdatedAt}
	default:
		return httpError{http.StatusBadRequest, "Unknown sort: " + f.Sort}
	}
	var after, before *entgql.Cursor[string]
	first, last := pageSize, 0
	for name, dst := range map[string]**entgql.Cursor[string]{"after": &after, "before": &before} {
		if v := q.Get(name); v != "" {
			c := &entgql.Cursor[string]{}
			if err := c.UnmarshalGQL(v); err != nil {
				return httpError{http.StatusBadRequest, "That page link is not valid; start again from the first page."}
			}
			*dst = c
		}
	}
	var firstP, lastP *int
	if before != nil {
		last = pageSize
		lastP = &last
	} else {
		firstP = &first
	}
	conn, err := c(s).Problem.Query().Where(preds...).Paginate(ctx, after, firstP, before, lastP,
		ent.WithProblemOrder(order))
	if err != nil {
		return err
	}
	tags, err := c(s).Tag.Query().Order(ent.Asc(tag.FieldName)).Select(tag.FieldName).Strings(ctx)
	if err != nil {
		return err
	}
	v := ui.ListView{Total: conn.TotalCount, Filter: f, Tags: tags}
	for _, e := range conn.Edges {
		v.Problems = append(v.Problems, e.Node)
	}
	link := func(k string, cur *entgql.Cursor[string]) string {
		u := url.Values{}
		for key, val := range map[string]string{"state": f.State, "tag": f.Tag, "acceptance": f.Acceptance,
			"provenance": f.Provenance, "q": f.Q, "sort": f.Sort} {
			if val != "" {
				u.Set(key, val)
			}
		}
		var b strings.Builder
		cur.MarshalGQL(&b)
		u.Set(k, strings.Trim(b.String(), `"`))
		return "/problems?" + u.Encode()
	}
	if conn.PageInfo.HasNextPage && conn.PageInfo.EndCursor != nil {
		v.NextURL = link("after", conn.PageInfo.EndCursor)
	}
	if (conn.PageInfo.HasPreviousPage || after != nil) && conn.PageInfo.StartCursor != nil && len(v.Problems) > 0 {
		v.PrevURL = link("before", conn.PageInfo.StartCursor)
	}
	s.render(w, r, http.StatusOK, page(r, "Problems"), ui.ListPage(v))
	return nil
}

func c(s *Server) *ent.Client { return s.policy.Client() }

// problemPage is /p/{ref}. Slugs redirect to the ID; a merged problem
// redirects to its survivor with a notice.
func (s *Server) problemPage(w http.ResponseWriter, r *http.Request) error {
	ref := r.PathValue("ref")
	id, err := policy.ResolveProblemID(r.Context(), c(s), ref)
	if err != nil {
		return err
	}
	if id != ref {
		http.Redirect(w, r, "/p/"+id+queryOf(r), http.StatusMovedPermanently)
		return nil
	}
	v, err := s.problemView(r, id)
	if err != nil {
		return err
	}
	if v.P.State == problem.StateMERGED && v.P.MergedIntoID != nil {
		http.Redirect(w, r, "/p/"+*v.P.MergedIntoID+"?merged="+id, http.StatusFound)
		return nil
	}
	if from := r.URL.Query().Get("merged"); from != "" {
		v.Notice = from + " was merged into this problem; its ID now leads here."
	}
	status := http.StatusOK
	if v.P.State == problem.StateREMOVED {
		status = http.StatusGone
	}
	s.render(w, r, status, page(r, v.P.ID+": "+v.P.Title), ui.ProblemPage(v))
	return nil
}

func queryOf(r *http.Request) string {
	if r.URL.RawQuery == "" {
		return ""
	}
	return "?" + r.URL.RawQuery
}

// problemView loads the whole packet of a problem in a fixed number of
// queries.
func (s *Server) problemView(r *http.Request, id string) (ui.ProblemView, error) {
	ctx := r.Context()
	p, err := c(s).Problem.Query().Where(problem.ID(id)).
		WithProposer().
		WithCurrentRevision(func(q *ent.RevisionQuery) {
			q.WithReferences(func(q *ent.ReferenceQuery) { q.WithSource().Order(ent.Asc(reference.FieldPosition)) })
		}).
		WithRevisions(func(q *ent.RevisionQuery) { q.Order(ent.Asc(revision.FieldNumber)) }).
		WithDecisions(func(q *ent.DecisionQuery) { q.WithMergeInto().Order(ent.Desc(decision.FieldCreatedAt)) }).
		WithClaims(func(q *ent.ClaimQuery) { q.WithBindings() }).
		Only(ctx)
	if ent.IsNotFound(err) {
		return ui.ProblemView{}, policy.ErrNotFound
	}
	if err != nil {
		return ui.ProblemView{}, err
	}
	if p.Edges.CurrentRevision == nil {
		return ui.ProblemView{}, errors.New("problem " + id + " has no current revision")
	}
	reqs, err := policy.OpenRevisionRequests(ctx, c(s), []string{p.Edges.CurrentRevision.ID})
	if err != nil {
		return ui.ProblemView{}, err
	}
	events, err := c(s).Event.Query().Where(event.Subject(id), event.Public(true)).Order(ent.Asc(event.FieldSeq)).Limit(200).All(ctx)
	if err != nil {
		return ui.ProblemView{}, err
	}
	tab := r.URL.Query().Get("tab")
	switch tab {
	case "problem", "research", "references", "history":
	default:
		tab = "problem"
	}
	rev := p.Edges.CurrentRevision
	hv := hero.Draw(hero.Input{ID: p.ID, Title: p.Title, Kind: rev.Acceptance.Kind, Tags: rev.Tags})
	return ui.ProblemView{P: p, Tab: tab, InChallenge: s.policy.InChallengePeriod(p), Requests: reqs[rev.ID],
		Events: events, Hero: ui.Hero{SVG: hv.SVG, Caption: hv.Caption}}, nil
}
