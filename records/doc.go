// Package records is the record plane (POLICY.md section 5, K9.5): it parses and normalises the
// identifiers that bibliography rows cite (DOI, arXiv, zbMATH, ISBN, URL), so that one work has
// one Source however it was written; it resolves them against the outside catalogues (Crossref
// and DataCite, the arXiv API, zbMATH Open, Open Library), a local catalogue imported from JSON
// Lines, and the reference texts of the copy check's corpus (the Stacks project, the HoTT book,
// the Open Logic Project); it compares what a proposer claimed about a source with the record;
// and it derives the confirmation of a source from the answers it got.
//
// The package knows nothing of the database, the jobs or the transports: callers pass an
// identifier (and a cached Record, for conditional requests) in and get a Result out, and decide
// what to store. An unreachable resolver is never reported as a missing record: Confirm turns it
// into PENDING, and Advance keeps a source's earlier outcome when a later attempt fails.
//
// The flow: Plane.Resolve consults the Catalogue first, then the Texts, then the resolver of the
// identifier's kind over a Client (timeouts, retries with backoff on 429 and 5xx honouring
// Retry-After, a per-host token bucket, the Crossref polite pool, conditional requests, a body
// size limit); Compare matches a Claimed title, authors and year with the Record; Confirm and
// Advance give CONFIRMED, MISMATCH, NOT_FOUND or PENDING; Texts.Locate finds a cited locator (a
// Stacks tag, a HoTT or Open Logic label) and returns its heading and first lines.
package records
