package throttle

import (
	"context"
	"net"
	"net/http"

	"github.com/theoremdb/theoremdb/viewer"
)

// ClientIP is the address of the connection, the key limits count a
// client by; a proxy in front should be configured to pass the real one
// there.
func ClientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Writer is the key writes are counted under: "account:<id>" for a
// signed-in caller, "addr:<addr>" for one without an account, addr being
// its client address.
func Writer(ctx context.Context, addr string) string {
	if a := viewer.From(ctx); a != nil {
		return "account:" + a.ID
	}
	return "addr:" + addr
}
