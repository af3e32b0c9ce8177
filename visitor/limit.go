package visitor

import (
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// maxTracked bounds the addresses a Limiter remembers. Past it, addresses whose
// allowance is full again are forgotten first, then any (which only forgives them).
const maxTracked = 100_000

// Limiter allows each client address a number of events per minute, as a token
// bucket (golang.org/x/time/rate) whose burst is that number: a fresh address may
// spend its minute at once, then one event every minute/perMinute. IPv6 addresses
// are counted by their /64 network, which one household or server usually holds
// whole. Limits are per process: behind a load balancer over N replicas a client
// gets up to N times the allowance.
type Limiter struct {
	every time.Duration
	burst int

	mu    sync.Mutex
	addrs map[netip.Prefix]*rate.Limiter
}

// NewLimiter returns a limiter of perMinute events per minute per address;
// perMinute <= 0 allows everything.
func NewLimiter(perMinute int) *Limiter {
	if perMinute <= 0 {
		return &Limiter{}
	}
	return &Limiter{every: time.Minute / time.Duration(perMinute), burst: perMinute, addrs: map[netip.Prefix]*rate.Limiter{}}
}

// Allow spends one event of addr's allowance at now. When none is left it spends
// nothing and says how long until one is.
func (l *Limiter) Allow(addr netip.Addr, now time.Time) (ok bool, retryAfter time.Duration) {
	ok, retryAfter, _ = l.Take(addr, now)
	return ok, retryAfter
}

// Take spends one event like Allow and returns refund, which gives the event back
// (as far as later events allow): a caller that learns only after spending that
// the request was not taken (a turn refused with a conflict) calls it, so that only
// requests taken count. refund is never nil.
func (l *Limiter) Take(addr netip.Addr, now time.Time) (ok bool, retryAfter time.Duration, refund func(time.Time)) {
	if l == nil || l.burst == 0 {
		return true, 0, func(time.Time) {}
	}
	key := clientNetwork(addr)
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.addrs[key]
	if lim == nil {
		if len(l.addrs) >= maxTracked {
			l.forget(now)
		}
		lim = rate.NewLimiter(rate.Every(l.every), l.burst)
		l.addrs[key] = lim
	}
	r := lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d, func(time.Time) {}
	}
	return true, 0, func(at time.Time) { giveBack(lim, l.burst, at) }
}

// giveBack returns one event to lim at at. Reservation.CancelAt cannot: it restores
// nothing once the reservation's time has passed, which a turn's has. A reservation
// of -1 events adds one token (TestLimiterRefund holds x/time/rate to that), never
// past the burst.
func giveBack(lim *rate.Limiter, burst int, at time.Time) {
	if lim.TokensAt(at) <= float64(burst)-1 {
		lim.ReserveN(at, -1)
	}
}

// Left says whether addr has an event of its allowance left at now, spending
// nothing, and when none is left how long until one is: a caller that refuses a
// request over the limit before reading it, and spends (Allow) only once the request
// is accepted.
func (l *Limiter) Left(addr netip.Addr, now time.Time) (ok bool, retryAfter time.Duration) {
	if l == nil || l.burst == 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	lim := l.addrs[clientNetwork(addr)]
	if lim == nil {
		return true, 0
	}
	if tokens := lim.TokensAt(now); tokens < 1 {
		return false, time.Duration((1 - tokens) * float64(l.every))
	}
	return true, 0
}

// forget drops the addresses whose allowance is full again, and if that frees too
// little, a tenth of the rest.
func (l *Limiter) forget(now time.Time) {
	for k, lim := range l.addrs {
		if lim.TokensAt(now) >= float64(l.burst) {
			delete(l.addrs, k)
		}
	}
	drop := len(l.addrs) - maxTracked*9/10
	for k := range l.addrs {
		if drop <= 0 {
			break
		}
		delete(l.addrs, k)
		drop--
	}
}

// clientNetwork is what a limit counts: an IPv4 address, or an IPv6 address's /64.
func clientNetwork(addr netip.Addr) netip.Prefix {
	addr = addr.Unmap()
	bits := 32
	if addr.Is6() {
		bits = 64
	}
	p, err := addr.Prefix(bits)
	if err != nil {
		// The zero Addr (no address known): all such requests share one allowance.
		return netip.Prefix{}
	}
	return p
}
