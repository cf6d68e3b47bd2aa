package api

import (
	"bufio"
	"bytes"
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
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/gorilla/websocket"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/theoremdb/theoremdb/graph"
	"github.com/theoremdb/theoremdb/live"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/throttle"
	"github.com/theoremdb/theoremdb/viewer"
)

// Websocket limits.
const (
	// MaxMessageBytes is the longest message a client may send: a
	// subscription message is small.
	MaxMessageBytes = 64 << 10
	// KeepAlive is how often an idle socket is pinged.
	KeepAlive = 15 * time.Second
	// InitTimeout is how long a client has to send connection_init.
	InitTimeout    = 10 * time.Second
	wsWriteTimeout = 10 * time.Second
)

// CloseTooMany is the close code of a websocket past a limit (as HTTP's
// 429, in the 4xxx range graphql-transport-ws uses).
const CloseTooMany = 4429

// wsSubprotocols are the protocols served, in order of preference: a
// client offering both gets the legacy one.
var wsSubprotocols = []string{"graphql-ws", "graphql-transport-ws"}

// wsTransport serves subscriptions over graphql-transport-ws and the
// legacy graphql-ws, on gorilla/websocket. connection_init may carry
// {"authorization": "Bearer …"}; otherwise the session cookie of the
// upgrade request counts.
//
// Connections are counted per client address from the upgrade and per
// account from connection_init; one past either limit is closed with
// CloseTooMany and a reason that names the limit.
//
// An open connection costs one goroutine, its reader; it writes through
// its socket (fanout_socket.go), without a goroutine unless the client is
// slow to read. Subscriptions are executed once for all the subscribers
// that send the same operation as the same viewer (fanout.go); queries
// and mutations sent over the socket are executed for their sender.
type wsTransport struct {
	p        *policy.Service
	accounts Accounts
	g        *guard
	fan      *fanout
}

func websocketTransport(p *policy.Service, accounts Accounts, g *guard) *wsTransport {
	return &wsTransport{p: p, accounts: accounts, g: g, fan: newFanout()}
}

var _ graphql.Transport = (*wsTransport)(nil)

// Supports implements graphql.Transport.
func (t *wsTransport) Supports(r *http.Request) bool { return r.Header.Get("Upgrade") != "" }

// writeBuffers would be the write buffers of gorilla's writers, which the
// transport does not use: set, gorilla allocates none per connection.
var writeBuffers sync.Pool

// Do implements graphql.Transport: it upgrades the connection and hands it
// to a goroutine of its own, and returns, so the HTTP server's goroutine
// and its buffers are let go.
func (t *wsTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	// The hijacked HTTP connection's buffers are left to be collected: a
	// socket reads through 512 bytes of its own (messages are read on from
	// the connection past that). Messages are small and uncompressed.
	up := websocket.Upgrader{
		Subprotocols:      wsSubprotocols,
		CheckOrigin:       sameOrigin,
		ReadBufferSize:    512,
		WriteBufferPool:   &writeBuffers,
		EnableCompression: false,
	}
	hw := &hijacker{ResponseWriter: w}
	ws, err := up.Upgrade(hw, r, nil) // a refused origin gets 403
	if err != nil {
		return
	}
	// The socket's context is withSocketControl's, which ends when the
	// socket closes; without one, the request's ends when Do returns.
	ctx := r.Context()
	ctl, _ := ctx.Value(socketControlKey{}).(*socketControl)
	if ctl == nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(context.WithoutCancel(ctx))
		ctl = &socketControl{cancel: cancel, maxSubs: t.g.SubscriptionsPerConnection, starts: t.g.subscribes,
			ip: throttle.ClientIP(r), guard: t.g}
	}
	c := &wsConn{t: t, ws: ws, sock: hw.sock, ctl: ctl, exec: exec, ctx: ctx}
	ws.SetReadLimit(MaxMessageBytes)
	ws.SetCloseHandler(func(int, string) error { return nil }) // answered when the reader ends
	ctl.adopt()
	switch ws.Subprotocol() {
	case "graphql-ws", "":
		// Clients are required to name one; one that names none gets the
		// legacy protocol.
		c.legacy = true
	case "graphql-transport-ws":
	default:
		c.closeWith(websocket.CloseProtocolError, "unsupported negotiated subprotocol "+ws.Subprotocol())
	}
	c.stopWatch = context.AfterFunc(ctx, func() { c.closeWith(websocket.CloseNormalClosure, "terminated") })
	go c.serve()
}

// hijacker hands gorilla the connection wrapped in sockConn, so that its
// writes go through the connection's socket.
type hijacker struct {
	http.ResponseWriter
	sock *socket
}

