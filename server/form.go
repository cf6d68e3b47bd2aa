package server

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/reference"
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

// problemInput turns the form into the policy's input. Empty repeated rows
// are dropped; a date that does not parse is reported as a field error.
func problemInput(f ui.FormView) (policy.ProblemInput, map[string]string) {
	errs := map[string]string{}
	v := f.V
	in := policy.ProblemInput{Title: v("title"), Statement: v("statement"),
		Hero:       packet.Hero{Brief: v("hero.brief"), Alt: v("hero.alt"), Caption: v("hero.caption")},
		OpenStatus: packet.OpenStatus{StrongestKnown: v("openStatus.strongestKnown"), UnresolvedTarget: v("openStatus.unresolvedTarget")}}
	comp := packet.Computation{Instance: v("computation.instance"), Equivalence: v("computation.equivalence"),
		WhyNotBruteForce: v("computation.whyNotBruteForce"), SmallCases: v("computation.smallCases"),
		Certification: v("computation.certification"), ParameterOrigin: v("computation.parameterOrigin")}
	code := packet.CodeRef{Repository: v("computation.code.repository"), Revision: v("computation.code.revision"),
		Inputs: v("computation.code.inputs"), ExpectedDigest: v("computation.code.expectedDigest")}
	if code != (packet.CodeRef{}) {
		comp.Code = &code
	}
	if comp.Code != nil || comp != (packet.Computation{}) {
		in.Computation = &comp
	}
	for _, t := range strings.Split(v("tags"), ",") {
		if t = strings.TrimSpace(t); t != "" {
			in.Tags = append(in.Tags, t)
		}
	}
	for i := range f.Exposition {
		name := func(field string) string { return ui.Name("exposition", i, field) }
		if v(name("kind")) == "" && strings.TrimSpace(v(name("term"))+v(name("body"))) == "" {
			continue
		}
		in.Exposition = append(in.Exposition, packet.ExpositionEntry{Kind: packet.ExpositionKind(v(name("kind"))),
			Term: strings.TrimSpace(v(name("term"))), Body: v(name("body"))})
	}
	in.Acceptance = &packet.Acceptance{Kind: packet.AcceptanceKind(v("acceptance.kind")), Criterion: v("acceptance.criterion"),
		Precision: v("acceptance.precision"), SearchSpace: v("acceptance.searchSpace"),
		Certificate: v("acceptance.certificate"), Equivalence: v("acceptance.equivalence")}
	in.Provenance = &packet.Provenance{Kind: packet.ProvenanceKind(v("provenance.kind")), Attribution: v("provenance.attribution"),
		SourceLocator: v("provenance.sourceLocator"), RightsBasis: v("provenance.rightsBasis"), GeneratedBy: v("provenance.generatedBy"),
		Motivation: v("provenance.motivation")}
	for i := range f.References {
		name := func(field string) string { return ui.Name("references", i, field) }
		if strings.TrimSpace(v(name("identifier"))+v(name("citation"))+v(name("locator"))+v(name("relevance"))) == "" {
			continue
		}
		in.References = append(in.References, policy.ReferenceInput{Identifier: v(name("identifier")),
			Citation: v(name("citation")), Locator: v(name("locator")), Relevance: v(name("relevance")),
			Role: reference.Role(v(name("role")))})
	}
	rs := &packet.ReferenceSearch{Databases: lines(v("referenceSearch.databases")),
		Queries: lines(v("referenceSearch.queries")), Coverage: v("referenceSearch.coverage")}
	if d := v("referenceSearch.checkedOn"); d != "" {
		t, err := time.Parse("2006-01-02", d)
		if err != nil {
			errs["referenceSearch.checkedOn"] = "use a date such as 2026-11-30"
		}
		rs.CheckedOn = t
	}
	in.ReferenceSearch = rs
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
// rows' indexes map back by position among the filled rows.
func addErrors(f *ui.FormView, err error) bool {
	fes := policy.FieldErrors(err)
	if fes == nil {
		return false
	}
	filled := map[string][]int{"exposition": filledRows(*f, "exposition", f.Exposition, []string{"kind", "term", "body"}),
		"references": filledRows(*f, "references", f.References, []string{"identifier", "citation", "locator", "relevance"})}
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
		switch {
		case name == "":
			f.General = append(f.General, fe.Message)
		case len(path) == 1 && (name == "exposition" || name == "references" || name == "acceptance" || name == "provenance" || name == "referenceSearch"):
			f.General = append(f.General, ui.FieldLabel(name)+": "+fe.Message)
		case len(path) == 3 && path[0] == "referenceSearch":
			f.Errors["referenceSearch."+path[1]] = "item " + path[2] + ": " + fe.Message
		default:
			f.Errors[name] = fe.Message
		}
	}
	return true
}

