package gates

import (
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
// count and every formula stands for its Shape, its structure with the variables renamed in order
// of first appearance. Its features are the content words and formulas (stemmed, function words
// left out), pairs of neighbouring ones within a sentence, one signature per sentence (the set of
// its words and formulas, so that a sentence matches whatever its word order) and triples of
// neighbouring formula tokens (so that two formulas that differ in one place still share most of
// their structure). Bigrams stop at sentence ends, so reordering the sentences of a statement
// changes nothing; renaming a variable changes no formula shape; changing one word every twenty
// changes a few features only. A MinHash signature of the feature set, cut into LSH bands, finds
// the candidates in time that does not grow with the index; each candidate's stored features
// then give its exact similarity.
//
// Calibration (make calibrate-gates) cannot plant a duplicate into a packet: a duplicate is a
// relation between the packet and the index. DuplicateCalibration therefore adds a near copy of
// the packet's statement to the index the calibration passes as Env.Problems, and the planter
// registered for duplicate.near-duplicate returns false.
type Index struct {
	mu    sync.RWMutex
	docs  []simDoc
	byID  map[string]int32
	free  []int32
	heads [sigBands]map[uint32]int32
	links []simLink
	// freeLinks is the head of the list of unused links, chained through next.
	freeLinks int32
	// titles lists, for every title feature, the statements whose title has it: it finds the
	// candidates a title names (an alias such as "Erdős Problem 1") and its lengths weigh
	// title features by how rare they are.
	titles map[uint32][]int32
}

// simDoc is one statement of the index. Its features are kept so that Similar computes exact
// similarities and Remove finds its band keys again.
type simDoc struct {
	id, title, state, locator string
	feats                     []uint32 // statement features, sorted, each once
	tfeats                    []uint32 // title features, sorted, each once
	base                      []uint32 // features of the title without its qualifier (simBaseTitle)
	weight                    float32  // total weight of feats
	used                      bool
}

// simLink is one statement in the chain of an LSH band key.
type simLink struct {
	slot, next int32
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	x := &Index{byID: map[string]int32{}, freeLinks: -1, titles: map[uint32][]int32{}}
	for b := range x.heads {
		x.heads[b] = map[uint32]int32{}
	}
	return x
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
	d := simDoc{id: id, title: title, state: state, locator: locator, feats: f.stmt, tfeats: f.title,
		base: f.base, weight: f.weight, used: true}
	var sig [sigSize]uint32
	sketched := simSketch(f.stmt, &sig)

	x.mu.Lock()
	defer x.mu.Unlock()
	x.remove(id)
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
		x.titles[t] = append(x.titles[t], slot)
	}
	if !sketched {
		return
	}
	for b := range sigBands {
		key := simBandKey(&sig, b)
		l := simLink{slot: slot, next: -1}
		if h, ok := x.heads[b][key]; ok {
			l.next = h
		}
		var li int32
		if x.freeLinks >= 0 {
			li = x.freeLinks
			x.freeLinks = x.links[li].next
			x.links[li] = l
		} else {
			li = int32(len(x.links))
			x.links = append(x.links, l)
		}
		x.heads[b][key] = li
	}
}

// Remove takes id out of the index; an id it does not hold is ignored.
func (x *Index) Remove(id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.remove(id)
}

func (x *Index) remove(id string) {
	slot, ok := x.byID[id]
	if !ok {
		return
	}
	d := &x.docs[slot]
	for _, t := range d.tfeats {
		p := x.titles[t]
		if i := slices.Index(p, slot); i >= 0 {
			p[i] = p[len(p)-1]
			p = p[:len(p)-1]
		}
		if len(p) == 0 {
			delete(x.titles, t)
		} else {
			x.titles[t] = p
		}
	}
	var sig [sigSize]uint32
	if simSketch(d.feats, &sig) {
		for b := range sigBands {
			key := simBandKey(&sig, b)
			prev := int32(-1)
			for li, ok := x.heads[b][key]; ok && li >= 0; li = x.links[li].next {
				if x.links[li].slot != slot {
					prev = li
					continue
				}
				next := x.links[li].next
				switch {
				case prev >= 0:
					x.links[prev].next = next
				case next >= 0:
					x.heads[b][key] = next
				default:
					delete(x.heads[b], key)
				}
				x.links[li] = simLink{slot: -1, next: x.freeLinks}
				x.freeLinks = li
				break
			}
		}
	}
	*d = simDoc{}
	delete(x.byID, id)
	x.free = append(x.free, slot)
}

// DefaultLimit is how many candidates Similar returns when asked for none in particular.
const DefaultLimit = 10

// simMaxCandidates bounds how many statements Similar scores exactly, so that a query that
// collides with a crowd of near-identical statements still answers in bounded time; the ones
// sharing the most bands are scored first.
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
			li, ok := x.heads[b][simBandKey(&sig, b)]
			for ok && li >= 0 {
				hits = append(hits, x.links[li].slot)
				li = x.links[li].next
			}
		}
	}
	for _, t := range q.title {
		if p := x.titles[t]; len(p) <= simMaxTitlePostings {
			hits = append(hits, p...)
		}
	}
	DebugHits += len(hits)
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
	DebugCands += len(cands)
	DebugQueries++
	if len(cands) > simMaxCandidates {
		slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.n, a.n) })
		cands = cands[:simMaxCandidates]
	}
	out := make([]Candidate, 0, min(limit, len(cands)))
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
		t := x.titleSimilarity(q.title, d.tfeats)
		if q.base != nil || d.base != nil {
			t = max(t, x.titleSimilarity(q.baseOr(), d.baseOr()))
		}
		s := simCombine(st, t)
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
// A title of one common word ("Conjecture") contained in another says little.
const simTitleRef = 10

