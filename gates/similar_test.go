package gates

import "math/rand/v2"

var _ = rand.New

// Feats exposes a statement's features to the external tests.
type Feats = simFeatures

// FeaturesOf exposes simFeaturesOf.
func FeaturesOf(title, statement string) Feats { return simFeaturesOf(title, statement) }

// StmtSim is the statement similarity of two feature sets.
func StmtSim(a, b Feats) float64 { return simWeighted(a.stmt, a.weight, b.stmt, b.weight) }

// TitleSim is the title similarity of two feature sets.
func TitleSim(a, b Feats) float64 { return simJaccard(a.title, b.title) }

// Near-copy transforms, for the external tests.
var (
	ChangeWords      = simChangeWords
	RenameVariables  = simRenameVariables
	ReorderSentences = simReorderSentences
)

// SetWeights sets the class weights, for exploring.
func SetWeights(w [4]float32) { simClassWeight = w }

// Bands counts the LSH bands two feature sets share, and their unweighted Jaccard similarity.
func Bands(a, b Feats) (int, float64) {
	var sa, sb [sigSize]uint32
	simSketch(a.stmt, &sa)
	simSketch(b.stmt, &sb)
	if NoTri {
		a.stmt, b.stmt = noTri(a.stmt), noTri(b.stmt)
		simSketch(a.stmt, &sa)
		simSketch(b.stmt, &sb)
	}
	n := 0
	for k := range sigBands {
		if simBandKey(&sa, k) == simBandKey(&sb, k) {
			n++
		}
	}
	return n, simJaccard(a.stmt, b.stmt)
}

var NoTri bool

func noTri(f []uint32) []uint32 {
	var out []uint32
	for _, x := range f {
		if x&simClassMask != simClassFormula {
			out = append(out, x)
		}
	}
	return out
}
