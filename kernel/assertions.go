package kernel

import "fmt"

// Assertion is an $a or $p statement as an importer sees it: what it states and, for a $p,
// the assertions its proof cites (its dependency edges).
type Assertion struct {
	Label string
	// Provable says it is a $p statement; otherwise it is an $a, taken without proof.
	Provable bool
	// Statement is its typecode and symbols, separated by single spaces.
	Statement string
	// Hypotheses are its essential ($e) hypotheses, each rendered like Statement.
	Hypotheses []string
	Line       int
	// Uses are the $a and $p labels its proof cites, each once, in the order of first citation;
	// hypotheses and saved steps are not edges.
	Uses []string
}

// Assertions lists every $a and $p statement in source order. The citations are read from the
// proofs as written; whether a proof checks is Verify's question.
func (db *Database) Assertions() []Assertion {
	var out []Assertion
	for i := range db.stmts {
		st := &db.stmts[i]
		if st.kind != kindAxiom && st.kind != kindProvable {
			continue
		}
		a := db.assertion(st)
		if a.Provable {
			a.Uses = db.uses(st)
		}
		out = append(out, a)
	}
	return out
}

// Uses lists the $a and $p labels cited by the proof of label.
func (db *Database) Uses(label string) ([]string, error) {
	i, ok := db.labels[label]
	if !ok || db.stmts[i].kind != kindProvable {
		return nil, fmt.Errorf("no $p statement labelled %q in the database", label)
	}
	return db.uses(&db.stmts[i]), nil
}

// uses reads the labels of a proof: every token of a normal proof, the parenthesised list of a
// compressed one.
func (db *Database) uses(st *statement) []string {
	lx := lexer{src: db.src, pos: st.proofStart, end: st.proofEnd}
	seen := map[int32]bool{}
	var out []string
	compressed := false
	for first := true; ; first = false {
		s, e := lx.next()
		if s < 0 {
			break
		}
		tok := db.src[s:e]
		if first && len(tok) == 1 && tok[0] == '(' {
			compressed = true
			continue
		}
		if compressed && len(tok) == 1 && tok[0] == ')' {
			break
		}
		idx, ok := db.labels[string(tok)]
		if !ok || seen[idx] {
			continue
		}
		if k := db.stmts[idx].kind; k == kindAxiom || k == kindProvable {
			seen[idx] = true
			out = append(out, db.stmts[idx].label)
		}
	}
	return out
}

// Assertion returns the $a or $p statement labelled label, without its uses; ok is false when
// no such assertion exists.
func (db *Database) Assertion(label string) (Assertion, bool) {
	i, ok := db.labels[label]
	if !ok {
		return Assertion{}, false
	}
	st := &db.stmts[i]
	if st.kind != kindAxiom && st.kind != kindProvable {
		return Assertion{}, false
	}
	return db.assertion(st), true
}

// assertion is st as an Assertion, without its uses.
func (db *Database) assertion(st *statement) Assertion {
	a := Assertion{Label: st.label, Provable: st.kind == kindProvable, Statement: db.format(st.expr), Line: st.line}
	for _, h := range st.hyps {
		if hs := &db.stmts[h]; hs.kind == kindEssential {
			a.Hypotheses = append(a.Hypotheses, db.format(hs.expr))
		}
	}
	return a
}
