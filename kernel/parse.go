package kernel

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
)

// ErrInclude is returned for a file inclusion `$[ … $]`: the kernel checks one self-contained
// database and never reads other files.
var ErrInclude = errors.New("file inclusion $[ $] is not supported: expand included files into one database first")

// frame is one open block `${`: how much of each scope stack it found, and the variables it
// declared.
type frame struct {
	nhyps, ndv int
	vars       []int32
}

// parser builds a Database from a source, applying the scoping rules as it goes.
type parser struct {
	lx        lexer
	db        *Database
	symbols   map[string]int32
	varActive []bool
	activeF   []int32 // the $f statement in scope for each variable, or -1
	frames    []frame
	hyps      []int32    // hypotheses in scope, in order
	dv        [][2]int32 // disjoint-variable pairs in scope
	dvVersion int        // bumped whenever dv changes
	cacheVer  int
	cache     []uint64
	mark      []uint32 // generation marks per symbol
	gen       uint32
	lineOff   int // the source is counted in lines up to this offset
	line      int // the line at lineOff
}

// Parse reads a database and applies every rule of the language that does not need a proof:
// declarations, scoping, hypotheses' and assertions' symbols. Proofs are checked by Check.
func Parse(src []byte) (*Database, error) {
	p := &parser{
		lx:       lexer{src: src, end: len(src)},
		db:       &Database{src: src, labels: make(map[string]int32, 1024)},
		symbols:  make(map[string]int32, 256),
		cacheVer: -1,
		line:     1,
	}
	if err := p.run(); err != nil {
		return nil, err
	}
	return p.db, nil
}

func (p *parser) errAt(off int, format string, args ...any) error {
	return syntaxErr(p.lx.src, off, format, args...)
}

// next returns the next token; ok is false at the end of input, and err reports a lexing error.
func (p *parser) next() (s, e int, ok bool, err error) {
	s, e = p.lx.next()
	if s < 0 {
		if p.lx.err != nil {
			return 0, 0, false, p.lx.err
		}
		return 0, 0, false, nil
	}
	return s, e, true, nil
}

func (p *parser) run() error {
	for {
		s, e, ok, err := p.next()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		tok := p.lx.src[s:e]
		if tok[0] == '$' && len(tok) == 2 {
			if err := p.keyword(s, tok[1]); err != nil {
				return err
			}
			continue
		}
		if err := p.labelled(s, e); err != nil {
			return err
		}
	}
	if len(p.frames) > 0 {
		return p.errAt(len(p.lx.src), "%d block(s) opened with ${ are never closed with $}", len(p.frames))
	}
	return nil
}

// keyword handles a statement that starts with a keyword rather than a label.
func (p *parser) keyword(off int, k byte) error {
	switch k {
	case '{':
		p.frames = append(p.frames, frame{nhyps: len(p.hyps), ndv: len(p.dv)})
		return nil
	case '}':
		return p.closeBlock(off)
	case 'c':
		return p.constants(off)
	case 'v':
		return p.variables(off)
	case 'd':
		return p.disjoint(off)
	case '[':
		return p.errAt(off, "%v", ErrInclude)
	}
	return p.errAt(off, "unexpected %q: a statement starts with a label, $c, $v, $d, ${ or $}", string(p.lx.src[off:off+2]))
}

// closeBlock ends the innermost block: its hypotheses, variables and $d pairs go out of scope.
func (p *parser) closeBlock(off int) error {
	if len(p.frames) == 0 {
		return p.errAt(off, "$} closes a block that was never opened")
	}
	f := p.frames[len(p.frames)-1]
	p.frames = p.frames[:len(p.frames)-1]
	end := int32(len(p.db.stmts))
	for _, h := range p.hyps[f.nhyps:] {
		st := &p.db.stmts[h]
		st.end = end
		if st.kind == kindFloat {
			p.activeF[st.expr[1]] = -1
		}
	}
	p.hyps = p.hyps[:f.nhyps]
	if len(p.dv) != f.ndv {
		p.dv = p.dv[:f.ndv]
		p.dvVersion++
	}
	for _, v := range f.vars {
		p.varActive[v] = false
	}
	return nil
}

// readSymbols reads math symbols up to `$.` (or to `$` followed by stop, when stop is not zero)
// as offsets, rejecting other keywords and symbols that contain `$`.
func (p *parser) readSymbols(what string, stmtOff int, stop byte) (term byte, offs [][2]int, err error) {
	for {
		s, e, ok, err := p.next()
		if err != nil {
			return 0, nil, err
		}
		if !ok {
			return 0, nil, p.errAt(stmtOff, "%s is not ended with $.", what)
		}
		tok := p.lx.src[s:e]
		if len(tok) == 2 && tok[0] == '$' {
			if tok[1] == '.' || (stop != 0 && tok[1] == stop) {
				return tok[1], offs, nil
			}
			return 0, nil, p.errAt(s, "%s is not ended with $. before %q", what, string(tok))
		}
		for _, c := range tok {
			if c == '$' {
				return 0, nil, p.errAt(s, "math symbol %q contains $", string(tok))
			}
		}
		offs = append(offs, [2]int{s, e})
	}
}

