package policy

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/packet"
)

// inputPaths walks the type of a problem's input and lists its fields as
// field errors name them, with # for an index: the leaves (text, kinds,
// lists and their items, dates, years, flags) and the parts and row groups
// that hold them.
func inputPaths(t reflect.Type, prefix string, leaves, interior *[]string) {
	join := func(name string) string {
		if prefix == "" {
			return name
		}
		return prefix + "." + name
	}
	switch {
	case t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct:
		inputPaths(t.Elem(), prefix, leaves, interior)
	case t == reflect.TypeFor[time.Time]():
		*leaves = append(*leaves, prefix)
	case t.Kind() == reflect.Struct:
		if prefix != "" {
			*interior = append(*interior, prefix)
		}
		for i := range t.NumField() {
			sf := t.Field(i)
			if sf.IsExported() {
				inputPaths(sf.Type, join(jsonName(sf)), leaves, interior)
			}
		}
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct:
		*interior = append(*interior, prefix)
		inputPaths(t.Elem(), prefix+".#", leaves, interior)
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String:
		*leaves = append(*leaves, prefix, prefix+".#")
	default: // strings, kinds, *int, bool
		*leaves = append(*leaves, prefix)
	}
}

// jsonName is a field's name in field errors: its JSON name, or its Go
// name in lower camel case.
func jsonName(sf reflect.StructField) string {
	if name, _, _ := strings.Cut(sf.Tag.Get("json"), ","); name != "" {
		return name
	}
	return strings.ToLower(sf.Name[:1]) + sf.Name[1:]
}

// valueAt finds the value at a concrete path in v, if every part and row
// on the way is there.
func valueAt(v reflect.Value, path []string) (reflect.Value, bool) {
	for _, seg := range path {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return v, false
			}
			v = v.Elem()
		}
		switch v.Kind() {
		case reflect.Struct:
			found := false
			for i := range v.NumField() {
				if sf := v.Type().Field(i); sf.IsExported() && jsonName(sf) == seg {
					v, found = v.Field(i), true
					break
				}
			}
			if !found {
				return v, false
			}
		case reflect.Slice:
			i, err := strconv.Atoi(seg)
			if err != nil || i >= v.Len() {
				return v, false
			}
			v = v.Index(i)
		default:
			return v, false
		}
	}
	return v, true
}

// setLeaves lists the paths of the leaves of v that are not zero.
func setLeaves(v reflect.Value, path []string, out *[]string) {
	switch {
	case v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Struct:
		if !v.IsNil() {
			setLeaves(v.Elem(), path, out)
		}
	case v.Type() == reflect.TypeFor[time.Time]() || v.Kind() != reflect.Struct && v.Kind() != reflect.Slice ||
		v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.String:
		if !v.IsZero() {
			*out = append(*out, strings.Join(path, "."))
		}
	case v.Kind() == reflect.Struct:
		for i := range v.NumField() {
			if sf := v.Type().Field(i); sf.IsExported() {
				setLeaves(v.Field(i), append(slices.Clone(path), jsonName(sf)), out)
			}
		}
	case v.Kind() == reflect.Slice:
		for i := range v.Len() {
			setLeaves(v.Index(i), append(slices.Clone(path), strconv.Itoa(i)), out)
		}
	}
}

// zeros are the indexes of a field's first row and item.
func zeros(f ProblemField) []int { return make([]int, strings.Count(f.Name, "#")) }

