// Package shareddata reads the pinned snapshot of public data that lies beside the module,
// ../shared/data: the three reference corpora (the Stacks project, the HoTT book, Open Logic)
// as copy-check documents with their licence classes, and the doc comments of the
// formal-conjectures Lean files, human-written mathematical prose that none of the corpora holds.
//
// It is for tools and tests only: the calibration labs (cmd/copycheck-calibrate and the gates'),
// the copy check's benchmarks (cmd/copycheck-bench and copycheck's own), and the builder of the
// blind gold set (cmd/gold). The product never imports it (no package that cmd/theoremdb serves
// with, policy, server, graph or workers among them): what the product indexes comes in through
// `theoremdb corpus add`, and what it imports through imports/.
package shareddata