func filledRows(f ui.FormView, group string, n int, fields []string) []int {
	var rows []int
	for i := range n {
		s := ""
		for _, fl := range fields {
			s += f.V(ui.Name(group, i, fl))
		}
		if strings.TrimSpace(s) != "" {
			rows = append(rows, i)
		}
	}
	return rows
}

// revisionValues fills the revise form from the current revision.
func revisionValues(p *ent.Problem, rev *ent.Revision) ui.FormView {
	f := ui.FormView{Action: "/p/" + p.ID + "/revise", Revise: true, ProblemID: p.ID, Values: map[string]string{},
		Errors: map[string]string{}, Exposition: len(rev.Exposition) + 1, References: len(rev.Edges.References) + 1}
	set := func(k, v string) { f.Values[k] = v }
	set("title", rev.Title)
	set("statement", rev.Statement)
	set("tags", strings.Join(rev.Tags, ", "))
	set("hero.brief", rev.HeroBrief)
	set("hero.alt", rev.HeroAlt)
	set("hero.caption", rev.HeroCaption)
	set("openStatus.strongestKnown", rev.OpenStatus.StrongestKnown)
	set("openStatus.unresolvedTarget", rev.OpenStatus.UnresolvedTarget)
	set("provenance.motivation", rev.Provenance.Motivation)
	if c := rev.Computation; c != nil {
		set("computation.instance", c.Instance)
		set("computation.equivalence", c.Equivalence)
		set("computation.whyNotBruteForce", c.WhyNotBruteForce)
		set("computation.smallCases", c.SmallCases)
		set("computation.certification", c.Certification)
		set("computation.parameterOrigin", c.ParameterOrigin)
		if k := c.Code; k != nil {
			set("computation.code.repository", k.Repository)
			set("computation.code.revision", k.Revision)
			set("computation.code.inputs", k.Inputs)
			set("computation.code.expectedDigest", k.ExpectedDigest)
		}
	}
	for i, e := range rev.Exposition {
		set(ui.Name("exposition", i, "kind"), string(e.Kind))
		set(ui.Name("exposition", i, "term"), e.Term)
		set(ui.Name("exposition", i, "body"), e.Body)
	}
	a := rev.Acceptance
	set("acceptance.kind", string(a.Kind))
	set("acceptance.criterion", a.Criterion)
	set("acceptance.precision", a.Precision)
	set("acceptance.searchSpace", a.SearchSpace)
	set("acceptance.certificate", a.Certificate)
	set("acceptance.equivalence", a.Equivalence)
	pv := rev.Provenance
	set("provenance.kind", string(pv.Kind))
	set("provenance.attribution", pv.Attribution)
	set("provenance.sourceLocator", pv.SourceLocator)
	set("provenance.rightsBasis", pv.RightsBasis)
	set("provenance.generatedBy", pv.GeneratedBy)
	for i, r := range rev.Edges.References {
		set(ui.Name("references", i, "identifier"), strings.TrimPrefix(r.Edges.Source.Identifier, "url:"))
		set(ui.Name("references", i, "citation"), r.Citation)
		set(ui.Name("references", i, "locator"), r.Locator)
		set(ui.Name("references", i, "relevance"), r.Relevance)
		set(ui.Name("references", i, "role"), string(r.Role))
	}
	rs := rev.ReferenceSearch
	set("referenceSearch.checkedOn", rs.CheckedOn.Format("2006-01-02"))
	set("referenceSearch.databases", strings.Join(rs.Databases, "\n"))
	set("referenceSearch.queries", strings.Join(rs.Queries, "\n"))
	set("referenceSearch.coverage", rs.Coverage)
	return f
}
