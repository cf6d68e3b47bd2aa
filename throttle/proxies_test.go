package throttle

import (
	"net/http"
	"testing"
)

func TestProxiesClient(t *testing.T) {
	t.Parallel()
	trusted, err := ParseProxies("10.0.0.0/8, 192.0.2.1 fd00::/8")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, peer string
		proxies    Proxies
		header     map[string][]string
		want       string
	}{
		{"no proxies configured: headers ignored", "203.0.113.9:5000", nil,
			map[string][]string{"X-Forwarded-For": {"198.51.100.1"}}, "203.0.113.9"},
		{"an untrusted peer cannot name another client", "203.0.113.9:5000", trusted,
			map[string][]string{"X-Forwarded-For": {"198.51.100.1"}}, "203.0.113.9"},
		{"a trusted proxy names the client", "10.1.2.3:5000", trusted,
			map[string][]string{"X-Forwarded-For": {"198.51.100.1"}}, "198.51.100.1"},
		{"what the client wrote left of it is not believed", "10.1.2.3:5000", trusted,
			map[string][]string{"X-Forwarded-For": {"1.1.1.1, 198.51.100.1"}}, "198.51.100.1"},
		{"a chain of trusted proxies", "10.1.2.3:5000", trusted,
			map[string][]string{"X-Forwarded-For": {"198.51.100.7, 192.0.2.1", "10.9.9.9"}}, "198.51.100.7"},
		{"Forwarded first", "10.1.2.3:5000", trusted,
			map[string][]string{"Forwarded": {`for="[2001:db8::17]:4711";proto=https, for=192.0.2.1`},
				"X-Forwarded-For": {"1.1.1.1"}}, "2001:db8::17"},
		{"an unknown hop stops the walk", "10.1.2.3:5000", trusted,
			map[string][]string{"Forwarded": {"for=198.51.100.1, for=unknown"}}, "10.1.2.3"},
		{"IPv6 proxy", "[fd00::1]:80", trusted, map[string][]string{"X-Forwarded-For": {"2001:db8::5"}}, "2001:db8::5"},
		{"no header from a proxy", "10.1.2.3:5000", trusted, nil, "10.1.2.3"},
	} {
		r := &http.Request{RemoteAddr: c.peer, Header: http.Header(c.header)}
		if got := c.proxies.Client(r); got != c.want {
			t.Errorf("%s: Client = %s; want %s", c.name, got, c.want)
		}
	}
	if _, err := ParseProxies("10.0.0.0/8, proxy.example"); err == nil {
		t.Error("ParseProxies accepted a host name")
	}
}
