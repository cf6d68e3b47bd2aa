package server

import (
	"context"
	"net/http"
	"os"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// lanesPath is the operators' page of lanes and switches.
const lanesPath = "/admin/lanes"

// lanesPage is /admin/lanes: the lanes with their approvals, the switches, and the form that
// registers a lane.
func (s *Server) lanesPage(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	v, err := s.lanesView(r.Context(), viewer.From(r.Context()))
	if err != nil {
		return err
	}
	v.Form = ui.LaneForm{Role: string(lanes.PriorArt), Provider: string(lanes.OpenAI)}
	s.render(w, r, http.StatusOK, page(r, "Lanes and switches"), ui.LanesPage(v))
	return nil
}

// addLane registers a lane from the page's form; a refusal shows the form again with what to fix.
func (s *Server) addLane(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	form := laneForm(r.PostForm)
	a := viewer.From(r.Context())
	l, err := s.policy.AddLane(r.Context(), a, policy.LaneInput{Identity: form.Identity, Role: form.Role, Provider: form.Provider,
		BaseURL: form.BaseURL, Model: form.Model, ModelVersion: form.ModelVersion, PromptVersion: form.PromptVersion})
	if fes := policy.FieldErrors(err); fes != nil {
		v, verr := s.lanesView(r.Context(), a)
		if verr != nil {
			return verr
		}
		v.Form = form
		for _, fe := range fes {
			if field := laneField(fe); field != "" {
				v.Errors[field] = fe.Message
			} else {
				v.General = append(v.General, laneMessage(fe.Message))
			}
		}
		s.render(w, r, http.StatusUnprocessableEntity, page(r, "Lanes and switches"), ui.LanesPage(v))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, lanesPath, "Registered the lane "+l.Identity+". It takes no part in a recommendation until it is approved.")
	return nil
}

// laneField is the form field a refusal of AddLane names, or "" for the form as a whole.
func laneField(fe policy.FieldError) string {
	if len(fe.Field) == 0 {
		return ""
	}
	switch fe.Field[0] {
	case "identity", "promptVersion", "role", "provider", "baseUrl", "model", "modelVersion":
		return fe.Field[0]
	case "lane":
		// The lane's configuration as a whole: the message names what is wrong.
		for _, p := range []struct{ prefix, field string }{{"identity ", "identity"}, {"role ", "role"}, {"provider ", "provider"},
			{"base URL ", "baseUrl"}, {"no prompt ", "promptVersion"}} {
			if strings.HasPrefix(fe.Message, p.prefix) {
				return p.field
			}
		}
		switch {
		case strings.Contains(fe.Message, "has no prompt version"):
			return "promptVersion"
		case strings.Contains(fe.Message, "names its model and its model version"):
			return "modelVersion"
		}
	}
	return ""
}

// laneMessage is a refusal's message as a sentence.
func laneMessage(m string) string {
	if m == "" {
		return m
	}
	m = strings.ToUpper(m[:1]) + m[1:]
	if !strings.HasSuffix(m, ".") {
		m += "."
	}
	return m
}

// laneChange is a recorded change of one lane by an operator, answering with the lane's
// identity: approving or disabling it.
type laneChange func(ctx context.Context, a *viewer.Account, lane string) (identity string, err error)

// approveLane approves a lane's provider and model version.
func (s *Server) approveLane(w http.ResponseWriter, r *http.Request) error {
	approve := func(ctx context.Context, a *viewer.Account, lane string) (string, error) {
		l, err := s.policy.ApproveLane(ctx, a, lane)
		if err != nil {
			return "", err
		}
		return l.Identity, nil
	}
	return s.changeLane(w, r, approve, "Approved the lane %s.", "Not approved: ")
}

// disableLane takes a lane out of the panel; its reviews stay in the record.
func (s *Server) disableLane(w http.ResponseWriter, r *http.Request) error {
	disable := func(ctx context.Context, a *viewer.Account, lane string) (string, error) {
		l, err := s.policy.DisableLane(ctx, a, lane)
		if err != nil {
			return "", err
		}
		return l.Identity, nil
	}
	return s.changeLane(w, r, disable, "Disabled the lane %s; its reviews stay in the record.", "Not disabled: ")
}

func (s *Server) changeLane(w http.ResponseWriter, r *http.Request, change laneChange, done, refused string) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	identity, err := change(r.Context(), viewer.From(r.Context()), r.PathValue("lane"))
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, lanesPath, refused+laneMessage(fes[0].Message))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, lanesPath, strings.Replace(done, "%s", identity, 1))
	return nil
}

