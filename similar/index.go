package similar

import (
	"cmp"
	"context"
	"slices"
	"sync"
)

// Index is an in-memory similarity index of problem statements: what the duplicate gate
// searches (gates.Env.Problems for the other problems of TheoremDB, gates.Env.Solved for the
// catalogue of solved records). It is safe for concurrent use.
//
// A statement is read through copycheck.Normalize, so that markup, case and white space do not
// count and every formula is masked with the offsets of its source. Each formula then stands for
// its tokens with the variables numbered in order of first appearance within the sentence
// (simVars says why not copycheck's Shape, which numbers each formula on its own), \mathbb{Z}
// and the Landau symbols kept as they are. The features are the content words and formulas
// (stemmed, function words left out), pairs of neighbouring ones within a sentence, one
// signature per sentence (the set of its words and formulas, so that a sentence matches whatever
// its word order) and triples of neighbouring formula tokens (so that two formulas that differ in
// one place still share most of their structure). Pairs stop at sentence ends, so reordering the
// sentences of a statement changes nothing; renaming its variables consistently changes nothing;
// changing one word in twenty changes a few features only. The similarity of two statements is
// the weighted Jaccard similarity of their features.
//
// A MinHash signature of the features, cut into LSH bands, finds the candidates in time that
// does not grow with the index, and the titles find the candidates they name (simBaseTitle);
// each candidate's stored features then give its exact similarity. BenchmarkSimilar100k
// measures the time of a search and the memory of a statement at 100,000 statements.
//
// Calibration (make calibrate-gates) cannot plant a duplicate into a packet: a duplicate is a
// relation between the packet and the index. AddNearCopy (built with the calibrate tag)
// therefore adds a near copy of the packet's statement to the index the calibration passes as
// gates.Env.Problems or gates.Env.Solved (gates.DuplicateCalibration, gates.KnownAnswerCalibration),
// and the planters registered for duplicate.near-duplicate and duplicate.known-answer return false.
type Index struct {
	mu   sync.RWMutex
	docs []simDoc
	// byID finds a statement's slot by the hash of its ID (idHash); clash holds the rare IDs
	// whose hash another indexed ID already has.
	byID  map[uint64]int32
	clash map[string]int32
	hash  func(id string) uint64
	// text holds each statement's ID, title, state and locator, feats its features: the
	// statements hold no pointers (see arena).
	text  arena[byte]
	feats arena[uint32]
	bands [sigBands]simPostings
	// titles lists, for every title feature, the statements whose title has it: it finds the
	// candidates a title names (an alias such as "Erdős Problem 1"), and its counts weigh
	// title features by how rare they are.
	titles simPostings
	// formulas lists, for every shape of a long formula, the statements that have it: it finds
	// a statement restated in other words around the same formula, which shares too few words
	// for the bands to find it.
	formulas simPostings
	// dead are the slots of removed statements that postings may still name; they become free
	// at the next compaction.
	dead, free []int32
	// pending counts the changes since the last compaction.
	pending int
}

// simDoc is one statement of the index. Its features are kept so that Similar computes exact
// similarities: the statement's features, its title's, those of its title without the
// qualifier (simBaseTitle) and the shapes of its long formulas, each sorted and each once, one
// run after the other in Index.feats; its ID, title, state and locator one after the other in
// Index.text.
type simDoc struct {
	text, feats                           arenaRef
	idLen, titleLen, stateLen, locatorLen uint32
	nStmt, nTitle, nBase, nShapes         uint32
	weight                                float32 // total weight of the statement's features
	used                                  bool
	hasBase                               bool // whether the title has a qualifier
}

func (x *Index) str(d *simDoc, off, n uint32) []byte { return x.text.at(d.text, int(off), int(n)) }

func (x *Index) id(d *simDoc) []byte    { return x.str(d, 0, d.idLen) }
func (x *Index) title(d *simDoc) string { return string(x.str(d, d.idLen, d.titleLen)) }
func (x *Index) state(d *simDoc) string {
	return string(x.str(d, d.idLen+d.titleLen, d.stateLen))
}
func (x *Index) locator(d *simDoc) string {
	return string(x.str(d, d.idLen+d.titleLen+d.stateLen, d.locatorLen))
}

func (x *Index) stmt(d *simDoc) []uint32   { return x.feats.at(d.feats, 0, int(d.nStmt)) }
func (x *Index) tfeats(d *simDoc) []uint32 { return x.feats.at(d.feats, int(d.nStmt), int(d.nTitle)) }
func (x *Index) shapes(d *simDoc) []uint32 {
	return x.feats.at(d.feats, int(d.nStmt+d.nTitle+d.nBase), int(d.nShapes))
}

