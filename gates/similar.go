package gates

import (
	"bytes"
	"cmp"
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/copycheck"
)

// Index is an in-memory similarity index of problem statements: the Similar the duplicate gate
// searches (Env.Problems for the other problems of TheoremDB, Env.Solved for the catalogue of
// solved records). It is safe for concurrent use.
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
// relation between the packet and the index. DuplicateCalibration therefore adds a near copy of
// the packet's statement to the index the calibration passes as Env.Problems (and
// KnownAnswerCalibration one to the index it passes as Env.Solved), and the planters registered
// for duplicate.near-duplicate and duplicate.known-answer return false.
type Index struct {
	mu    sync.RWMutex
	docs  []simDoc
	byID  map[string]int32
	bands [sigBands]simPostings
	// titles lists, for every title feature, the statements whose title has it: it finds the
	// candidates a title names (an alias such as "Erdős Problem 1"), and its counts weigh
	// title features by how rare they are.
	titles simPostings
	// dead are the slots of removed statements that postings may still name; they become free
	// at the next compaction.
	dead, free []int32
	// pending counts the changes since the last compaction.
	pending int
	// states interns the few distinct states.
	states map[string]string
}

// simDoc is one statement of the index. Its features are kept so that Similar computes exact
// similarities.
type simDoc struct {
	id, title, state, locator string
	feats                     []uint32 // statement features, sorted, each once
	tfeats                    []uint32 // title features, sorted, each once
	base                      []uint32 // features of the title without its qualifier (simBaseTitle)
	weight                    float32  // total weight of feats
	used                      bool
}

// simPostings maps keys (LSH band keys, title features) to the slots of the statements that
// have them: a sorted array of key<<32|slot, 8 bytes a posting, and the postings added since the
// last compaction, chained from a map of their keys. Postings of removed statements stay until
// the compaction drops them; their slots are not reused before.
type simPostings struct {
	sorted []uint64
	heads  map[uint32]int32 // key → its latest recent posting in links
	links  []simLink
}

// simLink is a recent posting and the index in links of the one before it under its key.
type simLink struct {
	slot, next int32
}

func (p *simPostings) add(key uint32, slot int32) {
	if p.heads == nil {
		p.heads = map[uint32]int32{}
	}
	next, ok := p.heads[key]
	if !ok {
		next = -1
	}
	p.links = append(p.links, simLink{slot, next})
	p.heads[key] = int32(len(p.links) - 1)
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
		for ; h >= 0 && limit > 0; h = p.links[h].next {
			dst = append(dst, p.links[h].slot)
			limit--
		}
	}
	return dst
}

// count is the number of postings under key.
func (p *simPostings) count(key uint32) int {
	n := len(p.run(key))
	if h, ok := p.heads[key]; ok {
		for ; h >= 0; h = p.links[h].next {
			n++
		}
	}
	return n
}

