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
