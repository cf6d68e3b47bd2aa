package policy_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/policy/policytest"
	"github.com/theoremdb/theoremdb/role"
)

// coreView is what a packet's core holds, as plain values.
type coreView struct {
	Problem, Current    any
	References, Sources []any
	AsOf                int64
}

func coreViewOf(t *testing.T, pk *policy.Packet) coreView {
	t.Helper()
	cur, err := pk.Problem.Edges.CurrentRevisionOrErr()
	if err != nil {
		t.Fatalf("packet of %s: %v", pk.Problem.ID, err)
	}
	refs, err := cur.Edges.ReferencesOrErr()
	if err != nil {
		t.Fatalf("packet of %s: %v", pk.Problem.ID, err)
	}
	v := coreView{Problem: plain(pk.Problem), Current: plain(cur), AsOf: pk.AsOf}
	for _, f := range refs {
		src, err := f.Edges.SourceOrErr()
		if err != nil {
			t.Fatalf("reference %s: %v", f.ID, err)
		}
		v.References = append(v.References, plain(f))
		v.Sources = append(v.Sources, plain(src))
	}
	return v
}

// TestCorePacketEqualsWholePacket reads packets' cores from an empty cache
// and holds them to the same parts of the whole packets, asOf included, on
// a problem with something in every part, a merged one and a removed one.
func TestCorePacketEqualsWholePacket(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p, other := richProblem(t, f)
		removed := f.submit(t, f.member)
		removeProblem(t, f, removed.ID)
		for _, ref := range []string{p.ID, other.ID, removed.ID, p.Slug, "tdb-1"} {
			cold := policy.New(f.db, policy.Config{}, policy.WithClock(f.clock))
			core, err := cold.ProblemCorePacket(ctx, ref)
			if err != nil {
				t.Fatalf("ProblemCorePacket(%s) = %v", ref, err)
			}
			if !core.Core {
				t.Errorf("ProblemCorePacket(%s) from an empty cache is a whole packet", ref)
			}
			whole, err := policy.New(f.db, policy.Config{}).ProblemPacket(ctx, ref)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(coreViewOf(t, whole), coreViewOf(t, core)); diff != "" {
				t.Errorf("core of %s (-whole +core):\n%s", ref, diff)
			}
			// Edges outside the core are not marked as read.
			if _, err := core.Problem.Edges.ProposerOrErr(); err == nil {
				t.Errorf("the core of %s says its proposer is loaded", ref)
			}
		}
		for _, ref := range []string{"TDB-999", "no-such-slug"} {
			if _, err := f.svc.ProblemCorePacket(ctx, ref); err == nil {
				t.Errorf("ProblemCorePacket(%q) found something", ref)
			}
		}
	})
}

// removeProblem has a moderator remove a problem on a reader's flag.
func removeProblem(t *testing.T, f *fixture, id string) {
	t.Helper()
	ctx := context.Background()
	mo := f.account(t, "mo-"+strings.ToLower(id), role.Moderator)
	reader := f.account(t, "reader-"+strings.ToLower(id))
	res, err := f.svc.FlagProblem(ctx, reader, policy.FlagInput{ProblemID: id, Reason: flag.ReasonKNOWN_ANSWER,
		Explanation: "Solved in 2020 by a computer search, see the survey."})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ClaimCase(ctx, mo, res.Case.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.RemoveProblem(ctx, mo, res.Case.ID, "Copied from a paywalled source without rights."); err != nil {
		t.Fatal(err)
	}
}

// TestCorePacketCache counts the statements of core and whole reads on one
// cache: a core read is one statement and is then kept; a whole read is
// not answered by a core packet but replaces it; a core read is answered
// by a whole packet.
func TestCorePacketCache(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		dd := dbtest.Open(t, d)
		n := policytest.CountStatements(dd)
		f := &fixture{db: dd, svc: policy.New(dd, policy.Config{}), clock: policytest.NewClock(time.Now())}
		f.member = f.account(t, "ada")
		f.reviewer = f.account(t, "rita", role.Reviewer)
		p, _ := richProblem(t, f)
		f.svc = policy.New(dd, policy.Config{}) // an empty cache
		core := func() (*policy.Packet, error) { return f.svc.ProblemCorePacket(ctx, p.ID) }
		whole := func() (*policy.Packet, error) { return f.svc.ProblemPacket(ctx, p.ID) }
		steps := []struct {
			name       string
			read       func() (*policy.Packet, error)
			statements int64
			core       bool
			cores      int
		}{
			{"first core read", core, 1, true, 1},
			{"core again", core, 0, true, 1},
			{"whole after core", whole, 1, false, 0},
			{"core after whole", core, 0, false, 0},
			{"whole again", whole, 0, false, 0},
		}
		for _, s := range steps {
			n.Store(0)
			pk, err := s.read()
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			if got := n.Load(); got != s.statements {
				t.Errorf("%s: %d statements; want %d", s.name, got, s.statements)
			}
			if pk.Core != s.core {
				t.Errorf("%s: Core = %v; want %v", s.name, pk.Core, s.core)
			}
			if st := f.svc.PacketCacheStats(); st.Cores != s.cores || st.Packets != 1 {
				t.Errorf("%s: %d packets, %d of them cores; want 1, %d", s.name, st.Packets, st.Cores, s.cores)
			}
		}
	})
}

// TestCorePacketInvalidation caches packets' cores, changes what they show
// and checks that the next core read shows the change, as a service with
// an empty cache reads it.
func TestCorePacketInvalidation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p := f.submit(t, f.member)
		q := f.submit(t, f.member)
		changes := []struct {
			name, id string
			change   func() error
		}{
			{"revise", p.ID, func() error {
				in := validInput()
				in.Title = "Erdős–Straus conjecture, restated"
				in.References = in.References[:1]
				_, _, err := f.svc.Revise(ctx, f.member, p.ID, "Restated.", in)
				return err
			}},
			{"removed", q.ID, func() error { removeProblem(t, f, q.ID); return nil }},
		}
		for _, c := range changes {
			before, err := f.svc.ProblemCorePacket(ctx, c.id)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.change(); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			fresh, err := policy.New(f.db, policy.Config{}, policy.WithClock(f.clock)).ProblemCorePacket(ctx, c.id)
			if err != nil {
				t.Fatal(err)
			}
			got, err := f.svc.ProblemCorePacket(ctx, c.id)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(coreViewOf(t, fresh), coreViewOf(t, got)); diff != "" {
				t.Errorf("after %s, core of %s (-fresh +cached):\n%s", c.name, c.id, diff)
			}
			if got.AsOf <= before.AsOf {
				t.Errorf("after %s, asOf is %d, as before it", c.name, got.AsOf)
			}
		}
	})
}
