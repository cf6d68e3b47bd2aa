// Package corpus will own the corpus (K09): the second domain beside the
// problems, a body of mathematical statements and their proofs.
//
// What it will own, in the words of POLICY.md section 5 and DESIGN.md:
//
//   - Nodes: definitions, theorems, lemmas, propositions, proofs,
//     examples, remarks and computations, each with a permanent N-<n>,
//     typed edges between them (uses, proves, defines, example_of), flags
//     (sorry_in_closure, locator_unconfirmed) and an optional formal
//     binding and small-case program.
//   - Change requests: one or more node drafts, the only way a body enters
//     the corpus or changes.
//   - The merge gates, in this order, each stopping a change request at
//     its first failure: intake; copy check; source confirmation; names of
//     theorems; statement checks; small cases; kernel check and formal
//     round trip; independent model judges; hypothesis check (a remark,
//     never a stop); proof dependencies (a flag, never a stop). Cheap
//     before expensive: a model is called only after every deterministic
//     gate passed.
//   - Evidence levels E0 to E5 and fidelity levels F0 to F3, computed from
//     a node's record and propagated along its uses, never set by hand;
//     sanity checks never raise one.
//   - People's checks, the monthly blind sample audits by stratum and the
//     error rates with their intervals, per property (correctness,
//     fidelity, sourcing, style).
//
// Like policy/, it will record every change it makes as an event in the
// transaction that makes it, and transports will call it and never
// re-implement a rule. It must not hold the problems' review policy (that
// is policy/), run a gate's checks itself (they are pure functions in
// gates/ and its neighbours, which the merge calls in order), or speak a
// transport.
package corpus
