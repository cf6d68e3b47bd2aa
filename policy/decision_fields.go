package policy

import (
	"slices"

	"github.com/theoremdb/theoremdb/ent/decision"
)

// The fields of a reviewer's decision, one table, as form_fields.go is for
// a problem's content: the review form labels and bounds its inputs from
// it, an error summary names a field by it, and DecisionInput.validate
// refuses by it (which action takes a field, which requires it, what a
// missing one is told, how long it may be). A test holds the table to
// DecisionInput and to what validation reports.

// DecisionField is one field of a decision.
type DecisionField struct {
	// Name is its path in field errors, in GraphQL's input and as the
	// form's input name; a note section is notes.<key>.
	Name string
	// Label names it in an error summary and in the list of what an action
	// requires; FormLabel is the form's label, which says which action
	// takes it ("" is Label).
	Label, FormLabel string
	// Help is the form's hint under the label.
	Help string
	Kind FieldKind
	// Choices are a Choice's values; Blank says the form offers no choice
	// ("—") too.
	Choices Vocabulary
	Blank   bool
	// Required are the actions that require the field; Missing refuses it
	// left empty under one of them.
	Required []decision.Action
	Missing  string
	// Only, when set, refuses the field given under an action that does
	// not require it, with this message.
	Only string
	// Max is the limit in characters of a Text, or in items of a List,
	// which Count names in the refusal; ItemMax bounds each item of a List,
	// which is one line.
	Max     int
	Count   string
	ItemMax int
	// Area is the rows of the form's text area; 0 is a one-line box.
	Area int
}

// FormLabelText is the field's label on the form.
func (f DecisionField) FormLabelText() string {
	if f.FormLabel != "" {
		return f.FormLabel
	}
	return f.Label
}

// RequiredFor reports whether action a requires the field.
func (f DecisionField) RequiredFor(a decision.Action) bool { return slices.Contains(f.Required, a) }

// DecisionFields are the fields of a decision, in the order an action's
// requirements list them: the action, what each action names, then the
// note template's sections (NoteSections).
var DecisionFields = decisionFields()

func decisionFields() []DecisionField {
	fs := []DecisionField{
		{Name: "action", Label: "Action", Kind: Choice, Choices: Actions},
		{Name: "revisionRequests", Label: "Revision requests", FormLabel: "Revision requests (keep prospecting), one per line",
			Kind: List, Required: []decision.Action{decision.ActionKEEP_PROSPECTING},
			Missing: "name each missing item as a concrete revision request", Only: "only keep-prospecting takes revision requests",
			Max: MaxRevisionReqs, Count: "requests", ItemMax: MaxRevisionRequest, Area: 3},
		{Name: "reasonCode", Label: "Reason code", FormLabel: "Reason code (archive)", Kind: Choice, Choices: ReasonCodes, Blank: true,
			Required: []decision.Action{decision.ActionARCHIVE}, Missing: "an archive names its reason code",
			Only: "only an archive takes a reason code"},
		{Name: "mergeInto", Label: "Surviving problem", FormLabel: "Surviving problem (merge): ID or slug", Kind: Line,
			Required: []decision.Action{decision.ActionMERGE}, Missing: "a merge names the surviving problem",
			Only: "only a merge names a surviving problem"},
	}
	for _, sec := range NoteSections {
		fs = append(fs, DecisionField{Name: "notes." + sec.Key, Label: sec.Label, Help: "States " + sec.Help + ".", Kind: Text,
			Required: sec.RequiredFor, Missing: "a %s decision states " + sec.Help, Max: MaxNoteSection, Area: 3})
	}
	return fs
}

// DecisionFieldNamed finds a field of the decision by its name.
func DecisionFieldNamed(name string) (DecisionField, bool) {
	for _, f := range DecisionFields {
		if f.Name == name {
			return f, true
		}
	}
	return DecisionField{}, false
}

// decisionField is the field of the table a rule reads; a name the table
// lacks is a programming error.
func decisionField(name string) DecisionField {
	f, ok := DecisionFieldNamed(name)
	if !ok {
		panic("policy: no decision field " + name)
	}
	return f
}
