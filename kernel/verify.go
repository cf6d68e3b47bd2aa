package kernel

import (
	"fmt"
	"runtime"
	"sort"
	"sync"
)

// span is an expression held in a checker's arena.
type span struct{ start, n int32 }

// checker verifies proofs one at a time, reusing its arena and stacks between them.
type checker struct {
	db    *Database
	arena []int32
	stack []span
	saved []span
	subst []span // per symbol id
	// the proof under check
	p    *statement
	pIdx int32
	step int
}

// stepError is a failure at a proof step.
type stepError struct {
	step       int
	incomplete bool
	msg        string
}

func (e *stepError) Error() string { return e.msg }

func newChecker(db *Database) *checker {
	return &checker{db: db, subst: make([]span, len(db.names))}
}

// Check parses a database and verifies every proof in it. A database that does not parse is an
// error (a *SyntaxError); a proof that does not check is a Verdict with its reason. workers ≤ 0
// uses one goroutine per CPU.
func Check(src []byte, workers int) (*Report, error) {
	db, err := Parse(src)
	if err != nil {
		return nil, err
	}
	return db.Verify(workers), nil
}

// Verify checks every proof of the database with the given number of goroutines (≤ 0: one per
// CPU) and reports one verdict per $p, in source order.
func (db *Database) Verify(workers int) *Report {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]Verdict, len(db.proofs))
	if workers == 1 || len(db.proofs) < 64 {
		c := newChecker(db)
		for i, p := range db.proofs {
			out[i] = c.verdict(p)
		}
		return &Report{Verdicts: out}
	}
	var wg sync.WaitGroup
	const chunk = 64
	var mu sync.Mutex
	nextChunk := 0
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newChecker(db)
			for {
				mu.Lock()
				lo := nextChunk
				nextChunk += chunk
				mu.Unlock()
				if lo >= len(db.proofs) {
					return
				}
				for i := lo; i < min(lo+chunk, len(db.proofs)); i++ {
					out[i] = c.verdict(db.proofs[i])
				}
			}
		}()
	}
	wg.Wait()
	return &Report{Verdicts: out}
}

// VerifyLabel checks one $p statement.
func (db *Database) VerifyLabel(label string) (Verdict, error) {
	i, ok := db.labels[label]
	if !ok || db.stmts[i].kind != kindProvable {
		return Verdict{}, fmt.Errorf("no $p statement labelled %q in the database", label)
	}
	return newChecker(db).verdict(i), nil
}

func (c *checker) verdict(idx int32) Verdict {
	st := &c.db.stmts[idx]
	v := Verdict{Label: st.label, Status: Pass, Line: st.line}
	if err := c.verify(idx); err != nil {
		v.Status, v.Step, v.Reason = Fail, err.step, err.msg
		if err.incomplete {
			v.Status = Incomplete
		}
	}
	return v
}

// verify checks the proof of statement idx.
func (c *checker) verify(idx int32) *stepError {
	c.p, c.pIdx = &c.db.stmts[idx], idx
	c.arena, c.stack, c.saved, c.step = c.arena[:0], c.stack[:0], c.saved[:0], 0
	lx := lexer{src: c.db.src, pos: c.p.proofStart, end: c.p.proofEnd}
	s, e := lx.next()
	if s < 0 {
		if lx.err != nil {
			return &stepError{msg: lx.err.Error()}
		}
		return &stepError{msg: "the proof is empty"}
	}
	var err *stepError
	if e-s == 1 && c.db.src[s] == '(' {
		err = c.compressed(&lx)
	} else {
		err = c.normal(&lx, s, e)
	}
	if err != nil {
		return err
	}
	return c.final()
}

// normal checks a proof written as a sequence of labels.
func (c *checker) normal(lx *lexer, s, e int) *stepError {
	for s >= 0 {
		c.step++
		tok := c.db.src[s:e]
		if len(tok) == 1 && tok[0] == '?' {
			return c.fail(true, "step %d is unknown (?): the proof is incomplete", c.step)
		}
		idx, ok := c.db.labels[string(tok)]
		if !ok {
			return c.fail(false, "step %d cites %q, which is not a label of the database", c.step, tok)
		}
		if err := c.cite(idx); err != nil {
			return err
		}
		s, e = lx.next()
	}
	if lx.err != nil {
		return &stepError{step: c.step, msg: lx.err.Error()}
	}
	return nil
}

// citable reports why statement idx may not be cited by the proof under check, or "".
func (c *checker) citable(idx int32) string {
	st := &c.db.stmts[idx]
	switch {
	case idx == c.pIdx:
		return fmt.Sprintf("%s cites itself", st.label)
	case idx > c.pIdx:
		return fmt.Sprintf("%s is stated later in the database (line %d) and may not be cited yet", st.label, st.line)
	case (st.kind == kindFloat || st.kind == kindEssential) && c.pIdx >= st.end:
		return fmt.Sprintf("hypothesis %s is out of scope here: its block ended before this statement", st.label)
	}
	return ""
}

// cite applies one step that names statement idx.
func (c *checker) cite(idx int32) *stepError {
	if why := c.citable(idx); why != "" {
		return c.fail(false, "step %d: %s", c.step, why)
	}
	st := &c.db.stmts[idx]
	if st.kind == kindFloat || st.kind == kindEssential {
		c.stack = append(c.stack, c.push(st.expr))
		return nil
	}
	return c.apply(st)
}

