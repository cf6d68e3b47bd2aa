package policy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/packet"
)

// The fields of a problem's content, one table: the submit, revise and
// suggest forms ask for them in its order with its labels and hints,
// intake validates them by it (when each is required, how long it may be,
// whether it is one line), the pages decode and fill the forms and name a
// field in an error summary from it. A field added to the content is one
// row here; a test holds the table to ProblemInput and to what intake
// reports.

// FieldKind is what a field holds.
type FieldKind int

const (
	// Line is one line of text: what heads a page or a list, names,
	// locates or identifies something, or is one item of a list.
	Line FieldKind = iota + 1
	// Text is prose a reader reads as paragraphs: it may hold line breaks and tabs.
	Text
	// Choice is one value of the field's Choices.
	Choice
	// Date is a calendar day.
	Date
	// Year is a year of publication.
	Year
	// Flag is yes or no.
	Flag
	// List is a list of items, each the field named Name+".#".
	List
	// Repeated is a group of rows, each with the fields named Name+".#.x".
	Repeated
	// Part is a part of the content that holds the fields named Name+".x".
	Part
)

// Requirement says when a field must be given: when any of its
// conditions holds.
type Requirement struct {
	// Always: every content gives it, and in a repeated row every row given.
	Always bool
	// Agent: a submission by an agent account gives it, so that the record
	// plane can check what the agent claims.
	Agent bool
	// Acceptance and Provenance: content whose acceptance or provenance is
	// of one of these kinds gives it.
	Acceptance []packet.AcceptanceKind
	Provenance []packet.ProvenanceKind
	// Exposition: a setup entry of one of these kinds gives it.
	Exposition []packet.ExpositionKind
	// Only, when set, refuses the field where none of the conditions holds,
	// with this message.
	Only string
}

// Circumstances are what a requirement depends on.
type Circumstances struct {
	Agent      bool
	Acceptance packet.AcceptanceKind
	Provenance packet.ProvenanceKind
	// Exposition is the kind of the setup entry the field is in.
	Exposition packet.ExpositionKind
}

// Holds reports whether the field must be given in c.
func (r Requirement) Holds(c Circumstances) bool {
	return r.Always || r.Agent && c.Agent || has(r.Acceptance, c.Acceptance) ||
		has(r.Provenance, c.Provenance) || has(r.Exposition, c.Exposition)
}

