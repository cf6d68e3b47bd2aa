package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/theoremdb/theoremdb/graph"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/viewer"
)

// fanout runs one execution of a subscription for all the subscribers
// that sent the same document, operation name and variables as the same
// viewer (anonymous, or one account with the same roles), and sends each
// response, encoded once, to all of them: one subscription to the
// broker, one run of the selection per event, one frame per protocol and
// subscription id, however many subscribers there are.
//
// Each such execution is a group. A subscriber joins the group of its key
// only if the group's stream from then on is what a stream of its own
// would be: a stream from a fixed sequence number (after:) only before it
// has sent anything; a live stream (no after:, the moderation queue) as
// long as it has sent nothing past the newest event at the subscriber's
// start, and the subscriber is then sent only the events after that one
// (graph.SharedStream tells the group which event each response is of).
// Otherwise the subscriber starts a new group, which later subscribers of
// the key join.
type fanout struct {
	mu     sync.Mutex
	groups map[string]*group // the group new subscribers of a key try
}

func newFanout() *fanout { return &fanout{groups: map[string]*group{}} }

// group is one execution and its subscribers.
type group struct {
	f     *fanout
	key   string
	ready chan struct{} // closed once the resolver has run
	size  atomic.Int32  // len(members), for live.Audience
	// cancel ends the execution (its broker subscription among it).
	cancel context.CancelFunc

	mu      sync.Mutex
	members []*member
	closed  bool // ended, or left by everyone: joins no one
	started bool // the resolver has begun the stream (Start)
	live    bool
	emitted int     // responses sent
	lastSeq int64   // the newest event sent
	pending []int64 // the events of values handed over, not yet sent

	snap []*member // the run goroutine's copy of members
}

// member is one subscription of a connection, and its place in a group
// (none for a query or mutation sent over the socket).
type member struct {
	c  *wsConn
	id string

	// Set before the member is published to a group's run goroutine.
	g     *group
	index int   // in g.members; g.mu
	from  int64 // events at or before it are not this member's

	// Guarded by c.sock.mu.
	queued int  // frames waiting in the socket's queue
	done   bool // no more frames

	// Guarded by c.mu.
	starting bool               // its start is running
	stopped  bool               // to be finished once started
	finished bool               // let go of
	release  func()             // its place under the connection's limit
	cancel   context.CancelFunc // a query's or mutation's execution
}

// Members implements live.Audience.
func (g *group) Members() int { return int(g.size.Load()) }

// Start implements graph.SharedStream.
func (g *group) Start(live bool) {
	g.mu.Lock()
	g.started, g.live = true, live
	g.mu.Unlock()
}

// Sending implements graph.SharedStream.
func (g *group) Sending(seq int64) {
	g.mu.Lock()
	g.pending = append(g.pending, seq)
	g.mu.Unlock()
}

// viewerClass is the part of a group's key that says who is asking.
func viewerClass(ctx context.Context) string {
	a := viewer.From(ctx)
	if a == nil {
		return "anonymous"
	}
	roles := make([]string, len(a.Roles))
	for i, r := range a.Roles {
		roles[i] = string(r)
	}
	slices.Sort(roles)
	return "account " + a.ID + " " + strings.Join(roles, ",")
}

// groupKey is the key of the subscription of rc as the viewer of ctx.
func groupKey(ctx context.Context, rc *graphql.OperationContext) (string, error) {
	vars, err := json.Marshal(rc.Variables) // a map's keys in order
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s\x00%s\x00%s\x00%s", viewerClass(ctx), rc.OperationName, vars, rc.RawQuery), nil
}