// compact merges the recent postings into the sorted array, dropping those of dead slots.
func (p *simPostings) compact(dead func(int32) bool) {
	add := make([]uint64, 0, len(p.links))
	for k, h := range p.heads {
		for ; h >= 0; h = p.links[h].next {
			if s := p.links[h].slot; !dead(s) {
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
	return &Index{byID: map[string]int32{}, states: map[string]string{}}
}

// Len is the number of statements in the index.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.byID)
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
	if s, ok := x.states[state]; ok {
		state = s
	} else if len(x.states) < 64 {
		x.states[state] = state
	}
	d := simDoc{id: id, title: title, state: state, locator: locator, feats: f.stmt, tfeats: f.title,
		base: f.base, weight: f.weight, used: true}
	var slot int32
	if n := len(x.free); n > 0 {
		slot = x.free[n-1]
		x.free = x.free[:n-1]
		x.docs[slot] = d
	} else {
		slot = int32(len(x.docs))
		x.docs = append(x.docs, d)
	}
	x.byID[id] = slot
	for _, t := range f.title {
		x.titles.add(t, slot)
	}
	if sketched {
		for b := range sigBands {
			x.bands[b].add(simBandKey(&sig, b), slot)
		}
	}
	x.changed()
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
	slot, ok := x.byID[id]
	if !ok {
		return false
	}
	x.docs[slot] = simDoc{}
	delete(x.byID, id)
	x.dead = append(x.dead, slot)
	return true
}

// simCompactMin is the fewest changes that start a compaction; beyond it a compaction starts
// when the changes since the last reach a quarter of the index, so that its cost, linear in
// the index, is spread over as many changes.
const simCompactMin = 1024

func (x *Index) changed() {
	x.pending++
	if x.pending < max(simCompactMin, len(x.byID)/4) {
		return
	}
	dead := func(s int32) bool { return !x.docs[s].used }
	for b := range x.bands {
		x.bands[b].compact(dead)
	}
	x.titles.compact(dead)
	x.free = append(x.free, x.dead...)
	x.dead, x.pending = nil, 0
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
		if !d.used || d.id == exclude {
			continue
		}
		st := simWeighted(q.stmt, q.weight, d.feats, d.weight)
		common := tq.common(d.tfeats)
		if q.base != nil || d.base != nil {
			common = max(common, bq.common(d.baseOr()))
		}
		ranked = append(ranked, scored{c.slot, st, simCombine(st, simTitleBound(common))})
	}
	slices.SortFunc(ranked, func(a, b scored) int { return cmp.Compare(b.top, a.top) })
	out := make([]Candidate, 0, min(limit, len(ranked)))
	for _, r := range ranked {
		if len(out) == limit && r.top <= out[len(out)-1].Similarity {
			break
		}
		d := &x.docs[r.slot]
		t := tq.similarity(x, d.tfeats)
		if q.base != nil || d.base != nil {
			t = max(t, bq.similarity(x, d.baseOr()))
		}
		s := simCombine(r.stmt, t)
		if s <= 0 || len(out) == limit && s <= out[len(out)-1].Similarity {
			continue
		}
		i, _ := slices.BinarySearchFunc(out, s, func(c Candidate, s float64) int { return cmp.Compare(s, c.Similarity) })
		if len(out) == limit {
			out = out[:limit-1]
		}
		out = slices.Insert(out, i, Candidate{ID: d.id, Title: d.title, Similarity: s, State: d.state, Locator: d.locator})
	}
	return out, nil
}

// simMinDocs is the size of index below which title features are weighed as if the index held
// this many statements: in a small index every title word looks common, though none is.
const simMinDocs = 1000

// idf is the weight of a title feature that df indexed titles have.
func (x *Index) idf(df int) float32 {
	n := max(len(x.byID), simMinDocs)
	return float32(math.Log(1 + float64(n)/float64(max(df, 1))))
}

// simTitleRef is the weight a title needs to count fully: the weight of about two rare words.
const simTitleRef = 10

// simTitleQuery is a query's title features with their weights, computed once per query.
type simTitleQuery struct {
	feats  []uint32
	idf    []float32
	weight float32
}

func (x *Index) titleQuery(feats []uint32) simTitleQuery {
	q := simTitleQuery{feats: feats, idf: make([]float32, len(feats))}
	for i, f := range feats {
		q.idf[i] = x.idf(x.titles.count(f))
		q.weight += q.idf[i]
	}
	return q
}

// common is the weight of the features a candidate's title shares with the query's.
func (q *simTitleQuery) common(d []uint32) float32 {
	var w float32
	for i, j := 0, 0; i < len(q.feats) && j < len(d); {
		switch {
		case q.feats[i] < d[j]:
			i++
		case q.feats[i] > d[j]:
			j++
		default:
			w += q.idf[i]
			i++
			j++
		}
	}
	return w
}

// simTitleBound is an upper bound of the title similarity of a candidate whose title shares features
// of weight common with the query's: the lighter title weighs at least common, and a title
// lighter than simTitleRef counts in proportion.
func simTitleBound(common float32) float64 { return min(1, float64(common)/simTitleRef) }

// similarity is how much of the lighter of two titles the other contains, weighed by rarity:
// a variant's title that adds a qualifier to another ("Erdős Problem 1 (real variant)")
// contains all of it. A light title counts for less (simTitleRef): a title of one common word
// ("Conjecture") contained in another says little.
func (q *simTitleQuery) similarity(x *Index, d []uint32) float64 {
	if len(q.feats) == 0 || len(d) == 0 {
		return 0
	}
	var common, dw float32
	for i, j := 0, 0; j < len(d); {
		switch {
		case i < len(q.feats) && q.feats[i] < d[j]:
			i++
		case i < len(q.feats) && q.feats[i] == d[j]:
			common += q.idf[i]
			dw += q.idf[i]
			i++
			j++
		default:
			dw += x.idf(x.titles.count(d[j]))
			j++
		}
	}
	light := min(q.weight, dw)
	if common <= 0 || light <= 0 {
		return 0
	}
	return float64(common/light) * min(1, float64(light)/simTitleRef)
}

// simCombine is a candidate's similarity from its statement similarity s and title similarity
// t. A matching title moves s towards 1 by up to simTitleShare of the way, the less the closer
// the statements already are: a title names candidates a person should compare, but whether a
// statement is a near copy rests on the statement.
func simCombine(s, t float64) float64 {
	return s + simTitleShare*t*(1-s)*(1-s)
}

// simTitleShare is how far a matching title moves an unrelated statement towards 1.
const simTitleShare = 0.5

// Feature classes, in the top two bits of a feature.
const (
	simClassWord     = 0 << 30 // a content word or a formula
	simClassPair     = 1 << 30 // two neighbouring words or formulas of one sentence
	simClassSentence = 2 << 30 // the set of words and formulas of one sentence
	simClassFormula  = 3 << 30 // three neighbouring tokens of one formula
	simClassMask     = 3 << 30
)

// simClassWeight is the weight of each class in the similarity.
var simClassWeight = [4]float32{1, 0.5, 0.5, 0.5}

func simWeightOf(f uint32) float32 { return simClassWeight[f>>30] }

// simWeighted is the weighted Jaccard similarity of two sorted feature sets with total
// weights wa and wb.
func simWeighted(a []uint32, wa float32, b []uint32, wb float32) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	var inter float32
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			inter += simWeightOf(a[i])
			i++
			j++
		}
	}
	union := wa + wb - inter
	if union <= 0 {
		return 0
	}
	return float64(inter / union)
}

