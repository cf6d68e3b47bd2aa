// Package packet defines the typed parts of a problem's record that are stored
// inside a revision: exposition entries, the acceptance condition, provenance,
// the dated reference search, and the reviewer's note sections.
//
// The types carry their GraphQL enum encoding (upper case) so that the ent
// schema, the GraphQL API and the policy speak one vocabulary. Validation of
// their content belongs to policy/, not here.
package packet