// TestProblemFieldsAreTheInput holds the table to ProblemInput: every field
// of the input, found by reflection so that one added later is covered, is
// in the table once and in no other order than its place; every part and
// row group the table names is in the input; each row reaches the field it
// names and no other; and every row says what the form and the errors need.
func TestProblemFieldsAreTheInput(t *testing.T) {
	t.Parallel()
	var leaves, interior []string
	inputPaths(reflect.TypeFor[ProblemInput](), "", &leaves, &interior)
	var names, groups []string
	seen := map[string]bool{}
	for _, f := range ProblemFields {
		if seen[f.Name] {
			t.Errorf("%s is in the table twice", f.Name)
		}
		seen[f.Name] = true
		if f.Kind == Part || f.Kind == Repeated {
			groups = append(groups, f.Name)
		} else {
			names = append(names, f.Name)
		}
	}
	if diff := cmp.Diff(sorted(leaves), sorted(names)); diff != "" {
		t.Errorf("fields (-ProblemInput +ProblemFields):\n%s", diff)
	}
	for _, g := range groups {
		if !slices.Contains(interior, g) {
			t.Errorf("%s is no part or row group of ProblemInput (those are %v)", g, interior)
		}
	}

	for _, f := range append(slices.Clone(ProblemFields), RevisionNote, OperatorNote, SuggestionNote) {
		switch {
		case f.Label == "":
			t.Errorf("%s has no label", f.Name)
		case (f.Kind == Line || f.Kind == Text) && f.Max <= 0:
			t.Errorf("%s has no length limit", f.Name)
		case (f.Kind == List || f.Kind == Repeated) && f.Max > 0 && f.Count == "":
			t.Errorf("%s has a limit that names nothing it counts", f.Name)
		case f.Kind == Repeated && f.Item == "":
			t.Errorf("%s does not say what one row is called", f.Name)
		case f.Kind == Choice && len(f.Choices) == 0:
			t.Errorf("%s has no choices", f.Name)
		case f.Required.Only != "" && f.Required.FormNote() == "":
			t.Errorf("%s is refused where it is not required, but the form does not say where it is", f.Name)
		case f.onForm() && f.Kind == Flag:
			t.Errorf("%s is a flag on the form, which has no input for one", f.Name)
		}
		if !f.onForm() && f.Help != "" {
			t.Errorf("%s has help, but no input to show it under", f.Name)
		}
	}

	// Each field's accessor writes the field it names and nothing else.
	sample := map[FieldKind]string{Line: "x", Text: "x", Choice: "X", List: "x", Date: "2026-03-01", Year: "1998", Flag: "true"}
	for _, f := range ProblemFields {
		s, ok := sample[f.Kind]
		if !ok || strings.HasSuffix(f.Name, ".#") {
			continue
		}
		var in ProblemInput
		at := zeros(f)
		if err := f.SetText(&in, s, at...); err != nil {
			t.Fatalf("%s.SetText(%q) = %v", f.Name, s, err)
		}
		var got []string
		setLeaves(reflect.ValueOf(in), nil, &got)
		if want := []string{f.Path(at...)}; !slices.Equal(got, want) {
			t.Errorf("%s.SetText(%q) set %v; want %v", f.Name, s, got, want)
		}
		if back := f.Text(&in, at...); back != s {
			t.Errorf("%s.Text() = %q after SetText(%q)", f.Name, back, s)
		}
		if item, _, ok := FieldAt(f.Path(at...) + ".0"); ok {
			if p := item.text(&in, append(at, 0), false); p == nil || *p != s {
				t.Errorf("%s does not reach the first item of %s", item.Name, f.Name)
			}
		}
	}
}

func sorted(in []string) []string {
	out := slices.Clone(in)
	slices.Sort(out)
	return out
}

// errKey is a field error reduced to what a test compares.
type errKey struct {
	Field   string
	Code    Code
	Message string
}

func errKeys(err error) []errKey {
	var out []errKey
	for _, fe := range FieldErrors(err) {
		out = append(out, errKey{strings.Join(fe.Field, "."), fe.Code, fe.Message})
	}
	return out
}

// circumstances are every combination a requirement depends on.
func circumstances() []Circumstances {
	var out []Circumstances
	for _, agent := range []bool{false, true} {
		for _, a := range AcceptanceKinds.Values() {
			for _, p := range ProvenanceKinds.Values() {
				for _, e := range ExpositionKinds.Values() {
					out = append(out, Circumstances{agent, packet.AcceptanceKind(a), packet.ProvenanceKind(p), packet.ExpositionKind(e)})
				}
			}
		}
	}
	return out
}

var intakeNow = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// fullInput gives every field of the table a valid value in c, with rows
// of each repeated group (setup entries of c's kind, references of
// distinct sources) and two items in each list, except that a field
// refused where it is not required is given only where it is.
func fullInput(t *testing.T, c Circumstances, rows func(group string) int) ProblemInput {
	t.Helper()
	var in ProblemInput
	for _, f := range ProblemFields {
		if strings.HasSuffix(f.Name, ".#") {
			continue
		}
		n := 1
		if strings.Contains(f.Name, "#") {
			n = rows(f.group())
		}
		for i := range n {
			var s string
			switch f.Name {
			case "acceptance.kind":
				s = string(c.Acceptance)
			case "provenance.kind":
				s = string(c.Provenance)
			case "exposition.#.kind":
				s = string(c.Exposition)
			case "references.#.identifier":
				s = "https://example.org/" + strconv.Itoa(i)
			default:
				switch f.Kind {
				case Line, Text:
					s = "x"
				case List:
					s = "x" + f.separator() + "y"
				case Choice:
					s = f.Choices[0].Value
				case Date:
					s = "2026-03-01"
				case Year:
					s = "1998"
				case Flag:
					s = "true"
				}
			}
			if f.Required.Only != "" && !f.Required.Holds(rowCircumstances(c, f)) {
				s = ""
			}
			if err := f.SetText(&in, s, i); err != nil {
				t.Fatalf("%s.SetText(%q) = %v", f.Name, s, err)
			}
		}
	}
	return in
}

