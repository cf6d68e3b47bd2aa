package api

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/graph"
	"github.com/theoremdb/theoremdb/throttle"
)

// socketControl lets a resolver close the socket it runs on with its own
// close code: the resolver records the code and cancels the connection's
// context; the transport then closes the socket with that code.
//
// It also counts the connection's subscriptions and holds what must be
// released when the connection ends.
type socketControl struct {
	mu       sync.Mutex
	code     int
	reason   string
	cancel   context.CancelFunc
	subs     int
	maxSubs  int
	starts   *throttle.Buckets // subscriptions started, by client address
	ip       string
	guard    *guard
	refused  string // why the connection is refused at connection_init
	releases []func()
	adopted  bool // a transport's goroutine holds the connection
	finished bool
}

// close records the close code and ends the connection; the first code
// wins.
func (c *socketControl) close(code int, reason string) {
	c.mu.Lock()
	first := c.code == 0
	if first {
		c.code, c.reason = code, reason
	}
	c.mu.Unlock()
	if code == CloseTooMany && c.guard != nil {
		c.guard.refused(c.ip)
	}
	if first { // later calls find the connection closing already
		time.AfterFunc(50*time.Millisecond, c.cancel) // let the error message go out first
	}
}

func (c *socketControl) onClose(f func()) {
	c.mu.Lock()
	c.releases = append(c.releases, f)
	c.mu.Unlock()
}

// adopt says a transport's goroutine holds the connection from now on and
// will call finish when it ends.
func (c *socketControl) adopt() {
	c.mu.Lock()
	c.adopted = true
	c.mu.Unlock()
}

// finish releases what the connection held and ends its context; once.
func (c *socketControl) finish() {
	c.mu.Lock()
	if c.finished {
		c.mu.Unlock()
		return
	}
	c.finished = true
	releases := c.releases
	c.releases = nil
	c.mu.Unlock()
	for _, f := range releases {
		f()
	}
	c.cancel()
}

// take counts one more subscription and returns the function that frees
// its place, or closes the connection when it already holds the most it
// may or its address starts subscriptions too fast. A nil c (no socket:
// a shared execution, see fanout) counts nothing.
func (c *socketControl) take() (release func(), ok bool) {
	if c == nil {
		return func() {}, true
	}
	c.mu.Lock()
	if c.subs >= c.maxSubs {
		c.mu.Unlock()
		c.close(CloseTooMany, fmt.Sprintf("too many subscriptions on one connection; the limit is %d", c.maxSubs))
		return nil, false
	}
	if ok, wait := c.starts.Take("addr:"+c.ip, 1); !ok {
		c.mu.Unlock()
		c.close(CloseTooMany, fmt.Sprintf("subscribing too fast from your address; try again in %s s", throttle.RetrySeconds(wait)))
		return nil, false
	}
	c.subs++
	c.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			c.subs--
			c.mu.Unlock()
		})
	}, true
}

type socketControlKey struct{}

// withSocketControl prepares an upgrade request for resolver-chosen close
// codes and counts it against its client address.
//
// The upgrade is served on the HTTP server's goroutine, which returns once
// the transport has handed the connection to a goroutine of its own
// (socketControl.adopt): an open socket then keeps none of the HTTP
// connection (its buffers, the request it read, the deep stack of its
// goroutine). The socket's context is the request's without the
// cancellation that comes with that return; it ends when the socket
// closes, and what the socket holds is released then (finish).
func withSocketControl(g *guard, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !websocket.IsWebSocketUpgrade(r) {
			next.ServeHTTP(w, r)
			return
		}
		ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
		ctl := &socketControl{cancel: cancel, maxSubs: g.SubscriptionsPerConnection, starts: g.subscribes,
			ip: throttle.ClientIP(r), guard: g}
		if release, ok := g.sockets.Acquire("addr:"+throttle.ClientIP(r), g.ConnectionsPerAddress); ok {
			ctl.releases = append(ctl.releases, release)
		} else {
			ctl.refused = fmt.Sprintf("your address has %d websockets open; the limit is %d",
				g.ConnectionsPerAddress, g.ConnectionsPerAddress)
		}
		ctx = context.WithValue(ctx, socketControlKey{}, ctl)
		ctx = graph.WithSocketCloser(ctx, ctl.close)
		defer func() {
			ctl.mu.Lock()
			adopted := ctl.adopted
			ctl.mu.Unlock()
			if !adopted { // refused before the upgrade
				ctl.finish()
			}
		}()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}