// MinHash with LSH banding. With bands of sigRows values, two statements whose feature sets have
// Jaccard similarity s share a band with probability 1-(1-s^sigRows)^sigBands.
const (
	sigBands = 48
	sigRows  = 3
	sigSize  = sigBands * sigRows
)

// simSketch computes the MinHash signature of a feature set: value k is the least of the
// features under the k-th of sigSize independent multiply-shift hashes. One-permutation
// hashing would be cheaper, but a short statement fills few of its bins and the densified ones
// copy each other, so that the rows of a band agree or disagree together and unrelated short
// statements collide in a band far more often than their similarity says.
// It returns false when no feature goes into the signature.
func simSketch(feats []uint32, sig *[sigSize]uint32) bool {
	for i := range sig {
		sig[i] = ^uint32(0)
	}
	filled := false
	for _, f := range feats {
		if !simSketched(f) {
			continue
		}
		filled = true
		x := simMix(uint64(f))
		for k := range sig {
			if v := uint32((simHashA[k]*x + simHashB[k]) >> 32); v < sig[k] {
				sig[k] = v
			}
		}
	}
	return filled
}

// simSketched reports whether a feature goes into the signature: triples of formula tokens do
// not, because the common formulas of mathematics ($\sum_{n \le x}$, $\mathbb{N}$) share them
// across unrelated statements and would make most of the index collide in some band.
func simSketched(f uint32) bool { return f&simClassMask != simClassFormula }

// simHashA and simHashB are the multipliers (odd) and offsets of the signature's hashes.
var simHashA, simHashB = func() (a, b [sigSize]uint64) {
	for k := range a {
		a[k] = simMix(uint64(k)*2+1) | 1
		b[k] = simMix(uint64(k)*2 + 2)
	}
	return a, b
}()

// simBandKey is the LSH key of band b of a signature.
func simBandKey(sig *[sigSize]uint32, b int) uint32 {
	x := uint64(b+1) * 0x9e3779b97f4a7c15
	for _, v := range sig[b*sigRows : (b+1)*sigRows] {
		x = simMix(x ^ uint64(v))
	}
	return uint32(x >> 32)
}

// simMix is the splitmix64 finaliser.
func simMix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Bounds on the work of reading one statement: the bytes read, enough for the longest statement
// intake accepts in most scripts (policy.MaxStatement, 20,000 characters), and the features
// kept.
const (
	simMaxText     = 32 << 10
	simMaxFeatures = 4096
)

// simDefuse turns into plain text the formula openers that nothing closes: every \( after the
// last \), every \[ after the last \], every \begin{env} after the last \end{env}.
// copycheck.Normalize looks for the closing delimiter of each to the end of the text, which on a
// run of unclosed openers takes time quadratic in the length; the text it reads is the same,
// since it reads an unclosed opener as white space.
func simDefuse(src []byte) []byte {
	copied := false
	blank := func(i int) {
		if !copied {
			src, copied = bytes.Clone(src), true
		}
		src[i] = ' '
	}
	for _, d := range [][2]string{{`\(`, `\)`}, {`\[`, `\]`}} {
		from := bytes.LastIndex(src, []byte(d[1])) + 1
		for {
			i := bytes.Index(src[from:], []byte(d[0]))
			if i < 0 {
				break
			}
			blank(from + i)
			from += i + len(d[0])
		}
	}
	if !bytes.Contains(src, []byte(`\begin{`)) {
		return src
	}
	lastEnd := map[string]int{}
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte(`\end{`))
		if k < 0 {
			break
		}
		i += k + len(`\end{`)
		lastEnd[simEnvName(src[i:])] = i
	}
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte(`\begin{`))
		if k < 0 {
			break
		}
		at := i + k
		i = at + len(`\begin{`)
		if end, ok := lastEnd[simEnvName(src[i:])]; !ok || end < i {
			blank(at)
		}
	}
	return src
}

// simEnvName is the environment name at the start of s, up to its closing brace.
func simEnvName(s []byte) string {
	if k := bytes.IndexByte(s[:min(len(s), 40)], '}'); k >= 0 {
		return string(s[:k])
	}
	return ""
}

// simFeatures is what the index keeps of a statement and its title.
type simFeatures struct {
	stmt   []uint32
	title  []uint32
	base   []uint32 // nil when the title has no qualifier
	weight float32
}

// baseOr returns the features of the title without its qualifier.
func (f simFeatures) baseOr() []uint32 {
	if f.base != nil {
		return f.base
	}
	return f.title
}

func (d *simDoc) baseOr() []uint32 {
	if d.base != nil {
		return d.base
	}
	return d.tfeats
}

