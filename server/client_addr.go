package server

import (
	"net"
	"net/http"

	"github.com/theoremdb/theoremdb/throttle"
)

// withClientAddr makes every request's RemoteAddr its client's address, as the trusted proxies
// in front name it (throttle.Proxies.Client), so that every per-address limit — sign-in,
// sign-up, writes, websockets, subscriptions, refusals — counts clients, not the proxy. With
// no proxies configured it changes nothing.
func withClientAddr(p throttle.Proxies, next http.Handler) http.Handler {
	if len(p) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		client := p.Client(r)
		if client != throttle.ClientIP(r) {
			r2 := *r
			r2.RemoteAddr = net.JoinHostPort(client, "0")
			r = &r2
		}
		next.ServeHTTP(w, r)
	})
}