func has[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// FormNote names the choices of the form that make a field required, for
// its label: "numerical", "imported or reformulation", "definitions only".
// It is "" for a field required always or never, and for one required of
// agents only, as agents submit through the API.
func (r Requirement) FormNote() string {
	var kinds []string
	for _, k := range r.Acceptance {
		kinds = append(kinds, strings.ToLower(AcceptanceKinds.Label(string(k))))
	}
	for _, k := range r.Provenance {
		kinds = append(kinds, strings.ToLower(ProvenanceKinds.Label(string(k))))
	}
	for _, k := range r.Exposition {
		kinds = append(kinds, strings.ToLower(ExpositionKinds.Label(string(k)))+"s") // entries, in the plural
	}
	note := orList(kinds)
	if note != "" && r.Only != "" {
		note += " only"
	}
	return note
}

// orList is "a", "a or b", "a, b or c".
func orList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// ProblemField is one field of a problem's content.
type ProblemField struct {
	// Name is its path in field errors, in GraphQL's input and as the
	// form's input name, with # for the index of a row or a list item
	// ("references.#.citation").
	Name string
	// Label names it on the form, with # for its row's number where the
	// form shows one, and in an error summary (LabelAt).
	Label string
	// Help is the form's hint under the label.
	Help     string
	Kind     FieldKind
	Required Requirement
	// Missing refuses a required field left empty; "" is "is required".
	Missing string
	// Max is the limit in characters of a Line or Text, in items of a List
	// or in rows of a Repeated group, which Count names in the refusal.
	Max   int
	Count string
	// Item is what one row of a Repeated group is called ("Reference").
	Item string
	// Choices are a Choice's values, one of which it must be (left empty
	// too, it is refused as outside them); Blank says the form offers no
	// choice ("—") too.
	Choices Vocabulary
	Blank   bool
	// TeX says the text is read as TeX, so the form's preview checks it.
	TeX bool
	// Area is the rows of the form's text area; 0 is a one-line box. A
	// List in a box is comma-separated, in a text area one item a line.
	Area int
	// API says only the API takes it: the forms do not ask for it.
	API bool

	// Where the value is in an input (nil when the part or row holding it
	// is absent; create makes them), by kind: text for Line, Text and
	// Choice, then list, date, year, flag; rows counts a Repeated group's
	// rows and present says a Part is there.
	text    func(in *ProblemInput, at []int, create bool) *string
	list    func(in *ProblemInput, at []int, create bool) *[]string
	date    func(in *ProblemInput, at []int, create bool) *time.Time
	year    func(in *ProblemInput, at []int, create bool) **int
	flag    func(in *ProblemInput, at []int, create bool) *bool
	rows    func(in *ProblemInput) int
	present func(in *ProblemInput) bool
}

// The parts of the content that fields are in, created on demand.
var (
	acceptancePart  = part(func(in *ProblemInput) **packet.Acceptance { return &in.Acceptance })
	provenancePart  = part(func(in *ProblemInput) **packet.Provenance { return &in.Provenance })
	searchPart      = part(func(in *ProblemInput) **packet.ReferenceSearch { return &in.ReferenceSearch })
	computationPart = part(func(in *ProblemInput) **packet.Computation { return &in.Computation })
	heroPart        = func(in *ProblemInput, _ bool) *packet.Hero { return &in.Hero }
	openStatusPart  = func(in *ProblemInput, _ bool) *packet.OpenStatus { return &in.OpenStatus }
)

func codePart(in *ProblemInput, create bool) *packet.CodeRef {
	c := computationPart(in, create)
	if c == nil {
		return nil
	}
	if c.Code == nil && create {
		c.Code = &packet.CodeRef{}
	}
	return c.Code
}

func part[P any](field func(*ProblemInput) **P) func(*ProblemInput, bool) *P {
	return func(in *ProblemInput, create bool) *P {
		p := field(in)
		if *p == nil && create {
			*p = new(P)
		}
		return *p
	}
}

// within is a value inside a part.
func within[P, T any](p func(*ProblemInput, bool) *P, get func(*P) *T) func(*ProblemInput, []int, bool) *T {
	return func(in *ProblemInput, _ []int, create bool) *T {
		if x := p(in, create); x != nil {
			return get(x)
		}
		return nil
	}
}

func top[T any](get func(*ProblemInput) *T) func(*ProblemInput, []int, bool) *T {
	return func(in *ProblemInput, _ []int, _ bool) *T { return get(in) }
}

// row is a value in row at[0] of a repeated group; create appends the row
// when it is the next one.
func row[R, T any](rows func(*ProblemInput) *[]R, get func(*R) *T) func(*ProblemInput, []int, bool) *T {
	return func(in *ProblemInput, at []int, create bool) *T {
		rs := rows(in)
		if create && at[0] == len(*rs) {
			*rs = append(*rs, *new(R))
		}
		if at[0] >= len(*rs) {
			return nil
		}
		return get(&(*rs)[at[0]])
	}
}

func entries(in *ProblemInput) *[]packet.ExpositionEntry { return &in.Exposition }
func refs(in *ProblemInput) *[]ReferenceInput            { return &in.References }

// item is the item at[len(at)-1] of a list.
func item(list func(*ProblemInput, []int, bool) *[]string) func(*ProblemInput, []int, bool) *string {
	return func(in *ProblemInput, at []int, _ bool) *string {
		l, j := list(in, at[:len(at)-1], false), at[len(at)-1]
		if l == nil || j >= len(*l) {
			return nil
		}
		return &(*l)[j]
	}
}

var always = Requirement{Always: true}

// ProblemFields are the fields of a problem's content, in the order of the form.
var ProblemFields = []ProblemField{
	{Name: "title", Label: "Title", Help: "One line that asks the same question as the statement.",
		Kind: Line, Required: always, Max: MaxTitle, TeX: true, text: top(func(in *ProblemInput) *string { return &in.Title })},
	{Name: "statement", Label: "Statement", Help: "Textbook notation; LaTeX between $…$. Every variable has a domain, every quantifier a range.",
		Kind: Text, Required: always, Max: MaxStatement, TeX: true, Area: 8, text: top(func(in *ProblemInput) *string { return &in.Statement })},
	{Name: "tags", Label: "Tags", Help: "Comma-separated, such as number theory, primes.",
		Kind: List, Max: MaxTags, Count: "tags", list: top(func(in *ProblemInput) *[]string { return &in.Tags })},
	{Name: "tags.#", Label: "tag", Kind: Line, Required: always, Missing: "is empty", Max: MaxTag,
		text: item(top(func(in *ProblemInput) *[]string { return &in.Tags }))},

	{Name: "exposition", Label: "Setup", Item: "Setup entry", Kind: Repeated, Max: MaxExposition, Count: "entries",
		rows: func(in *ProblemInput) int { return len(in.Exposition) }},
	{Name: "exposition.#.kind", Label: "Kind of entry #", Kind: Choice, Required: always, Choices: ExpositionKinds, Blank: true,
		text: row(entries, func(e *packet.ExpositionEntry) *string { return (*string)(&e.Kind) })},
	{Name: "exposition.#.term", Label: "Term defined", Kind: Line, Max: MaxTerm, TeX: true,
		Required: Requirement{Exposition: []packet.ExpositionKind{packet.Definition}, Only: "only a definition names a term"},
		Missing:  "a definition names the term or symbol it defines",
		text:     row(entries, func(e *packet.ExpositionEntry) *string { return &e.Term })},
	{Name: "exposition.#.body", Label: "Text of entry #", Kind: Text, Required: always, Max: MaxExpositionBody, TeX: true, Area: 3,
		text: row(entries, func(e *packet.ExpositionEntry) *string { return &e.Body })},

	{Name: "acceptance", Label: "Acceptance", Kind: Part, Required: always, Missing: "say exactly what evidence would settle the problem",
		present: func(in *ProblemInput) bool { return in.Acceptance != nil }},
	{Name: "acceptance.kind", Label: "Acceptance kind", Kind: Choice, Required: always, Choices: AcceptanceKinds,
		text: within(acceptancePart, func(a *packet.Acceptance) *string { return (*string)(&a.Kind) })},
	{Name: "acceptance.criterion", Label: "Criterion", Help: "Exactly what evidence would settle the problem.",
		Kind: Text, Required: always, Max: MaxCriterion, TeX: true, Area: 3,
		text: within(acceptancePart, func(a *packet.Acceptance) *string { return &a.Criterion })},
	{Name: "acceptance.precision", Label: "Precision and certification", Kind: Text, Max: MaxAcceptancePart, TeX: true,
		Required: Requirement{Acceptance: []packet.AcceptanceKind{packet.Numerical}},
		Missing:  "a numerical target states its precision and certification requirement",
		text:     within(acceptancePart, func(a *packet.Acceptance) *string { return &a.Precision })},
	{Name: "acceptance.searchSpace", Label: "Search space", Kind: Text, Max: MaxAcceptancePart, TeX: true,
		Required: Requirement{Acceptance: []packet.AcceptanceKind{packet.Search}}, Missing: "a search target states its search space",
		text: within(acceptancePart, func(a *packet.Acceptance) *string { return &a.SearchSpace })},
	{Name: "acceptance.certificate", Label: "Witness or certificate", Kind: Text, Max: MaxAcceptancePart, TeX: true,
		Required: Requirement{Acceptance: []packet.AcceptanceKind{packet.Search}}, Missing: "a search target states the witness or impossibility certificate",
		text: within(acceptancePart, func(a *packet.Acceptance) *string { return &a.Certificate })},
	{Name: "acceptance.equivalence", Label: "Equivalence and completeness", Kind: Text, Max: MaxAcceptancePart, TeX: true,
		Required: Requirement{Acceptance: []packet.AcceptanceKind{packet.Classification}}, Missing: "a classification target states its equivalence and completeness",
		text: within(acceptancePart, func(a *packet.Acceptance) *string { return &a.Equivalence })},

	{Name: "provenance", Label: "Provenance", Kind: Part, Required: always,
		Missing: "say whether the problem is imported, a reformulation or original, and on what rights basis",
		present: func(in *ProblemInput) bool { return in.Provenance != nil }},
	{Name: "provenance.kind", Label: "Provenance", Kind: Choice, Required: always, Choices: ProvenanceKinds,
		text: within(provenancePart, func(p *packet.Provenance) *string { return (*string)(&p.Kind) })},
	{Name: "provenance.attribution", Label: "Attribution", Help: "Who posed the problem, and when.", Kind: Line, Required: always, Max: MaxProvenancePart,
		text: within(provenancePart, func(p *packet.Provenance) *string { return &p.Attribution })},
	{Name: "provenance.sourceLocator", Label: "Source locator", Help: "Where it is stated: a URL or an exact place in a work.", Kind: Line,
		Required: Requirement{Provenance: []packet.ProvenanceKind{packet.Imported, packet.Reformulation}}, Max: MaxProvenancePart,
		text: within(provenancePart, func(p *packet.Provenance) *string { return &p.SourceLocator })},
	{Name: "provenance.rightsBasis", Label: "Rights basis", Help: "For example: written in our own words; no text reproduced.",
		Kind: Text, Required: always, Max: MaxProvenancePart,
		text: within(provenancePart, func(p *packet.Provenance) *string { return &p.RightsBasis })},
	{Name: "provenance.generatedBy", Label: "Generated by", Help: "For generated records: the person, program or model that generated it.",
		Kind: Text, Required: Requirement{Agent: true}, Max: MaxProvenancePart,
		text: within(provenancePart, func(p *packet.Provenance) *string { return &p.GeneratedBy })},
	{Name: "provenance.motivation", Label: "Motivation of the parameters", Help: "For generated records: the earlier work that motivated the parameters.",
		Kind: Text, Max: MaxProvenancePart, Area: 2,
		text: within(provenancePart, func(p *packet.Provenance) *string { return &p.Motivation })},

	{Name: "references", Label: "References", Item: "Reference", Kind: Repeated, Max: MaxReferences, Count: "rows",
		Required: Requirement{Provenance: []packet.ProvenanceKind{packet.Imported, packet.Reformulation}},
		Missing:  "an imported or reformulated problem cites at least one source",
		rows:     func(in *ProblemInput) int { return len(in.References) }},
	{Name: "references.#.identifier", Label: "Identifier of reference #", Help: "DOI, arXiv ID, zbl:…, ISBN or URL.",
		Kind: Line, Required: always, Max: MaxIdentifier, text: row(refs, func(r *ReferenceInput) *string { return &r.Identifier })},
	{Name: "references.#.citation", Label: "Citation", Kind: Line, Required: always, Max: MaxCitation,
		text: row(refs, func(r *ReferenceInput) *string { return &r.Citation })},
	{Name: "references.#.locator", Label: "Locator", Help: "Theorem, section or page.", Kind: Line, Max: MaxLocator,
		text: row(refs, func(r *ReferenceInput) *string { return &r.Locator })},
	{Name: "references.#.relevance", Label: "Relevance to this problem", Kind: Text, Required: always, Max: MaxRelevance, TeX: true,
		text: row(refs, func(r *ReferenceInput) *string { return &r.Relevance })},
	{Name: "references.#.role", Label: "Role", Kind: Choice, Required: always, Choices: ReferenceRoles,
		text: row(refs, func(r *ReferenceInput) *string { return (*string)(&r.Role) })},
	{Name: "references.#.title", Label: "Title of the source", Kind: Line, Required: Requirement{Agent: true}, Max: MaxCitation, API: true,
		text: row(refs, func(r *ReferenceInput) *string { return &r.Title })},
	{Name: "references.#.authors", Label: "Authors of the source", Kind: List, Required: Requirement{Agent: true}, Max: MaxAuthors, Count: "names",
		Missing: "an agent names the source's authors, which the record plane checks", API: true,
		list: row(refs, func(r *ReferenceInput) *[]string { return &r.Authors })},
	{Name: "references.#.authors.#", Label: "name", Kind: Line, Max: MaxAuthorName, API: true,
		text: item(row(refs, func(r *ReferenceInput) *[]string { return &r.Authors }))},
	{Name: "references.#.year", Label: "Year of the source", Kind: Year, Required: Requirement{Agent: true},
		Missing: "an agent gives the source's year, which the record plane checks", API: true,
		year: row(refs, func(r *ReferenceInput) **int { return &r.Year })},

	{Name: "referenceSearch", Label: "Reference search", Kind: Part, Required: always,
		Missing: "record the dated prior-art search: when, where, with what queries, and its boundary",
		present: func(in *ProblemInput) bool { return in.ReferenceSearch != nil }},
	{Name: "referenceSearch.checkedOn", Label: "Checked on", Kind: Date, Required: always,
		date: within(searchPart, func(s *packet.ReferenceSearch) *time.Time { return &s.CheckedOn })},
	{Name: "referenceSearch.databases", Label: "Databases and sources searched", Help: "One per line.",
		Kind: List, Required: always, Missing: "list at least one", Max: MaxSearchItems, Count: "items", Area: 3,
		list: within(searchPart, func(s *packet.ReferenceSearch) *[]string { return &s.Databases })},
	{Name: "referenceSearch.databases.#", Label: "item", Kind: Line, Required: always, Max: MaxSearchItem,
		text: item(within(searchPart, func(s *packet.ReferenceSearch) *[]string { return &s.Databases }))},
	{Name: "referenceSearch.queries", Label: "Queries and equivalent formulations", Help: "One per line.",
		Kind: List, Required: always, Missing: "list at least one", Max: MaxSearchItems, Count: "items", Area: 3,
		list: within(searchPart, func(s *packet.ReferenceSearch) *[]string { return &s.Queries })},
	{Name: "referenceSearch.queries.#", Label: "item", Kind: Line, Required: always, Max: MaxSearchItem,
		text: item(within(searchPart, func(s *packet.ReferenceSearch) *[]string { return &s.Queries }))},
	{Name: "referenceSearch.coverage", Label: "Coverage", Help: "The boundary of the search and what it established.",
		Kind: Text, Required: always, Max: MaxCoverage, Area: 3,
		text: within(searchPart, func(s *packet.ReferenceSearch) *string { return &s.Coverage })},

	{Name: "openStatus.strongestKnown", Label: "Strongest known result",
		Help: "The best known result, table endpoint, incumbent or obstruction, with its source.",
		Kind: Text, Max: MaxAcceptancePart, TeX: true, Area: 2,
		text: within(openStatusPart, func(o *packet.OpenStatus) *string { return &o.StrongestKnown })},
	{Name: "openStatus.unresolvedTarget", Label: "Unresolved remainder", Help: "Exactly what remains open.",
		Kind: Text, Max: MaxAcceptancePart, TeX: true, Area: 2,
		text: within(openStatusPart, func(o *packet.OpenStatus) *string { return &o.UnresolvedTarget })},

	{Name: "computation.instance", Label: "Instance", Help: "The finite instance, fully specified.",
		Kind: Text, Max: MaxAcceptancePart, TeX: true, Area: 2,
		text: within(computationPart, func(c *packet.Computation) *string { return &c.Instance })},
	{Name: "computation.equivalence", Label: "Equivalence of instances", Help: "When two solutions count as the same.",
		Kind: Text, Max: MaxAcceptancePart,
		text: within(computationPart, func(c *packet.Computation) *string { return &c.Equivalence })},
	{Name: "computation.whyNotBruteForce", Label: "Why brute force is not enough", Help: "Or how a complete enumeration is certified.",
		Kind: Text, Max: MaxAcceptancePart, Area: 2,
		text: within(computationPart, func(c *packet.Computation) *string { return &c.WhyNotBruteForce })},
	{Name: "computation.smallCases", Label: "Small cases", Help: "A small case, incumbent, bound or checksum that tests the formulation.",
		Kind: Text, Max: MaxAcceptancePart, TeX: true,
		text: within(computationPart, func(c *packet.Computation) *string { return &c.SmallCases })},
	{Name: "computation.certification", Label: "Certification", Help: "The exact or certified evidence an answer must carry.",
		Kind: Text, Max: MaxAcceptancePart,
		text: within(computationPart, func(c *packet.Computation) *string { return &c.Certification })},
	{Name: "computation.parameterOrigin", Label: "Origin of the parameter", Help: "Where the parameter comes from and what it studies.",
		Kind: Text, Max: MaxAcceptancePart, Area: 2,
		text: within(computationPart, func(c *packet.Computation) *string { return &c.ParameterOrigin })},
	{Name: "computation.code.repository", Label: "Code repository", Help: "For executable claims.", Kind: Line, Max: MaxIdentifier,
		text: within(codePart, func(c *packet.CodeRef) *string { return &c.Repository })},
	{Name: "computation.code.revision", Label: "Code revision", Help: "A commit hash or digest, not a branch name.", Kind: Line, Max: MaxSearchItem,
		text: within(codePart, func(c *packet.CodeRef) *string { return &c.Revision })},
	{Name: "computation.code.inputs", Label: "Code inputs", Kind: Text, Max: MaxAcceptancePart,
		text: within(codePart, func(c *packet.CodeRef) *string { return &c.Inputs })},
	{Name: "computation.code.expectedDigest", Label: "Expected output or digest", Kind: Line, Max: MaxSearchItem,
		text: within(codePart, func(c *packet.CodeRef) *string { return &c.ExpectedDigest })},

	{Name: "hero.brief", Label: "Hero visual brief", Help: "What a picture of the object in the statement should show.",
		Kind: Text, Max: MaxHeroBrief, Area: 2, text: within(heroPart, func(h *packet.Hero) *string { return &h.Brief })},
	{Name: "hero.alt", Label: "Hero alt text", Help: "What the picture visibly shows.", Kind: Text, Max: MaxHeroPart,
		text: within(heroPart, func(h *packet.Hero) *string { return &h.Alt })},
	{Name: "hero.caption", Label: "Hero caption", Help: "How it relates to the setup; no result, bound, status or proof claim.",
		Kind: Line, Max: MaxHeroPart, TeX: true, text: within(heroPart, func(h *packet.Hero) *string { return &h.Caption })},
	{Name: "hero.rightsBasis", Label: "Rights basis of bespoke art", Kind: Text, Max: MaxProvenancePart, API: true,
		text: within(heroPart, func(h *packet.Hero) *string { return &h.RightsBasis })},
	{Name: "hero.bespoke", Label: "Bespoke art", Kind: Flag, API: true,
		flag: within(heroPart, func(h *packet.Hero) *bool { return &h.Bespoke })},
}

// The note of each form that changes a problem, which the revision or the
// suggested edit carries beside its content.
var (
	// RevisionNote is the proposer's note on a revision, for the History tab.
	RevisionNote = ProblemField{Name: "note", Label: "Revision note", Help: "What this revision changes, for the History tab.",
		Kind: Text, Max: MaxRevisionNote}
	// OperatorNote is an operator's note on a revision applied for an imported problem's source.
	OperatorNote = ProblemField{Name: "note", Label: "Revision note",
		Help: "Why you apply this revision for the imported problem's source; the stored note names you as the operator who applied it.",
		Kind: Text, Required: always, Missing: "an operator's revision says why it is applied for the proposer", Max: MaxRevisionNote}
	// SuggestionNote is the note of a suggested edit, for the proposer.
	SuggestionNote = ProblemField{Name: "note", Label: "What your edit changes, and why", Help: "For the proposer, who accepts or declines it.",
		Kind: Text, Required: always, Max: MaxSuggestionNote, Area: 3}
)

// FieldAt finds the field of a concrete path ("references.0.citation"),
// with the indexes its # stand for.
func FieldAt(path string) (ProblemField, []int, bool) {
	name, at := generic(path)
	for _, f := range ProblemFields {
		if f.Name == name {
			return f, at, true
		}
	}
	return ProblemField{}, nil, false
}

// generic replaces the indexes of path with # and returns them.
func generic(path string) (string, []int) {
	parts := strings.Split(path, ".")
	var at []int
	for i, p := range parts {
		if n, err := strconv.Atoi(p); err == nil && n >= 0 && p == strconv.Itoa(n) {
			parts[i], at = "#", append(at, n)
		}
	}
	return strings.Join(parts, "."), at
}

// FormFields are the fields the form asks for once, not in a repeated
// row, in form order.
func FormFields() []ProblemField {
	var out []ProblemField
	for _, f := range ProblemFields {
		if f.onForm() && !strings.Contains(f.Name, "#") {
			out = append(out, f)
		}
	}
	return out
}

// GroupFields are the FormFields whose names start with group and a dot,
// or have no dot for "": the inputs of one part of the form.
func GroupFields(group string) []ProblemField {
	var out []ProblemField
	for _, f := range FormFields() {
		if f.group() == group {
			out = append(out, f)
		}
	}
	return out
}

// RowFields are the fields the form asks for in each row of the Repeated group.
func RowFields(group string) []ProblemField {
	var out []ProblemField
	for _, f := range ProblemFields {
		if rest, ok := strings.CutPrefix(f.Name, group+".#."); ok && f.onForm() && !strings.Contains(rest, ".") {
			out = append(out, f)
		}
	}
	return out
}

// RowGroups are the Repeated groups the form has rows of.
func RowGroups() []ProblemField {
	var out []ProblemField
	for _, f := range ProblemFields {
		if f.Kind == Repeated && !f.API {
			out = append(out, f)
		}
	}
	return out
}

// Rows counts the rows of a Repeated group in in.
func (f ProblemField) Rows(in *ProblemInput) int {
	if f.rows == nil {
		return 0
	}
	return f.rows(in)
}

func (f ProblemField) onForm() bool {
	return !f.API && f.Kind != Part && f.Kind != Repeated && !strings.HasSuffix(f.Name, ".#")
}

func (f ProblemField) group() string {
	g, _, _ := strings.Cut(f.Name, ".")
	if g == f.Name {
		return ""
	}
	return g
}

// Path is the field's concrete path with at in place of its #.
func (f ProblemField) Path(at ...int) string {
	return strings.Join(f.path(at), ".")
}

func (f ProblemField) path(at []int) []string {
	parts := strings.Split(f.Name, ".")
	j := 0
	for i, p := range parts {
		if p == "#" && j < len(at) {
			parts[i] = strconv.Itoa(at[j])
			j++
		}
	}
	return parts
}

// FormLabel is the field's label on the form, in the row at: its row's
// number in place of #, and the choices that make it required (FormNote).
func (f ProblemField) FormLabel(at ...int) string {
	l := f.numbered(at)
	if note := f.Required.FormNote(); note != "" {
		l += " (" + note + ")"
	}
	return l
}

func (f ProblemField) numbered(at []int) string {
	if len(at) == 0 {
		return f.Label
	}
	return strings.Replace(f.Label, "#", strconv.Itoa(at[0]+1), 1)
}

// LabelAt names the field at the indexes at as an error summary does: as
// its label on the form without the note, and a field of a repeated row
// whose label has no number after its row's name ("Reference 1:
// citation"); a list's item after its list ("…: item 2").
func (f ProblemField) LabelAt(at ...int) string {
	if name, ok := strings.CutSuffix(f.Name, ".#"); ok && len(at) > 0 {
		if list, _, found := FieldAt(name); found {
			return list.LabelAt(at[:len(at)-1]...) + ": " + f.Label + " " + strconv.Itoa(at[len(at)-1]+1)
		}
	}
	if len(at) == 0 || strings.Contains(f.Label, "#") {
		return f.numbered(at)
	}
	g, _, _ := FieldAt(f.group())
	return g.Item + " " + strconv.Itoa(at[0]+1) + ": " + lowerFirst(f.Label)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// Text is the field's value in in as the form's input holds it: a list
// comma-separated in a box and one item a line in a text area, a date as
// 2026-11-30, a year in digits.
func (f ProblemField) Text(in *ProblemInput, at ...int) string {
	switch f.Kind {
	case Line, Text, Choice:
		if p := f.text(in, at, false); p != nil {
			return *p
		}
	case List:
		if p := f.list(in, at, false); p != nil {
			return strings.Join(*p, f.separator())
		}
	case Date:
		if p := f.date(in, at, false); p != nil && !p.IsZero() {
			return p.Format(time.DateOnly)
		}
	case Year:
		if p := f.year(in, at, false); p != nil && *p != nil {
			return strconv.Itoa(**p)
		}
	case Flag:
		if p := f.flag(in, at, false); p != nil && *p {
			return "true"
		}
	}
	return ""
}

func (f ProblemField) separator() string {
	if f.Area > 0 {
		return "\n"
	}
	return ", "
}

// SetText decodes the form's input s into the field of an input being
// built, making the part or row it is in; an empty s leaves the input as
// it is. A list's items are trimmed and the empty ones dropped. The error
// says how to write a date or a year that does not parse.
func (f ProblemField) SetText(in *ProblemInput, s string, at ...int) error {
	if s == "" {
		return nil
	}
	switch f.Kind {
	case Line, Text, Choice:
		return set(f.text(in, at, true), s, f)
	case List:
		sep := ","
		if f.Area > 0 {
			sep = "\n"
		}
		var items []string
		for _, it := range strings.Split(s, sep) {
			if it = strings.TrimSpace(it); it != "" {
				items = append(items, it)
			}
		}
		if len(items) == 0 {
			return nil
		}
		return set(f.list(in, at, true), items, f)
	case Date:
		d, err := time.Parse(time.DateOnly, s)
		if err != nil {
			return errors.New("use a date such as 2026-11-30")
		}
		return set(f.date(in, at, true), d, f)
	case Year:
		y, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return errors.New("write the year in digits, such as 1998")
		}
		return set(f.year(in, at, true), &y, f)
	case Flag:
		return set(f.flag(in, at, true), s == "true", f)
	}
	return fmt.Errorf("%s has no input of its own", f.Name)
}

// set stores v at p, which is nil when the row at is neither there nor the next one.
func set[T any](p *T, v T, f ProblemField) error {
	if p == nil {
		return fmt.Errorf("%s: no such row", f.Name)
	}
	*p = v
	return nil
}
