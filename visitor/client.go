package visitor

import (
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/parleyhq/parley"
)

// Proxies are the reverse proxies whose X-Forwarded-For header is believed
// (server.trusted_proxies). With none, a request's client is the address it came
// from, and X-Forwarded-For, which any client can write, is ignored.
type Proxies struct {
	trusted []netip.Prefix
}

// ParseProxies reads trusted proxies written as addresses ("127.0.0.1", "::1") or
// networks ("10.0.0.0/8", "fd00::/8").
func ParseProxies(list []string) (*Proxies, error) {
	p := &Proxies{}
	for i, s := range list {
		s = strings.TrimSpace(s)
		if prefix, err := netip.ParsePrefix(s); err == nil {
			p.trusted = append(p.trusted, prefix.Masked())
			continue
		}
		addr, err := netip.ParseAddr(s)
		if err != nil {
			return nil, parley.Errorf(parley.EINVALID, "server.trusted_proxies[%d]: %q is neither an IP address nor a network like 10.0.0.0/8", i, s)
		}
		addr = addr.Unmap()
		p.trusted = append(p.trusted, netip.PrefixFrom(addr, addr.BitLen()))
	}
	return p, nil
}

func (p *Proxies) trusts(addr netip.Addr) bool {
	if p == nil {
		return false
	}
	addr = addr.Unmap()
	for _, t := range p.trusted {
		if t.Contains(addr) {
			return true
		}
	}
	return false
}

// ClientAddr returns the address of the client that sent r. The connection's peer is
// the client unless it is a trusted proxy; then X-Forwarded-For is read from its end
// (the hop the trusted proxy added) towards its start, passing over trusted proxies,
// and the first address not trusted is the client. An entry that is not an address
// stops the walk at the last trusted hop: what lies before it was written by someone
// no trusted proxy vouches for. The zero Addr means the peer's address is unknown.
func (p *Proxies) ClientAddr(r *http.Request) netip.Addr {
	peer := peerAddr(r.RemoteAddr)
	if !p.trusts(peer) {
		return peer
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		addr, ok := parseHop(hops[i])
		if !ok {
			return client
		}
		client = addr
		if !p.trusts(addr) {
			return addr
		}
	}
	return client
}

// peerAddr parses a RemoteAddr ("ip:port").
func peerAddr(remote string) netip.Addr {
	if ap, err := netip.ParseAddrPort(remote); err == nil {
		return ap.Addr().Unmap()
	}
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	addr, _ := netip.ParseAddr(host)
	return addr.Unmap()
}

// parseHop parses one X-Forwarded-For entry: an address, possibly with a port or in
// brackets.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if addr, err := netip.ParseAddr(s); err == nil {
		return addr.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	if addr, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")); err == nil {
		return addr.Unmap(), true
	}
	return netip.Addr{}, false
}
