package corpus

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/shareddata"
)

// invented are surnames no theorem is named after, for planted names.
var invented = []string{"Kovalenko", "Brandtner", "Ishiguro", "Okonkwo", "Vashti", "Lindqvist", "Marchetti", "Ferreira",
	"Dubrovsky", "Achterberg", "Nakamura", "Oyelaran", "Castellanos", "Hjelmstad", "Quennell", "Tamsin", "Zeberg", "Pellucci",
	"Arkwright", "Sundqvist"}

// plantings are the ways a writer names a result it wants to be true.
var plantings = []string{"By %s's theorem, the claim follows.", "The %s lemma gives the bound at once.",
	"It follows from the theorem of %s that the set is finite.", "Applying the %s inequality to each term, we are done.",
	"By the lemma of %s and %s, the map is injective.", "The %s–%s criterion shows that the series converges."}

// TestNamesCalibration measures the names-of-theorems gate's finder: its
// recall on invented theorem names planted into proofs of the Open Logic
// Project, and the share of those proofs, untouched, in which it flags a
// name (which for an importer goes to a person). The figures are in
// corpus/CALIBRATION.md.
func TestNamesCalibration(t *testing.T) {
	root := shareddata.Require(t, "corpus/openlogic/content")
	proofRe := regexp.MustCompile(`(?s)\\begin\{proof\}(.*?)\\end\{proof\}`)
	var proofs []string
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tex") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range proofRe.FindAllStringSubmatch(string(b), -1) {
			proofs = append(proofs, m[1])
		}
		return nil
	})
	if len(proofs) < 300 {
		t.Fatalf("read %d proofs; want the Open Logic Project's several hundred", len(proofs))
	}
	flagged := 0
	for _, p := range proofs {
		if len(namedResults(p)) > 0 {
			flagged++
		}
	}
	r := rand.New(rand.NewPCG(28, 1))
	caught, planted := 0, 0
	for i, p := range proofs {
		tmpl := plantings[i%len(plantings)]
		a, b := invented[r.IntN(len(invented))], invented[r.IntN(len(invented))]
		var sentence string
		if strings.Count(tmpl, "%s") == 2 {
			sentence = fmt.Sprintf(tmpl, a, b)
		} else {
			sentence = fmt.Sprintf(tmpl, a)
		}
		// The planted sentence goes after a random paragraph break, or at the end.
		body := p + "\n\n" + sentence
		if paras := strings.Split(p, "\n\n"); len(paras) > 1 {
			k := 1 + r.IntN(len(paras)-1)
			body = strings.Join(paras[:k], "\n\n") + "\n\n" + sentence + "\n\n" + strings.Join(paras[k:], "\n\n")
		}
		planted++
		for _, n := range namedResults(body) {
			if strings.Contains(n.name, a) {
				caught++
				break
			}
		}
	}
	recall := float64(caught) / float64(planted)
	falseFlags := float64(flagged) / float64(len(proofs))
	t.Logf("names of theorems: recall %d/%d = %.1f%%; flags on clean Open Logic proofs %d/%d = %.1f%%",
		caught, planted, 100*recall, flagged, len(proofs), 100*falseFlags)
	if recall < 0.95 {
		t.Errorf("recall %.1f%% on planted invented names; the goal is 95%%", 100*recall)
	}
}