func one(string) int { return 1 }
func two(string) int { return 2 }

// rowCircumstances are c for a field: the setup entry's kind counts only in a setup entry.
func rowCircumstances(c Circumstances, f ProblemField) Circumstances {
	if f.group() != "exposition" {
		c.Exposition = ""
	}
	return c
}

// change sets the value at path in in to v, or to its zero value when v is nil.
func change(t *testing.T, in *ProblemInput, path string, v any) {
	t.Helper()
	val, ok := valueAt(reflect.ValueOf(in).Elem(), strings.Split(path, "."))
	if !ok || !val.CanSet() {
		t.Fatalf("no field %s in the input", path)
	}
	if v == nil {
		val.Set(reflect.Zero(val.Type()))
		return
	}
	val.Set(reflect.ValueOf(v).Convert(val.Type()))
}

func choiceError(f ProblemField, path string) errKey {
	return errKey{path, CodeInvalid, f.Name[strings.LastIndex(f.Name, ".")+1:] + " must be " + orList(f.Choices.Values())}
}

// dependent drops, from the errors of a kind that is not one, those on the
// fields of its row whose requirement depends on that kind: a setup entry
// of no kind is no definition, so its term is refused as one.
func dependent(ks []errKey, kindPath string) []errKey {
	row := strings.TrimSuffix(kindPath, "kind")
	var out []errKey
	for _, k := range ks {
		f, _, _ := FieldAt(k.Field)
		if k.Field != kindPath && strings.HasPrefix(k.Field, row) && len(f.Required.Exposition) > 0 {
			continue
		}
		out = append(out, k)
	}
	return out
}

