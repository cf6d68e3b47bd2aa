// Package corpus owns the corpus (K09): the second domain beside the
// problems, a body of mathematical statements and their proofs, as
// POLICY.md section 5 defines it.
//
//   - Nodes: definitions, theorems, lemmas, propositions, proofs,
//     examples, remarks and computations, each with a permanent N-<n> from
//     the node counter (never reused; a retired node reads as its
//     tombstone with its successor), a label, immutable revisions with
//     their line diffs, and typed edges (uses, proves, defines, example_of).
//   - Change requests (open.go): one or more node drafts from one writer
//     (a person, an importer, or an agent with its model and prompt
//     version), the only way a body enters the corpus or changes. Open
//     records a request and runs the gates, or, with a Queue (queue.go, the
//     site's job client), leaves it PENDING for the worker that runs the
//     same gates (Process); Check runs the same gates and writes nothing.
//     A new node drafted without a label gets one from its title (label.go).
//   - The merge gates (gate_*.go), in the policy's order, stopping at the
//     first failure: intake (1), the copy check (2), source confirmation
//     (3), names of theorems (4), the statement checks of the problems'
//     statement gate (5), small cases (6, gate_smallcases.go: the draft's
//     program in the sandbox; a counterexample blocks the merge and opens
//     a computation node and a job for a person, tasks.go), the kernel
//     check (7, gate_kernel.go: Debian's metamath in the sandbox and the
//     second checker on the formal binding's database and label, read
//     from the formal library, formal.go), and proof dependencies (10, a
//     flag, never a stop). The formal round trip, model judges and the
//     hypothesis check (7 to 9) slot in at their numbers. The sandboxed
//     runs are made before the merge's transaction opens.
//   - Bindings (bind.go, recheck.go): a merged draft's formal binding with
//     the checkers that accepted its proof; checkers that disagree are an
//     incident (an event and a job) and hold the node at E3 at most;
//     RecheckFormal re-checks every E4+ node with the second checker (a
//     nightly River job in workers/).
//   - The merge (merge.go): a passing request writes its nodes, revisions,
//     edges and references in one transaction with an event per change,
//     through policy.WriteTx, on the one hash-chained log. Two requests
//     revising one node: the second is refused STALE_REVISION.
//   - Levels (levels.go, recompute.go): E0 to E5 and F0 to F3 computed
//     from the record (how a node merged, people's confirmations, locators,
//     bindings and checkers), stored for the closure query and rewritten,
//     with events, on the node and every dependant whenever an input
//     changes. No one sets a level; sanity checks never raise one.
//   - Closure sizes (closure_count.go): a merge that changes what nodes
//     rest on marks their closure size pending and leaves counting it to a
//     River job in workers/ (or, without a queue, to after its commit), so
//     the merge never walks a closure; the pages and the API say the size
//     is being counted until it lands.
//   - People's checks (checks.go, checks_confirm.go; K9.6): the queue of
//     what only people can check of a merged node — its statement against
//     its source at a locator, its proof step by step (steps.go), a formal
//     binding above F1 — computed from the record, each a packet with the
//     evidence in one place (the node blind, the source or binding, the
//     text of what it proves and uses) and a target time. A reviewer never
//     sees who or what wrote the node, nor an earlier confirmation; each
//     section confirmed is its own row and event, and a proof counts once
//     one person confirmed every step of its current revision. The jobs
//     machine checks open for people (tasks.go) are read and closed beside
//     it.
//   - Citations (cite.go): a problem cites a node (a definition its
//     exposition rests on), or one of its claims is bound to a theorem,
//     lemma or proposition node; the problem lists them and the node shows
//     who cites it.
//   - The sample audit (audit_*.go, POLICY.md section 5): strata derived
//     from the record of the change request that merged each node; the
//     monthly draw per stratum (sizes from corpus/audit), reproducible from
//     the seed its event records and held to that event (VerifyDraw);
//     blind samples for auditors (no writer, model, prompt, layer or
//     stratum in what they read) and their answers per property with the
//     time taken; rates with their intervals; a stratum whose upper bound
//     passes its threshold stops its configuration (its change requests
//     refused CONFIGURATION_STOPPED) and its unconfirmed nodes are
//     quarantined, their dependants flagged; readers' reports, a confirmed
//     one counting in its stratum's rate and dropping the node to E0; and
//     each release's rates frozen in a hashed snapshot.
//   - The read side (view.go, node_view.go, closure.go): flat views every
//     transport shares, and closure(id) by a recursive query on both
//     databases.
//
// It must not hold the problems' review policy (that is policy/), run a
// problem gate's checks on its own terms (it calls them, in gates/), or
// speak a transport.
package corpus
