// Package seed owns the demo data of TheoremDB: about twenty-five well-known
// open problems, written in our own words with real references, and the
// replayed timeline that gives them a realistic spread of lifecycle states.
//
// Seeding goes through the policy service only — CreateAccount, Submit,
// Revise, RecordDecision and AcceptElapsed — on a simulated clock that moves
// forward and never passes the present, so the demo site holds nothing the
// policy would not have produced itself and the hash-chained event log reads
// in time order. It must not write to the database directly, and it refuses
// a database that already has problems.
package seed