// push copies an expression into the arena.
func (c *checker) push(expr []int32) span {
	sp := span{int32(len(c.arena)), int32(len(expr))}
	c.arena = append(c.arena, expr...)
	return sp
}

// apply cites assertion a: it unifies a's mandatory hypotheses with the top of the stack, checks
// a's $d restrictions under the substitution, and replaces those entries with a's conclusion.
func (c *checker) apply(a *statement) *stepError {
	n := len(a.hyps)
	if len(c.stack) < n {
		return c.fail(false, "step %d: %s needs %d hypotheses but the stack holds %d", c.step, a.label, n, len(c.stack))
	}
	base := len(c.stack) - n
	db := c.db
	for i, h := range a.hyps {
		hs := &db.stmts[h]
		if hs.kind != kindFloat {
			continue
		}
		ent := c.stack[base+i]
		if ent.n == 0 || c.arena[ent.start] != hs.expr[0] {
			return c.fail(false, "step %d: %s wants hypothesis %s of type %s but the stack holds %q",
				c.step, a.label, hs.label, db.names[hs.expr[0]], db.format(c.arena[ent.start:ent.start+ent.n]))
		}
		c.subst[hs.expr[1]] = span{ent.start + 1, ent.n - 1}
	}
	for i, h := range a.hyps {
		hs := &db.stmts[h]
		if hs.kind != kindEssential {
			continue
		}
		ent := c.stack[base+i]
		if !c.matches(hs.expr, ent) {
			return c.fail(false, "step %d: %s wants hypothesis %s as %q but the stack holds %q",
				c.step, a.label, hs.label, db.format(c.substitute(hs.expr)), db.format(c.arena[ent.start:ent.start+ent.n]))
		}
	}
	for _, d := range a.dv {
		if err := c.disjoint(a, d); err != nil {
			return err
		}
	}
	c.stack = c.stack[:base]
	c.stack = append(c.stack, c.build(a.expr))
	return nil
}

// matches reports whether expr under the current substitution equals the arena entry ent.
func (c *checker) matches(expr []int32, ent span) bool {
	ar := c.arena
	pos, end := ent.start, ent.start+ent.n
	isVar := c.db.isVar
	for _, s := range expr {
		if !isVar[s] {
			if pos >= end || ar[pos] != s {
				return false
			}
			pos++
			continue
		}
		sub := c.subst[s]
		if pos+sub.n > end {
			return false
		}
		for k := int32(0); k < sub.n; k++ {
			if ar[pos+k] != ar[sub.start+k] {
				return false
			}
		}
		pos += sub.n
	}
	return pos == end
}

// build appends expr under the current substitution to the arena.
func (c *checker) build(expr []int32) span {
	start := int32(len(c.arena))
	isVar := c.db.isVar
	for _, s := range expr {
		if !isVar[s] {
			c.arena = append(c.arena, s)
			continue
		}
		sub := c.subst[s]
		c.arena = append(c.arena, c.arena[sub.start:sub.start+sub.n]...)
	}
	return span{start, int32(len(c.arena)) - start}
}

// substitute is expr under the current substitution, for messages.
func (c *checker) substitute(expr []int32) []int32 {
	sp := c.build(expr)
	out := append([]int32(nil), c.arena[sp.start:sp.start+sp.n]...)
	c.arena = c.arena[:sp.start]
	return out
}

// disjoint checks one mandatory $d pair of a: no variable may occur in both substitutions, and
// each pair of variables across them must be disjoint in the scope of the proof under check.
func (c *checker) disjoint(a *statement, d [2]int32) *stepError {
	db := c.db
	x, y := c.subst[d[0]], c.subst[d[1]]
	for i := x.start; i < x.start+x.n; i++ {
		u := c.arena[i]
		if !db.isVar[u] {
			continue
		}
		for j := y.start; j < y.start+y.n; j++ {
			v := c.arena[j]
			if !db.isVar[v] {
				continue
			}
			if u == v {
				return c.fail(false, "step %d: %s requires $d %s %s, but both are replaced by expressions containing %s",
					c.step, a.label, db.names[d[0]], db.names[d[1]], db.names[u])
			}
			if !c.activeDV(dvKey(u, v)) {
				return c.fail(false, "step %d: %s requires $d %s %s, so $d %s %s must hold here, and it does not",
					c.step, a.label, db.names[d[0]], db.names[d[1]], db.names[u], db.names[v])
			}
		}
	}
	return nil
}

func (c *checker) activeDV(k uint64) bool {
	a := c.p.active
	i := sort.Search(len(a), func(i int) bool { return a[i] >= k })
	return i < len(a) && a[i] == k
}

// final checks that the proof leaves exactly the statement it proves.
func (c *checker) final() *stepError {
	db := c.db
	if len(c.stack) != 1 {
		return &stepError{msg: fmt.Sprintf("the proof ends with %d expressions on the stack; it must end with exactly one", len(c.stack))}
	}
	top := c.stack[0]
	got := c.arena[top.start : top.start+top.n]
	want := c.p.expr
	if len(got) != len(want) {
		return &stepError{msg: fmt.Sprintf("the proof proves %q, not the statement %q", db.format(got), db.format(want))}
	}
	for i := range got {
		if got[i] != want[i] {
			return &stepError{msg: fmt.Sprintf("the proof proves %q, not the statement %q", db.format(got), db.format(want))}
		}
	}
	return nil
}

func (c *checker) fail(incomplete bool, format string, args ...any) *stepError {
	return &stepError{step: c.step, incomplete: incomplete, msg: fmt.Sprintf(format, args...)}
}
