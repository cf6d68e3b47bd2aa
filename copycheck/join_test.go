package copycheck

import (
	"context"
	"testing"
)

// TestJoin checks a body against the joined index as against one index of both parts' documents,
// and leaves the parts open when the join is closed.
func TestJoin(t *testing.T) {
	t.Parallel()
	a, err := BuildIndex([]Document{refDoc("open", LicenceOpen, refCompact)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := BuildIndex([]Document{refDoc("gfdl", LicenceGFDL, refSylow)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	j := Join(a, b)
	if j.Documents() != 2 || j.Shards() != a.Shards()+b.Shards() {
		t.Fatalf("Join has %d documents in %d shards; want 2 in %d", j.Documents(), j.Shards(), a.Shards()+b.Shards())
	}
	sources := func(x *Index, body string) map[string]bool {
		t.Helper()
		c, err := NewChecker(x, DefaultConfig(), nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := c.Check(context.Background(), []byte(body), LaTeX)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, m := range res.Matches {
			got[m.Source] = true
		}
		return got
	}
	both := refCompact + "\n\n" + fresh + "\n\n" + refSylow
	tests := []struct {
		name string
		x    *Index
		want []string
	}{
		{"join", j, []string{"open", "gfdl"}},
		{"first part", a, []string{"open"}},
		{"second part", b, []string{"gfdl"}},
		{"empty join", Join(), nil},
	}
	for _, tt := range tests {
		got := sources(tt.x, both)
		if len(got) != len(tt.want) {
			t.Errorf("%s: matched sources %v; want %v", tt.name, got, tt.want)
		}
		for _, s := range tt.want {
			if !got[s] {
				t.Errorf("%s: matched sources %v; want %v", tt.name, got, tt.want)
			}
		}
	}
	if err := j.Close(); err != nil {
		t.Fatalf("Close() of the join = %v", err)
	}
	if got := sources(a, both); !got["open"] {
		t.Errorf("after the join is closed, its first part matches %v; want open", got)
	}
}
