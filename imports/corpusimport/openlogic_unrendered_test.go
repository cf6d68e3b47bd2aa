package corpusimport

import (
	"cmp"
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/theoremdb/theoremdb/shareddata"
	"github.com/theoremdb/theoremdb/tex"
)

// controlWord finds a control word and its name.
var controlWord = regexp.MustCompile(`\\([A-Za-z]+)`)

// unrendered counts, over the bodies and titles of items, the control
// words KaTeX does not render, by name.
func unrendered(items []Item) map[string]int {
	out := map[string]int{}
	for _, it := range items {
		for _, m := range controlWord.FindAllStringSubmatch(it.Body+" "+it.Title, -1) {
			if !tex.KaTeXKnown(m[1]) {
				out[m[1]]++
			}
		}
	}
	return out
}

// TestOpenLogicUnrenderedMacros lists, with -v, the control words left in
// the imported Open Logic text that no page renders (KaTeX's, tex.KaTeXKnown),
// most frequent first.
func TestOpenLogicUnrenderedMacros(t *testing.T) {
	dir := shareddata.Require(t, "corpus/openlogic/content")
	items, _, err := ParseOpenLogic(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	counts := unrendered(items)
	names := make([]string, 0, len(counts))
	total := 0
	for n, c := range counts {
		names = append(names, n)
		total += c
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(counts[b]-counts[a], cmp.Compare(a, b)) })
	t.Logf("%d unrendered control words of %d names in %d items", total, len(names), len(items))
	for _, n := range names {
		t.Logf("%6d \\%s", counts[n], n)
	}
	// What the importer writes out by the source's own definitions stays nowhere.
	for _, n := range []string{"item", "iftag", "tagitem", "formula"} {
		if counts[n] > 0 {
			t.Errorf("\\%s stays %d times", n, counts[n])
		}
	}
}