// base returns the features of the title without its qualifier, nil when it has none.
func (x *Index) base(d *simDoc) []uint32 {
	if !d.hasBase {
		return nil
	}
	return x.feats.at(d.feats, int(d.nStmt+d.nTitle), int(d.nBase))
}

// baseOr returns the features of the title without its qualifier, or of the title.
func (x *Index) baseOr(d *simDoc) []uint32 {
	if d.hasBase {
		return x.base(d)
	}
	return x.tfeats(d)
}

// simPostings maps keys (LSH band keys, title features) to the slots of the statements that
// have them: a sorted array of key<<32|slot, 8 bytes a posting, and the postings added since the
// last compaction, chained from a map of their keys. Postings of removed statements stay until
// the compaction drops them; their slots are not reused before.
type simPostings struct {
	sorted []uint64
	heads  map[uint32]simHead // key → its recent postings
	links  []simLink
}

// simHead is where a key's recent postings start in links, and how many there are: a common key
// ("problem" in titles) has a chain as long as the changes since the last compaction, which
// count must not walk.
type simHead struct {
	last, n int32
}

// simLink is a recent posting and the index in links of the one before it under its key.
type simLink struct {
	slot, next int32
}

func (p *simPostings) add(key uint32, slot int32) {
	if p.heads == nil {
		p.heads = map[uint32]simHead{}
	}
	h, ok := p.heads[key]
	if !ok {
		h.last = -1
	}
	p.links = append(p.links, simLink{slot, h.last})
	p.heads[key] = simHead{last: int32(len(p.links) - 1), n: h.n + 1}
}

// run returns the sorted postings of key.
func (p *simPostings) run(key uint32) []uint64 {
	lo, _ := slices.BinarySearch(p.sorted, uint64(key)<<32)
	n := 0
	for n < 8 && lo+n < len(p.sorted) && uint32(p.sorted[lo+n]>>32) == key {
		n++
	}
	if n == 8 {
		hi, _ := slices.BinarySearch(p.sorted[lo:], uint64(key)<<32|0xffffffff)
		n = hi
		if lo+n < len(p.sorted) && p.sorted[lo+n] == uint64(key)<<32|0xffffffff {
			n++
		}
	}
	return p.sorted[lo : lo+n]
}

// appendSlots appends the slots under key to dst, at most limit of them.
func (p *simPostings) appendSlots(dst []int32, key uint32, limit int) []int32 {
	run := p.run(key)
	for _, e := range run[:min(len(run), limit)] {
		dst = append(dst, int32(uint32(e)))
	}
	limit -= len(run)
	if h, ok := p.heads[key]; ok {
		for i := h.last; i >= 0 && limit > 0; i = p.links[i].next {
			dst = append(dst, p.links[i].slot)
			limit--
		}
	}
	return dst
}

// count is the number of postings under key.
func (p *simPostings) count(key uint32) int {
	return len(p.run(key)) + int(p.heads[key].n)
}

// compact merges the recent postings into the sorted array, dropping those of dead slots.
func (p *simPostings) compact(dead func(int32) bool) {
	add := make([]uint64, 0, len(p.links))
	for k, h := range p.heads {
		for i := h.last; i >= 0; i = p.links[i].next {
			if s := p.links[i].slot; !dead(s) {
				add = append(add, uint64(k)<<32|uint64(uint32(s)))
			}
		}
	}
	slices.Sort(add)
	out := make([]uint64, 0, len(p.sorted)+len(add))
	i, j := 0, 0
	for i < len(p.sorted) || j < len(add) {
		var e uint64
		if j == len(add) || i < len(p.sorted) && p.sorted[i] < add[j] {
			e = p.sorted[i]
			i++
		} else {
			e = add[j]
			j++
		}
		if !dead(int32(uint32(e))) {
			out = append(out, e)
		}
	}
	p.sorted, p.heads, p.links = slices.Clip(out), nil, nil
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	return &Index{byID: map[uint64]int32{}, clash: map[string]int32{}, hash: idHash}
}

// Len is the number of statements in the index.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.size()
}

func (x *Index) size() int { return len(x.byID) + len(x.clash) }

// slot finds the slot of the statement indexed under id.
func (x *Index) slot(id string) (int32, bool) {
	if s, ok := x.byID[x.hash(id)]; ok && string(x.id(&x.docs[s])) == id {
		return s, true
	}
	s, ok := x.clash[id]
	return s, ok
}

