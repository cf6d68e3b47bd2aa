package server

import (
	"context"
	"net/http"
	"os"
	"slices"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/account"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
	"github.com/theoremdb/theoremdb/viewer"
)

// lanesPath is the operators' page of lanes and switches.
const lanesPath = "/admin/lanes"

// switchPages are the switches in the order the page lists them, with what each does.
var switchPages = []struct{ name, label, help string }{
	{policy.SwitchMaster, "Master switch", "The feature switch of automated review. Off closes the gate: no lane is called, and every revision takes the ordinary human path."},
	{policy.SwitchAgentReview, "Agent-review switch", "Off closes the gate as the master switch does. Repeated defects of one lane or prompt version turn it off by themselves."},
	{policy.SwitchAuditLane, "Audit-lane switch", "Off, a recommendation the audit selector picks cannot be recorded without staff: it goes to administrator review."},
}

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
	f := r.PostForm
	form := ui.LaneForm{Identity: strings.TrimSpace(f.Get("identity")), Role: f.Get("role"), Provider: f.Get("provider"),
		BaseURL: strings.TrimSpace(f.Get("baseUrl")), Model: strings.TrimSpace(f.Get("model")),
		ModelVersion: strings.TrimSpace(f.Get("modelVersion")), PromptVersion: f.Get("promptVersion")}
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

// approveLane approves a lane's provider and model version.
func (s *Server) approveLane(w http.ResponseWriter, r *http.Request) error {
	return s.changeLane(w, r, s.policy.ApproveLane, "Approved the lane %s.", "Not approved: ")
}

// disableLane takes a lane out of the panel; its reviews stay in the record.
func (s *Server) disableLane(w http.ResponseWriter, r *http.Request) error {
	return s.changeLane(w, r, s.policy.DisableLane, "Disabled the lane %s; its reviews stay in the record.", "Not disabled: ")
}

func (s *Server) changeLane(w http.ResponseWriter, r *http.Request, change func(context.Context, *ent.Account, string) (*ent.Lane, error),
	done, refused string) error {
	if ok, err := s.requireStaff(w, r); !ok {
		return err
	}
	l, err := change(r.Context(), viewer.From(r.Context()), r.PathValue("lane"))
	if fes := policy.FieldErrors(err); fes != nil {
		redirectWith(w, r, lanesPath, refused+laneMessage(fes[0].Message))
		return nil
	}
	if err != nil {
		return err
	}
	redirectWith(w, r, lanesPath, strings.Replace(done, "%s", l.Identity, 1))
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
	var on bool
	switch r.PostForm.Get("state") {
	case "on":
		on = true
	case "off":
	default:
		return httpError{http.StatusBadRequest, "A switch is turned on or off."}
	}
	name := strings.ToUpper(strings.ReplaceAll(r.PathValue("name"), "-", "_"))
	label := ""
	for _, sp := range switchPages {
		if sp.name == name {
			label = sp.label
		}
	}
	if label == "" {
		return policy.ErrNotFound
	}
	err := s.policy.SetSwitch(r.Context(), viewer.From(r.Context()), name, on, r.PostForm.Get("reason"))
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

// lanesView reads the lanes and the switches, with the handles of the operators who approved
// and set them, and whether the server's environment holds each lane's key.
func (s *Server) lanesView(ctx context.Context, a *ent.Account) (ui.LanesView, error) {
	v := ui.LanesView{Errors: map[string]string{}}
	ls, err := s.policy.Lanes(ctx, a)
	if err != nil {
		return v, err
	}
	rows, err := c(s).GateSwitch.Query().All(ctx)
	if err != nil {
		return v, err
	}
	var ids []string
	for _, l := range ls {
		if l.ApprovedByID != nil {
			ids = append(ids, *l.ApprovedByID)
		}
	}
	for _, r := range rows {
		ids = append(ids, r.SetByID)
	}
	handles, err := s.handlesOf(ctx, ids)
	if err != nil {
		return v, err
	}
	for _, l := range ls {
		row := ui.LaneRow{ID: l.ID, Identity: l.Identity, Role: string(l.Role), Provider: l.Provider, BaseURL: l.BaseURL,
			Model: l.Model, ModelVersion: l.ModelVersion, PromptVersion: l.PromptVersion, Enabled: l.Enabled,
			ApprovedAt: l.ApprovedAt, CreatedAt: l.CreatedAt, KeyEnv: lanes.KeyEnvName(l.Identity)}
		if l.ApprovedByID != nil {
			row.ApprovedBy = handles[*l.ApprovedByID]
		}
		row.KeySet = os.Getenv(row.KeyEnv) != ""
		v.Lanes = append(v.Lanes, row)
	}
	byName := map[string]*ent.GateSwitch{}
	for _, r := range rows {
		byName[string(r.Name)] = r
	}
	for _, sp := range switchPages {
		row := ui.SwitchRow{Name: sp.name, Arg: strings.ToLower(strings.ReplaceAll(sp.name, "_", "-")), Label: sp.label, Help: sp.help}
		if r := byName[sp.name]; r != nil {
			at := r.SetAt
			row.On, row.SetBy, row.SetAt, row.Reason = r.Enabled, handles[r.SetByID], &at, r.Reason
		}
		v.Switches = append(v.Switches, row)
	}
	sw, err := s.policy.Switches(ctx)
	if err != nil {
		return v, err
	}
	v.GateOpen = sw.GateOpen()
	for _, p := range lanes.Prompts() {
		if !slices.Contains(v.Prompts, p.Version) {
			v.Prompts = append(v.Prompts, p.Version)
		}
	}
	return v, nil
}

// handlesOf maps account IDs to "@handle"; the system's own actor is "the system".
func (s *Server) handlesOf(ctx context.Context, ids []string) (map[string]string, error) {
	out := map[string]string{policy.SystemActor: "the system"}
	if len(ids) == 0 {
		return out, nil
	}
	accs, err := c(s).Account.Query().Where(account.IDIn(ids...)).Select(account.FieldID, account.FieldHandle).All(ctx)
	if err != nil {
		return nil, err
	}
	for _, a := range accs {
		out[a.ID] = "@" + a.Handle
	}
	return out, nil
}