func simFeaturesOf(title, statement string) simFeatures {
	if len(title) > 1024 {
		title = title[:1024]
	}
	f := simFeatures{stmt: simStatementFeatures(statement), title: simTitleFeatures(title)}
	if b, ok := simBaseTitle(title); ok {
		f.base = simTitleFeatures(b)
	}
	for _, x := range f.stmt {
		f.weight += simWeightOf(x)
	}
	return f
}

// simStatementFeatures returns the sorted features of a statement.
func simStatementFeatures(statement string) []uint32 {
	if len(statement) > simMaxText {
		statement = statement[:simMaxText]
	}
	src := simDefuse([]byte(statement))
	nz := copycheck.Normalize(src, copycheck.Markdown)
	vars := newSimVars()
	var (
		out  []uint32
		sent []uint32 // content tokens of the current sentence
	)
	add := func(class, h uint32) {
		if len(out) < simMaxFeatures {
			out = append(out, class|h&^simClassMask)
		}
	}
	endSentence := func() {
		// Variables are numbered within a sentence, so that reordering sentences changes no
		// formula.
		vars.reset()
		if len(sent) >= 3 {
			set := slices.Clone(sent)
			slices.Sort(set)
			set = slices.Compact(set)
			h := uint64(0x51ed27)
			for _, t := range set {
				h = simMix(h ^ uint64(t))
			}
			add(simClassSentence, uint32(h))
		}
		sent = sent[:0]
	}
	token := func(h uint32) {
		add(simClassWord, h)
		if n := len(sent); n > 0 {
			add(simClassPair, uint32(simMix(uint64(sent[n-1])<<32|uint64(h))))
		}
		sent = append(sent, h)
	}
	text := nz.Text
	para, formula := 0, 0
	for i := 0; i < len(text); {
		for para < len(nz.Paragraphs) && int(nz.Paragraphs[para]) <= i {
			if i > 0 {
				endSentence()
			}
			para++
		}
		c := text[i]
		switch {
		case c == copycheck.Placeholder && formula < len(nz.Formulas) && int(nz.Formulas[formula].Pos) == i:
			formula++
			s, e := nz.Map.Orig(i)
			whole := simFormula(src[s:e], vars, func(h uint32) { add(simClassFormula, h) })
			token(uint32(simMix(uint64(whole) | 1<<40)))
			i++
		case simWordByte(c):
			j := i
			for j < len(text) && simWordByte(text[j]) {
				j++
			}
			if w := simWord(string(text[i:j])); w != "" {
				token(simHash(w))
			}
			i = j
		case (c == '.' || c == '?' || c == '!' || c == ';') && (i+1 == len(text) || text[i+1] == ' '):
			endSentence()
			i++
		case strings.IndexByte("<>=+*/^|", c) >= 0:
			// An operator outside a formula (in code, or plain text) is part of what the
			// statement says: "u < v" and "u > v" differ.
			token(simHash(string(c)))
			i++
		default:
			i++
		}
	}
	endSentence()
	slices.Sort(out)
	return slices.Clone(slices.Compact(out))
}

// simTitleFeatures returns the sorted features of a title: its content words and formulas, and
// runs of two and three of them. A number counts only in a run: "Problem 23" of one collection
// and "Problem 23" of another share a number, not a problem.
func simTitleFeatures(title string) []uint32 {
	src := simDefuse([]byte(title))
	nz := copycheck.Normalize(src, copycheck.Markdown)
	vars := newSimVars()
	var (
		out         []uint32
		prev, prev2 uint32
		formula     int
	)
	for i, text := 0, nz.Text; i < len(text); {
		c := text[i]
		var (
			h      uint32
			number bool
		)
		switch {
		case c == copycheck.Placeholder && formula < len(nz.Formulas) && int(nz.Formulas[formula].Pos) == i:
			s, e := nz.Map.Orig(i)
			h = uint32(simMix(uint64(simFormula(src[s:e], vars, func(uint32) {})) | 1<<40))
			formula++
			i++
		case simWordByte(c):
			j := i
			number = true
			for j < len(text) && simWordByte(text[j]) {
				number = number && '0' <= text[j] && text[j] <= '9'
				j++
			}
			if w := simWord(string(text[i:j])); w != "" {
				h = simHash(w)
			}
			i = j
		default:
			i++
			continue
		}
		if h == 0 {
			continue
		}
		if !number {
			out = append(out, h&^simClassMask)
		}
		if prev != 0 {
			out = append(out, simClassPair|uint32(simMix(uint64(prev)<<32|uint64(h)))&^simClassMask)
		}
		if prev2 != 0 {
			out = append(out, simClassSentence|uint32(simMix(uint64(prev2)<<40^uint64(prev)<<20^uint64(h)))&^simClassMask)
		}
		prev, prev2 = h, prev
	}
	slices.Sort(out)
	return slices.Clone(slices.Compact(out))
}

