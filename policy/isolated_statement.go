package policy

import "github.com/theoremdb/theoremdb/gates"

// Alone is the revision's statement as the policy asks a reviewer to read it first: on its
// own, with the title, exposition, captions and links hidden (gates.IsolatedStatement). Link
// text stays; bare addresses go.
func (r RevisionView) Alone() string {
	return gates.IsolatedStatement(&gates.Revision{Statement: r.Statement})
}
