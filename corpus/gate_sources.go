package corpus

import (
	"context"
	"fmt"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/records"
)

const (
	srCheckRecord  = "sources.record-exists"
	srCheckLocator = "sources.locator"
)

// sourcesGate is merge gate 3: source confirmation (K9.5). Each cited
// identifier must resolve in the record plane and match what the writer
// claimed of it. An agent's source the plane found missing or mismatched
// is fabricated: the gate fails, and the finding is what the fabricated
// source rate counts. A person's or an importer's goes to a person. A
// source not resolved yet is pending, never fabricated: the plane or a
// person must confirm it (NEEDS_HUMAN, as the problems' references gate
// says of one), and the request merges. Locators no one has confirmed
// leave the node flagged locator_unconfirmed, and such a source does not
// count towards E2 or E3.
var sourcesGate = &mergeGate{
	name: GateSources, position: 3, version: "2",
	checks: map[string]string{
		srCheckRecord:  "Each source is a record in the record plane whose title, authors and year match what the writer claimed.",
		srCheckLocator: "Each source's locator is confirmed before it counts towards E2 or E3; else the node is flagged locator_unconfirmed.",
	},
	run: runSources,
}

func runSources(ctx context.Context, st *state) error {
	any := false
	for i, d := range st.req.Drafts {
		for k, ref := range d.References {
			any = true
			field := fmt.Sprintf("nodes[%d].references[%d].identifier", i, k)
			id, err := records.Parse(ref.Identifier)
			if err != nil { // intake refused it; a dry run of a later gate never sees it
				continue
			}
			src, err := st.read.Source.Query().Where(source.Identifier(id.Key)).Only(ctx)
			if err != nil && !ent.IsNotFound(err) {
				return fmt.Errorf("source %s: %w", id.Key, err)
			}
			sp := gates.Whole(field, ref.Identifier)
			switch {
			case src == nil || src.Confirmation == source.ConfirmationPENDING:
				st.rep.needsHuman(srCheckRecord, sp, fmt.Sprintf("The record plane has not resolved %s yet, so the source is pending, never fabricated: it is kept and counts towards no level until it is confirmed.", id.Key),
					"The record plane confirms the source when it resolves it, or a person does against the source itself.")
			case src.Confirmation == source.ConfirmationNOT_FOUND || src.Confirmation == source.ConfirmationMISMATCH:
				why := "no record exists for it"
				if src.Confirmation == source.ConfirmationMISMATCH {
					why = "its record does not match what was claimed of it"
				}
				if st.req.Writer.Kind == WriterAgent {
					st.rep.fail(srCheckRecord, sp, "", fmt.Sprintf("Draft %d cites %s, and %s: the source is fabricated and dropped.", i+1, id.Key, why),
						"Remove the source, or cite the record the identifier really resolves to with its own title, authors and year.")
				} else {
					st.rep.needsHuman(srCheckRecord, sp, fmt.Sprintf("Draft %d cites %s, and %s; a person must check the citation.", i+1, id.Key, why),
						"Correct the identifier or what is claimed of the source.")
				}
			default:
				st.rep.pass(srCheckRecord, sp, fmt.Sprintf("%s resolves in the record plane and matches its record.", id.Key))
			}
			if ref.Locator == "" {
				st.rep.needsHuman(srCheckLocator, gates.Absent(fmt.Sprintf("nodes[%d].references[%d].locator", i, k)),
					fmt.Sprintf("Reference %d of draft %d has no locator, so no one can check the node against it; the node is flagged locator_unconfirmed.", k+1, i+1),
					"Give the theorem, section or page where the source states it.")
			} else {
				st.rep.needsHuman(srCheckLocator, gates.Whole(fmt.Sprintf("nodes[%d].references[%d].locator", i, k), ref.Locator),
					fmt.Sprintf("The locator %q of reference %d of draft %d is not confirmed yet; the node is flagged locator_unconfirmed until the record plane or a person confirms it.", ref.Locator, k+1, i+1),
					"A person confirms the locator by reading the source there.")
			}
		}
	}
	if !any {
		st.rep.pass(srCheckRecord, gates.Absent("nodes"), "The request cites no source, so there is none to confirm.")
	}
	return nil
}
