package live_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
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
