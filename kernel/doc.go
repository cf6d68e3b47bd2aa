// Package kernel checks Metamath databases twice, with two verifiers that share no code: its own
// verifier (Check), written from the language specification of the Metamath book's chapter 4,
// and Debian's C program `metamath` (RunMetamath), run through an Exec that a sandbox can
// provide. Compare joins the two per `$p` label. The kernel alone referees evidence levels E4
// and E5; it must not read or write the corpus, and it imports nothing of this module but what
// runs the C program.
package kernel
