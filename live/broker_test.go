package live_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestSubscribersSeeEveryEventOnceInOrder runs writers and subscribers
// that join at different points, some resuming from an old sequence
// number, and checks each sees exactly the events after its starting
// point, in order.
func TestSubscribersSeeEveryEventOnceInOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		d := dbtest.Open(t, dialectName)
		b := live.New(d.Ent(), quiet)
		svc := policy.New(d, policy.Config{}, policy.WithNotifier(b))
		done := make(chan struct{})
		go func() { _ = b.Run(ctx); close(done) }()
		defer func() { cancel(); <-done }()

		const writers, each = 4, 15
		all := func(*ent.Event) bool { return true }
		type result struct {
			after int64
			seqs  []int64
		}
		results := make([]*result, 6)
		var wg sync.WaitGroup
		subscribe := func(i int, after int64) {
			ch, err := b.Subscribe(ctx, after, event.SeqGT(0), all)
			if err != nil {
				t.Error(err)
				return
			}
			r := &result{after: after}
			results[i] = r
			wg.Go(func() {
				deadline := time.After(30 * time.Second)
				for {
					select {
					case ev, ok := <-ch:
						if !ok {
							return
						}
						r.seqs = append(r.seqs, ev.Seq)
						if ev.Seq == int64(writers*each) {
							return
						}
					case <-deadline:
						return
					}
				}
			})
		}
		subscribe(0, 0)
		var ww sync.WaitGroup
		for w := range writers {
			ww.Go(func() {
				for i := range each {
					if _, err := svc.CreateAccount(ctx, fmt.Sprintf("w%d-%d", w, i), "", nil); err != nil {
						t.Error(err)
						return
					}
					if w == 0 && i == 5 {
						subscribe(1, 0) // joins late, replays from the start
						subscribe(2, 3) // resumes after event 3
					}
				}
			})
		}
		ww.Wait()
		subscribe(3, int64(writers*each)-2) // joins after the writes: the last two
		wg.Wait()
		for i, r := range results {
			if r == nil {
				continue
			}
			want := int64(writers*each) - r.after
			if int64(len(r.seqs)) != want {
				t.Errorf("subscriber %d (after %d) got %d events; want %d", i, r.after, len(r.seqs), want)
			}
			for j, s := range r.seqs {
				if s != r.after+int64(j)+1 {
					t.Fatalf("subscriber %d (after %d): event %d has seq %d; want %d", i, r.after, j, s, r.after+int64(j)+1)
				}
			}
		}
	})
}

// liveEnv is a broker running over a fresh database, and a way to commit
// events through the policy service.
type liveEnv struct {
	b      *live.Broker
	accts  int
	commit func(n int) // commits n events
}

func newLiveEnv(t *testing.T, ctx context.Context, dialectName string, behind, replay int) *liveEnv {
	d := dbtest.Open(t, dialectName)
	b := live.New(d.Ent(), quiet)
	b.SetLimits(behind, replay)
	svc := policy.New(d, policy.Config{}, policy.WithNotifier(b))
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = b.Run(runCtx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
	e := &liveEnv{b: b}
	e.commit = func(n int) {
		t.Helper()
		for range n {
			e.accts++
			if _, err := svc.CreateAccount(ctx, fmt.Sprintf("acct%d", e.accts), "", nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	return e
}

// receive reads ch until it closes or its events reach seq until, failing
// after 30 s, and returns their sequence numbers and whether ch closed.
func receive(t *testing.T, ch <-chan *ent.Event, until int64) (seqs []int64, closed bool) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				return seqs, true
			}
			seqs = append(seqs, ev.Seq)
			if ev.Seq >= until {
				return seqs, false
			}
		case <-deadline:
			t.Fatalf("after 30 s, got %v; want up to %d", seqs, until)
		}
	}
}

// consecutive fails unless seqs are after+1, after+2, ….
func consecutive(t *testing.T, what string, seqs []int64, after int64) {
	t.Helper()
	for i, s := range seqs {
		if s != after+int64(i)+1 {
			t.Fatalf("%s: event %d has seq %d; want %d (all: %v)", what, i, s, after+int64(i)+1, seqs)
		}
	}
}

