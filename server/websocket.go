package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/gorilla/websocket"

	"github.com/theoremdb/theoremdb/graph"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/viewer"
)

// Websocket limits.
const (
	wsReadLimit    = 64 << 10 // a subscription message is small
	wsKeepAlive    = 15 * time.Second
	wsInitTimeout  = 10 * time.Second
	wsWriteTimeout = 10 * time.Second
)

// closeTooMany is the close code of a websocket past a limit (as HTTP's
// 429, in the 4xxx range graphql-transport-ws uses).
const closeTooMany = 4429

// websocketTransport serves subscriptions over both graphql-transport-ws and
// the legacy graphql-ws, on gorilla/websocket. connection_init may carry
// {"authorization": "Bearer …"}; otherwise the session cookie of the
// upgrade request counts.
//
// Connections are counted per client address from the upgrade and per
// account from connection_init; one past either limit is closed with
// closeTooMany and a reason that names the limit.
func websocketTransport(p *policy.Service, g *guard) transport.Websocket {
	limit := int64(wsReadLimit)
	return transport.Websocket{
		Implementation:        gorillaWebsocket{},
		InitTimeout:           wsInitTimeout,
		KeepAlivePingInterval: wsKeepAlive,
		PayloadReadLimit:      &limit,
		InitFunc: func(ctx context.Context, init transport.InitPayload) (context.Context, *transport.InitPayload, error) {
			ctl, _ := ctx.Value(socketControlKey{}).(*socketControl)
			if ctl != nil && ctl.refused != "" {
				g.refused(ctl.ip)
				return tooMany(ctx, ctl.refused)
			}
			if auth := init.Authorization(); auth != "" {
				scheme, tok, _ := strings.Cut(auth, " ")
				if !strings.EqualFold(scheme, "Bearer") {
					return transport.WithWebsocketCloseCode(ctx, graph.CloseUnauthorized), nil,
						errors.New(`authorization must be "Bearer <token>"`)
				}
				a, err := p.Authenticate(ctx, strings.TrimSpace(tok))
				if err != nil {
					return transport.WithWebsocketCloseCode(ctx, graph.CloseUnauthorized), nil, errors.New("the bearer token is not valid")
				}
				ctx = viewer.With(ctx, a)
			}
			if a := viewer.From(ctx); a != nil && ctl != nil { // the token's account, or the cookie's
				release, ok := g.sockets.acquire("account:"+a.ID, g.ConnectionsPerAccount)
				if !ok {
					g.refused(ctl.ip)
					return tooMany(ctx, fmt.Sprintf("your account has %d websockets open; the limit is %d",
						g.ConnectionsPerAccount, g.ConnectionsPerAccount))
				}
				ctl.onClose(release)
			}
			return ctx, nil, nil
		},
	}
}

// tooMany refuses a connection at connection_init with closeTooMany and
// reason as the close reason.
func tooMany(ctx context.Context, reason string) (context.Context, *transport.InitPayload, error) {
	ctx = transport.AppendCloseReason(transport.WithWebsocketCloseCode(ctx, closeTooMany), reason)
	return ctx, nil, errors.New(reason)
}

// socketControl lets a resolver close the socket it runs on with its own
// close code: the resolver records the code and cancels the connection's
// context; gqlgen then closes the socket, and the adapter writes that code.
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
	starts   *buckets // subscriptions started, by client address
	ip       string
	guard    *guard
	refused  string // why the connection is refused at connection_init
	releases []func()
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
	if code == closeTooMany && c.guard != nil {
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

// subscribe counts a subscription that lasts as long as ctx, or closes the
// connection when it already holds the most it may.
func (c *socketControl) subscribe(ctx context.Context) bool {
	c.mu.Lock()
	if c.subs >= c.maxSubs {
		c.mu.Unlock()
		c.close(closeTooMany, fmt.Sprintf("too many subscriptions on one connection; the limit is %d", c.maxSubs))
		return false
	}
	if ok, wait := c.starts.take("addr:"+c.ip, 1); !ok {
		c.mu.Unlock()
		c.close(closeTooMany, fmt.Sprintf("subscribing too fast from your address; try again in %s s", retrySeconds(wait)))
		return false
	}
	c.subs++
	c.mu.Unlock()
	context.AfterFunc(ctx, func() {
		c.mu.Lock()
		c.subs--
		c.mu.Unlock()
	})
	return true
}

type socketControlKey struct{}

// withSocketControl prepares an upgrade request for resolver-chosen close
// codes and counts it against its client address.
//
// The request is served on a goroutine of its own, and the HTTP server's
// returns as soon as the connection is hijacked: an open socket then keeps
// none of the HTTP connection (its 8 KiB of buffers, the request it read,
// the deep stack of its goroutine). The socket's context is the request's
// without the cancellation that comes with that return; it ends when the
// socket closes.
func withSocketControl(g *guard, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !websocket.IsWebSocketUpgrade(r) {
			next.ServeHTTP(w, r)
			return
		}
		ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
		ctl := &socketControl{cancel: cancel, maxSubs: g.SubscriptionsPerConnection, starts: g.subscribes,
			ip: clientIP(r), guard: g}
		if release, ok := g.sockets.acquire("addr:"+clientIP(r), g.ConnectionsPerAddress); ok {
			ctl.releases = append(ctl.releases, release)
		} else {
			ctl.refused = fmt.Sprintf("your address has %d websockets open; the limit is %d",
				g.ConnectionsPerAddress, g.ConnectionsPerAddress)
		}
		ctx = context.WithValue(ctx, socketControlKey{}, ctl)
		ctx = graph.WithSocketCloser(ctx, ctl.close)
		hw := &handOff{w: w, hijacked: make(chan struct{})}
		done := make(chan struct{})
		go func() {
			defer close(done)
			defer func() {
				ctl.mu.Lock()
				defer ctl.mu.Unlock()
				for _, f := range ctl.releases {
					f()
				}
			}()
			defer cancel()
			defer func() {
				// As net/http does for the handlers it runs.
				if v := recover(); v != nil && v != http.ErrAbortHandler {
					log.Printf("http: panic serving %v: %v\n%s", r.RemoteAddr, v, debug.Stack())
				}
			}()
			next.ServeHTTP(hw, r.WithContext(ctx))
		}()
		select {
		case <-hw.hijacked:
		case <-done: // refused before the upgrade
		}
	})
}