// setSwitch turns a switch on or off with the operator's reason.
func (s *Server) setSwitch(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	f, err := parseSwitch(r.PostForm)
	if err != nil {
		return err
	}
	on := f.On
	sw, ok := policy.SwitchNamed(r.PathValue("name"))
	if !ok {
		return policy.ErrNotFound
	}
	label := sw.Label
	err = s.policy.SetSwitch(r.Context(), viewer.From(r.Context()), sw.Value, on, f.Reason)
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, lanesPath, "Not changed: "+laneMessage(fes[0].Message))
		return nil
	}
	if err != nil {
		return err
	}
	state := "off"
	if on {
		state = "on"
	}
	msg := label + " turned " + state + "."
	if sw, err := s.policy.Switches(r.Context()); err == nil {
		if sw.GateOpen() {
			msg += " Automated review is open."
		} else {
			msg += " Automated review is closed."
		}
	}
	redirectWith(w, r, lanesPath, msg)
	return nil
}

// runGold asks for a run of blind gold now.
func (s *Server) runGold(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	err := s.policy.RequestGold(r.Context(), viewer.From(r.Context()))
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, lanesPath, "Gold not run: "+laneMessage(fes[0].Message))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, lanesPath, "Gold is on its way to every enabled lane; the lane report shows the answers as they come back.")
	return nil
}

// dryRun runs the panel on one problem without recording anything, and shows the page with
// what the gate would do.
func (s *Server) dryRun(w http.ResponseWriter, r *http.Request) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	if err := parseForm(r); err != nil {
		return err
	}
	a := viewer.From(r.Context())
	v, err := s.lanesView(r.Context(), a)
	if err != nil {
		return err
	}
	v.Form = ui.LaneForm{Role: string(lanes.PriorArt), Provider: string(lanes.OpenAI)}
	v.DryRunRef = strings.TrimSpace(r.PostForm.Get("problem"))
	v.DryRun, err = s.policy.DryRunPanel(r.Context(), a, v.DryRunRef, policy.PanelConfig{})
	if fes := policy.FieldErrors(err); fes != nil {
		v.DryRunError = laneMessage(fes[0].Message)
	} else if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, page(r, "Lanes and switches"), ui.LanesPage(v))
	return nil
}

// lanesView is the page of the lanes and the switches, with the handles of the operators who
// approved and set them, and whether the server's environment holds each lane's key.
func (s *Server) lanesView(ctx context.Context, a *viewer.Account) (ui.LanesView, error) {
	v := ui.LanesView{Errors: map[string]string{}}
	lv, err := s.reads.ViewLanes(ctx, a)
	if err != nil {
		return v, err
	}
	for _, l := range lv.Lanes {
		row := ui.LaneRow{ID: l.ID, Identity: l.Identity, Role: l.Role, Provider: l.Provider, BaseURL: l.BaseURL,
			Model: l.Model, ModelVersion: l.ModelVersion, PromptVersion: l.PromptVersion, Enabled: l.Enabled,
			ApprovedBy: l.ApprovedBy, ApprovedAt: l.ApprovedAt, CreatedAt: l.CreatedAt, KeyEnv: lanes.KeyEnvName(l.Identity)}
		row.KeySet = os.Getenv(row.KeyEnv) != ""
		v.Lanes = append(v.Lanes, row)
	}
	for _, sp := range policy.GateSwitches {
		row := ui.SwitchRow{Name: sp.Value, Arg: sp.Arg, Label: sp.Label, Help: sp.Help}
		if sw, ok := lv.Switches[sp.Value]; ok {
			at := sw.SetAt
			row.On, row.SetBy, row.SetAt, row.Reason = sw.On, sw.SetBy, &at, sw.Reason
		}
		v.Switches = append(v.Switches, row)
	}
	v.GateOpen = lv.GateOpen
	if v.Register, err = s.policy.LaneRegister(ctx, a); err != nil {
		return v, err
	}
	if v.Forecast, err = s.policy.ForecastLanes(ctx, a); err != nil {
		return v, err
	}
	if v.Judges, err = s.corpus.JudgeMeasures(ctx); err != nil {
		return v, err
	}
	for _, p := range lanes.Prompts() {
		if !slices.Contains(v.Prompts, p.Version) {
			v.Prompts = append(v.Prompts, p.Version)
		}
	}
	return v, nil
}
