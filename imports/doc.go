// Package imports owns bringing outside collections of problems into
// TheoremDB: the Erdős problems database (problems.yaml of
// github.com/teorth/erdosproblems) and the Lean sources of
// github.com/google-deepmind/formal-conjectures.
//
// It has two halves. The parsers (ParseErdos, ParseLean) are pure: bytes in,
// typed records out, and every malformed entry comes back as an Issue with
// its file:line and is left out, so one bad entry never stops an import.
// The planner (PlanFormal, PlanErdos) turns records into policy.ProblemInput
// values, one Record per problem with its import key and, unless both
// sources call it open, what they say of its status; or a Skip that says
// why not. The Runner hands each Record to policy.Service.Import, or to
// policy.Service.ImportSolved when it has a status, as an operator and
// counts what happened. It must not write to the database itself or
// decide anything the policy decides: intake validation, permanent IDs,
// the challenge period, answer claims, archives, holds and idempotency are
// policy/'s.
//
// # What is imported
//
// A problem needs its statement, and only the formal-conjectures docstrings
// carry statement text: a theorem's `/-- … -/` docstring is its statement,
// LaTeX kept, with only the comment delimiters, common indentation, Lean
// doc-gen cross-reference roles ({name}`x` becomes `x`) and maintainers'
// TODO lines removed. A theorem is a candidate when its attribute says
// `category research open` or `category research solved`; test, API and
// textbook theorems are not problems at all and are not counted. A
// candidate without a docstring, or whose statement is too long for
// intake, is skipped with the reason. The file's heading is the title (with
// the theorem's name when the file has more than one research theorem), its
// introduction is kept as a remark, and every URL the file or docstring cites
// that records.Parse accepts becomes a reference, the file's first one
// primary. The AMS subject numbers become tags.
//
// ErdosProblems/N.lean joins the Erdős database by number. Its main theorem
// erdos_N is imported under the key erdos:N, with the Erdős tags, the
// erdosproblems.com/N page as primary reference, each OEIS sequence as an
// https://oeis.org/A… reference, the prize and comments as remarks, and the
// status date as the date of the reference search. Other research theorems
// of these files (variants, parts) are keyed
// formal-conjectures:ErdosProblems/N.lean#name like any other file's.
// Both commands build the record for erdos:N with the same code, so
// importing from either side gives the same content and a second run of
// either changes nothing.
//
// Solved records are imported too, held for staff with their answer claim. A
// candidate its source marks solved — `category research solved`, or an
// Erdős problem the database says is no longer open (proved, disproved,
// solved, independent, …), whose record keeps the database's status among
// its remarks — is built like an open one and handed to ImportSolved with
// the source's status, date and locator: a new one is created and, in the
// same transaction, given an established answer claim that RESOLVES it,
// citing the source, and held for staff with that claim: staff compare its
// scope with the statement, then archive the problem as KNOWN_ANSWER or
// correct the binding; the import archives nothing. When the two sources disagree (the Erdős database says
// proved while formal-conjectures marks the theorem open, or the other way
// round) the record is imported as open and held for staff with the
// disagreement as the note. A problem imported as open whose source now
// marks it solved keeps its content and is held for staff the same way.
// The solved candidates with a statement are also kept as solved records,
// the catalogue the known-answer check searches.
//
// `theoremdb import erdos FILE` alone imports nothing: problems.yaml has no
// statement text, and a record whose statement is only a pointer to a web
// page would not be a statement of a problem, while writing one ourselves
// would be inventing mathematics. Every entry is then reported as skipped
// with the reason, after the file has been checked. Given
// --formal-conjectures DIR it imports the open Erdős problems whose
// statement that checkout has, and the solved ones as above.
//
// Dates: a record joined with the Erdős database is dated by that entry's
// status last_update; any other record by the formal-conjectures revision's
// date, which the operator gives (--as-of), since the files do not carry
// one. A fixed date per revision is what keeps a re-import unchanged.
//
// Every record is IMPORTED, with an attribution to the source, the source
// file as locator, the licence as rights basis, this importer and its
// version as generatedBy, PROOF acceptance ("A proof of the statement or of
// its negation": neither source states another criterion), and a reference
// search that names the source and the key and says plainly that the
// import did no literature search of its own.
package imports