// join makes m a member of a group of key, starting one with rc if none
// will do. ctx is m's operation's; head reads the newest event. It
// returns with m in no group only when ctx has ended.
func (f *fanout) join(ctx context.Context, key string, m *member, rc *graphql.OperationContext,
	exec graphql.GraphExecutor, head func(context.Context) (int64, error)) {
	for tries := 0; ctx.Err() == nil; tries++ {
		f.mu.Lock()
		g := f.groups[key]
		if g == nil {
			g = &group{f: f, key: key, ready: make(chan struct{})}
			f.groups[key] = g
			g.mu.Lock()
			g.addLocked(m, 0)
			g.mu.Unlock()
			f.mu.Unlock()
			g.start(ctx, rc, exec)
			return
		}
		f.mu.Unlock()

		select {
		case <-g.ready:
		case <-ctx.Done():
			return
		}
		g.mu.Lock()
		isLive, ok := g.live, g.started && !g.closed
		g.mu.Unlock()
		var from int64
		if ok && isLive {
			var err error
			if from, err = head(ctx); err != nil {
				ok = false
			}
		}
		f.mu.Lock()
		g.mu.Lock()
		if ok && f.groups[key] == g && !g.closed && (isLive && g.lastSeq <= from || !isLive && g.emitted == 0) {
			g.addLocked(m, from)
			g.mu.Unlock()
			f.mu.Unlock()
			return
		}
		// g will not do. A live stream that has sent an event past the
		// head just read (an event came meanwhile) is tried again with a
		// newer head; otherwise this subscriber and those after it get a
		// new group.
		if f.groups[key] == g && (!ok || !isLive || tries >= 2) {
			delete(f.groups, key)
		}
		g.mu.Unlock()
		f.mu.Unlock()
	}
}

func (g *group) addLocked(m *member, from int64) {
	m.g, m.from, m.index = g, from, len(g.members)
	g.members = append(g.members, m)
	g.size.Add(1)
}

// leave takes m out of g; the last member to leave ends the execution.
func (g *group) leave(m *member) {
	g.mu.Lock()
	if m.index < 0 || m.index >= len(g.members) || g.members[m.index] != m {
		g.mu.Unlock()
		return
	}
	last := len(g.members) - 1
	g.members[m.index] = g.members[last]
	g.members[m.index].index = m.index
	g.members[last] = nil
	g.members = g.members[:last]
	m.index = -1
	g.size.Add(-1)
	empty := len(g.members) == 0 && !g.closed
	g.mu.Unlock()
	if !empty {
		return
	}
	g.f.mu.Lock()
	g.mu.Lock()
	if len(g.members) == 0 && !g.closed {
		g.closed = true
		if g.f.groups[g.key] == g {
			delete(g.f.groups, g.key)
		}
	} else {
		empty = false // joined meanwhile
	}
	g.mu.Unlock()
	g.f.mu.Unlock()
	if empty {
		<-g.ready // cancel is set by then
		g.cancel()
	}
}

// start runs the resolver of the group's first member's operation, in a
// context that is that member's without its connection: the connection's
// limits count each member apart, and a resolver that closes "its"
// socket closes every member's.
func (g *group) start(mctx context.Context, rc *graphql.OperationContext, exec graphql.GraphExecutor) {
	ctx := context.WithoutCancel(mctx)
	ctx = context.WithValue(ctx, socketControlKey{}, (*socketControl)(nil))
	ctx = graph.WithSocketCloser(ctx, g.closeMembers)
	ctx = graph.WithSharedStream(ctx, g)
	ctx = live.WithAudience(ctx, g)
	ctx, g.cancel = context.WithCancel(ctx)
	responses, rctx, err := dispatch(ctx, rc, exec)
	close(g.ready)
	if err != nil {
		g.fail(err)
		return
	}
	go g.run(responses, rctx)
}

// dispatch starts rc's execution, turning a panic into an error.
func dispatch(ctx context.Context, rc *graphql.OperationContext, exec graphql.GraphExecutor) (
	responses graphql.ResponseHandler, rctx context.Context, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = rc.Recover(ctx, v)
			if err == nil {
				err = errors.New("internal error")
			}
		}
	}()
	responses, rctx = exec.DispatchOperation(ctx, rc)
	return responses, rctx, nil
}

// closeMembers closes the socket of every member (graph.WithSocketCloser).
func (g *group) closeMembers(code int, reason string) {
	g.mu.Lock()
	ms := slices.Clone(g.members)
	g.mu.Unlock()
	for _, m := range ms {
		m.c.ctl.close(code, reason)
	}
}

