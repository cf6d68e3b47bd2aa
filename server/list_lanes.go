package server

import (
	"net/http"
	"net/url"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// listLanes are the list's two lanes under the page's search and filters — accepted problems,
// and problems in their challenge period — each counted and linked to list it alone, so that
// acceptance admits a problem to an index kept apart from the challenge period (review policy
// v5: "Acceptance admits the problem to the index").
func (s *Server) listLanes(r *http.Request, f ui.ListFilter) ([]ui.ListLane, error) {
	ctx := r.Context()
	var out []ui.ListLane
	for _, l := range []struct{ state, label string }{
		{policy.StateAccepted, "Accepted"},
		{policy.StateProspecting, "In their challenge period"},
	} {
		res, err := s.policy.ListProblems(ctx, policy.ListQuery{Viewer: viewer.From(ctx), State: l.state, Tag: f.Tag,
			Acceptance: f.Acceptance, Provenance: f.Provenance, Search: f.Q, First: 1})
		if err != nil {
			return nil, err
		}
		u := url.Values{}
		for k, v := range map[string]string{"state": l.state, "tag": f.Tag, "acceptance": f.Acceptance, "provenance": f.Provenance, "q": f.Q} {
			if v != "" {
				u.Set(k, v)
			}
		}
		out = append(out, ui.ListLane{State: l.state, Label: l.label, N: res.Total, AtLeast: res.TotalAtLeast, URL: "/problems?" + u.Encode()})
	}
	return out, nil
}