// titleSimilarity is how much of the lighter of two titles the other contains, weighed by
// rarity: a variant's title that adds a qualifier to another ("Erdős Problem 1 (real
// variant)") contains all of it. A light title counts for less (simTitleRef).
func (x *Index) titleSimilarity(q, d []uint32) float64 {
	if len(q) == 0 || len(d) == 0 {
		return 0
	}
	var common, qw, dw float32
	for i, j := 0, 0; i < len(q) || j < len(d); {
		switch {
		case j == len(d) || i < len(q) && q[i] < d[j]:
			qw += x.idf(len(x.titles[q[i]]))
			i++
		case i == len(q) || d[j] < q[i]:
			dw += x.idf(len(x.titles[d[j]]))
			j++
		default:
			w := x.idf(len(x.titles[q[i]]))
			common += w
			qw += w
			dw += w
			i++
			j++
		}
	}
	light := min(qw, dw)
	if light <= 0 {
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
	simClassWord     = 0 << 30 // a content word or a formula shape
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

// simJaccard is the Jaccard similarity of two sorted sets.
func simJaccard(a, b []uint32) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			inter++
			i++
			j++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// MinHash with LSH banding. With bands of sigRows values, two statements whose feature sets have
// Jaccard similarity s share a band with probability 1-(1-s^sigRows)^sigBands.
const (
	sigBands = 32
	sigRows  = 2
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

// Bounds on the work of reading one statement: the bytes read and the features kept.
const (
	simMaxText     = 64 << 10
	simMaxFeatures = 4096
)

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
	src := []byte(statement)
	nz := copycheck.Normalize(src, copycheck.Markdown)
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
			fm := nz.Formulas[formula]
			formula++
			token(uint32(simMix(uint64(fm.Shape) | 1<<40)))
			s, e := nz.Map.Orig(i)
			formulaTrigrams(src[s:e], func(h uint32) { add(simClassFormula, h) })
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
		default:
			i++
		}
	}
	endSentence()
	slices.Sort(out)
	return slices.Compact(out)
}

// simTitleFeatures returns the sorted features of a title: its content words and formulas, and
// runs of two and three of them. A number counts only in a run: "Problem 23" of one collection
// and "Problem 23" of another share a number, not a problem.
func simTitleFeatures(title string) []uint32 {
	nz := copycheck.Normalize([]byte(title), copycheck.Markdown)
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
			h = uint32(simMix(uint64(nz.Formulas[formula].Shape) | 1<<40))
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
	return slices.Compact(out)
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

// formulaTrigrams calls emit with a hash of every three neighbouring tokens of a formula (its
// delimiters stripped): macro names, digits, operators, and letters renamed in order of first
// appearance, as the formula's Shape renames them.
func formulaTrigrams(f []byte, emit func(uint32)) {
	f = simStripMath(f)
	var (
		vars  [128]int8
		next  int8
		toks  [3]uint64
		count int
	)
	for k := range vars {
		vars[k] = -1
	}
	push := func(t uint64) {
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
			if simTextMacros[name] && i < len(f) && f[i] == '{' {
				k := i + 1
				for k < len(f) && f[k] != '}' && k-i < 64 {
					k++
				}
				push(uint64(simHash("text:"+string(f[i+1:k]))) | 2<<32)
				i = k + 1
				continue
			}
			push(uint64(simHash(name)) | 1<<32)
		case c == '\\':
			if i+1 < len(f) && !strings.ContainsRune(",;:! ", rune(f[i+1])) {
				push(uint64(f[i+1]) | 3<<32)
			}
			i += 2
		case simLetter(c):
			if vars[c] < 0 && next < 100 {
				vars[c] = next
				next++
			}
			push(uint64(vars[c]) | 4<<32)
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
	"tfrac": "frac", "subset": "subseteq", "supset": "supseteq", "mathbf": "mathbb", "bm": "mathbb",
	"boldsymbol": "mathbb", "implies": "Rightarrow", "iff": "Leftrightarrow",
}

var simSpacing = map[string]bool{
	"quad": true, "qquad": true, "left": true, "right": true, "big": true, "Big": true, "bigg": true,
	"Bigg": true, "bigl": true, "bigr": true, "Bigl": true, "Bigr": true, "displaystyle": true,
	"textstyle": true, "limits": true, "nolimits": true, "middle": true, "mathrm": false,
}

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

// simSynonyms are the substitutions a paraphrase makes; a word without one is replaced by a
// filler of the same standing.
var simSynonyms = map[string]string{
	"prove": "show", "show": "prove", "every": "each", "each": "every", "integer": "whole number",
	"integers": "whole numbers", "number": "integer", "numbers": "integers", "largest": "greatest",
	"greatest": "largest", "smallest": "least", "least": "smallest", "function": "map", "set": "collection",
	"sets": "collections", "there": "then there", "determine": "decide", "whether": "if", "infinitely": "unboundedly",
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
				if syn, ok := simSynonyms[strings.ToLower(w)]; ok {
					w = syn
				} else {
					w = simFillers[rng.IntN(len(simFillers))] + " " + w
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
			if !used[l] {
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