// TestIntakeEnforcesProblemFields holds what intake validates to the
// table, in every combination of agent, acceptance kind, provenance kind
// and setup entry kind: a content with every field given passes; each
// field the table requires there, left empty, is refused on that field
// alone with the table's message, and one it does not require is not; a
// field refused where it is not required is refused there; a choice
// outside its vocabulary, and one character or item over each limit, are
// refused on that field. Every field error seen, and those of a NUL put
// into every string, names a field of the table.
func TestIntakeEnforcesProblemFields(t *testing.T) {
	t.Parallel()
	reported := map[string]bool{}
	validate := func(in ProblemInput, c Circumstances) []errKey {
		_, err := in.validate(intakeNow, c.Agent)
		if err != nil && FieldErrors(err) == nil {
			t.Fatalf("validate() = %v; want field errors", err)
		}
		ks := errKeys(err)
		for _, k := range ks {
			name, _ := generic(k.Field)
			reported[name] = true
		}
		return ks
	}
	expect := func(what string, c Circumstances, got []errKey, want ...errKey) {
		t.Helper()
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s in %+v (-want +got):\n%s", what, c, diff)
		}
	}
	for _, c := range circumstances() {
		expect("every field given", c, validate(fullInput(t, c, two), c))
		for _, f := range ProblemFields {
			fc := rowCircumstances(c, f)
			path := f.Path(zeros(f)...)
			missing := f.Missing
			if missing == "" {
				missing = "is required"
			}
			// Left empty: refused exactly where the table requires it.
			in := fullInput(t, c, one)
			change(t, &in, path, nil)
			switch {
			case f.Kind == Choice:
				// A choice left empty is refused as any value outside its vocabulary.
				expect(path+" left empty", c, dependent(validate(in, c), path), choiceError(f, path))
			case f.Required.Holds(fc):
				expect(path+" left empty", c, validate(in, c), errKey{path, CodeRequired, missing})
			default:
				expect(path+" left empty", c, validate(in, c))
			}
			// Given where it is refused unless required.
			if f.Required.Only != "" && !f.Required.Holds(fc) {
				in := fullInput(t, c, one)
				change(t, &in, path, "x")
				expect(path+" given", c, validate(in, c), errKey{path, CodeInvalid, f.Required.Only})
				continue
			}
			switch f.Kind {
			case Choice:
				in := fullInput(t, c, one)
				change(t, &in, path, "NOT_ONE")
				expect(path+" outside its vocabulary", c, dependent(validate(in, c), path), choiceError(f, path))
			case Line, Text:
				in := fullInput(t, c, one)
				change(t, &in, path, strings.Repeat("x", f.Max+1))
				expect(path+" over its limit", c, validate(in, c),
					errKey{path, CodeTooLong, fmt.Sprintf("is %d characters; the limit is %d", f.Max+1, f.Max)})
			case List:
				in := fullInput(t, c, one)
				items := make([]string, f.Max+1)
				for j := range items {
					items[j] = "x" + strconv.Itoa(j)
				}
				change(t, &in, path, items)
				expect(path+" over its limit", c, validate(in, c),
					errKey{path, CodeTooLong, fmt.Sprintf("has %d %s; the limit is %d", f.Max+1, f.Count, f.Max)})
			case Repeated:
				in := fullInput(t, c, func(g string) int {
					if g == f.Name {
						return f.Max + 1
					}
					return 1
				})
				expect(path+" over its limit", c, validate(in, c),
					errKey{path, CodeTooLong, fmt.Sprintf("has %d %s; the limit is %d", f.Max+1, f.Count, f.Max)})
			}
		}
	}
	// A NUL in every string is refused on a field of the table.
	for _, c := range []Circumstances{{Agent: true, Acceptance: packet.Search, Provenance: packet.Imported, Exposition: packet.Definition}} {
		base := fullInput(t, c, one)
		var strs []string
		setLeaves(reflect.ValueOf(base), nil, &strs)
		for _, p := range strs {
			in := fullInput(t, c, one)
			v, _ := valueAt(reflect.ValueOf(&in).Elem(), strings.Split(p, "."))
			if v.Kind() == reflect.Slice {
				v, p = v.Index(0), p+".0"
			}
			if v.Kind() != reflect.String {
				continue
			}
			v.SetString(v.String() + "\x00")
			if got := dependent(validate(in, c), p); len(got) != 1 || got[0].Field != p {
				t.Errorf("a NUL in %s: %v; want one error on %[1]s", p, got)
			}
		}
	}
	// Dates and years out of range.
	c := Circumstances{Agent: true, Acceptance: packet.Proof, Provenance: packet.Original, Exposition: packet.Remark}
	in := fullInput(t, c, one)
	change(t, &in, "referenceSearch.checkedOn", intakeNow.Add(48*time.Hour))
	expect("a search in the future", c, validate(in, c), errKey{"referenceSearch.checkedOn", CodeInvalid, "is in the future"})
	in = fullInput(t, c, one)
	y := 999
	change(t, &in, "references.0.year", &y)
	expect("a year before 1000", c, validate(in, c), errKey{"references.0.year", CodeInvalid, "999 is not a year of publication"})

	for name := range reported {
		if _, _, ok := FieldAt(name); !ok {
			t.Errorf("intake reported %s, which is not in ProblemFields", name)
		}
	}
}

// TestProblemFieldLabels: the form's label says which choices of the form
// make a field required, and an error summary names a field as the form
// labels it, in its row.
func TestProblemFieldLabels(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ path, form, summary string }{
		{"title", "Title", "Title"},
		{"acceptance.precision", "Precision and certification (numerical)", "Precision and certification"},
		{"acceptance.certificate", "Witness or certificate (search)", "Witness or certificate"},
		{"provenance.sourceLocator", "Source locator (imported or reformulation)", "Source locator"},
		{"provenance.generatedBy", "Generated by", "Generated by"},
		{"exposition.1.kind", "Kind of entry 2", "Kind of entry 2"},
		{"exposition.0.term", "Term defined (definitions only)", "Setup entry 1: term defined"},
		{"references.2.citation", "Citation", "Reference 3: citation"},
		{"references.0.identifier", "Identifier of reference 1", "Identifier of reference 1"},
		{"referenceSearch.queries.1", "item", "Queries and equivalent formulations: item 2"},
		{"references.0.authors.1", "name", "Reference 1: authors of the source: name 2"},
	} {
		f, at, ok := FieldAt(tt.path)
		if !ok {
			t.Fatalf("FieldAt(%q) found nothing", tt.path)
		}
		if got := f.FormLabel(at...); got != tt.form && len(at) < 2 {
			t.Errorf("FormLabel(%s) = %q; want %q", tt.path, got, tt.form)
		}
		if got := f.LabelAt(at...); got != tt.summary {
			t.Errorf("LabelAt(%s) = %q; want %q", tt.path, got, tt.summary)
		}
		if got := f.Path(at...); got != tt.path {
			t.Errorf("Path(%v) = %q; want %q", at, got, tt.path)
		}
	}
}