// Add indexes a statement under id, replacing what id held before. state is the problem's
// lifecycle state or the solved record's status, locator where the record comes from.
func (x *Index) Add(id, title, statement, state, locator string) {
	f := simFeaturesOf(title, statement)
	var sig [sigSize]uint32
	sketched := simSketch(f.stmt, &sig)

	x.mu.Lock()
	defer x.mu.Unlock()
	x.remove(id)
	d := simDoc{
		text:  x.text.add([]byte(id), []byte(title), []byte(state), []byte(locator)),
		idLen: uint32(len(id)), titleLen: uint32(len(title)), stateLen: uint32(len(state)), locatorLen: uint32(len(locator)),
		feats: x.feats.add(f.stmt, f.title, f.base, f.shapes),
		nStmt: uint32(len(f.stmt)), nTitle: uint32(len(f.title)), nBase: uint32(len(f.base)), nShapes: uint32(len(f.shapes)),
		weight: f.weight, used: true, hasBase: f.base != nil,
	}
	var slot int32
	if n := len(x.free); n > 0 {
		slot = x.free[n-1]
		x.free = x.free[:n-1]
		x.docs[slot] = d
	} else {
		slot = int32(len(x.docs))
		x.docs = append(x.docs, d)
	}
	if h := x.hash(id); x.hashed(h) {
		x.clash[id] = slot
	} else {
		x.byID[h] = slot
	}
	for _, t := range f.title {
		x.titles.add(t, slot)
	}
	for _, sh := range f.shapes {
		x.formulas.add(sh, slot)
	}
	if sketched {
		for b := range sigBands {
			x.bands[b].add(simBandKey(&sig, b), slot)
		}
	}
	x.changed()
}

// hashed reports whether an indexed ID has the hash h.
func (x *Index) hashed(h uint64) bool {
	_, ok := x.byID[h]
	return ok
}

// Remove takes id out of the index; an id it does not hold is ignored.
func (x *Index) Remove(id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.remove(id) {
		x.changed()
	}
}

func (x *Index) remove(id string) bool {
	slot, ok := x.slot(id)
	if !ok {
		return false
	}
	if h := x.hash(id); x.byID[h] == slot && x.hashed(h) { // the slots of byID and clash differ
		delete(x.byID, h)
	} else {
		delete(x.clash, id)
	}
	d := &x.docs[slot]
	x.text.waste += int(d.idLen + d.titleLen + d.stateLen + d.locatorLen)
	x.feats.waste += int(d.nStmt + d.nTitle + d.nBase + d.nShapes)
	*d = simDoc{}
	x.dead = append(x.dead, slot)
	return true
}

// simCompactMin is the fewest changes that start a compaction; beyond it a compaction starts
// when the changes since the last reach a quarter of the index, so that its cost, linear in
// the index, is spread over as many changes.
const simCompactMin = 1024

func (x *Index) changed() {
	x.pending++
	if x.pending < max(simCompactMin, x.size()/4) {
		return
	}
	dead := func(s int32) bool { return !x.docs[s].used }
	for b := range x.bands {
		x.bands[b].compact(dead)
	}
	x.titles.compact(dead)
	x.formulas.compact(dead)
	x.free = append(x.free, x.dead...)
	x.dead, x.pending = nil, 0
	if x.text.wasteful() || x.feats.wasteful() {
		x.compactArenas()
	}
}

// compactArenas copies the runs of the indexed statements into fresh arenas, leaving behind
// those of replaced and removed statements.
func (x *Index) compactArenas() {
	var text arena[byte]
	var feats arena[uint32]
	for i := range x.docs {
		d := &x.docs[i]
		if !d.used {
			continue
		}
		d.text = text.add(x.str(d, 0, d.idLen+d.titleLen+d.stateLen+d.locatorLen))
		d.feats = feats.add(x.feats.at(d.feats, 0, int(d.nStmt+d.nTitle+d.nBase+d.nShapes)))
	}
	x.text, x.feats = text, feats
}

// DefaultLimit is how many candidates Similar returns when asked for none in particular.
const DefaultLimit = 10

// simMaxCandidates bounds how many statements Similar scores exactly, so that a query that
// collides with a crowd of near-identical statements still answers in bounded time; the ones
// sharing the most bands are scored first. A band key read yields at most twice as many.
const simMaxCandidates = 4000

// simMaxTitlePostings is how many statements a title feature may name and still find
// candidates: a word most titles share ("problem", "conjecture") finds nothing, though it still
// counts, weakly, in the title similarity.
const simMaxTitlePostings = 200

