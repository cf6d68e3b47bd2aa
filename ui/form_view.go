package ui

import (
	"cmp"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a-h/templ"

	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/tex"
)

// FormView is the submit and revise form: the values as typed, so nothing
// is lost when the server refuses them, and the field errors by input name.
// Input names are the policy's field paths ("references.0.identifier").
type FormView struct {
	Action string
	Revise bool
	// Operator says the form is the staff console's: an operator applies a revision to an
	// imported problem whose source account is not here, and the note says why.
	Operator bool
	// Suggest says the form suggests an edit to someone else's problem: the proposer accepts
	// or declines it, and the note says what it changes and why.
	Suggest bool
	// Similar are the problems most like the draft, shown under the statement (on the preview
	// without scripts, as it is typed with them).
	Similar    []gates.Candidate
	ProblemID  string
	Values     map[string]string
	Exposition int
	References int
	Errors     map[string]string
	General    []string
	Preview    bool
}

// V is the value of an input.
func (f FormView) V(name string) string { return f.Values[name] }

// E is the error of an input, or "".
func (f FormView) E(name string) string { return f.Errors[name] }

// Rows returns 0..n-1, for repeating form rows.
func Rows(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// Name builds the input name of a repeated row's field.
func Name(group string, i int, field string) string {
	return group + "." + strconv.Itoa(i) + "." + field
}

// ID is the element id of an input: its name with dots made dashes, as
// HTML ids are letters, digits, dashes and underscores.
func ID(name string) string { return strings.ReplaceAll(name, ".", "-") }

func errID(name string) string { return ID(name) + "-error" }

func hintID(name string) string { return ID(name) + "-hint" }

// RowsOf is the number of rows the form shows of a repeated group.
func (f FormView) RowsOf(group string) int {
	switch group {
	case "exposition":
		return f.Exposition
	case "references":
		return f.References
	}
	return 0
}

// NoteField is the note the form asks for beside the content, if any: a
// suggested edit's, an operator's revision's or a proposer's revision's.
func (f FormView) NoteField() (policy.ProblemField, bool) {
	switch {
	case f.Suggest:
		return policy.SuggestionNote, true
	case f.Operator:
		return policy.OperatorNote, true
	case f.Revise:
		return policy.RevisionNote, true
	}
	return policy.ProblemField{}, false
}

// Label names an input of the form for its error summary (FieldLabel), the
// note as this form labels it.
func (f FormView) Label(name string) string {
	if n, ok := f.NoteField(); ok && name == n.Name {
		return n.Label
	}
	return FieldLabel(name)
}

// SortedKeys returns the error names in form order: the problem's fields
// in the order of policy.ProblemFields and by row, then the note, then any
// other name alphabetically.
func SortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	type place struct {
		field int
		at    []int
	}
	order := func(k string) place {
		if fd, at, ok := policy.FieldAt(k); ok {
			return place{slices.IndexFunc(policy.ProblemFields, func(f policy.ProblemField) bool { return f.Name == fd.Name }), at}
		}
		if k == policy.RevisionNote.Name {
			return place{len(policy.ProblemFields), nil}
		}
		return place{len(policy.ProblemFields) + 1, nil}
	}
	slices.SortFunc(keys, func(a, b string) int {
		pa, pb := order(a), order(b)
		if c := cmp.Compare(pa.field, pb.field); c != 0 {
			return c
		}
		if c := slices.Compare(pa.at, pb.at); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	return keys
}

// decisionField is the field of the decision form called name
// (policy.DecisionFields).
func decisionField(name string) policy.DecisionField {
	f, _ := policy.DecisionFieldNamed(name)
	return f
}

// FieldLabel names an input for the error summary as its label does
// (policy.ProblemField.LabelAt): "references.0.citation" is "Reference 1:
// citation".
func FieldLabel(name string) string {
	if fd, at, ok := policy.FieldAt(name); ok {
		return fd.LabelAt(at...)
	}
	if f, ok := policy.DecisionFieldNamed(name); ok {
		return f.Label
	}
	if name == policy.RevisionNote.Name {
		return policy.RevisionNote.Label
	}
	switch name { // a second review's two fields, which only its page has
	case "disagreement":
		return "Kind of split"
	case "secondReviewOf":
		return "Second review of"
	}
	return strings.ReplaceAll(name, ".", " ")
}

// Problems says "1 problem" or "n problems".
func Problems(n int) string {
	if n == 1 {
		return "1 problem"
	}
	return strconv.Itoa(n) + " problems"
}

func describedBy(f FormView, name, hint string) templ.Attributes {
	var ids []string
	if hint != "" {
		ids = append(ids, hintID(name))
	}
	if f.TeXWarning(name) != "" {
		ids = append(ids, texID(name))
	}
	if f.E(name) != "" {
		ids = append(ids, errID(name))
	}
	if len(ids) == 0 {
		return templ.Attributes{}
	}
	return templ.Attributes{"aria-describedby": strings.Join(ids, " ")}
}

// ErrorAttrs are the ARIA attributes of an input whose error, if any, is errs[name]:
// aria-invalid, and aria-describedby naming its hint (the element hint, when not empty) and
// its error message (ErrorText).
func ErrorAttrs(errs map[string]string, name, hint string) templ.Attributes {
	var ids []string
	if hint != "" {
		ids = append(ids, hint)
	}
	a := templ.Attributes{}
	if errs[name] != "" {
		a["aria-invalid"] = "true"
		ids = append(ids, errID(name))
	}
	if len(ids) > 0 {
		a["aria-describedby"] = strings.Join(ids, " ")
	}
	return a
}

func texID(name string) string { return ID(name) + "-tex" }

// TeXWarning is the preview's warning about the TeX of an input, or "": only on a preview,
// and only for inputs read as TeX (policy.ProblemField.TeX); the others (identifiers, dates,
// citations) may hold a $ that opens no formula.
func (f FormView) TeXWarning(name string) string {
	if !f.Preview {
		return ""
	}
	if fd, _, ok := policy.FieldAt(name); !ok || !fd.TeX {
		return ""
	}
	return TeXWarning(f.V(name))
}

// TeXWarnings are the names of the inputs with a TeX warning, in form order.
func (f FormView) TeXWarnings() []string {
	m := map[string]string{}
	for name := range f.Values {
		if w := f.TeXWarning(name); w != "" {
			m[name] = w
		}
	}
	return SortedKeys(m)
}

var bytePosRe = regexp.MustCompile(` at byte [0-9]+`)

// TeXWarning says what is malformed in the TeX of s — an unclosed $ or \(, an unbalanced
// brace, a stray delimiter — and where, for a proposer to fix before the page shows the text
// mangled; "" when the gates' TeX reader finds nothing wrong, or s passes the reader's limits
// (the checks report those).
func TeXWarning(s string) string {
	_, err := tex.Read(s)
	var te *tex.Error
	if !errors.As(err, &te) {
		return ""
	}
	pos := min(max(te.Pos, 0), len(s))
	line := 1 + strings.Count(s[:pos], "\n")
	return "Check the TeX: " + bytePosRe.ReplaceAllString(te.Msg, "") + ", on line " + strconv.Itoa(line) +
		" near “" + texExcerpt(s, pos) + "”."
}

// texExcerpt is up to 30 characters of s from pos, on one line.
func texExcerpt(s string, pos int) string {
	for pos > 0 && !utf8.RuneStart(s[pos]) {
		pos--
	}
	return policy.OneLine(s[pos:min(len(s), pos+120)], 30)
}

// PreviewEntry is one setup entry as the preview shows it.
type PreviewEntry struct{ Kind, Term, Body string }

// PreviewExposition is every setup entry of the form that has any text, in order.
func (f FormView) PreviewExposition() []PreviewEntry {
	var out []PreviewEntry
	for i := range f.Exposition {
		e := PreviewEntry{Kind: f.V(Name("exposition", i, "kind")), Term: strings.TrimSpace(f.V(Name("exposition", i, "term"))),
			Body: f.V(Name("exposition", i, "body"))}
		if e.Term != "" || strings.TrimSpace(e.Body) != "" {
			out = append(out, e)
		}
	}
	return out
}

// formRequired says the form marks the input of fd required: a field every problem gives,
// outside the rows, which a problem may have none of.
func formRequired(fd policy.ProblemField, at []int) bool { return fd.Required.Always && len(at) == 0 }

// Touched says a part of the form that starts folded has a value or an error in one of its
// inputs, so it opens: an error in a folded part would be hidden from the summary's link.
func (f FormView) Touched(group string) bool {
	for _, fd := range policy.GroupFields(group) {
		if strings.TrimSpace(f.V(fd.Name)) != "" || f.E(fd.Name) != "" {
			return true
		}
	}
	return false
}
