package kernel

import "slices"

// compressed checks a proof in the compressed format: `( label … ) LETTERS`. The numbers the
// letters spell refer first to the mandatory hypotheses of the statement being proved, then to
// the labels in the parentheses, then to the steps tagged with Z, in that order. A number is
// written with U–Y as base-5 digits (1–5) ahead of one final A–T digit (1–20).
func (c *checker) compressed(lx *lexer) *stepError {
	db := c.db
	refs := append([]int32(nil), c.p.hyps...)
	closed := false
	for {
		s, e := lx.next()
		if s < 0 {
			break
		}
		tok := db.src[s:e]
		if len(tok) == 1 && tok[0] == ')' {
			closed = true
			break
		}
		idx, ok := db.labels[string(tok)]
		if !ok {
			return c.fail(false, "the label list names %q, which is not a label of the database", tok)
		}
		if why := c.citable(idx); why != "" {
			return c.fail(false, "the label list names %s", why)
		}
		if slices.Contains(c.p.hyps, idx) {
			return c.fail(false, "the label list names %s, a mandatory hypothesis, which compressed proofs refer to implicitly", tok)
		}
		refs = append(refs, idx)
	}
	if lx.err != nil {
		return &stepError{msg: lx.err.Error()}
	}
	if !closed {
		return c.fail(false, "the compressed proof's label list is not closed with )")
	}
	num := 0
	tagged := false // the last thing read was a step that Z may tag
	for {
		s, e := lx.next()
		if s < 0 {
			break
		}
		for _, ch := range db.src[s:e] {
			switch {
			case ch >= 'U' && ch <= 'Y':
				num = num*5 + int(ch-'U'+1)
				if num > 1<<24 {
					return c.fail(false, "step %d: the number being read is too large", c.step+1)
				}
			case ch >= 'A' && ch <= 'T':
				num = num*20 + int(ch-'A'+1)
				c.step++
				if err := c.ref(num, refs); err != nil {
					return err
				}
				num, tagged = 0, true
			case ch == 'Z':
				if num != 0 || !tagged {
					return c.fail(false, "after step %d: Z must directly follow a step", c.step)
				}
				c.saved = append(c.saved, c.stack[len(c.stack)-1])
				tagged = false
			case ch == '?':
				if num != 0 {
					return c.fail(false, "after step %d: ? inside a number", c.step)
				}
				c.step++
				return c.fail(true, "step %d is unknown (?): the proof is incomplete", c.step)
			default:
				return c.fail(false, "after step %d: %q is not a letter of a compressed proof (A–Z or ?)", c.step, ch)
			}
		}
	}
	if lx.err != nil {
		return &stepError{step: c.step, msg: lx.err.Error()}
	}
	if num != 0 {
		return c.fail(false, "the compressed proof ends in the middle of a number after step %d", c.step)
	}
	return nil
}

// ref applies step number n of a compressed proof.
func (c *checker) ref(n int, refs []int32) *stepError {
	if n <= len(refs) {
		st := &c.db.stmts[refs[n-1]]
		if st.kind == kindFloat || st.kind == kindEssential {
			c.stack = append(c.stack, c.push(st.expr))
			return nil
		}
		return c.apply(st)
	}
	k := n - len(refs) - 1
	if k >= len(c.saved) {
		return c.fail(false, "step %d refers to number %d, but only %d hypotheses and labels and %d tagged steps exist",
			c.step, n, len(refs), len(c.saved))
	}
	c.stack = append(c.stack, c.saved[k])
	return nil
}
