package api

import (
	"encoding/binary"
	"net"
	"sync"
	"syscall"
	"time"

	"github.com/theoremdb/theoremdb/live"
)

// Websocket opcodes of the frames a socket writes.
const (
	opText  = 1
	opClose = 8
)

// wsFrame is a whole unmasked (server-to-client) websocket frame holding
// payload, the concatenation of parts.
func wsFrame(op byte, parts ...[]byte) []byte {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	var b []byte
	switch {
	case n < 126:
		b = make([]byte, 2, 2+n)
		b[1] = byte(n)
	case n <= 0xffff:
		b = make([]byte, 4, 4+n)
		b[1] = 126
		binary.BigEndian.PutUint16(b[2:], uint16(n))
	default:
		b = make([]byte, 10, 10+n)
		b[1] = 127
		binary.BigEndian.PutUint64(b[2:], uint64(n))
	}
	b[0] = 0x80 | op // FIN: one frame a message
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// closeFrame is a close frame with code and reason (cut to fit a control
// frame).
func closeFrame(code int, reason string) []byte {
	if len(reason) > 120 {
		reason = reason[:120]
	}
	var c [2]byte
	binary.BigEndian.PutUint16(c[:], uint16(code))
	return wsFrame(opClose, c[:], []byte(reason))
}

// socket is the writing side of one websocket: every frame written to the
// connection goes through it, in order, whoever sends it (the transport's
// messages, the events of the subscriptions on the socket, and gorilla's
// control frames, through sockConn).
//
// A frame sent while nothing is waiting is written at once by the sender,
// without blocking (writeNow): a connection whose kernel buffer has room
// costs no goroutine and no copy. What does not fit waits in the queue,
// and a goroutine of the socket's own (flush) writes it with a deadline
// while there is any: a slow client holds up no one else. A subscription
// with more than memberBehind events waiting is ended (see send).
type socket struct {
	conn net.Conn
	raw  syscall.RawConn // nil: every frame goes through flush

	mu       sync.Mutex
	queue    []outFrame // waiting, oldest first; the first may be partly written
	off      int        // bytes of queue[0] already written
	flushing bool       // flush is running; the queue is never non-empty without it
	closing  bool       // a close frame is queued: nothing more is sent
	closed   bool       // the connection is closed
	spare    []outFrame // a drained queue's array, for the next one
}

// outFrame is a frame waiting to be written, and the subscription whose
// event it is (nil for the connection's own messages).
type outFrame struct {
	b []byte
	m *member
}

// memberBehind is how many events of one subscription may wait for a slow
// client before its stream ends with complete, as the broker ends a
// subscription that falls behind (the client resumes after the last event
// it received). Tests lower it.
var memberBehind = live.MaxBehind

// socketSendBuffer, when set, fixes the kernel's send buffer of every
// socket (SO_SNDBUF), which otherwise grows to megabytes: tests lower it
// to make a client that does not read fall behind soon.
var socketSendBuffer int

func newSocket(c net.Conn) *socket {
	// No deadline of the HTTP server's outlives the upgrade: writeNow
	// would fail past it.
	_ = c.SetWriteDeadline(time.Time{})
	if tc, ok := c.(*net.TCPConn); ok && socketSendBuffer > 0 {
		_ = tc.SetWriteBuffer(socketSendBuffer)
	}
	s := &socket{conn: c}
	if sc, ok := c.(syscall.Conn); ok {
		if raw, err := sc.SyscallConn(); err == nil {
			s.raw = raw
		}
	}
	return s
}

// send writes frame b, or queues it. A frame of a subscription (m) that
// has ended is dropped, and so is one for an event at or before the one
// m joined its execution at (seq ≤ m.from); a subscription with more
// than memberBehind frames waiting is ended: its frames still waiting are
// dropped (but one partly written) and complete is sent in their place,
// and cut reports it, for the caller to let go of the subscription.
func (s *socket) send(b []byte, m *member, seq int64) (cut bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing || s.closed {
		return false
	}
	if m != nil && (m.done || (seq != 0 && seq <= m.from)) {
		return false
	}
	if !s.flushing {
		n, err := s.writeNow(b)
		switch {
		case err != nil:
			s.failLocked()
			return false
		case n == len(b):
			return false
		}
		s.off = n
	}
	s.enqueueLocked(outFrame{b, m})
	if m == nil {
		return false
	}
	m.queued++
	if m.queued <= memberBehind {
		return false
	}
	m.done = true
	kept := s.queue[:0]
	for i, f := range s.queue {
		if f.m != m || (i == 0 && s.off > 0) {
			kept = append(kept, f)
		}
	}
	clear(s.queue[len(kept):])
	s.queue = kept
	m.queued = 0
	s.queue = append(s.queue, outFrame{b: m.c.message("complete", m.id, nil)})
	return true
}

// enqueueLocked queues f and makes sure flush runs.
func (s *socket) enqueueLocked(f outFrame) {
	if s.queue == nil && s.spare != nil {
		s.queue, s.spare = s.spare, nil
	}
	s.queue = append(s.queue, f)
	if !s.flushing {
		s.flushing = true
		go s.flush()
	}
}

// writeNow writes what of b fits without blocking, when nothing waits.
func (s *socket) writeNow(b []byte) (int, error) {
	if s.raw == nil {
		return 0, nil
	}
	return writeNonblocking(s.raw, b)
}

// flush writes the queue until it is empty, with a deadline for each
// batch; a connection that takes longer is closed (its reader then ends
// the connection). A queued close frame closes the connection once written.
func (s *socket) flush() {
	var bufs net.Buffers
	for {
		s.mu.Lock()
		if s.closed {
			s.flushing = false
			s.queue = nil
			s.mu.Unlock()
			return
		}
		if len(s.queue) == 0 {
			s.flushing = false
			_ = s.conn.SetWriteDeadline(time.Time{}) // writeNow is bound by none
			if s.closing {
				s.closeLocked()
			}
			s.mu.Unlock()
			return
		}
		batch, off := s.queue, s.off
		s.queue, s.off = nil, 0
		for _, f := range batch {
			if f.m != nil {
				f.m.queued--
			}
		}
		timeout := wsWriteTimeout
		if s.closing {
			timeout = time.Second
		}
		s.mu.Unlock()

		bufs = bufs[:0]
		for i, f := range batch {
			if i == 0 {
				bufs = append(bufs, f.b[off:])
			} else {
				bufs = append(bufs, f.b)
			}
		}
		_ = s.conn.SetWriteDeadline(time.Now().Add(timeout))
		_, err := bufs.WriteTo(s.conn)
		clear(batch)
		s.mu.Lock()
		if s.spare == nil {
			s.spare = batch[:0]
		}
		if err != nil {
			s.failLocked()
			s.flushing = false
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
	}
}

// close sends the close frame b after what is queued, and then closes
// the connection (after a second at most). Later frames are dropped.
func (s *socket) close(b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing || s.closed {
		return
	}
	s.closing = true
	if !s.flushing {
		n, err := s.writeNow(b)
		if err != nil || n == len(b) {
			s.closeLocked()
			return
		}
		s.off = n
	}
	s.enqueueLocked(outFrame{b: b})
}

func (s *socket) closeLocked() {
	if !s.closed {
		s.closed = true
		s.queue = nil
		_ = s.conn.Close()
	}
}

// failLocked closes a connection that could not be written to.
func (s *socket) failLocked() {
	s.closing = true
	s.closeLocked()
}

// closeNow closes the connection without a close frame.
func (s *socket) closeNow() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failLocked()
}

// sockConn is the connection gorilla reads from and writes its own frames
// to (the handshake's answer, pongs, a close after a protocol error): its
// writes go through the socket, in order with everyone else's, and the
// deadlines of writing are the socket's.
type sockConn struct {
	net.Conn
	s *socket
}

func (c *sockConn) Write(b []byte) (int, error) {
	c.s.mu.Lock()
	closed := c.s.closing || c.s.closed
	c.s.mu.Unlock()
	if closed {
		return 0, net.ErrClosed
	}
	c.s.send(append([]byte(nil), b...), nil, 0)
	return len(b), nil
}

func (c *sockConn) SetDeadline(t time.Time) error    { return c.Conn.SetReadDeadline(t) }
func (c *sockConn) SetWriteDeadline(time.Time) error { return nil }
func (c *sockConn) Close() error {
	c.s.closeNow()
	return nil
}

// isClosing says whether the socket is closing or closed.
func (s *socket) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing || s.closed
}