func (h *hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, rw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	h.sock = newSocket(c)
	return &sockConn{Conn: c, s: h.sock}, rw, nil
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

// wsConn is one open websocket.
type wsConn struct {
	t         *wsTransport
	ws        *websocket.Conn
	sock      *socket
	ctl       *socketControl
	exec      graphql.GraphExecutor
	legacy    bool            // graphql-ws, not graphql-transport-ws
	ctx       context.Context // the connection's: after connection_init, with its viewer
	stopWatch func() bool

	mu     sync.Mutex
	ops    map[string]*member // running operations by id
	closed bool
	ka     *time.Timer // graphql-ws keep-alive
}

// wsMessage is a message of either protocol.
type wsMessage struct {
	Payload json.RawMessage `json:"payload,omitempty"`
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
}

// The messages a client may send, in each protocol.
var (
	clientMessages       = []string{"connection_init", "subscribe", "complete", "ping", "pong"}
	legacyClientMessages = []string{"connection_init", "connection_terminate", "start", "stop"}
)

// errInvalidMessage is a message that is not JSON or of no type the
// client may send.
var errInvalidMessage = errors.New("invalid message")

func (c *wsConn) protocol() string {
	if c.legacy {
		return "graphql-ws"
	}
	return "graphql-transport-ws"
}

// message is the frame of a message of typ, named as graphql-transport-ws
// names it ("next", "complete", "error", "connection_ack", "pong", and
// the legacy "ka" and "connection_error"), in c's protocol; nil if c's
// protocol has no such message.
func (c *wsConn) message(typ, id string, payload json.RawMessage) []byte {
	if c.legacy {
		switch typ {
		case "next":
			typ = "data"
		case "pong", "ping":
			return nil
		}
	} else if typ == "ka" || typ == "connection_error" {
		return nil
	}
	b, err := json.Marshal(wsMessage{Payload: payload, ID: id, Type: typ})
	if err != nil {
		panic(err)
	}
	return wsFrame(opText, b)
}

// send sends a frame of the connection's own (not a subscription's event).
func (c *wsConn) send(frame []byte) {
	if frame != nil {
		c.sock.send(frame, nil, 0)
	}
}

func (c *wsConn) sendResponse(id string, resp *graphql.Response) {
	b, err := json.Marshal(resp)
	if err != nil {
		panic(err)
	}
	c.send(c.message("next", id, b))
}

func (c *wsConn) sendError(id string, errs ...*gqlerror.Error) {
	list := make([]error, len(errs))
	for i, e := range errs {
		list[i] = e
	}
	b, err := json.Marshal(list)
	if err != nil {
		panic(err)
	}
	c.send(c.message("error", id, b))
}

func (c *wsConn) connectionError(msg string) {
	b, err := json.Marshal(&gqlerror.Error{Message: msg})
	if err != nil {
		panic(err)
	}
	c.send(c.message("connection_error", "", b))
}

// closeWith closes the connection with code and reason, unless a resolver
// chose its own (socketControl.close).
func (c *wsConn) closeWith(code int, reason string) {
	c.ctl.mu.Lock()
	if c.ctl.code != 0 {
		code, reason = c.ctl.code, c.ctl.reason
	}
	c.ctl.mu.Unlock()
	c.sock.close(closeFrame(code, reason))
}

// read reads the next message.
func (c *wsConn) read() (wsMessage, error) {
	_, r, err := c.ws.NextReader()
	if err != nil {
		return wsMessage{}, err
	}
	var m wsMessage
	if err := jsonDecode(r, &m); err != nil {
		return wsMessage{}, errInvalidMessage
	}
	valid := clientMessages
	if c.legacy {
		valid = legacyClientMessages
	}
	if !slices.Contains(valid, m.Type) {
		return wsMessage{}, errInvalidMessage
	}
	return m, nil
}

func jsonDecode(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	return dec.Decode(v)
}

// serve reads the connection's messages until it ends.
func (c *wsConn) serve() {
	defer c.cleanup()
	defer func() {
		if v := recover(); v != nil {
			log.Printf("websocket: panic: %v\n%s", v, debug.Stack())
		}
	}()
	if c.sock.isClosing() || !c.init() {
		return
	}
	for {
		start := graphql.Now()
		m, err := c.read()
		if err != nil {
			return // closed, or not a message it may send: closed
		}
		switch m.Type {
		case "subscribe", "start":
			c.subscribe(m, start)
		case "complete", "stop":
			c.stop(m.ID)
		case "connection_terminate":
			c.closeWith(websocket.CloseNormalClosure, "terminated")
			return
		case "ping":
			c.send(c.message("pong", "", m.Payload))
		case "pong":
		default: // connection_init again
			c.connectionError("unexpected message init")
			c.closeWith(websocket.CloseProtocolError, "unexpected message")
			return
		}
	}
}

// init reads connection_init, within InitTimeout, and acknowledges it.
func (c *wsConn) init() bool {
	_ = c.ws.SetReadDeadline(time.Now().Add(InitTimeout))
	m, err := c.read()
	_ = c.ws.SetReadDeadline(time.Time{})
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		c.closeWith(websocket.CloseProtocolError, "connection initialisation timeout")
		return false
	case err != nil:
		if err == errInvalidMessage {
			c.connectionError("invalid json")
		}
		c.closeWith(websocket.CloseProtocolError, "decoding error")
		return false
	}
	switch m.Type {
	case "connection_init":
	case "connection_terminate":
		c.closeWith(websocket.CloseNormalClosure, "terminated")
		return false
	default:
		c.connectionError("unexpected message " + m.Type)
		c.closeWith(websocket.CloseProtocolError, "unexpected message")
		return false
	}
	var payload map[string]any
	if len(m.Payload) > 0 {
		if err := json.Unmarshal(m.Payload, &payload); err != nil {
			c.closeWith(websocket.CloseProtocolError, "decoding error")
			return false
		}
	}
	ctx, code, reason, err := c.t.authorize(c.ctx, c.ctl, payload)
	if err != nil {
		c.connectionError(err.Error())
		c.closeWith(code, reason)
		return false
	}
	c.ctx = ctx
	c.send(c.message("connection_ack", "", nil))
	if c.legacy {
		c.send(c.message("ka", "", nil))
		c.mu.Lock()
		c.ka = time.AfterFunc(KeepAlive, c.keepAlive)
		c.mu.Unlock()
	}
	return true
}