// handOff is the ResponseWriter of an upgrade request served by
// withSocketControl: once the connection is hijacked it lets go of the
// HTTP server's writer (and with it the connection) and tells the server's
// goroutine it may return. Writes after that fail, as they would anyway.
type handOff struct {
	w        http.ResponseWriter // nil once hijacked
	hijacked chan struct{}
}

func (h *handOff) Header() http.Header {
	if h.w == nil {
		return http.Header{}
	}
	return h.w.Header()
}

func (h *handOff) Write(b []byte) (int, error) {
	if h.w == nil {
		return 0, http.ErrHijacked
	}
	return h.w.Write(b)
}

func (h *handOff) WriteHeader(code int) {
	if h.w != nil {
		h.w.WriteHeader(code)
	}
}

func (h *handOff) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if h.w == nil {
		return nil, nil, http.ErrHijacked
	}
	c, rw, err := http.NewResponseController(h.w).Hijack()
	if err == nil {
		h.w = nil
		close(h.hijacked)
	}
	return c, rw, err
}

// gorillaWebsocket is gqlgen's websocket implementation on gorilla.
type gorillaWebsocket struct{}

// writeBuffers are the write buffers of all sockets, each taken only while
// a message is written.
var writeBuffers sync.Pool

func (gorillaWebsocket) Accept(w http.ResponseWriter, r *http.Request, opts transport.WebsocketAcceptOptions) (transport.WebsocketConn, error) {
	// The hijacked HTTP connection's buffers are left to be collected (see
	// withSocketControl): a socket reads through 512 bytes of its own
	// (messages are read on from the connection past that) and writes
	// through a pooled buffer. Messages are small and uncompressed.
	up := websocket.Upgrader{
		Subprotocols:      opts.Subprotocols,
		CheckOrigin:       sameOrigin,
		ReadBufferSize:    512,
		WriteBufferSize:   4096,
		WriteBufferPool:   &writeBuffers,
		EnableCompression: false,
	}
	c, err := up.Upgrade(w, r, opts.ResponseHeader) // a refused origin gets 403
	if err != nil {
		return nil, err
	}
	ctl, _ := r.Context().Value(socketControlKey{}).(*socketControl)
	return &gorillaConn{Conn: c, ctl: ctl}, nil
}

// sameOrigin allows upgrades from this site's pages and from clients that
// send no Origin (non-browsers, which cannot ride a visitor's cookie).
func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && strings.EqualFold(u.Host, r.Host)
}

type gorillaConn struct {
	*websocket.Conn
	ctl     *socketControl
	writeMu sync.Mutex
}

func (c *gorillaConn) NextReader() (int, io.Reader, error) {
	t, rd, err := c.Conn.NextReader()
	if websocket.IsCloseError(err, websocket.CloseNormalClosure, websocket.CloseGoingAway, websocket.CloseNoStatusReceived) {
		return t, rd, transport.ErrWebsocketClosed
	}
	return t, rd, err
}

// WriteJSON encodes v before taking the socket, and writes it as one frame
// (gorilla's allocation-free path for a whole message).
func (c *gorillaConn) WriteJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_ = c.Conn.SetWriteDeadline(time.Now().Add(wsWriteTimeout))
	return c.Conn.WriteMessage(websocket.TextMessage, b)
}

func (c *gorillaConn) WriteClose(code int, msg string) error {
	if c.ctl != nil {
		c.ctl.mu.Lock()
		if c.ctl.code != 0 {
			code, msg = c.ctl.code, c.ctl.reason
		}
		c.ctl.mu.Unlock()
	}
	if len(msg) > 120 {
		msg = msg[:120]
	}
	return c.Conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, msg), time.Now().Add(time.Second))
}