// constants declares `$c` symbols; constants belong to the outermost block only.
func (p *parser) constants(off int) error {
	if len(p.frames) > 0 {
		return p.errAt(off, "$c inside a block: constants may be declared only in the outermost block")
	}
	_, offs, err := p.readSymbols("$c statement", off, 0)
	if err != nil {
		return err
	}
	if len(offs) == 0 {
		return p.errAt(off, "$c statement declares no symbol")
	}
	for _, o := range offs {
		name := string(p.lx.src[o[0]:o[1]])
		if id, ok := p.symbols[name]; ok {
			what := "constant"
			if p.db.isVar[id] {
				what = "variable"
			}
			return p.errAt(o[0], "%q is already declared as a %s", name, what)
		}
		if _, ok := p.db.labels[name]; ok {
			return p.errAt(o[0], "%q is already a label; a math symbol may not match a label", name)
		}
		p.newSymbol(name, false)
	}
	return nil
}

func (p *parser) newSymbol(name string, isVar bool) int32 {
	id := int32(len(p.db.names))
	p.symbols[name] = id
	p.db.names = append(p.db.names, name)
	p.db.isVar = append(p.db.isVar, isVar)
	p.varActive = append(p.varActive, isVar)
	p.activeF = append(p.activeF, -1)
	p.mark = append(p.mark, 0)
	return id
}

// variables declares `$v` symbols in the current block; a variable out of scope may be declared
// again, as a variable.
func (p *parser) variables(off int) error {
	_, offs, err := p.readSymbols("$v statement", off, 0)
	if err != nil {
		return err
	}
	if len(offs) == 0 {
		return p.errAt(off, "$v statement declares no symbol")
	}
	for _, o := range offs {
		name := string(p.lx.src[o[0]:o[1]])
		id, ok := p.symbols[name]
		switch {
		case ok && !p.db.isVar[id]:
			return p.errAt(o[0], "%q is already declared as a constant", name)
		case ok && p.varActive[id]:
			return p.errAt(o[0], "variable %q is already declared and in scope", name)
		case ok:
			p.varActive[id] = true
		default:
			if _, isLabel := p.db.labels[name]; isLabel {
				return p.errAt(o[0], "%q is already a label; a math symbol may not match a label", name)
			}
			id = p.newSymbol(name, true)
		}
		if n := len(p.frames); n > 0 {
			p.frames[n-1].vars = append(p.frames[n-1].vars, id)
		}
	}
	return nil
}

// disjoint records a `$d` statement as pairs of variables in the current block.
func (p *parser) disjoint(off int) error {
	_, offs, err := p.readSymbols("$d statement", off, 0)
	if err != nil {
		return err
	}
	if len(offs) < 2 {
		return p.errAt(off, "$d statement needs at least two variables")
	}
	vars := make([]int32, 0, len(offs))
	for _, o := range offs {
		name := string(p.lx.src[o[0]:o[1]])
		id, ok := p.symbols[name]
		if !ok || !p.db.isVar[id] || !p.varActive[id] {
			return p.errAt(o[0], "$d names %q, which is not a variable in scope", name)
		}
		if slices.Contains(vars, id) {
			return p.errAt(o[0], "$d names variable %q twice", name)
		}
		vars = append(vars, id)
	}
	for i := range vars {
		for j := i + 1; j < len(vars); j++ {
			a, b := vars[i], vars[j]
			if a > b {
				a, b = b, a
			}
			p.dv = append(p.dv, [2]int32{a, b})
		}
	}
	p.dvVersion++
	return nil
}

// isLabelChar marks the characters a label may use.
var isLabelChar = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['-'], t['_'], t['.'] = true, true, true
	return t
}()

// labelled handles `label $f|$e|$a|$p …`.
func (p *parser) labelled(s, e int) error {
	src := p.lx.src
	for i := s; i < e; i++ {
		if !isLabelChar[src[i]] {
			return p.errAt(s, "%q is neither a keyword nor a label (labels use letters, digits, '-', '_' and '.')", string(src[s:e]))
		}
	}
	label := string(src[s:e])
	if _, dup := p.db.labels[label]; dup {
		return p.errAt(s, "label %q is used twice; labels must be unique", label)
	}
	if _, sym := p.symbols[label]; sym {
		return p.errAt(s, "label %q is also a math symbol; a label may not match a math symbol", label)
	}
	ks, ke, ok, err := p.next()
	if err != nil {
		return err
	}
	if !ok || ke-ks != 2 || src[ks] != '$' {
		return p.errAt(s, "label %q must be followed by $f, $e, $a or $p", label)
	}
	kind := src[ks+1]
	switch kind {
	case kindFloat, kindEssential, kindAxiom, kindProvable:
	default:
		return p.errAt(ks, "label %q must be followed by $f, $e, $a or $p, not %q", label, string(src[ks:ke]))
	}
	stop := byte(0)
	if kind == kindProvable {
		stop = '='
	}
	term, offs, err := p.readSymbols("$"+string(kind)+" statement "+label, s, stop)
	if err != nil {
		return err
	}
	if kind == kindProvable && term != '=' {
		return p.errAt(s, "$p statement %s has no proof: write $= and the proof before $.", label)
	}
	st := statement{label: label, kind: kind, off: s, line: p.lineAt(s), end: global}
	if st.expr, err = p.expression(label, kind, offs, s); err != nil {
		return err
	}
	if kind == kindProvable {
		if st.proofStart, st.proofEnd, err = p.proofRange(label, s); err != nil {
			return err
		}
	}
	idx := int32(len(p.db.stmts))
	switch kind {
	case kindFloat:
		p.activeF[st.expr[1]] = idx
		p.hyps = append(p.hyps, idx)
	case kindEssential:
		p.hyps = append(p.hyps, idx)
	default:
		p.frameOf(&st)
		if kind == kindProvable {
			st.active = p.activeDV()
			p.db.proofs = append(p.db.proofs, idx)
		}
	}
	p.db.labels[label] = idx
	p.db.stmts = append(p.db.stmts, st)
	return nil
}