func (c *wsConn) keepAlive() {
	c.send(c.message("ka", "", nil))
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.ka.Reset(KeepAlive)
	}
}

// authorize applies connection_init's payload: a bearer token signs the
// connection in, and an account holds at most its limit of connections.
// A refusal comes with the close code and reason.
func (t *wsTransport) authorize(ctx context.Context, ctl *socketControl, init map[string]any) (context.Context, int, string, error) {
	if ctl.refused != "" {
		t.g.refused(ctl.ip)
		return ctx, CloseTooMany, ctl.refused, errors.New(ctl.refused)
	}
	if auth := authorization(init); auth != "" {
		scheme, tok, _ := strings.Cut(auth, " ")
		if !strings.EqualFold(scheme, "Bearer") {
			return ctx, graph.CloseUnauthorized, "terminated", errors.New(`authorization must be "Bearer <token>"`)
		}
		a, err := t.accounts.Authenticate(ctx, strings.TrimSpace(tok))
		if err != nil {
			return ctx, graph.CloseUnauthorized, "terminated", errors.New("the bearer token is not valid")
		}
		ctx = viewer.With(ctx, a)
	}
	if a := viewer.From(ctx); a != nil { // the token's account, or the cookie's
		release, ok := t.g.sockets.Acquire("account:"+a.ID, t.g.ConnectionsPerAccount)
		if !ok {
			t.g.refused(ctl.ip)
			reason := fmt.Sprintf("your account has %d websockets open; the limit is %d",
				t.g.ConnectionsPerAccount, t.g.ConnectionsPerAccount)
			return ctx, CloseTooMany, reason, errors.New(reason)
		}
		ctl.onClose(release)
	}
	return ctx, 0, "", nil
}

// authorization is connection_init's authorization (or Authorization).
func authorization(init map[string]any) string {
	for _, k := range []string{"Authorization", "authorization"} {
		if v, _ := init[k].(string); v != "" {
			return v
		}
	}
	return ""
}

// subscribe starts the operation of a subscribe (start) message, on a
// goroutine of its own.
func (c *wsConn) subscribe(msg wsMessage, start time.Time) {
	params := &graphql.RawParams{}
	if err := jsonDecode(bytes.NewReader(msg.Payload), params); err != nil {
		c.sendError(msg.ID, &gqlerror.Error{Message: "invalid json"})
		c.send(c.message("complete", msg.ID, nil))
		return
	}
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	if _, dup := c.ops[msg.ID]; dup {
		c.mu.Unlock()
		if c.legacy {
			c.sendError(msg.ID, &gqlerror.Error{Message: "an operation with this id is running"})
			return
		}
		c.closeWith(4409, "Subscriber for "+msg.ID+" already exists")
		return
	}
	m := &member{c: c, id: msg.ID, index: -1, starting: true}
	if c.ops == nil {
		c.ops = map[string]*member{}
	}
	c.ops[msg.ID] = m
	c.mu.Unlock()
	go c.start(m, params)
}

