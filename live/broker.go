// Package live delivers committed events to subscribers in sequence order:
// GraphQL subscriptions and the moderator page read from it. Every change
// writes its Event in its own transaction; after commit the broker is
// kicked — in process by the policy service (SQLite and PostgreSQL), and on
// PostgreSQL also by LISTEN/NOTIFY from every other server instance — and
// reads the new events from the database by sequence number. Because it
// always reads "everything after the last sequence I delivered", a lost
// notification or a listener reconnect only delays delivery, never loses or
// repeats an event. A subscriber that resumes from a sequence number is
// replayed the history it missed, then the live stream, with no gap and no
// duplicate.
package live

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/predicate"
)

// Tuning of the broker.
const (
	// pollInterval catches events whose notification was lost.
	pollInterval = 2 * time.Second
	// readPage is how many events one database read fetches.
	readPage = 500
	// subscriberBuffer is how far a subscriber may fall behind before it is
	// cut off; it then resumes from its last sequence number.
	subscriberBuffer = 1024
	// maxReplay bounds the history replayed to one new subscriber.
	maxReplay = 10_000
	// gapPatience is how long a gap in sequence numbers is waited for.
	gapPatience = 10 * time.Second
)

// ErrClosed is returned when subscribing to a stopped broker.
var ErrClosed = errors.New("live: broker stopped")

// Broker fans committed events out to subscribers.
type Broker struct {
	client *ent.Client
	log    *slog.Logger
	kick   chan struct{}
	// started closes once Run knows the head; subscriptions wait for it,
	// so none is registered against a head that then jumps forward.
	started chan struct{}

	mu       sync.Mutex
	last     int64 // highest sequence number dispatched
	gapSince time.Time
	subs     map[*sub]struct{}
	stopped  bool
	hooks    []func(*ent.Event)
}

// sub is one subscriber: its filter, its channel, and the events that
// arrived while its history was being replayed.
type sub struct {
	match   func(*ent.Event) bool
	ch      chan *ent.Event
	last    int64
	ready   bool
	pending []*ent.Event
	dead    bool
}

// New returns a broker reading events through client. Call Run.
func New(client *ent.Client, log *slog.Logger) *Broker {
	return &Broker{client: client, log: log, kick: make(chan struct{}, 1), started: make(chan struct{}),
		subs: map[*sub]struct{}{}}
}

// OnEvent has fn called with every event the broker reads from now on, in
// sequence order, before any subscriber sees it; fn must be quick. The
// packet cache hears other instances' commits this way.
func (b *Broker) OnEvent(fn func(*ent.Event)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.hooks = append(b.hooks, fn)
}

// EventsCommitted implements policy.Notifier.
func (b *Broker) EventsCommitted([]int64) { b.Kick() }

// Kick asks the broker to read new events now.
func (b *Broker) Kick() {
	select {
	case b.kick <- struct{}{}:
	default:
	}
}

// Run starts from the newest event and dispatches until ctx ends.
func (b *Broker) Run(ctx context.Context) error {
	head, err := Head(ctx, b.client)
	if err != nil {
		return err
	}
	b.mu.Lock()
	b.last = head
	b.mu.Unlock()
	close(b.started)
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	defer b.stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-b.kick:
		case <-t.C:
		}
		if err := b.dispatch(ctx); err != nil && ctx.Err() == nil {
			b.log.Warn("live: read events", "err", err)
		}
	}
}

// dispatch reads every event after the last one delivered and hands each
// to the subscribers it matches.
func (b *Broker) dispatch(ctx context.Context) error {
	for {
		b.mu.Lock()
		from := b.last
		b.mu.Unlock()
		evs, err := b.client.Event.Query().Where(event.SeqGT(from)).Order(ent.Asc(event.FieldSeq)).Limit(readPage).All(ctx)
		if err != nil {
			return err
		}
		if len(evs) == 0 {
			return nil
		}
		b.mu.Lock()
		for _, ev := range evs {
			if ev.Seq != b.last+1 {
				// Sequence numbers are allocated and committed in order,
				// so a gap is a commit not yet visible: wait for it. Only
				// a log edited behind the application's back keeps one;
				// then skip it after a while (verify-log will name it).
				if b.gapSince.IsZero() {
					b.gapSince = time.Now()
				}
				if time.Since(b.gapSince) < gapPatience {
					break
				}
				b.log.Warn("live: event sequence has a gap; skipping it", "after", b.last, "next", ev.Seq)
			}
			b.gapSince = time.Time{}
			b.last = ev.Seq
			for _, fn := range b.hooks {
				fn(ev)
			}
			for s := range b.subs {
				s.offer(ev)
			}
		}
		b.mu.Unlock()
		if len(evs) < readPage {
			return nil
		}
	}
}

// offer gives ev to s if it matches; the caller holds the broker's lock.
func (s *sub) offer(ev *ent.Event) {
	if s.dead || ev.Seq <= s.last || !s.match(ev) {
		return
	}
	if !s.ready {
		s.pending = append(s.pending, ev)
		return
	}
	select {
	case s.ch <- ev:
		s.last = ev.Seq
	default:
		// Too slow: end the stream; the client resumes from s.last.
		s.dead = true
		close(s.ch)
	}
}

// Subscribe streams the events matching match (and where, the same filter
// in SQL, for the replay) with sequence numbers above after, in order,
// until ctx ends. The channel closes when the stream ends.
func (b *Broker) Subscribe(ctx context.Context, after int64, where predicate.Event, match func(*ent.Event) bool) (<-chan *ent.Event, error) {
	select {
	case <-b.started:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	s := &sub{match: match, ch: make(chan *ent.Event, subscriberBuffer), last: after}
	b.mu.Lock()
	if b.stopped {
		b.mu.Unlock()
		return nil, ErrClosed
	}
	b.subs[s] = struct{}{}
	head := b.last
	b.mu.Unlock()

	// Replay what the subscriber missed, up to the head at registration;
	// live events after it queue in s.pending meanwhile.
	var history []*ent.Event
	if after < head {
		var err error
		history, err = b.client.Event.Query().Where(where, event.SeqGT(after), event.SeqLTE(head)).
			Order(ent.Asc(event.FieldSeq)).Limit(maxReplay).All(ctx)
		if err != nil {
			b.remove(s)
			return nil, err
		}
	}
	go func() {
		for _, ev := range history {
			select {
			case s.ch <- ev:
			case <-ctx.Done():
				b.remove(s)
				return
			}
		}
		b.mu.Lock()
		s.last = max(s.last, head)
		s.ready = true
		pending := s.pending
		s.pending = nil
		for _, ev := range pending {
			s.offer(ev)
		}
		b.mu.Unlock()
		<-ctx.Done()
		b.remove(s)
	}()
	return s.ch, nil
}

func (b *Broker) remove(s *sub) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.subs[s]; !ok {
		return
	}
	delete(b.subs, s)
	if !s.dead {
		s.dead = true
		close(s.ch)
	}
}

func (b *Broker) stop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stopped = true
	for s := range b.subs {
		delete(b.subs, s)
		if !s.dead {
			s.dead = true
			close(s.ch)
		}
	}
}

// Subscribers counts the open subscriptions, for metrics and tests.
func (b *Broker) Subscribers() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs)
}

// Head is the sequence number of the newest event, 0 when there is none.
func Head(ctx context.Context, c *ent.Client) (int64, error) {
	seqs, err := c.Event.Query().Order(ent.Desc(event.FieldSeq)).Limit(1).Select(event.FieldSeq).Ints(ctx)
	if err != nil || len(seqs) == 0 {
		return 0, err
	}
	return int64(seqs[0]), nil
}
