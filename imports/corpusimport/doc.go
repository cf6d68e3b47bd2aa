// Package corpusimport brings open textbooks into the corpus as the
// importer stratum, through change requests like every other writer: the
// Open Logic Project (CC BY 4.0) and the HoTT book (CC BY-SA).
//
// Its parsers are pure: a directory in, items out (one per definition,
// theorem, lemma, proposition, corollary, example and proof, with the
// cross-references between them), and what cannot be read comes back as an
// Issue with its file and line. OpenLogic's own syntax (its configurable
// terms !!{…}, formula metavariables $!A$, \emph, \olref, bussproofs trees
// set as display math, comment-only lines) is expanded by its definitions
// into the Markdown and TeX a page shows (openlogic_macros.go). The planner resolves cross-references to
// items, keeps the edges a node's kind may take, breaks any cycle among
// uses by dropping the edge that closes it, and orders the items so that
// every target comes before what points to it. The Runner opens one change
// request per item through corpus.Service, skipping what the corpus
// already holds unchanged under the item's import key, so a second run
// writes nothing. It must not write to the database itself or decide what
// the merge gates decide.
package corpusimport
