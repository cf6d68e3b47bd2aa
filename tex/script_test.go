package tex

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestScripts: the scripts attached to an atom, as the gates read them (K_5, a_{n+1}, H^T).
func TestScripts(t *testing.T) {
	t.Parallel()
	type script struct {
		Atom     string
		HasSub   bool
		Sub, Sup string
		SubAtoms []string
	}
	tests := []struct {
		name string
		in   string
		want []script
	}{
		{"subscript group", `$a_{n+1}$`, []script{
			{Atom: "a", HasSub: true, Sub: "n+1", SubAtoms: []string{"n", "+", "1"}},
			{Atom: "n"}, {Atom: "+"}, {Atom: "1"},
		}},
		{"superscript", `$H^T$`, []script{{Atom: "H", Sup: "T"}, {Atom: "T"}}},
		{"both", `$x_i^2$`, []script{{Atom: "x", HasSub: true, Sub: "i", Sup: "2", SubAtoms: []string{"i"}}, {Atom: "i"}, {Atom: "2"}}},
		{"none", `$p$`, []script{{Atom: "p"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Read(tt.in)
			if err != nil || len(doc.Formulas) != 1 {
				t.Fatalf("Read(%q) = %d formulas, %v", tt.in, len(doc.Formulas), err)
			}
			f := &doc.Formulas[0]
			var got []script
			for k, a := range f.Atoms {
				s := script{Atom: a.Text, HasSub: a.HasSubscript(), Sub: f.ScriptOf(k, '_'), Sup: f.ScriptOf(k, '^')}
				lo, hi := f.ScriptAtoms(k, '_')
				for _, b := range f.Atoms[lo:hi] {
					s.SubAtoms = append(s.SubAtoms, b.Text)
				}
				got = append(got, s)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("scripts of %q (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
