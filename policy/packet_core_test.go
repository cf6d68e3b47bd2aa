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

// briefViewOf is what a packet's brief holds of its core: the problem
// whole, and of the current revision, its references and their sources the
// columns the brief statement reads.
func briefViewOf(t *testing.T, pk *policy.Packet) coreView {
	t.Helper()
	v := coreViewOf(t, pk)
	v.Current = only(v.Current, "id", "problem_id", "number", "title", "statement", "author_id", "created_at")
	for i := range v.References {
		v.References[i] = only(v.References[i], "id", "revision_id", "source_id", "position", "role", "rejected")
		v.Sources[i] = only(v.Sources[i], "id", "identifier", "kind", "licence_class", "confirmation")
	}
	return v
}

// only is the plain value v with keys alone.
func only(v any, keys ...string) any {
	m, _ := v.(map[string]any)
	out := make(map[string]any, len(keys))
	for _, k := range keys {
		if x, ok := m[k]; ok {
			out[k] = x
		}
	}
	return out
}

// TestBriefPacketEqualsCore reads packets' briefs from an empty cache and
// holds them to the columns they read of the same problems' cores, asOf
// included, on a problem with something in every part, a merged one and a
// removed one; the columns a brief does not read are zero in it.
func TestBriefPacketEqualsCore(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		p, other := richProblem(t, f)
		removed := f.submit(t, f.member)
		removeProblem(t, f, removed.ID)
		for _, ref := range []string{p.ID, other.ID, removed.ID, p.Slug, "tdb-1"} {
			brief, err := policy.New(f.db, policy.Config{}, policy.WithClock(f.clock)).ProblemBriefPacket(ctx, ref)
			if err != nil {
				t.Fatalf("ProblemBriefPacket(%s) = %v", ref, err)
			}
			if !brief.Brief || !brief.Core {
				t.Errorf("ProblemBriefPacket(%s) from an empty cache: Brief %v, Core %v; want both", ref, brief.Brief, brief.Core)
			}
			core, err := policy.New(f.db, policy.Config{}).ProblemCorePacket(ctx, ref)
			if err != nil {
				t.Fatal(err)
			}
			if core.Brief {
				t.Errorf("ProblemCorePacket(%s) is a brief", ref)
			}
			if diff := cmp.Diff(briefViewOf(t, core), briefViewOf(t, brief)); diff != "" {
				t.Errorf("brief of %s (-core +brief):\n%s", ref, diff)
			}
			if cur := brief.Rev(); cur.Exposition != nil || cur.Acceptance.Kind != "" {
				t.Errorf("the brief of %s holds its revision's exposition or acceptance", ref)
			}
			if refs := brief.Rev().Edges.References; len(refs) > 0 && refs[0].Citation != "" {
				t.Errorf("the brief of %s holds its references' citations", ref)
			}
		}
		if _, err := f.svc.ProblemBriefPacket(ctx, "TDB-999"); err == nil {
			t.Error("ProblemBriefPacket(TDB-999) found something")
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

// TestCorePacketCache counts the statements of brief, core and whole
// reads on one cache: a brief or core read is one statement and is then
// kept; a read of more is not answered by a packet holding less but
// replaces it; a read of less is answered by a packet holding more.
func TestCorePacketCache(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		dd := dbtest.Open(t, d)
		n := dbtest.CountStatements(dd)
		f := &fixture{db: dd, svc: policy.New(dd, policy.Config{}), clock: policytest.NewClock(time.Now())}
		f.member = f.account(t, "ada")
		f.reviewer = f.account(t, "rita", role.Reviewer)
		p, _ := richProblem(t, f)
		f.svc = policy.New(dd, policy.Config{}) // an empty cache
		brief := func() (*policy.Packet, error) { return f.svc.ProblemBriefPacket(ctx, p.ID) }
		core := func() (*policy.Packet, error) { return f.svc.ProblemCorePacket(ctx, p.ID) }
		whole := func() (*policy.Packet, error) { return f.svc.ProblemPacket(ctx, p.ID) }
		steps := []struct {
			name        string
			read        func() (*policy.Packet, error)
			statements  int64
			core, brief bool
			cores       int
		}{
			{"first brief read", brief, 1, true, true, 1},
			{"brief again", brief, 0, true, true, 1},
			{"core after brief", core, 1, true, false, 1},
			{"core again", core, 0, true, false, 1},
			{"brief after core", brief, 0, true, false, 1},
			{"whole after core", whole, 1, false, false, 0},
			{"core after whole", core, 0, false, false, 0},
			{"brief after whole", brief, 0, false, false, 0},
			{"whole again", whole, 0, false, false, 0},
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
			if pk.Core != s.core || pk.Brief != s.brief {
				t.Errorf("%s: Core = %v, Brief = %v; want %v, %v", s.name, pk.Core, pk.Brief, s.core, s.brief)
			}
			if st := f.svc.PacketCacheStats(); st.Cores != s.cores || st.Packets != 1 {
				t.Errorf("%s: %d packets, %d of them cores; want 1, %d", s.name, st.Packets, st.Cores, s.cores)
			}
		}
	})
}

// TestCorePacketInvalidation caches packets' cores (and, on a second
// fixture, their briefs), changes what they show and checks that the next
// read shows the change, as a service with an empty cache reads it.
func TestCorePacketInvalidation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		t.Run("core", func(t *testing.T) {
			partInvalidation(t, d, (*policy.Service).ProblemCorePacket, coreViewOf)
		})
		t.Run("brief", func(t *testing.T) {
			partInvalidation(t, d, (*policy.Service).ProblemBriefPacket, briefViewOf)
		})
	})
}

func partInvalidation(t *testing.T, d string, read func(*policy.Service, context.Context, string) (*policy.Packet, error),
	view func(*testing.T, *policy.Packet) coreView) {
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
		before, err := read(f.svc, ctx, c.id)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.change(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		fresh, err := read(policy.New(f.db, policy.Config{}, policy.WithClock(f.clock)), ctx, c.id)
		if err != nil {
			t.Fatal(err)
		}
		got, err := read(f.svc, ctx, c.id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(view(t, fresh), view(t, got)); diff != "" {
			t.Errorf("after %s, %s (-fresh +cached):\n%s", c.name, c.id, diff)
		}
		if got.AsOf <= before.AsOf {
			t.Errorf("after %s, asOf is %d, as before it", c.name, got.AsOf)
		}
	}
}