// simBaseTitle returns a title without its qualifier, a parenthesised remark at its end
// ("Erdős Problem 1167 (finite targets)"), and whether it had one: two titles that differ only
// in their qualifiers name variants of one problem.
func simBaseTitle(title string) (string, bool) {
	t := strings.TrimSpace(title)
	if !strings.HasSuffix(t, ")") {
		return "", false
	}
	depth := 0
	for i := len(t) - 1; i >= 0; i-- {
		switch t[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				b := strings.TrimSpace(t[:i])
				return b, b != ""
			}
		}
	}
	return "", false
}

func simWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c >= 0x80
}

func simHash(s string) uint32 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return uint32(simMix(h))
}

// simWord returns the form of a normalised word the features use: letters folded to ASCII
// where they have an obvious fold, a plural or verb ending taken off; "" for a function word or
// a single letter.
func simWord(w string) string {
	if len(w) > 64 {
		w = w[:64]
	}
	if !simASCII(w) {
		w = simFold(w)
	}
	if len(w) == 1 && 'a' <= w[0] && w[0] <= 'z' || simStopWords[w] {
		return ""
	}
	return simStem(w)
}

func simASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// simFold replaces accented Latin letters by their base letter, so that "Erdős" and "Erdos" are
// one word.
func simFold(w string) string {
	var b strings.Builder
	for _, r := range w {
		if f, ok := simFolds[r]; ok {
			b.WriteByte(f)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var simFolds = func() map[rune]byte {
	m := map[rune]byte{}
	for base, rs := range map[byte]string{
		'a': "áàâäãåāă", 'c': "çćč", 'e': "éèêëēěę", 'i': "íìîïī", 'n': "ñńň", 'o': "óòôöõőøō",
		'u': "úùûüűůū", 'y': "ýÿ", 's': "śšş", 'z': "źżž", 'r': "ř", 'l': "ł", 'g': "ğ", 'd': "ď", 't': "ť",
	} {
		for _, r := range rs {
			m[r] = base
		}
	}
	return m
}()

// simStem takes a plural or verb ending off a word, crudely but the same way for every statement.
func simStem(w string) string {
	n := len(w)
	switch {
	case n <= 3:
		return w
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:n-2]
	case strings.HasSuffix(w, "ing") && n > 5:
		return w[:n-3]
	case strings.HasSuffix(w, "ed") && n > 4:
		return w[:n-2]
	case strings.HasSuffix(w, "es") && (strings.HasSuffix(w[:n-2], "x") || strings.HasSuffix(w[:n-2], "ch") || strings.HasSuffix(w[:n-2], "sh")):
		return w[:n-2]
	case w[n-1] == 's' && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:n-1]
	}
	return w
}

// simStopWords are the function words left out of the features.
var simStopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the of to in on at by for with from into onto as is are be been
		being was were this that these those it its and or but if then than so such which who whom whose
		what when where while there here we us our one can may must do does did has have had not no
		any all some each every let also only both either neither nor very more most less least much
		many other another same own i.e e.g cf etc via`) {
		m[w] = true
	}
	return m
}()

// simVars numbers the variable letters of a sentence in order of first appearance, across all
// its formulas: renaming the variables of a statement consistently, or reordering its
// sentences, changes nothing, while "let $g$ be such that $g = O(f)$" and "let $g$ be such that
// $f = O(g)$" stay apart, as they would not if each formula were numbered on its own
// (copycheck's Shape does that, which suits its purpose, a copied formula, but not this one, a
// copied question).
type simVars struct {
	idx  [128]int8
	next int8
}

func newSimVars() *simVars {
	v := &simVars{}
	v.reset()
	return v
}

func (v *simVars) reset() {
	for k := range v.idx {
		v.idx[k] = -1
	}
	v.next = 0
}

func (v *simVars) of(c byte) uint64 {
	if v.idx[c] < 0 && v.next < 120 {
		v.idx[c] = v.next
		v.next++
	}
	return uint64(uint8(v.idx[c]))
}

// simFormula reads the tokens of a formula (its delimiters stripped): macro names made
// canonical, numbers, operators, the Landau symbols O and o, and letters numbered by vars. It
// calls emit with a hash of every three neighbouring tokens and returns a hash of them all.
func simFormula(f []byte, vars *simVars, emit func(uint32)) uint32 {
	f = simStripMath(f)
	var (
		toks  [3]uint64
		count int
		whole = uint64(0x6a09e667f3bcc909)
	)
	push := func(t uint64) {
		whole = simMix(whole ^ t)
		toks[0], toks[1], toks[2] = toks[1], toks[2], t
		count++
		if count >= 3 {
			emit(uint32(simMix(toks[0]*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(toks[1], 21) ^ bits.RotateLeft64(toks[2], 42))))
		}
	}
	for i := 0; i < len(f); {
		c := f[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '{' || c == '}':
			i++
		case c == '\\' && i+1 < len(f) && simLetter(f[i+1]):
			j := i + 1
			for j < len(f) && simLetter(f[j]) {
				j++
			}
			name := string(f[i+1 : j])
			i = j
			if a, ok := simMacroAliases[name]; ok {
				name = a
			}
			if name == "" || simSpacing[name] {
				continue
			}
			if simTextMacros[name] || simConstantMacros[name] {
				// The argument is a name, not variables: \text{lcm}, \mathbb{Z}.
				arg, k := simArgument(f, i)
				push(uint64(simHash(name+":"+arg)) | 2<<32)
				i = k
				continue
			}
			push(uint64(simHash(name)) | 1<<32)
		case c == '\\':
			if i+1 < len(f) && !strings.ContainsRune(",;:! ", rune(f[i+1])) {
				push(uint64(f[i+1]) | 3<<32)
			}
			i += 2
		case (c == 'O' || c == 'o') && simLandau(f[i+1:]):
			push(uint64(c) | 8<<32)
			i++
		case simLetter(c):
			push(vars.of(c) | 4<<32)
			i++
		case '0' <= c && c <= '9':
			j := i
			for j < len(f) && '0' <= f[j] && f[j] <= '9' {
				j++
			}
			push(uint64(simHash(string(f[i:j]))) | 5<<32)
			i = j
		case c < 0x80:
			push(uint64(c) | 6<<32)
			i++
		default:
			r, size := utf8.DecodeRune(f[i:])
			push(uint64(r) | 7<<32)
			i += size
		}
	}
	return uint32(whole)
}

// simLandau reports whether the text after an O or o makes it a Landau symbol: an opening
// parenthesis, perhaps after \left or \big.
func simLandau(rest []byte) bool {
	for len(rest) > 0 {
		switch c := rest[0]; {
		case c == ' ' || c == '{' || c == '}':
			rest = rest[1:]
		case c == '(':
			return true
		case c == '\\':
			n := simSizing(rest)
			if n == 0 {
				return false
			}
			rest = rest[n:]
		default:
			return false
		}
	}
	return false
}

// simSizing returns the length of the sizing macro (\left, \big, …) f starts with, or 0.
func simSizing(f []byte) int {
	for _, m := range []string{`\left`, `\bigl`, `\Bigl`, `\biggl`, `\big`, `\Big`, `\bigg`} {
		if bytes.HasPrefix(f, []byte(m)) && (len(f) == len(m) || !simLetter(f[len(m)])) {
			return len(m)
		}
	}
	return 0
}

// simArgument returns the argument of a macro at f[i:], a {group} or one character, and where
// it ends.
func simArgument(f []byte, i int) (string, int) {
	for i < len(f) && f[i] == ' ' {
		i++
	}
	if i >= len(f) {
		return "", i
	}
	if f[i] != '{' {
		return string(f[i : i+1]), i + 1
	}
	k := i + 1
	for k < len(f) && f[k] != '}' && k-i < 64 {
		k++
	}
	return string(f[i+1 : k]), min(k+1, len(f))
}

func simLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// simStripMath takes the math delimiters off a formula's source.
func simStripMath(f []byte) []byte {
	for _, d := range [][2]string{{"$$", "$$"}, {"$", "$"}, {`\(`, `\)`}, {`\[`, `\]`}} {
		if len(f) >= len(d[0])+len(d[1]) && string(f[:len(d[0])]) == d[0] && string(f[len(f)-len(d[1]):]) == d[1] {
			return f[len(d[0]) : len(f)-len(d[1])]
		}
	}
	return f
}

var simMacroAliases = map[string]string{
	"le": "leq", "leqslant": "leq", "ge": "geq", "geqslant": "geq", "ne": "neq", "to": "rightarrow",
	"varepsilon": "epsilon", "varphi": "phi", "dots": "ldots", "dotsc": "ldots", "cdots": "ldots",
	"lvert": "vert", "rvert": "vert", "mid": "vert", "lbrace": "{", "rbrace": "}", "dfrac": "frac",
	"tfrac": "frac", "subset": "subseteq", "supset": "supseteq", "bm": "mathbf", "boldsymbol": "mathbf", "implies": "Rightarrow", "iff": "Leftrightarrow",
}

var simSpacing = map[string]bool{
	"quad": true, "qquad": true, "left": true, "right": true, "big": true, "Big": true, "bigg": true,
	"Bigg": true, "bigl": true, "bigr": true, "Bigl": true, "Bigr": true, "displaystyle": true,
	"textstyle": true, "limits": true, "nolimits": true, "middle": true,
}

// simConstantMacros name fixed objects by their argument: \mathbb{Z} and \mathbb{Q} are not
// one another renamed.
var simConstantMacros = map[string]bool{"mathbb": true}

var simTextMacros = map[string]bool{
	"text": true, "mathrm": true, "operatorname": true, "textrm": true, "mathit": true, "textit": true,
	"mbox": true, "textup": true, "textnormal": true,
}

// DuplicateCalibration plants a near duplicate of r for calibration (make calibrate-gates): it
// adds to idx, under an ID no problem has, a near copy of r's statement as another live problem,
// so that running the duplicate gate on r with idx as Env.Problems must report it. The copy is
// the kind a resubmission makes, picked by rng: a word changed every twenty or so, the variables
// renamed, the sentences reordered, or all three; its title is r's, reworded or replaced. It
// returns false when r has no statement to copy.
//
// The planter registered for duplicate.near-duplicate returns false, because a duplicate is a
// relation between a packet and the index, which a planter, changing the packet alone, cannot
// create; the calibration calls DuplicateCalibration instead.
func DuplicateCalibration(r *Revision, rng *rand.Rand, idx *Index) bool {
	return nearCopyInto(r, rng, idx, "TDB-calibration-", "ACCEPTED", "")
}

// nearCopyInto adds a near copy of r to idx under a fresh ID that starts with prefix.
func nearCopyInto(r *Revision, rng *rand.Rand, idx *Index, prefix, state, locator string) bool {
	if strings.TrimSpace(r.Statement) == "" {
		return false
	}
	stmt := r.Statement
	switch rng.IntN(4) {
	case 0:
		stmt = simChangeWords(stmt, rng)
	case 1:
		stmt = simRenameVariables(stmt, rng)
	case 2:
		stmt = simReorderSentences(stmt, rng)
	default:
		stmt = simChangeWords(simRenameVariables(simReorderSentences(stmt, rng), rng), rng)
	}
	if stmt == r.Statement {
		stmt = simChangeWords(stmt, rng)
	}
	title := r.Title
	switch rng.IntN(3) {
	case 0:
		title = simChangeWords(title, rng)
	case 1:
		title = "On a question of " + []string{"density", "growth", "existence", "structure"}[rng.IntN(4)]
	}
	idx.Add(prefix+strconv.FormatUint(rng.Uint64()%1e9, 10), title, stmt, state, locator)
	return true
}

// simSegment is a run of a statement's source: prose, or one formula with its delimiters.
type simSegment struct {
	text    string
	formula bool
}

// simSegments cuts a statement into prose and formulas ($…$, $$…$$, \(…\), \[…\]). An
// unclosed formula runs to the end.
func simSegments(s string) []simSegment {
	var out []simSegment
	prose := 0
	for i := 0; i < len(s); {
		var open, close string
		switch {
		case strings.HasPrefix(s[i:], "$$"):
			open, close = "$$", "$$"
		case s[i] == '$':
			open, close = "$", "$"
		case strings.HasPrefix(s[i:], `\(`):
			open, close = `\(`, `\)`
		case strings.HasPrefix(s[i:], `\[`):
			open, close = `\[`, `\]`
		case s[i] == '\\':
			i += 2
			continue
		default:
			i++
			continue
		}
		if prose < i {
			out = append(out, simSegment{s[prose:i], false})
		}
		end := len(s)
		for j := i + len(open); j < len(s); j++ {
			if s[j] == '\\' {
				j++
				continue
			}
			if strings.HasPrefix(s[j:], close) {
				end = j + len(close)
				break
			}
		}
		out = append(out, simSegment{s[i:end], true})
		i, prose = end, end
	}
	if prose < len(s) {
		out = append(out, simSegment{s[prose:], false})
	}
	return out
}

func simJoin(segs []simSegment) string {
	var b strings.Builder
	for _, g := range segs {
		b.WriteString(g.text)
	}
	return b.String()
}

// simSynonyms are the substitutions a paraphrase makes; a word without one gets a filler
// before it or instead of it.
var simSynonyms = map[string]string{
	"prove": "show", "show": "prove", "every": "each", "each": "every", "integer": "whole number",
	"integers": "whole numbers", "number": "integer", "numbers": "integers", "largest": "greatest",
	"greatest": "largest", "smallest": "least", "least": "smallest", "function": "map", "set": "collection",
	"sets": "collections", "determine": "decide", "whether": "if", "infinitely": "unboundedly",
	"sufficiently": "suitably", "positive": "strictly positive", "large": "big", "small": "little",
	"sequence": "progression", "contains": "has", "maximal": "maximum", "minimal": "minimum",
	"true": "the case", "exists": "is", "exist": "are", "such": "so", "all": "any", "many": "numerous",
	"bound": "estimate", "size": "cardinality", "graph": "network", "prime": "prime number", "find": "determine",
}

var simFillers = []string{"given", "fixed", "arbitrary", "certain", "indeed", "moreover"}

// simChangeWords changes a prose word every fifteen to twenty-five words.
func simChangeWords(s string, rng *rand.Rand) string {
	segs := simSegments(s)
	next := 15 + rng.IntN(11)
	count, changed := 0, false
	for k := range segs {
		if segs[k].formula {
			continue
		}
		t := segs[k].text
		var b strings.Builder
		for i := 0; i < len(t); {
			if !simLetter(t[i]) {
				b.WriteByte(t[i])
				i++
				continue
			}
			j := i
			for j < len(t) && simLetter(t[j]) {
				j++
			}
			w := t[i:j]
			count++
			if count >= next {
				switch syn, ok := simSynonyms[strings.ToLower(w)]; {
				case ok:
					w = syn
				case rng.IntN(2) == 0:
					w = simFillers[rng.IntN(len(simFillers))] + " " + w
				default:
					w = simFillers[rng.IntN(len(simFillers))]
				}
				count, next, changed = 0, 15+rng.IntN(11), true
			}
			b.WriteString(w)
			i = j
		}
		segs[k].text = b.String()
	}
	if !changed {
		// A statement shorter than the first change still changes one word.
		return simChangeOne(s, rng)
	}
	return simJoin(segs)
}

// simChangeOne changes one prose word of a short statement.
func simChangeOne(s string, rng *rand.Rand) string {
	segs := simSegments(s)
	for k := range segs {
		if segs[k].formula {
			continue
		}
		for _, f := range strings.Fields(segs[k].text) {
			w := strings.Trim(f, ".,;:?!")
			if syn, ok := simSynonyms[strings.ToLower(w)]; ok {
				segs[k].text = strings.Replace(segs[k].text, f, strings.Replace(f, w, syn, 1), 1)
				return simJoin(segs)
			}
		}
	}
	return simFillers[rng.IntN(len(simFillers))] + " " + s
}

// simRenameVariables renames the letters of the formulas consistently, leaving macro names and
// the arguments of \mathbb, \text and the like alone.
func simRenameVariables(s string, rng *rand.Rand) string {
	segs := simSegments(s)
	used := map[byte]bool{}
	forEachVariable(segs, func(c byte) byte { used[c] = true; return c })
	if len(used) == 0 {
		return s
	}
	var pool []byte
	for c := byte('a'); c <= 'z'; c++ {
		for _, l := range []byte{c, c - 'a' + 'A'} {
			// o and O, free as they are, read as Landau symbols.
			if !used[l] && l != 'o' && l != 'O' {
				pool = append(pool, l)
			}
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	rename := map[byte]byte{}
	keys := make([]byte, 0, len(used))
	for c := range used {
		keys = append(keys, c)
	}
	slices.Sort(keys)
	for _, c := range keys {
		for k, p := range pool {
			if (p >= 'a') == (c >= 'a') {
				rename[c] = p
				pool = append(pool[:k], pool[k+1:]...)
				break
			}
		}
	}
	forEachVariable(segs, func(c byte) byte {
		if r, ok := rename[c]; ok {
			return r
		}
		return c
	})
	return simJoin(segs)
}

// forEachVariable replaces every variable letter of the formulas of segs by f's result.
func forEachVariable(segs []simSegment, f func(byte) byte) {
	for k := range segs {
		if !segs[k].formula {
			continue
		}
		b := []byte(segs[k].text)
		for i := 0; i < len(b); i++ {
			switch {
			case b[i] == '\\':
				j := i + 1
				for j < len(b) && simLetter(b[j]) {
					j++
				}
				name := string(b[i+1 : j])
				i = j - 1
				if simTextMacros[name] || name == "mathbb" || name == "begin" || name == "end" {
					for i+1 < len(b) && b[i+1] == ' ' {
						i++
					}
					if i+1 < len(b) && b[i+1] == '{' {
						for i+1 < len(b) && b[i+1] != '}' {
							i++
						}
					} else if i+1 < len(b) {
						i++
					}
				}
			case (b[i] == 'O' || b[i] == 'o') && simLandau(b[i+1:]):
				// A Landau symbol is no variable.
			case simLetter(b[i]):
				b[i] = f(b[i])
			}
		}
		segs[k].text = string(b)
	}
}

// simReorderSentences puts the sentences of a statement in another order.
func simReorderSentences(s string, rng *rand.Rand) string {
	var sents []string
	start := 0
	for _, g := range simSegmentsWithOffsets(s) {
		if g.formula {
			continue
		}
		for i := g.start; i < g.end; i++ {
			if (s[i] == '.' || s[i] == '?' || s[i] == '!') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n') {
				sents = append(sents, strings.TrimSpace(s[start:i+1]))
				start = i + 1
			}
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" {
		sents = append(sents, rest)
	}
	if len(sents) < 2 {
		return s
	}
	order := rng.Perm(len(sents))
	if slices.IsSorted(order) {
		order = append(order[1:], order[0])
	}
	out := make([]string, len(sents))
	for i, k := range order {
		out[i] = sents[k]
		// A sentence that ended the statement without a full stop gets one when it moves,
		// as a person moving it would write.
		if i < len(order)-1 && !strings.ContainsAny(out[i][len(out[i])-1:], ".?!") {
			out[i] += "."
		}
	}
	return strings.Join(out, " ")
}

type simOffsetSegment struct {
	start, end int
	formula    bool
}

func simSegmentsWithOffsets(s string) []simOffsetSegment {
	var out []simOffsetSegment
	at := 0
	for _, g := range simSegments(s) {
		out = append(out, simOffsetSegment{at, at + len(g.text), g.formula})
		at += len(g.text)
	}
	return out
}

var DebugHits, DebugCands, DebugQueries int
