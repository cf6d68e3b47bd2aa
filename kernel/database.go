package kernel

import "math"

// Kinds of labelled statements.
const (
	kindFloat     = 'f' // $f: a variable's type
	kindEssential = 'e' // $e: a logical hypothesis
	kindAxiom     = 'a' // $a: an assertion taken without proof
	kindProvable  = 'p' // $p: an assertion with a proof
)

// global is the scope end of a hypothesis of the outermost block: it never goes out of scope.
const global = math.MaxInt32

// Database is a parsed Metamath database: its symbols and its labelled statements in the order
// of the source, with what each assertion needs to be cited (its mandatory hypotheses and
// disjoint-variable restrictions). It is read-only once built and may be checked from many
// goroutines.
type Database struct {
	src    []byte
	names  []string // symbol names by id
	isVar  []bool   // symbol id is a variable
	labels map[string]int32
	stmts  []statement
	proofs []int32 // the $p statements, in order
}

// statement is one labelled statement.
type statement struct {
	label string
	kind  byte
	expr  []int32 // typecode first
	off   int     // byte offset of the label
	line  int     // source line of the label
	// end is, for a hypothesis, the index of the first statement after its block: it is in scope
	// for statements whose index lies strictly between its own and end.
	end int32
	// hyps are an assertion's mandatory hypotheses in the order of the source.
	hyps []int32
	// dv are an assertion's mandatory disjoint-variable pairs.
	dv [][2]int32
	// active are, for a $p, every disjoint-variable pair in scope, as sorted keys of dvKey.
	active []uint64
	// proofStart and proofEnd delimit a $p's proof in the source.
	proofStart, proofEnd int
}

// dvKey is the order-free key of a pair of distinct variables.
func dvKey(a, b int32) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(uint32(a))<<32 | uint64(uint32(b))
}

// Provable lists the labels of the database's $p statements in source order.
func (db *Database) Provable() []string {
	out := make([]string, len(db.proofs))
	for i, p := range db.proofs {
		out[i] = db.stmts[p].label
	}
	return out
}

// format renders an expression for a message.
func (db *Database) format(expr []int32) string {
	n := 0
	for _, s := range expr {
		n += len(db.names[s]) + 1
	}
	b := make([]byte, 0, n)
	for i, s := range expr {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, db.names[s]...)
	}
	return string(b)
}