// start executes m's operation: a subscription joins its group (fanout);
// a query or mutation is executed here.
func (c *wsConn) start(m *member, params *graphql.RawParams) {
	over := true
	defer func() {
		if v := recover(); v != nil {
			log.Printf("websocket: panic: %v\n%s", v, debug.Stack())
			c.sendError(m.id, &gqlerror.Error{Message: "internal error"})
			over = true
		}
		c.started(m, over)
	}()
	ctx := graphql.StartOperationTrace(c.ctx)
	rc, errs := c.exec.CreateOperationContext(ctx, params)
	if errs != nil {
		resp := c.exec.DispatchError(graphql.WithOperationContext(ctx, rc), errs)
		if errcode.GetErrorKind(errs) == errcode.KindProtocol {
			c.sendError(m.id, resp.Errors...)
		} else {
			c.sendResponse(m.id, &graphql.Response{Errors: errs})
		}
		return
	}
	ctx = graphql.WithOperationContext(ctx, rc)
	if rc.Operation.Operation != ast.Subscription {
		c.execute(ctx, m, rc)
		return
	}
	release, ok := c.ctl.take()
	if !ok {
		c.sendResponse(m.id, graphql.ErrorResponse(ctx, "too many subscriptions on one connection"))
		return
	}
	c.mu.Lock()
	m.release = release
	c.mu.Unlock()
	key, err := groupKey(ctx, rc)
	if err != nil {
		c.sendError(m.id, &gqlerror.Error{Message: err.Error()})
		return
	}
	c.t.fan.join(ctx, key, m, rc, c.exec, c.head)
	over = m.g == nil // the connection ended first
}

// execute runs a query or mutation sent over the socket.
func (c *wsConn) execute(ctx context.Context, m *member, rc *graphql.OperationContext) {
	ctx, cancel := context.WithCancel(ctx)
	c.mu.Lock()
	m.cancel = cancel
	c.mu.Unlock()
	responses, ctx := c.exec.DispatchOperation(ctx, rc)
	for {
		resp := responses(ctx)
		if resp == nil {
			return
		}
		c.sendResponse(m.id, resp)
	}
}

func (c *wsConn) head(ctx context.Context) (int64, error) { return live.Head(ctx, c.t.p.Client()) }

// started ends m's start: it is finished now if it is over or was stopped
// meanwhile.
func (c *wsConn) started(m *member, over bool) {
	c.mu.Lock()
	m.starting = false
	stopped := m.stopped
	c.mu.Unlock()
	if over || stopped {
		c.finish(m, true)
	}
}

// stop ends the operation id at the client's request.
func (c *wsConn) stop(id string) {
	c.mu.Lock()
	m := c.ops[id]
	var cancel context.CancelFunc
	if m != nil {
		cancel = m.cancel
	}
	c.mu.Unlock()
	if m == nil {
		return
	}
	if cancel != nil {
		cancel()
	}
	c.finish(m, true)
}

// finish lets go of m: its frames stop, it leaves its group and frees its
// place under the connection's limit; complete sends complete for it. A
// member still starting is finished when its start is done.
func (c *wsConn) finish(m *member, complete bool) {
	c.mu.Lock()
	if m.finished {
		c.mu.Unlock()
		return
	}
	if m.starting {
		m.stopped = true
		c.mu.Unlock()
		return
	}
	m.finished = true
	if c.ops[m.id] == m {
		delete(c.ops, m.id)
	}
	release, cancel := m.release, m.cancel
	c.mu.Unlock()

	c.sock.mu.Lock()
	ended := m.done // by send, which completed it
	m.done = true
	c.sock.mu.Unlock()
	if complete && !ended {
		c.send(c.message("complete", m.id, nil))
	}
	if m.g != nil {
		m.g.leave(m)
	}
	if release != nil {
		release()
	}
	if cancel != nil {
		cancel()
	}
}

// cleanup ends everything of a connection whose reader has stopped.
func (c *wsConn) cleanup() {
	c.closeWith(websocket.CloseNormalClosure, "terminated")
	c.mu.Lock()
	c.closed = true
	ops := c.ops
	if c.ka != nil {
		c.ka.Stop()
	}
	var cancels []context.CancelFunc
	for _, m := range ops {
		if m.cancel != nil {
			cancels = append(cancels, m.cancel)
		}
	}
	c.mu.Unlock()
	for _, cancel := range cancels {
		cancel()
	}
	for _, m := range ops {
		c.finish(m, false)
	}
	c.stopWatch()
	c.ctl.finish()
}