// Similar returns the statements most like title and statement, best first, leaving out the one
// indexed under exclude. A candidate's Similarity is its statement similarity, raised by a
// matching title (see simCombine).
func (x *Index) Similar(ctx context.Context, title, statement, exclude string, limit int) ([]Candidate, error) {
	if limit <= 0 {
		limit = DefaultLimit
	}
	q := simFeaturesOf(title, statement)
	var sig [sigSize]uint32
	sketched := simSketch(q.stmt, &sig)
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	x.mu.RLock()
	defer x.mu.RUnlock()
	var hits []int32
	if sketched {
		for b := range sigBands {
			hits = x.bands[b].appendSlots(hits, simBandKey(&sig, b), 2*simMaxCandidates)
		}
	}
	for _, t := range q.title {
		if x.titles.count(t) <= simMaxTitlePostings {
			hits = x.titles.appendSlots(hits, t, simMaxTitlePostings)
		}
	}
	var shapes []uint32 // the query's rare long formulas
	for _, sh := range q.shapes {
		if n := x.formulas.count(sh); n > 0 && n <= simMaxShapePostings {
			shapes = append(shapes, sh)
			hits = x.formulas.appendSlots(hits, sh, simMaxShapePostings)
		}
	}
	slices.Sort(hits)
	type cand struct{ slot, n int32 }
	var cands []cand
	for i := 0; i < len(hits); {
		j := i
		for j < len(hits) && hits[j] == hits[i] {
			j++
		}
		cands = append(cands, cand{hits[i], int32(j - i)})
		i = j
	}
	if len(cands) > simMaxCandidates {
		slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.n, a.n) })
		cands = cands[:simMaxCandidates]
	}
	// Statement similarities first, with an upper bound of what the title can add; the exact
	// title similarity, which weighs every feature of the candidate's title, is computed only
	// for candidates whose bound can still make the list.
	tq, bq := x.titleQuery(q.title), x.titleQuery(q.baseOr())
	type scored struct {
		slot      int32
		stmt, top float64
	}
	ranked := make([]scored, 0, len(cands))
	for k, c := range cands {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		d := &x.docs[c.slot]
		if !d.used || string(x.id(d)) == exclude {
			continue
		}
		st := simWeighted(q.stmt, q.weight, x.stmt(d), d.weight)
		common := tq.common(x.tfeats(d))
		if q.base != nil || d.hasBase {
			common = max(common, bq.common(x.baseOr(d)))
		}
		fs := simShapeShare(q.shapes, shapes, x.shapes(d))
		ranked = append(ranked, scored{c.slot, st, simCombine(st, max(simTitleBound(common), fs))})
	}
	slices.SortFunc(ranked, func(a, b scored) int { return cmp.Compare(b.top, a.top) })
	out := make([]Candidate, 0, min(limit, len(ranked)))
	for _, r := range ranked {
		if len(out) == limit && r.top <= out[len(out)-1].Similarity {
			break
		}
		d := &x.docs[r.slot]
		t := tq.similarity(x, x.tfeats(d))
		if q.base != nil || d.hasBase {
			t = max(t, bq.similarity(x, x.baseOr(d)))
		}
		s := simCombine(r.stmt, max(t, simShapeShare(q.shapes, shapes, x.shapes(d))))
		if s <= 0 || len(out) == limit && s <= out[len(out)-1].Similarity {
			continue
		}
		i, _ := slices.BinarySearchFunc(out, s, func(c Candidate, s float64) int { return cmp.Compare(s, c.Similarity) })
		if len(out) == limit {
			out = out[:limit-1]
		}
		out = slices.Insert(out, i, Candidate{ID: string(x.id(d)), Title: x.title(d), Similarity: s, State: x.state(d), Locator: x.locator(d)})
	}
	return out, nil
}

// simMaxShapePostings is how many statements a formula shape may occur in and still count: a
// formula many statements share ("$\sum_{n \le x} f(n)$") says little about which is the same
// question.
const simMaxShapePostings = 8

// simShapeShare is the share of the query's long formulas that the candidate has, counting
// only the rare ones: a restatement of a known problem in other words keeps its formula, and the
// share moves its similarity up as a matching title does (simCombine), so that it is among the
// nearest candidates a person compares, never a FAIL on the formula alone.
func simShapeShare(all, rare, doc []uint32) float64 {
	if len(all) == 0 || len(rare) == 0 || len(doc) == 0 {
		return 0
	}
	n := 0
	for _, sh := range rare {
		if _, ok := slices.BinarySearch(doc, sh); ok {
			n++
		}
	}
	return float64(n) / float64(len(all))
}