// expression checks a statement's symbols against the scope and interns them.
func (p *parser) expression(label string, kind byte, offs [][2]int, at int) ([]int32, error) {
	src := p.lx.src
	if len(offs) == 0 {
		return nil, p.errAt(at, "$%c statement %s has no typecode", kind, label)
	}
	if kind == kindFloat && len(offs) != 2 {
		return nil, p.errAt(at, "$f statement %s must hold a typecode and one variable, not %d symbols", label, len(offs))
	}
	expr := make([]int32, len(offs))
	for i, o := range offs {
		name := src[o[0]:o[1]]
		id, ok := p.symbols[string(name)]
		if !ok {
			return nil, p.errAt(o[0], "symbol %q in %s is not declared", name, label)
		}
		if p.db.isVar[id] {
			if !p.varActive[id] {
				return nil, p.errAt(o[0], "variable %q in %s is not in scope", name, label)
			}
			if i == 0 {
				return nil, p.errAt(o[0], "%s starts with variable %q; the typecode must be a constant", label, name)
			}
			if kind == kindFloat {
				if f := p.activeF[id]; f >= 0 {
					return nil, p.errAt(o[0], "variable %q already has the $f statement %s in scope", name, p.db.stmts[f].label)
				}
			} else if p.activeF[id] < 0 {
				return nil, p.errAt(o[0], "variable %q in %s has no $f statement in scope giving its type", name, label)
			}
		} else if kind == kindFloat && i == 1 {
			return nil, p.errAt(o[0], "$f statement %s types %q, which is a constant", label, name)
		}
		expr[i] = id
	}
	return expr, nil
}

// proofRange reads a proof up to `$.` and returns where it lies; it is checked later.
func (p *parser) proofRange(label string, at int) (start, end int, err error) {
	start = p.lx.pos
	for {
		s, e, ok, err := p.next()
		if err != nil {
			return 0, 0, err
		}
		if !ok {
			return 0, 0, p.errAt(at, "proof of %s is not ended with $.", label)
		}
		tok := p.lx.src[s:e]
		if len(tok) == 2 && tok[0] == '$' {
			if tok[1] == '.' {
				return start, s, nil
			}
			return 0, 0, p.errAt(s, "proof of %s is not ended with $. before %q", label, string(tok))
		}
	}
}

// frameOf computes an assertion's mandatory hypotheses (every $e in scope, and the $f of every
// variable of the assertion or of those $e) and its mandatory $d pairs.
func (p *parser) frameOf(st *statement) {
	p.gen++
	g := p.gen
	for _, s := range st.expr {
		p.mark[s] = g
	}
	for _, h := range p.hyps {
		if hs := &p.db.stmts[h]; hs.kind == kindEssential {
			for _, s := range hs.expr {
				p.mark[s] = g
			}
		}
	}
	for _, h := range p.hyps {
		hs := &p.db.stmts[h]
		if hs.kind == kindEssential || p.mark[hs.expr[1]] == g {
			st.hyps = append(st.hyps, h)
		}
	}
	for _, d := range p.dv {
		if p.mark[d[0]] == g && p.mark[d[1]] == g {
			st.dv = append(st.dv, d)
		}
	}
}

// activeDV is the sorted set of every $d pair in scope, shared between the $p statements of one
// scope.
func (p *parser) activeDV() []uint64 {
	if p.cacheVer == p.dvVersion {
		return p.cache
	}
	keys := make([]uint64, len(p.dv))
	for i, d := range p.dv {
		keys[i] = dvKey(d[0], d[1])
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	p.cache, p.cacheVer = keys, p.dvVersion
	return keys
}

// String summarises the database for diagnostics.
func (db *Database) String() string {
	return fmt.Sprintf("%d symbols, %d statements, %d proofs", len(db.names), len(db.stmts), len(db.proofs))
}

// lineAt is the line of offset off, counted on from the last statement so that the whole source
// is counted once.
func (p *parser) lineAt(off int) int {
	p.line += bytes.Count(p.lx.src[p.lineOff:off], []byte{'\n'})
	p.lineOff = off
	return p.line
}
