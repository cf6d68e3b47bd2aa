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
	// maxBehind is how far a subscriber may fall behind before it is cut
	// off: its stream ends, and it resumes from its last sequence number.
	maxBehind = MaxBehind
	// subscriberBuffer is the capacity of a subscriber's channel. Events
	// past it, up to maxBehind, queue in the subscriber's backlog, which a
	// goroutine of its own hands over while there is one: an idle
	// subscription costs a small channel and no goroutine.
	subscriberBuffer = 16
	// maxReplay bounds the history replayed to one new subscriber.
	maxReplay = 10_000
	// gapPatience is how long a gap in sequence numbers is waited for.
	gapPatience = 10 * time.Second
)

// MaxBehind is how many events a subscriber may have waiting for it before
// its stream ends (and its client resumes from the last one it received).
// A transport that sends one subscription's events to several subscribers
// holds each of them to it too.
const MaxBehind = 1024

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
	// maxBehind and maxReplay, which tests lower.
	behind, replay int
}

// sub is one subscriber: its filter, its channel, and its backlog: the
// events accepted for it that its channel had no room for, or that arrived
// while its history was being replayed.
//
// A sub is direct (the broker sends into ch without blocking) or pumping
// (a goroutine of its own, pump, sends its history and then its backlog
// into ch, blocking, and new events join the backlog). The fields are
// guarded by the broker's lock; ch is closed once, when the stream ends, by
// whoever holds it: the broker for a direct sub, the pump for a pumping one.
type sub struct {
	match   func(*ent.Event) bool
	ch      chan *ent.Event
	last    int64 // highest sequence number accepted into the stream
	pumping bool
	backlog []*ent.Event
	dead    bool
	done    <-chan struct{} // the subscription's context's
	aud     Audience        // the subscribers it stands for; nil: one
}

// An Audience is the subscribers that one subscription stands for when a
// transport sends its events to several (identical subscriptions share
// one). Subscribers counts them rather than the subscription.
type Audience interface {
	// Members is how many subscribers there are now.
	Members() int
}

type audienceKey struct{}

// WithAudience has the subscription made with ctx count as a's members.
func WithAudience(ctx context.Context, a Audience) context.Context {
	return context.WithValue(ctx, audienceKey{}, a)
}

// New returns a broker reading events through client. Call Run.
func New(client *ent.Client, log *slog.Logger) *Broker {
	return &Broker{client: client, log: log, kick: make(chan struct{}, 1), started: make(chan struct{}),
		subs: map[*sub]struct{}{}, behind: maxBehind, replay: maxReplay}
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
				b.offer(s, ev)
			}
		}
		b.mu.Unlock()
		if len(evs) < readPage {
			return nil
		}
	}
}

// offer gives ev to s if it matches; the caller holds the broker's lock.
func (b *Broker) offer(s *sub, ev *ent.Event) {
	if s.dead || ev.Seq <= s.last || !s.match(ev) {
		return
	}
	if !s.pumping {
		select {
		case s.ch <- ev:
			s.last = ev.Seq
			return
		default: // the channel is full: queue from now on
			s.pumping = true
			go b.pump(s, nil)
		}
	}
	if len(s.ch)+len(s.backlog) >= b.behind {
		// Too slow: end the stream; the client resumes from the last event
		// it received.
		b.end(s)
		return
	}
	s.backlog = append(s.backlog, ev)
	s.last = ev.Seq
}

// end ends s's stream and forgets it; the caller holds the broker's lock.
// The channel of a pumping sub closes when its pump stops, after the batch
// it is sending; the rest of its backlog is dropped. Either way the stream
// has no gap: it stops after some event, and its client resumes from there.
func (b *Broker) end(s *sub) {
	delete(b.subs, s)
	s.end()
}

func (s *sub) end() {
	if s.dead {
		return
	}
	s.dead = true
	if !s.pumping {
		close(s.ch)
	}
}

// pump sends batch and then s's backlog into s's channel, in order, until
// the backlog is empty: s is then direct again, or, if it ended meanwhile,
// closed. It gives up when s's subscription ends.
func (b *Broker) pump(s *sub, batch []*ent.Event) {
	for {
		for _, ev := range batch {
			select {
			case s.ch <- ev:
			case <-s.done:
				b.mu.Lock()
				b.end(s)
				s.pumping = false
				close(s.ch)
				b.mu.Unlock()
				return
			}
		}
		b.mu.Lock()
		if len(s.backlog) == 0 || s.dead {
			s.pumping = false
			s.backlog = nil
			if s.dead {
				close(s.ch)
			}
			b.mu.Unlock()
			return
		}
		batch, s.backlog = s.backlog, nil
		b.mu.Unlock()
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
	b.mu.Lock()
	if b.stopped {
		b.mu.Unlock()
		return nil, ErrClosed
	}
	head := b.last
	// Until its history is replayed, live events queue in its backlog.
	aud, _ := ctx.Value(audienceKey{}).(Audience)
	s := &sub{match: match, ch: make(chan *ent.Event, subscriberBuffer), last: max(after, head),
		pumping: after < head, done: ctx.Done(), aud: aud}
	b.subs[s] = struct{}{}
	b.mu.Unlock()

	// Replay what the subscriber missed, up to the head at registration.
	if after < head {
		history, err := b.client.Event.Query().Where(where, event.SeqGT(after), event.SeqLTE(head)).
			Order(ent.Asc(event.FieldSeq)).Limit(b.replay).All(ctx)
		if err != nil {
			b.mu.Lock()
			b.end(s) // pumping, so not closed: nobody has the channel
			b.mu.Unlock()
			return nil, err
		}
		if len(history) == b.replay {
			// More is missed than one replay gives: the stream ends after
			// it, and the client resumes from its last event, as one that
			// fell behind.
			b.mu.Lock()
			b.end(s)
			b.mu.Unlock()
		}
		go b.pump(s, history)
	}
	context.AfterFunc(ctx, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.end(s)
	})
	return s.ch, nil
}

func (b *Broker) stop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stopped = true
	for s := range b.subs {
		b.end(s)
	}
}

// Subscribers counts the open subscriptions, for metrics and tests: a
// subscription with an Audience counts as its members.
func (b *Broker) Subscribers() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for s := range b.subs {
		if s.aud != nil {
			n += s.aud.Members()
		} else {
			n++
		}
	}
	return n
}

// Streams counts the broker's own subscriptions, however many subscribers
// each stands for.
func (b *Broker) Streams() int {
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
