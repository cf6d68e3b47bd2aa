// Command fanoutclient holds many graphql-transport-ws subscriptions to one
// problem's events, for BenchmarkFanout: the clients run in their own
// process so that the benchmark's process holds only the server, whose
// memory and goroutines it measures.
//
//	fanoutclient -url ws://HOST/graphql -problem ID -after SEQ -n N
//
// It opens N connections, 64 at a time, each subscribed to
// problemEvents(id, after), and prints on stdout
//
//	open       once every connection has sent its subscribe message
//	round K    when the connections have received K×N flag.raised events
//	error MSG  when a connection fails or its stream ends; it then exits 1
//
// It closes the connections and exits when its stdin ends.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

type frame struct {
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

var (
	outMu   sync.Mutex
	closing atomic.Bool
)

// say prints one line of the protocol.
func say(format string, args ...any) {
	outMu.Lock()
	defer outMu.Unlock()
	fmt.Fprintf(os.Stdout, format+"\n", args...)
}

func fail(format string, args ...any) {
	if closing.Load() {
		return
	}
	say("error "+format, args...)
	os.Exit(1)
}

func main() {
	u := flag.String("url", "", "websocket URL of /graphql")
	problem := flag.String("problem", "", "problem ID")
	after := flag.Int64("after", 0, "sequence number to subscribe after")
	n := flag.Int("n", 1000, "connections")
	flag.Parse()

	q, _ := json.Marshal(map[string]any{"query": fmt.Sprintf(`subscription { problemEvents(id: %q, after: %d) { seq kind } }`, *problem, *after)})
	sub, _ := json.Marshal(frame{ID: "1", Type: "subscribe", Payload: q})
	dialer := websocket.Dialer{Subprotocols: []string{"graphql-transport-ws"}, HandshakeTimeout: 30 * time.Second,
		ReadBufferSize: 1024, WriteBufferSize: 1024}

	var received atomic.Int64
	onFlag := func() {
		if k := received.Add(1); k%int64(*n) == 0 {
			say("round %d", k/int64(*n))
		}
	}
	conns := make([]*websocket.Conn, *n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for i := range next {
				c, err := dial(context.Background(), dialer, *u, sub)
				if err != nil {
					fail("connection %d: %v", i, err)
				}
				conns[i] = c
				go read(i, c, onFlag)
			}
		})
	}
	for i := range *n {
		next <- i
	}
	close(next)
	wg.Wait()
	say("open")

	_, _ = io.Copy(io.Discard, bufio.NewReader(os.Stdin))
	closing.Store(true)
	for _, c := range conns {
		_ = c.Close()
	}
}

func dial(ctx context.Context, dialer websocket.Dialer, u string, sub []byte) (*websocket.Conn, error) {
	c, _, err := dialer.DialContext(ctx, u, nil)
	if err != nil {
		return nil, err
	}
	if err := c.WriteMessage(websocket.TextMessage, []byte(`{"type":"connection_init","payload":{}}`)); err != nil {
		c.Close()
		return nil, err
	}
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	for {
		_, m, err := c.ReadMessage()
		if err != nil {
			c.Close()
			return nil, fmt.Errorf("waiting for connection_ack: %w", err)
		}
		if bytes.Contains(m, []byte(`"connection_ack"`)) {
			break
		}
	}
	_ = c.SetReadDeadline(time.Time{})
	if err := c.WriteMessage(websocket.TextMessage, sub); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// read counts the flag.raised events arriving on connection i; the stream
// ending, or the connection closing before stdin ends, is an error.
//
// Each message is read into the connection's own buffer: the clients share
// the cores with the server, and a garbage collection of 10,000
// connections' messages costs about 100 ms of CPU, a round's worth.
func read(i int, c *websocket.Conn, onFlag func()) {
	var buf bytes.Buffer
	for {
		_, r, err := c.NextReader()
		if err == nil {
			buf.Reset()
			_, err = buf.ReadFrom(r)
		}
		if err != nil {
			fail("connection %d: %v", i, err)
			return
		}
		m := buf.Bytes()
		switch { // cheap tests: the clients share the cores with the server
		case bytes.Contains(m, []byte(`"kind":"flag.raised"`)):
			onFlag()
		case bytes.Contains(m, []byte(`"type":"next"`)), bytes.Contains(m, []byte(`"type":"pong"`)),
			bytes.Contains(m, []byte(`"type":"ka"`)):
		case bytes.Contains(m, []byte(`"type":"ping"`)):
			_ = c.WriteMessage(websocket.TextMessage, []byte(`{"type":"pong"}`))
		default: // complete, error: the stream ended
			fail("connection %d: %s", i, m)
		}
	}
}
