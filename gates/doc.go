// Package gates owns the publication gates of review policy v5 (POLICY.md section 2) and the
// extra checks for bounded computational problems: statement, acceptance, provenance and rights,
// open status, duplicate and known answer, references, internal consistency and hero visual.
//
// A gate is pure: a revision's packet (Revision) goes in, findings come out. What a gate needs
// from outside the packet — other problems for the duplicate search, solved records for the
// known-answer check, the claims attached to the problem, the copy-check index, the time — comes
// through the small interfaces in env.go, which workers/ and policy/ implement. Nothing here
// touches a database or the network, decides a lifecycle transition, or stores anything.
//
// Every check has a stable ID ("statement.variable-domain"), the criterion it applies quoted from
// the policy, and the policy version. Every check reports at least one Finding, passing or not, so
// that the record says what was checked. A finding is an auditable unit (POLICY.md section 6):
// criterion, span, behaviour, evidence, verdict, fix and, only where the gate has the authority
// for one, the consequence. A check that cannot be certified by a machine says NEEDS_HUMAN with
// the spans a person must read; it never guesses. A check that cannot run says UNKNOWN.
//
// Run runs gates in isolation from each other: a gate that panics or overruns its time is
// recorded as UNKNOWN with the reason and never stops the others. Work per check is bounded
// (the limits of the TeX reader, package tex), so that pathological input ends in UNKNOWN, not a hang.
//
// The duplicate search reads the similarity index of package similar through Env. Each gate's
// planters, which plant its defects into real packets for calibration (make calibrate-gates),
// are in <gate>_plant.go and built only with the calibrate tag: the gates a site runs hold none.
package gates
