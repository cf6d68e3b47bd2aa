package sanity_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/theoremdb/theoremdb/sanity"
	"github.com/theoremdb/theoremdb/shareddata"
	"github.com/theoremdb/theoremdb/tex"
)

// openLogic reads, from the Open Logic Project's sources, the body of every environment env
// matches (its last group) that is at least min bytes of readable TeX, with where it is.
func openLogic(t *testing.T, env *regexp.Regexp, min int) []sanity.Proof {
	t.Helper()
	dir := shareddata.Require(t, "corpus/openlogic")
	var out []sanity.Proof
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tex") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		for i, m := range env.FindAllStringSubmatch(string(b), -1) {
			s := strings.TrimSpace(m[len(m)-1])
			if len(s) < min {
				continue
			}
			if _, err := tex.Read(s); err == nil {
				out = append(out, sanity.Proof{Source: "openlogic:" + rel + "#" + strconv.Itoa(i), Text: s})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
