package similar

import (
	"math"
)

// simMinDocs is the size of index below which title features are weighed as if the index held
// this many statements: in a small index every title word looks common, though none is.
const simMinDocs = 1000

// idf is the weight of a title feature that df indexed titles have.
func (x *Index) idf(df int) float32 {
	n := max(x.size(), simMinDocs)
	return float32(math.Log(1 + float64(n)/float64(max(df, 1))))
}

// simTitleRef is the weight a title needs to count fully: the weight of about two rare words.
const simTitleRef = 10

// simTitleQuery is a query's title features with their weights, computed once per query.
type simTitleQuery struct {
	feats  []uint32
	idf    []float32
	weight float32
	// others are the weights of the candidates' other title features, read once per query:
	// the candidates' titles share most of their words.
	others map[uint32]float32
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
			w, ok := q.others[d[j]]
			if !ok {
				if q.others == nil {
					q.others = map[uint32]float32{}
				}
				w = x.idf(x.titles.count(d[j]))
				q.others[d[j]] = w
			}
			dw += w
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
