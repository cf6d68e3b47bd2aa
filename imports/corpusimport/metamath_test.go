package corpusimport

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/kernel"
	"github.com/theoremdb/theoremdb/shareddata"
)

// mmDemo is a database whose proofs are written for their citations: ReadMetamath reads what a
// proof cites, not whether it checks.
const mmDemo = `$c ( ) -> wff |- $.
$v p q $.
wp $f wff p $.
wq $f wff q $.
wi $a wff ( p -> q ) $.
${ min $e |- p $. maj $e |- ( p -> q ) $. ax-mp $a |- q $. $}
ax-1 $a |- ( p -> ( q -> p ) ) $.
id $p |- ( p -> p ) $= wp wp wi ax-1 ax-1 ax-mp $.
${ h1 $e |- p $. a1i $p |- ( q -> p ) $= wp wq h1 ax-1 ax-mp id $. $}
idALT $p |- ( p -> p ) $= ( wi ax-1 ax-mp id a1i ) ABCDE $.
`

func parseMM(t *testing.T, src string) *kernel.Database {
	t.Helper()
	db, err := kernel.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// TestReadMetamath makes one THEOREM per $p statement, bound to its label, whose body states its
// hypotheses and assertion, whose references are the $p statements its proof cites, and counts
// the citations of $a statements apart.
func TestReadMetamath(t *testing.T) {
	t.Parallel()
	items, axiomCites := ReadMetamath(parseMM(t, mmDemo), "demo.mm")
	type row struct {
		Key, Label, Kind, Title, File string
		Line                          int
		Refs                          []string
		Formal                        corpus.Formal
	}
	var got []row
	for _, it := range items {
		got = append(got, row{it.Key, it.Label, it.Kind, it.Title, it.File, it.Line, it.Refs, *it.Formal})
	}
	mm := func(l string) corpus.Formal {
		return corpus.Formal{System: corpus.FormalMetamath, Database: "demo.mm", Label: l}
	}
	want := []row{
		{"metamath:demo.mm:id", "mm-demo-id", corpus.Theorem, "Metamath demo.mm id", "demo.mm", 8, nil, mm("id")},
		{"metamath:demo.mm:a1i", "mm-demo-a1i", corpus.Theorem, "Metamath demo.mm a1i", "demo.mm", 9, []string{"metamath:demo.mm:id"}, mm("a1i")},
		{"metamath:demo.mm:idALT", "mm-demo-idalt", corpus.Theorem, "Metamath demo.mm idALT", "demo.mm", 10,
			[]string{"metamath:demo.mm:id", "metamath:demo.mm:a1i"}, mm("idALT")},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	// id cites wi, ax-1, ax-mp; a1i cites ax-1, ax-mp; idALT cites wi, ax-1, ax-mp: each once per proof.
	if axiomCites != 8 {
		t.Errorf("axiomCites = %d; want 8", axiomCites)
	}
	if b := items[0].Body; b != "The Metamath statement `id` of `demo.mm`:\n\n    |- ( p -> p )\n" {
		t.Errorf("id's body = %q", b)
	}
	if b := items[1].Body; b != "The Metamath statement `a1i` of `demo.mm`, from the hypotheses\n\n    |- p\n\nasserts\n\n    |- ( q -> p )\n" {
		t.Errorf("a1i's body = %q", b)
	}
	if p := PlanItems(items); len(p.Issues) != 0 || len(p.Items) != 3 {
		t.Errorf("plan of the items = %+v; want all three, no issue", p)
	}
}

// TestReadMetamathLabels gives every $p a node label of its own that the corpus accepts: labels
// that differ only in case or punctuation are numbered, a numbered label is not handed out again
// when a later statement's label spells it, and a long label is cut to leave room for a number.
func TestReadMetamathLabels(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 200)
	var b strings.Builder
	b.WriteString("$c |- T $.\nax $a |- T $.\n")
	for _, l := range []string{"a", "A", "a-2", "a.2", "A_2", long, long + "Y", "..x"} {
		b.WriteString(l + " $p |- T $= ax $.\n")
	}
	items, _ := ReadMetamath(parseMM(t, b.String()), "set.mm")
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	cut := "mm-set-" + strings.Repeat("x", corpus.MaxLabel-6-len("mm-set-"))
	want := []string{"mm-set-a", "mm-set-a-2", "mm-set-a-2-2", "mm-set-a-2-3", "mm-set-a-2-4", cut, cut + "-2", "mm-set-x"}
	if diff := cmp.Diff(want, labels); diff != "" {
		t.Errorf("labels (-want +got):\n%s", diff)
	}
	checkItems(t, items)
}

// TestReadMetamathQL reads every proved theorem of ql.mm with labels the corpus accepts, and
// every reference names an earlier item, so the plan keeps the database's order and every edge.
func TestReadMetamathQL(t *testing.T) {
	t.Parallel()
	dir := shareddata.Require(t, "metamath")
	src := readShared(t, dir, "ql.mm")
	db := parseMM(t, string(src))
	items, axiomCites := ReadMetamath(db, "ql.mm")
	if len(items) != len(db.Provable()) || axiomCites == 0 {
		t.Fatalf("%d items for %d $p, %d axiom citations", len(items), len(db.Provable()), axiomCites)
	}
	checkItems(t, items)
	pos := map[string]int{}
	edges := 0
	for i, it := range items {
		pos[it.Key] = i
		for _, r := range it.Refs {
			if j, ok := pos[r]; !ok || j >= i {
				t.Fatalf("%s refers to %s, not an earlier item", it.Key, r)
			}
		}
		edges += len(it.Refs)
	}
	p := PlanItems(items)
	kept := 0
	for i, pl := range p.Items {
		if pl.Key != items[i].Key {
			t.Fatalf("plan item %d is %s; want the database's order (%s)", i, pl.Key, items[i].Key)
		}
		kept += len(pl.Uses)
	}
	if kept != edges || len(p.Issues) != 0 {
		t.Errorf("plan kept %d of %d edges with issues %v", kept, edges, p.Issues)
	}
}

// TestMetamathSource credits the database, the statement's label and its line.
func TestMetamathSource(t *testing.T) {
	t.Parallel()
	s := Metamath("ql.mm")
	if s.Writer.Kind != corpus.WriterImporter || s.Writer.ID != "importer:metamath" || s.Licence != "CC0-1.0" {
		t.Errorf("Metamath source = %+v", s)
	}
	items, _ := ReadMetamath(parseMM(t, mmDemo), "ql.mm")
	if a := s.Attribution(items[1]); a != "The Metamath database ql.mm (CC0 1.0), a1i at line 9" {
		t.Errorf("attribution = %q", a)
	}
}
