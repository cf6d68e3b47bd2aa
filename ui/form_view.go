package ui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
)

// FormView is the submit and revise form: the values as typed, so nothing
// is lost when the server refuses them, and the field errors by input name.
// Input names are the policy's field paths ("references.0.identifier").
type FormView struct {
	Action     string
	Revise     bool
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

// SortedKeys returns the error names in form order.
func SortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	order := func(k string) string {
		for i, p := range []string{"title", "statement", "tags", "exposition", "acceptance", "provenance", "references", "referenceSearch", "heroBrief", "note"} {
			if k == p || len(k) > len(p) && k[:len(p)+1] == p+"." {
				return string(rune('a'+i)) + k
			}
		}
		return "z" + k
	}
	slices.SortFunc(keys, func(a, b string) int { return strings.Compare(order(a), order(b)) })
	return keys
}

// FieldLabel names an input for the error summary.
func FieldLabel(name string) string {
	parts := strings.Split(name, ".")
	for i, p := range parts {
		if n, err := strconv.Atoi(p); err == nil {
			parts[i] = "#" + strconv.Itoa(n+1)
		}
	}
	return strings.Join(parts, " ")
}

func describedBy(f FormView, name, hint string) templ.Attributes {
	var ids []string
	if hint != "" {
		ids = append(ids, hintID(name))
	}
	if f.E(name) != "" {
		ids = append(ids, errID(name))
	}
	if len(ids) == 0 {
		return templ.Attributes{}
	}
	return templ.Attributes{"aria-describedby": strings.Join(ids, " ")}
}
