package graph

import "testing"

// TestBriefFieldsAreCoreFields holds the brief to being less than the
// core: a brief packet is kept below a core one and a core one answers
// every read a brief answers, so a field the core does not answer may not
// be a brief field.
func TestBriefFieldsAreCoreFields(t *testing.T) {
	for typ, fields := range briefFields {
		core := coreFields[typ]
		if core == nil {
			t.Errorf("briefFields has type %s, which coreFields has not", typ)
			continue
		}
		for f := range fields {
			if !core[f] {
				t.Errorf("%s.%s is a brief field but not a core field", typ, f)
			}
		}
	}
	if len(briefFields["Revision"]) >= len(coreFields["Revision"]) {
		t.Error("the brief answers as much of a revision as the core")
	}
}