// run sends each response to the members until the stream ends, and then
// completes every member's subscription.
func (g *group) run(responses graphql.ResponseHandler, ctx context.Context) {
	defer func() {
		if v := recover(); v != nil {
			log.Printf("subscription panic: %v\n%s", v, debug.Stack())
			g.fail(fmt.Errorf("internal error"))
			return
		}
		g.end()
	}()
	for {
		resp := responses(ctx)
		if resp == nil {
			return
		}
		payload, err := json.Marshal(resp)
		if err != nil {
			panic(err)
		}
		g.mu.Lock()
		var seq int64
		if len(g.pending) > 0 {
			seq = g.pending[0]
			g.pending = g.pending[1:]
		}
		g.emitted++
		g.lastSeq = max(g.lastSeq, seq)
		g.snap = append(g.snap[:0], g.members...)
		g.mu.Unlock()
		g.deliver(g.snap, payload, seq)
		clear(g.snap)
	}
}

// fanoutChunk is how many members one goroutine sends a response to:
// larger groups are sent to on every core.
const fanoutChunk = 512

// deliver sends payload (event seq's, or 0) to members as a next
// message of each one's protocol and id, encoding the frame once per
// protocol and id.
func (g *group) deliver(members []*member, payload []byte, seq int64) {
	workers := min(runtime.GOMAXPROCS(0), (len(members)+fanoutChunk-1)/fanoutChunk)
	if workers <= 1 {
		sendAll(members, payload, seq)
		return
	}
	var wg sync.WaitGroup
	per := (len(members) + workers - 1) / workers
	for i := 0; i < len(members); i += per {
		part := members[i:min(i+per, len(members))]
		if i+per >= len(members) {
			sendAll(part, payload, seq)
			break
		}
		wg.Go(func() { sendAll(part, payload, seq) })
	}
	wg.Wait()
}

func sendAll(members []*member, payload []byte, seq int64) {
	var frames frameCache
	for _, m := range members {
		if m.c.sock.send(frames.next(m, payload), m, seq) {
			m.c.finish(m, false) // too far behind: completed by send
		}
	}
}

// frameCache keeps the next frames of one response by protocol and id:
// nearly always one.
type frameCache struct {
	legacy bool
	id     string
	frame  []byte
	more   map[[2]string][]byte
}

func (fc *frameCache) next(m *member, payload []byte) []byte {
	if fc.frame != nil && fc.legacy == m.c.legacy && fc.id == m.id {
		return fc.frame
	}
	if fc.frame == nil {
		fc.legacy, fc.id, fc.frame = m.c.legacy, m.id, m.c.message("next", m.id, payload)
		return fc.frame
	}
	k := [2]string{m.c.protocol(), m.id}
	b, ok := fc.more[k]
	if !ok {
		if fc.more == nil {
			fc.more = map[[2]string][]byte{}
		}
		b = m.c.message("next", m.id, payload)
		fc.more[k] = b
	}
	return b
}

// end completes the subscription of every member: the stream has ended.
func (g *group) end() {
	ms := g.close()
	for _, m := range ms {
		m.c.finish(m, true)
	}
	g.cancel()
}

// fail sends err to every member, as the error of its subscription, and
// completes it.
func (g *group) fail(err error) {
	ms := g.close()
	var gerr *gqlerror.Error
	if !errors.As(err, &gerr) {
		gerr = &gqlerror.Error{Message: err.Error()}
	}
	for _, m := range ms {
		m.c.sendError(m.id, gerr)
		m.c.finish(m, true)
	}
	g.cancel()
}

// close ends g for joiners and returns its members, which are its no more.
func (g *group) close() []*member {
	g.f.mu.Lock()
	if g.f.groups[g.key] == g {
		delete(g.f.groups, g.key)
	}
	g.mu.Lock()
	g.closed = true
	ms := g.members
	g.members = nil
	for _, m := range ms {
		m.index = -1
	}
	g.size.Store(0)
	g.mu.Unlock()
	g.f.mu.Unlock()
	return ms
}
