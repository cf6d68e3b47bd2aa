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
//
// The flow: Corpus.Add copies a collection's originals into the corpus directory with its licence
// class and source URI; Corpus.Build normalises every document and writes shards of at most
// 1 GiB of normalised text, each holding the text, its suffix array (SA-IS) with every 64th
// suffix's first 8 bytes as keys to search first, the offset map, the paragraph chunks with
// their MinHash signatures (of word 5-grams, of 3-grams for a chunk of under 40 words such as a
// statement) and the LSH band keys; Corpus.Open maps the shards into memory and
// their pages into the page tables in the background; Checker.Check normalises a body, finds its
// maximal exact runs and its near copies, and maps every match back to byte offsets in the body
// and in the source file.
// The calibration lab, internal/copycalibrate (`make calibrate`), measures false matches on human
// text and the recall of planted copies, near copies of short statements included, on a tuning
// and a held-out split (CALIBRATION.md); BENCHMARKS.md gives the speed and memory figures and how
// to measure them. Neither the lab nor the shared data it reads is part of this package.
package copycheck
