package kernel

import (
	"bytes"
	"testing"
)

// mutateProofs corrupts every nth compressed proof of db's source in one of three ways, by turn:
// the letter of a middle step is changed, two adjacent steps are swapped, or a Z tag is dropped.
// It returns the new source and the labels it changed.
func mutateProofs(t *testing.T, src []byte, n int) ([]byte, map[string]bool) {
	t.Helper()
	db, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	out := bytes.Clone(src)
	changed := map[string]bool{}
	turn := 0
	for i, p := range db.proofs {
		if i%n != n-1 {
			continue
		}
		st := db.stmts[p]
		proof := out[st.proofStart:st.proofEnd]
		paren := bytes.IndexByte(proof, ')')
		if paren < 0 {
			continue
		}
		letters := proof[paren+1:]
		var steps []int // offsets of final digits A–T
		var zs []int
		for k, c := range letters {
			switch {
			case c >= 'A' && c <= 'T':
				steps = append(steps, k)
			case c == 'Z':
				zs = append(zs, k)
			}
		}
		if len(steps) < 4 {
			continue
		}
		mid := steps[len(steps)/2]
		switch turn % 3 {
		case 0:
			letters[mid] = 'A' + (letters[mid]-'A'+1)%20
		case 1:
			a, b := steps[len(steps)/2-1], mid
			if b-a != 1 || letters[a] == letters[b] {
				letters[mid] = 'A' + (letters[mid]-'A'+3)%20
			} else {
				letters[a], letters[b] = letters[b], letters[a]
			}
		case 2:
			if len(zs) == 0 {
				letters[mid] = 'A' + (letters[mid]-'A'+7)%20
			} else {
				letters[zs[len(zs)/2]] = ' '
			}
		}
		turn++
		changed[st.label] = true
	}
	return out, changed
}

// TestMutatedDatabases corrupts one compressed proof in 25 of nf.mm and ql.mm and finds, per
// label, the same verdict in both checkers: every corrupted proof fails in both, every other one
// passes.
func TestMutatedDatabases(t *testing.T) {
	for _, tc := range []struct {
		file  string
		least int
	}{{"nf.mm", 200}, {"ql.mm", 40}} {
		t.Run(tc.file, func(t *testing.T) { checkMutated(t, tc.file, tc.least) })
	}
}

func checkMutated(t *testing.T, file string, least int) {
	src, changed := mutateProofs(t, sharedDB(t, file), 25)
	if len(changed) < least {
		t.Fatalf("only %d proofs corrupted; want at least %d", len(changed), least)
	}
	c := compare(t, src)
	if c.MetamathErr != nil || c.SecondErr != nil {
		t.Fatalf("metamath: %v; second: %v", c.MetamathErr, c.SecondErr)
	}
	failed := 0
	for _, r := range c.Rows {
		if !r.Agree {
			t.Errorf("%s: %s", r.Label, r.Reason())
			continue
		}
		switch {
		case changed[r.Label] && r.Second.Status == Pass:
			t.Errorf("%s was corrupted and passes both checkers", r.Label)
		case !changed[r.Label] && r.Second.Status != Pass:
			t.Errorf("%s was not corrupted and fails: %s", r.Label, r.Reason())
		case changed[r.Label]:
			failed++
		}
	}
	t.Logf("%d corrupted proofs fail in both checkers", failed)
}
