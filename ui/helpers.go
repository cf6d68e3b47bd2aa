package ui

import (
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/packet"
)

// NoteSection is one filled section of a reviewer note.
type NoteSection struct{ Label, Text string }

// NoteSections lists the filled sections of a note in template order.
func NoteSections(n packet.DecisionNotes) []NoteSection {
	var out []NoteSection
	for _, s := range []NoteSection{
		{"Statement and acceptance", n.StatementAndAcceptance}, {"Open status and prior art", n.OpenStatus},
		{"Reference coverage", n.ReferenceCoverage}, {"Duplicate check", n.DuplicateCheck},
		{"Evidence integrity", n.EvidenceIntegrity}, {"Hero visual", n.HeroVisual},
		{"Uncertainty", n.Uncertainty}, {"Reason", n.Reason},
	} {
		if s.Text != "" {
			out = append(out, s)
		}
	}
	return out
}

// sourceURL links a source identifier to where it resolves.
func sourceURL(s *ent.Source) string {
	kind, rest, _ := strings.Cut(s.Identifier, ":")
	switch kind {
	case "doi":
		return "https://doi.org/" + rest
	case "arxiv":
		return "https://arxiv.org/abs/" + rest
	case "zbmath":
		return "https://zbmath.org/?q=an:" + rest
	case "isbn":
		return "https://openlibrary.org/isbn/" + rest
	case "url":
		return rest
	}
	return "#"
}

func join(xs []string) string { return strings.Join(xs, "; ") }

func diffClass(op byte) string {
	switch op {
	case '+':
		return "add"
	case '-':
		return "del"
	}
	return "same"
}

// noteFields are the reviewer note template's sections as form fields.
var noteFields = []struct{ Name, Label string }{
	{"statementAndAcceptance", "Statement and acceptance"}, {"openStatus", "Open status and prior art"},
	{"referenceCoverage", "Reference coverage"}, {"duplicateCheck", "Duplicate check"},
	{"evidenceIntegrity", "Evidence integrity"}, {"heroVisual", "Hero visual"},
	{"uncertainty", "Uncertainty"}, {"reason", "Reason"},
}

func requiredList(fields []string) string {
	labels := make([]string, len(fields))
	for i, f := range fields {
		labels[i] = strings.ToLower(FieldLabel(f))
	}
	return strings.Join(labels, ", ")
}

// Plural says "1 flag" or "3 flags".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
