package corpus

import "github.com/theoremdb/theoremdb/gates"

// importedDoubt holds an importer's draft to the strict bar an automatic
// FAIL needs. An item an importer cut out of a textbook is a fragment of a
// longer text: its variables' domains and its terms are often fixed in the
// prose around it (a chapter's conventions, a definition two sections
// back), which the importer does not carry. So the statement checks'
// variable-domain and defined-term findings, which only show that the
// draft on its own does not say, are a person's question on such a draft,
// never a machine's refusal: the finding keeps its span and its fix and
// becomes NEEDS_HUMAN. A person's or an agent's draft is not a fragment,
// and keeps the checks' verdicts as they are.
func importedDoubt(f gates.Finding) gates.Finding {
	if f.Verdict != gates.Fail {
		return f
	}
	f.Verdict, f.Evidence, f.Consequence = gates.NeedsHuman, gates.Insufficient, ""
	f.Behaviour += " The draft is an importer's excerpt of a longer text, which may fix this where the excerpt does not reach; a person must confirm it."
	return f
}
