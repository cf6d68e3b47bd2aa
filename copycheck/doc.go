// Package copycheck owns the copy check that every agent-written body goes through before it
// merges (POLICY.md section 5, K9.4): normalisation of LaTeX and Markdown with an offset map back
// to the original bytes, a suffix index over the normalised reference corpus for exact runs
// (stage 1), MinHash with LSH banding for near copies (stage 2), the curator-kept list of standard
// phrases, the thresholds and the verdict they imply, and the on-disk, memory-mapped index that
// workers load.
//
// The package is pure Go and knows nothing of the database, the review policy's state machine or
// the transports: callers pass bytes in and get a Result out. It must not decide anything beyond
// the verdict the policy derives from a match's licence class, and it never rewrites a body.
package copycheck
