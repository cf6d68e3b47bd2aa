// Package similar is the similarity index of problem statements the duplicate gate searches,
// and the catalogues that keep it caught up with the database: ProblemIndex over every
// problem's current statement, SolvedIndex over the solved records imports keep.
//
// The index (Index) is pure: statements in, candidates out, in memory and safe for concurrent
// use. The catalogues read what changed through the small interfaces declared here (Problems,
// Solved), which policy.Service implements; this package must not import policy, ent or a
// transport, decide whether a candidate is a duplicate (the gate in gates/ does) or store
// anything.
//
// The near-copy transforms the calibration plants with (AddNearCopy and the word, variable and
// sentence changes) are built only with the calibrate tag.
package similar