// TestSlowSubscriberIsCutOffAndResumes: a subscriber that does not read
// while more events than it may fall behind by are committed has its
// stream ended, after an unbroken run of events; resuming from the last
// one it got gives the rest, with no gap and no duplicate. A burst larger
// than its channel but within the limit arrives whole, on a stream that
// stays open.
func TestSlowSubscriberIsCutOffAndResumes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		const behind = 40
		e := newLiveEnv(t, ctx, dialectName, behind, 10_000)
		all := func(*ent.Event) bool { return true }

		// A burst of 30 (over the channel's 16, within 40) while nobody reads.
		burstCtx, endBurst := context.WithCancel(ctx)
		burst, err := e.b.Subscribe(burstCtx, 0, event.SeqGT(0), all)
		if err != nil {
			t.Fatal(err)
		}
		e.commit(30)
		seqs, closed := receive(t, burst, 30)
		if closed || len(seqs) != 30 {
			t.Fatalf("burst: got %v (closed %v); want 1…30 on an open stream", seqs, closed)
		}
		consecutive(t, "burst", seqs, 0)
		e.commit(1)
		if seqs, closed := receive(t, burst, 31); closed || len(seqs) != 1 || seqs[0] != 31 {
			t.Fatalf("after the burst: got %v (closed %v); want 31", seqs, closed)
		}
		endBurst()
		if _, closed := receive(t, burst, 1000); !closed {
			t.Fatal("the stream did not end with its context")
		}

		// 100 events while nobody reads: cut off.
		slow, err := e.b.Subscribe(ctx, 31, event.SeqGT(0), all)
		if err != nil {
			t.Fatal(err)
		}
		e.commit(100)
		for end := time.Now().Add(30 * time.Second); e.b.Subscribers() > 0; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(end) {
				t.Fatalf("the slow subscriber was not cut off: %d subscribers", e.b.Subscribers())
			}
		}
		got, closed := receive(t, slow, 1000)
		if !closed {
			t.Fatalf("the slow subscriber's stream did not end: got %v", got)
		}
		if len(got) < 16 || len(got) > behind {
			t.Fatalf("the slow subscriber got %d events before the end; want 16 to %d", len(got), behind)
		}
		consecutive(t, "slow subscriber", got, 31)

		last := got[len(got)-1]
		resumed, err := e.b.Subscribe(ctx, last, event.SeqGT(0), all)
		if err != nil {
			t.Fatal(err)
		}
		rest, closed := receive(t, resumed, 131)
		if closed {
			t.Fatalf("the resumed stream ended: got %v", rest)
		}
		consecutive(t, "resumed", rest, last)
		if rest[len(rest)-1] != 131 {
			t.Fatalf("resumed: got %v; want up to 131", rest)
		}
	})
}

// TestLongReplayEndsAndResumes: a subscriber that missed more events than
// one replay gives gets that many, then its stream ends; resuming from the
// last one continues with no gap, up to the live stream.
func TestLongReplayEndsAndResumes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		e := newLiveEnv(t, ctx, dialectName, 1024, 10)
		all := func(*ent.Event) bool { return true }
		watch, err := e.b.Subscribe(ctx, 0, event.SeqGT(0), all)
		if err != nil {
			t.Fatal(err)
		}
		e.commit(25)
		receive(t, watch, 25) // the broker has read them all
		var after int64
		for _, want := range []struct {
			n      int
			closed bool
		}{{10, true}, {10, true}, {5, false}} {
			ch, err := e.b.Subscribe(ctx, after, event.SeqGT(0), all)
			if err != nil {
				t.Fatal(err)
			}
			until := after + int64(want.n)
			if !want.closed {
				e.commit(1) // and the live stream follows the replay
				until++
			}
			limit := until
			if want.closed {
				limit = math.MaxInt64 // read to the end
			}
			seqs, closed := receive(t, ch, limit)
			if closed != want.closed || int64(len(seqs)) != until-after {
				t.Fatalf("after %d: got %v (closed %v); want %d…%d (closed %v)", after, seqs, closed, after+1, until, want.closed)
			}
			consecutive(t, fmt.Sprintf("after %d", after), seqs, after)
			after = seqs[len(seqs)-1]
		}
	})
}

// audience is a number of subscribers standing behind one subscription.
type audience struct{ n atomic.Int32 }

func (a *audience) Members() int { return int(a.n.Load()) }

// TestAudienceCountsAsItsMembers: a subscription made with an Audience
// counts as its members in Subscribers, and as one in Streams.
func TestAudienceCountsAsItsMembers(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e := newLiveEnv(t, ctx, "sqlite3", 1024, 10_000)
	all := func(*ent.Event) bool { return true }
	a := &audience{}
	a.n.Store(3)
	shared, stopShared := context.WithCancel(live.WithAudience(ctx, a))
	if _, err := e.b.Subscribe(shared, 0, event.SeqGT(0), all); err != nil {
		t.Fatal(err)
	}
	if _, err := e.b.Subscribe(ctx, 0, event.SeqGT(0), all); err != nil {
		t.Fatal(err)
	}
	if got, streams := e.b.Subscribers(), e.b.Streams(); got != 4 || streams != 2 {
		t.Errorf("Subscribers() = %d, Streams() = %d; want 4 and 2", got, streams)
	}
	a.n.Store(5)
	if got := e.b.Subscribers(); got != 6 {
		t.Errorf("with 5 members, Subscribers() = %d; want 6", got)
	}
	stopShared()
	for end := time.Now().Add(5 * time.Second); e.b.Streams() != 1; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("Streams() = %d after the shared subscription ended; want 1", e.b.Streams())
		}
	}
	if got := e.b.Subscribers(); got != 1 {
		t.Errorf("Subscribers() = %d; want 1", got)
	}
}
