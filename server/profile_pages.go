package server

import (
	"net/http"

	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// profilePath is the public page of the operating profile.
const profilePath = "/quality/profile"

// qualityProfile is /quality/profile: the operating profile in force, with its measured rates,
// every profile there is, and the history of changes; operators get the form that changes it.
func (s *Server) qualityProfile(w http.ResponseWriter, r *http.Request) error {
	hist, err := s.policy.OperatingProfiles(r.Context())
	if err != nil {
		return err
	}
	v := ui.ProfileView{Current: hist[0], History: hist, All: policy.AllProfiles(),
		CanChange: policy.CanStaff(viewer.From(r.Context()))}
	s.render(w, r, http.StatusOK, page(r, "Operating profile"), ui.ProfilePage(v))
	return nil
}

// setProfile changes the operating profile from the page's form (operators).
func (s *Server) setProfile(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	f := parseProfile(r.PostForm)
	p, err := s.policy.SetOperatingProfile(r.Context(), viewer.From(r.Context()), f.Name, f.Reason)
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, profilePath, "Not changed: "+fes[0].Message)
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, profilePath, "The "+p.Label+" profile is in force for problems submitted from now on.")
	return nil
}

// contractQueue is /admin/contract: the owner of the criteria's queue.
func (s *Server) contractQueue(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	v, err := s.policy.ContractQueue(r.Context(), viewer.From(r.Context()), 200)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Contract queue"), ui.ContractQueuePage(*v))
	return nil
}
