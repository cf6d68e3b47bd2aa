package policy

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/packet"
)

// BenchmarkPacketDecode times what a cache hit on a packet kept encoded
// only costs (decoding its row: whole, core or brief), next to a hit on a
// decoded one. Run:
// go test -run '^$' -bench PacketDecode -benchmem ./policy
func BenchmarkPacketDecode(b *testing.B) {
	ctx := context.Background()
	s := New(dbtest.Open(b, "sqlite3"), Config{})
	a, err := s.CreateAccount(ctx, "bench", "", nil)
	if err != nil {
		b.Fatal(err)
	}
	refs := make([]ReferenceInput, 3)
	for j := range refs {
		refs[j] = ReferenceInput{Identifier: fmt.Sprintf("10.5555/bench.%d", j), Citation: "A. Author, A paper, 2020.",
			Locator: fmt.Sprintf("Theorem %d", j+1), Relevance: "Proves the best known bound.", Role: reference.RoleSECONDARY}
	}
	refs[0].Role = reference.RolePRIMARY
	pr, err := s.Submit(ctx, a, ProblemInput{
		Title:     "Bounded gaps variant",
		Statement: "Are there infinitely many primes $p$ such that $p + 6$ is also prime?",
		Exposition: []packet.ExpositionEntry{
			{Kind: packet.Definition, Term: "prime", Body: "An integer greater than 1 with no divisors other than 1 and itself."}},
		Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof or a disproof."},
		Provenance: &packet.Provenance{Kind: packet.Reformulation, Attribution: "de Polignac, 1849", SourceLocator: "Polignac 1849",
			RightsBasis: "Own words."},
		References: refs,
		ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().Add(-24 * time.Hour), Databases: []string{"zbMATH Open"},
			Queries: []string{"prime gaps"}, Coverage: "Titles and abstracts to date."},
	})
	if err != nil {
		b.Fatal(err)
	}
	p, err := s.ProblemPacket(ctx, pr.ID)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("encoded", func(b *testing.B) {
		b.SetBytes(int64(len(p.enc.buf)))
		for b.Loop() {
			if _, err := s.decodePacket(p.enc); err != nil {
				b.Fatal(err)
			}
		}
	})
	core, err := s.readPacketRows(ctx, corePacketStatements[s.db.Dialect], corePacketParts, levelCore, []string{pr.ID})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("core", func(b *testing.B) {
		enc := core[pr.ID].enc
		b.SetBytes(int64(len(enc.buf)))
		for b.Loop() {
			if _, err := s.decodePacket(enc); err != nil {
				b.Fatal(err)
			}
		}
	})
	brief, err := s.readPacketRows(ctx, briefPacketStatements[s.db.Dialect], corePacketParts, levelBrief, []string{pr.ID})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("brief", func(b *testing.B) {
		enc := brief[pr.ID].enc
		b.SetBytes(int64(len(enc.buf)))
		for b.Loop() {
			if _, err := s.decodePacket(enc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decoded", func(b *testing.B) {
		for b.Loop() {
			if s.packets.get(pr.ID) == nil {
				b.Fatal("not cached")
			}
		}
	})
}
