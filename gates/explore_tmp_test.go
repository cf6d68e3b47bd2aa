package gates_test

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/theoremdb/theoremdb/gates"
)

func TestTmpBands(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gates.NoTri = os.Getenv("NOTRI") != ""
	var fs []gates.Feats
	if os.Getenv("REAL") != "" {
		for _, r := range benchReal(t)[:2000] {
			fs = append(fs, gates.FeaturesOf("", r.Statement))
		}
	} else {
	for range 2000 {
		_, s := benchStatement(rng)
		fs = append(fs, gates.FeaturesOf("", s))
	}
	}
	coll, pairs := 0, 0
	var jsum float64
	hist := map[int]int{}
	for i := 0; i < 2000; i += 2 {
		for j := 1; j < 2000; j += 7 {
			if i == j { continue }
			n, jac := gates.Bands(fs[i], fs[j])
			pairs++
			if n > 0 { coll++ }
			jsum += jac
			hist[int(jac*100)]++
		}
	}
	t.Logf("pairs %d collide %.3f meanJ %.4f hist %v", pairs, float64(coll)/float64(pairs), jsum/float64(pairs), hist)
	_, s := benchStatement(rng)
	t.Log(s)
}
