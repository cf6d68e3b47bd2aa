package throttle

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies are the networks of the reverse proxies and load balancers in front of the server
// (THEOREMDB_TRUSTED_PROXIES): only a request that arrives from one of them has its Forwarded
// or X-Forwarded-For header believed. With none, the connection's own address is the client's,
// and the headers, which anyone can send, are ignored.
type Proxies []netip.Prefix

// ParseProxies reads a list of networks in CIDR notation (a bare address is one host),
// separated by commas or spaces.
func ParseProxies(s string) (Proxies, error) {
	var out Proxies
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("trusted proxies: %q is neither a network (10.0.0.0/8, fd00::/8) nor an address", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// trusts reports whether addr is one of the proxies.
func (p Proxies) trusts(addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, n := range p {
		if n.Contains(addr) {
			return true
		}
	}
	return false
}

// Client is the address of the client behind r: the connection's address, or, when that is a
// trusted proxy, the nearest address the forwarding headers name that is not one (read from the
// right, where each proxy appends the address it was reached from; what the client itself wrote
// further left is never reached past an untrusted hop). Forwarded (RFC 7239) is read when
// present, else X-Forwarded-For.
func (p Proxies) Client(r *http.Request) string {
	peer := ClientIP(r)
	addr, err := netip.ParseAddr(peer)
	if len(p) == 0 || err != nil || !p.trusts(addr) {
		return peer
	}
	hops := forwardedFor(r.Header)
	client := addr
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(hops[i])
		if err != nil {
			break // "unknown" or an obfuscated name: nothing past it can be believed
		}
		client = a.Unmap()
		if !p.trusts(client) {
			break
		}
	}
	return client.String()
}

// forwardedFor lists the addresses of the forwarding headers, nearest the client first.
func forwardedFor(h http.Header) []string {
	var hops []string
	if fs := h.Values("Forwarded"); len(fs) > 0 {
		for _, line := range fs {
			for _, elem := range strings.Split(line, ",") {
				for _, pair := range strings.Split(elem, ";") {
					k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
					if ok && strings.EqualFold(k, "for") {
						hops = append(hops, forwardedNode(v))
					}
				}
			}
		}
		return hops
	}
	for _, line := range h.Values("X-Forwarded-For") {
		for _, a := range strings.Split(line, ",") {
			hops = append(hops, strings.TrimSpace(a))
		}
	}
	return hops
}

// forwardedNode is the address of a Forwarded node: unquoted, without brackets or port.
func forwardedNode(v string) string {
	v = strings.Trim(strings.TrimSpace(v), `"`)
	if host, _, err := net.SplitHostPort(v); err == nil {
		return host
	}
	return strings.Trim(v, "[]")
}
