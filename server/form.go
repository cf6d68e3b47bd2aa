package server

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/ui"
)

// Rows of repeated entries a new form starts with, and the most it grows to.
const (
	startExposition = 2
	startReferences = 2
	maxFormRows     = 50
)

// formView keeps every posted value of the problem form, so a refused
// submission comes back exactly as typed.
func formView(r *http.Request, action string) ui.FormView {
	f := ui.FormView{Action: action, Values: map[string]string{}, Errors: map[string]string{}}
	for k, vs := range r.PostForm {
		if len(vs) > 0 {
			f.Values[k] = vs[0]
		}
	}
	f.Exposition = rowsOf(r.PostForm, "exposition.rows", startExposition)
	f.References = rowsOf(r.PostForm, "references.rows", startReferences)
	switch r.PostForm.Get("add") {
	case "exposition":
		f.Exposition = min(f.Exposition+1, maxFormRows)
	case "references":
		f.References = min(f.References+1, maxFormRows)
	}
	return f
}

func rowsOf(v url.Values, name string, def int) int {
	n, err := strconv.Atoi(v.Get(name))
	if err != nil || n < 0 {
		return def
	}
	return min(n, maxFormRows)
}

// problemInput turns the form into the policy's input, field by field as
// policy.ProblemFields lists them. Empty repeated rows are dropped; a date
// that does not parse is reported as a field error.
func problemInput(f ui.FormView) (policy.ProblemInput, map[string]string) {
	errs := map[string]string{}
	// The form always has an acceptance, a provenance and a reference search: their kinds are
	// choices it always sends.
	in := policy.ProblemInput{Acceptance: &packet.Acceptance{}, Provenance: &packet.Provenance{},
		ReferenceSearch: &packet.ReferenceSearch{}}
	set := func(fd policy.ProblemField, name string, at ...int) {
		if err := fd.SetText(&in, f.V(name), at...); err != nil {
			errs[name] = err.Error()
		}
	}
	for _, fd := range policy.FormFields() {
		set(fd, fd.Name)
	}
	for _, g := range policy.RowGroups() {
		n := 0
		for _, i := range filledRows(f, g.Name) {
			for _, fd := range policy.RowFields(g.Name) {
				set(fd, fd.Path(i), n)
			}
			n++
		}
	}
	// A term is a word or a symbol: the form drops the spaces typed around it.
	for i := range in.Exposition {
		in.Exposition[i].Term = strings.TrimSpace(in.Exposition[i].Term)
	}
	return in, errs
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// addErrors puts policy field errors on the form. Errors on dropped empty
// rows' indexes map back by position among the filled rows; an error on a
// list's item goes on the list's input, naming the item.
func addErrors(f *ui.FormView, err error) bool {
	fes := policy.FieldErrors(err)
	if fes == nil {
		return false
	}
	filled := map[string][]int{}
	for _, g := range policy.RowGroups() {
		filled[g.Name] = filledRows(*f, g.Name)
	}
	for _, fe := range fes {
		path := fe.Field
		if len(path) >= 2 {
			if rows, ok := filled[path[0]]; ok {
				if i, err := strconv.Atoi(path[1]); err == nil && i < len(rows) {
					path = append([]string{path[0], strconv.Itoa(rows[i])}, path[2:]...)
				}
			}
		}
		name := strings.Join(path, ".")
		fd, at, known := policy.FieldAt(name)
		switch {
		case name == "":
			f.General = append(f.General, fe.Message)
		case known && (fd.Kind == policy.Part || fd.Kind == policy.Repeated):
			f.General = append(f.General, ui.FieldLabel(name)+": "+fe.Message)
		case known && strings.HasSuffix(fd.Name, ".#"):
			list := strings.Join(path[:len(path)-1], ".")
			msg := fd.Label + " " + strconv.Itoa(at[len(at)-1]+1) + ": " + fe.Message
			if f.Errors[list] != "" {
				msg = f.Errors[list] + "; " + msg
			}
			f.Errors[list] = msg
		default:
			f.Errors[name] = fe.Message
		}
	}
	return true
}

// filledRows are the rows of group on the form that have text in a field other than a choice
// the form always sends; the others are dropped.
func filledRows(f ui.FormView, group string) []int {
	var rows []int
	for i := range f.RowsOf(group) {
		s := ""
		for _, fd := range policy.RowFields(group) {
			if fd.Kind != policy.Choice || fd.Blank {
				s += f.V(fd.Path(i))
			}
		}
		if strings.TrimSpace(s) != "" {
			rows = append(rows, i)
		}
	}
	return rows
}

// revisionValues fills the revise form from the current revision of v.
func revisionValues(v *policy.ProblemView) ui.FormView {
	f := formValues(policy.RevisionInput(v))
	f.Action, f.Revise, f.ProblemID = "/p/"+v.ID+"/revise", true, v.ID
	return f
}

// formValues is the form holding in, field by field as policy.ProblemFields lists them, with
// one empty row more of each repeated group.
func formValues(in policy.ProblemInput) ui.FormView {
	f := ui.FormView{Values: map[string]string{}, Errors: map[string]string{},
		Exposition: len(in.Exposition) + 1, References: len(in.References) + 1}
	for _, fd := range policy.FormFields() {
		f.Values[fd.Name] = fd.Text(&in)
	}
	for _, g := range policy.RowGroups() {
		for i := range g.Rows(&in) {
			for _, fd := range policy.RowFields(g.Name) {
				f.Values[fd.Path(i)] = fd.Text(&in, i)
			}
		}
	}
	return f
}

// The other forms of the site, each parsed here into the typed value its handler uses: a
// handler reads no posted field by name.

// signInForm is the sign-in form.
type signInForm struct{ Handle, Password, Next string }

func parseSignIn(f url.Values) signInForm {
	return signInForm{Handle: f.Get("handle"), Password: f.Get("password"), Next: safeNext(f.Get("next"))}
}

// signUpForm is the sign-up form.
type signUpForm struct{ Handle, Name, Password, Next string }

func parseSignUp(f url.Values) signUpForm {
	return signUpForm{Handle: f.Get("handle"), Name: f.Get("name"), Password: f.Get("password"),
		Next: signupNext(f.Get("next"))}
}

// draftForm is what the problem form (submit, revise, suggest) posts besides the problem:
// whether it asks for another row or a preview rather than saving, and the note of a
// revision or a suggestion.
type draftForm struct {
	Add, Preview bool
	Note         string
}

func parseDraft(f url.Values) draftForm {
	return draftForm{Add: f.Get("add") != "", Preview: f.Get("preview") != "", Note: f.Get("note")}
}

// Saves reports whether the form asks to save the draft rather than to show it again.
func (d draftForm) Saves() bool { return !d.Add && !d.Preview }

// decisionInput is the review form's decision on problem id.
func decisionInput(id string, f url.Values) policy.DecisionInput {
	in := policy.DecisionInput{ProblemID: id, Action: policy.DecisionAction(f.Get("action")), MergeInto: strings.TrimSpace(f.Get("mergeInto")),
		IdempotencyKey: f.Get("idempotencyKey"), RevisionRequests: lines(f.Get("revisionRequests")),
		RevisionID: f.Get("revisionId"), Confirmations: confirmationsOf(f), SecondReviewOf: f.Get("secondReviewOf")}
	if dis := f.Get("disagreement"); dis != "" {
		class := policy.Disagreement(dis)
		in.Disagreement = &class
	}
	for _, sec := range policy.NoteSections {
		*sec.Text(&in.Notes) = f.Get("notes." + sec.Key)
	}
	if rc := f.Get("reasonCode"); rc != "" {
		code := policy.ReasonCode(rc)
		in.ReasonCode = &code
	}
	return in
}

// confirmationsOf reads the answers to open findings from the review form: a row per finding,
// answered when its holds radio is set; a row left unanswered is not sent, so the policy names it.
func confirmationsOf(f url.Values) []packet.FindingConfirmation {
	var out []packet.FindingConfirmation
	for i := 0; i < policy.MaxConfirmations; i++ {
		p := "confirmations." + strconv.Itoa(i) + "."
		id := f.Get(p + "finding")
		if id == "" {
			break
		}
		holds := f.Get(p + "holds")
		if holds == "" {
			continue
		}
		out = append(out, packet.FindingConfirmation{Finding: id, Holds: holds == "true", Note: f.Get(p + "note")})
	}
	return out
}

// claimReviewInput is the review page's review of the claim cl.
func claimReviewInput(cl string, f url.Values) policy.ClaimReviewInput {
	return policy.ClaimReviewInput{ClaimID: cl, Status: policy.ClaimStatus(f.Get("status")),
		Relation: policy.BindingRelation(f.Get("relation")), Note: f.Get("note")}
}

// noteForm is a form whose one field is a note or a reason: sending to staff, confirming a
// locator, dismissing a case, declining a suggestion, choosing the presented record.
type noteForm struct{ Note, Reason, Record string }

func parseNote(f url.Values) noteForm {
	return noteForm{Note: f.Get("note"), Reason: f.Get("reason"), Record: f.Get("record")}
}

// flagView is the report form of problem id (titled title) as posted.
func flagView(id, title string, f url.Values) ui.FlagView {
	return ui.FlagView{ProblemID: id, Title: title, Reason: f.Get("reason"), Explanation: f.Get("explanation"),
		DuplicateOf: strings.TrimSpace(f.Get("duplicateOf")), Errors: map[string]string{}}
}

// moderationForm is a moderator's action on a case: the removal's reason, asked for twice
// (Confirmed on the second), or a dismissal's note.
type moderationForm struct {
	Note, Reason, MergeInto string
	Confirmed               bool
}

func parseModeration(f url.Values) moderationForm {
	return moderationForm{Note: f.Get("note"), Reason: f.Get("reason"), MergeInto: strings.TrimSpace(f.Get("mergeInto")),
		Confirmed: f.Get("confirm") == "yes"}
}

// laneForm is the registration form of a lane.
func laneForm(f url.Values) ui.LaneForm {
	return ui.LaneForm{Identity: strings.TrimSpace(f.Get("identity")), Role: f.Get("role"), Provider: f.Get("provider"),
		BaseURL: strings.TrimSpace(f.Get("baseUrl")), Model: strings.TrimSpace(f.Get("model")),
		ModelVersion: strings.TrimSpace(f.Get("modelVersion")), PromptVersion: f.Get("promptVersion")}
}

// switchForm turns a switch on or off with the operator's reason.
type switchForm struct {
	On     bool
	Reason string
}

func parseSwitch(f url.Values) (switchForm, error) {
	sf := switchForm{Reason: f.Get("reason")}
	switch f.Get("state") {
	case "on":
		sf.On = true
	case "off":
	default:
		return sf, httpError{http.StatusBadRequest, "A switch is turned on or off."}
	}
	return sf, nil
}

// batchStopForm stops the batch of a source, with the operator's reason.
type batchStopForm struct{ Source, Reason string }

func parseBatchStop(f url.Values) batchStopForm {
	return batchStopForm{Source: f.Get("source"), Reason: f.Get("reason")}
}

// tokenForm names a new API token.
type tokenForm struct{ Name string }

func parseToken(f url.Values) tokenForm { return tokenForm{Name: f.Get("name")} }

// profileForm puts an operating profile in force, with the owner's reason.
type profileForm struct{ Name, Reason string }

func parseProfile(f url.Values) profileForm {
	return profileForm{Name: f.Get("name"), Reason: f.Get("reason")}
}

// appealAnswerForm is an operator's answer to an appeal.
type appealAnswerForm struct {
	Upheld                      bool
	Resolution, Check, Proposed string
}

func parseAppealAnswer(f url.Values) appealAnswerForm {
	return appealAnswerForm{Upheld: f.Get("outcome") == "uphold", Resolution: f.Get("resolution"), Check: f.Get("check"),
		Proposed: f.Get("proposed")}
}

// criterionDecisionForm is the owner's decision on a proposed criterion, as the form posts it.
type criterionDecisionForm struct {
	Adopt  bool
	Reason string
}

func parseCriterionDecision(f url.Values) criterionDecisionForm {
	return criterionDecisionForm{Adopt: f.Get("outcome") == "adopt", Reason: f.Get("reason")}
}
