package corpusimport

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/theoremdb/theoremdb/corpus"
)

// Item is one node an importer read: its key in the source, the node's
// label, kind, title, body and term, and the keys it points to.
type Item struct {
	// Key is stable across runs: "openlogic:sfr/set/rus/thm:russell".
	Key   string
	Label string
	Kind  string
	Title string
	Body  string
	Term  string
	// Refs are the keys of the items its body cross-references.
	Refs []string
	// Proves is the key of the statement a proof proves.
	Proves string
	// File and Line say where it is, for issues and attribution.
	File string
	Line int
	// Formal is the formal statement of an item read from a formal library.
	Formal *corpus.Formal
}

// Issue is something a parser could not read, left out of the import.
type Issue struct {
	File   string
	Line   int
	Reason string
}

func (i Issue) String() string { return fmt.Sprintf("%s:%d: %s", i.File, i.Line, i.Reason) }

// slug turns a key's path into a node label: lower-case letters, digits
// and single hyphens, at most max bytes.
func slug(prefix, s string, max int) string {
	var b strings.Builder
	b.WriteString(prefix)
	dash := strings.HasSuffix(prefix, "-")
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash:
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.TrimRight(b.String(), "-")
	if len(out) > max {
		out = strings.TrimRight(out[:max], "-")
	}
	return out
}

// labelSet hands out the node labels of one import, each once: a slug that
// an earlier item took (two keys differing only in case or punctuation,
// as cor:trunc-prod and cor:trunc_prod) gets -2, -3, … after it, within
// corpus.MaxLabel.
type labelSet map[string]bool

func (taken labelSet) take(label string) string {
	out := label
	for n := 2; taken[out]; n++ {
		suffix := "-" + strconv.Itoa(n)
		base := label
		if len(base)+len(suffix) > corpus.MaxLabel {
			base = strings.TrimRight(base[:corpus.MaxLabel-len(suffix)], "-")
		}
		out = base + suffix
	}
	taken[out] = true
	return out
}
