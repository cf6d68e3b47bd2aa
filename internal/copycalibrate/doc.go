// Package copycalibrate is the copy check's calibration lab: it measures the check, with the
// thresholds under test, for false matches on human text (the shared corpora checked against
// each other, fresh doc comments, short statements each a body of its own) and for the recall of
// copies planted into fresh text (exact runs, edited and reordered paragraphs, renamed variables,
// near copies of short statements on a tuning and a held-out split), and prints the tables of
// copycheck/CALIBRATION.md. `make calibrate` runs it through cmd/copycheck-calibrate; the
// copy check's benchmarks check the bodies it plants (Bodies).
//
// It uses the copy check through its exported API only and reads the shared data through
// shareddata. It is a lab, not part of the product: nothing that cmd/theoremdb serves with imports
// it, and it decides nothing; the policy requires its figures before the check may block a merge.
package copycalibrate
