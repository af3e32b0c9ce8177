package visitor

import (
	"encoding/base64"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
)

var (
	testKey = []byte("0123456789abcdef0123456789abcdef")
	t0      = time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
)

func testClaims() Claims {
	return Claims{Bot: "shop", Conversation: "w-abc", Origin: "https://shop.example", Started: t0, Expires: t0.Add(30 * time.Minute)}
}

func TestSignVerify(t *testing.T) {
	s, err := NewSigner(testKey)
	if err != nil {
		t.Fatal(err)
	}
	token := s.Sign(testClaims())
	got, err := s.Verify(token, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(testClaims(), got); diff != "" {
		t.Errorf("claims (-want +got):\n%s", diff)
	}
	other, _ := NewSigner([]byte("another key of thirty-two bytes!"))
	signed, _, _ := Split(token)
	payload := strings.TrimPrefix(signed, TokenPrefix)
	forged := testClaims()
	forged.Conversation = "w-other"
	tests := map[string]struct {
		token string
		at    time.Time
	}{
		"expired":                         {token, t0.Add(30 * time.Minute)},
		"another key":                     {other.Sign(testClaims()), t0},
		"claims changed, signature kept":  {strings.Replace(token, payload, strings.TrimPrefix(must(Split(s.Sign(forged))), TokenPrefix), 1), t0},
		"signature changed":               {token[:len(token)-1] + flip(token[len(token)-1]), t0},
		"no signature":                    {signed, t0},
		"empty":                           {"", t0},
		"an API token":                    {"s3cret-api-token", t0},
		"prefix only":                     {TokenPrefix, t0},
		"padding in the signature":        {token + "=", t0},
		"over-long":                       {TokenPrefix + strings.Repeat("a", 3000) + "." + strings.Repeat("b", 43), t0},
		"signature of the wrong size":     {signed + "." + base64.RawURLEncoding.EncodeToString([]byte("short")), t0},
		"another version":                 {"pv2." + strings.TrimPrefix(token, TokenPrefix), t0},
		"expired long ago, clock skewed":  {token, t0.Add(48 * time.Hour)},
		"valid signature, payload broken": {signWith(s, "not json"), t0},
		"unknown field":                   {signWith(s, `{"b":"shop","c":"w","o":"o","s":1,"e":2,"admin":true}`), t0},
		"no conversation":                 {signWith(s, `{"b":"shop","c":"","o":"o","s":1,"e":2}`), t0},
		"expiry before start":             {signWith(s, `{"b":"shop","c":"w","o":"o","s":5,"e":2}`), t0},
	}
	for name, tt := range tests {
		if c, err := s.Verify(tt.token, tt.at); err == nil || parley.ErrorCode(err) != parley.EUNAUTHORIZED {
			t.Errorf("%s: Verify = %+v, %v; want unauthorized", name, c, err)
		}
	}
	if _, err := NewSigner([]byte("short")); parley.ErrorCode(err) != parley.EINVALID {
		t.Errorf("short key: %v", err)
	}
}

func must(signed string, _ []byte, err error) string {
	if err != nil {
		panic(err)
	}
	return signed
}

func flip(c byte) string {
	if c == 'A' {
		return "B"
	}
	return "A"
}

// signWith signs an arbitrary payload text with s, as an attacker who had the key
// could: the decoder must still refuse a malformed one.
func signWith(s *Signer, payload string) string {
	signed := TokenPrefix + base64.RawURLEncoding.EncodeToString([]byte(payload))
	return signed + "." + base64.RawURLEncoding.EncodeToString(s.mac(signed))
}

func TestPolicyRenew(t *testing.T) {
	s, _ := NewSigner(testKey)
	now := t0
	p := NewPolicy(s, map[string][]string{"shop": {"https://shop.example"}})
	p.TokenTTL, p.SessionMaxAge = 10*time.Minute, 25*time.Minute
	p.Now = func() time.Time { return now }
	token, c := p.Start("shop", "https://shop.example")
	if !c.Expires.Equal(t0.Add(10*time.Minute)) || !strings.HasPrefix(c.Conversation, "w-") || len(c.Conversation) != 28 {
		t.Fatalf("start: %+v", c)
	}
	if _, err := p.Verify(token); err != nil {
		t.Fatal(err)
	}
	now = t0.Add(9 * time.Minute)
	_, r1, ok := p.Renew(c)
	if !ok || !r1.Expires.Equal(t0.Add(19*time.Minute)) || !r1.Started.Equal(t0) || r1.Conversation != c.Conversation {
		t.Fatalf("renew: %+v %v", r1, ok)
	}
	now = t0.Add(18 * time.Minute)
	_, r2, ok := p.Renew(r1)
	if !ok || !r2.Expires.Equal(t0.Add(25*time.Minute)) {
		t.Fatalf("renew capped by the session's maximum age: %+v %v", r2, ok)
	}
	now = t0.Add(25 * time.Minute)
	if _, _, ok := p.Renew(r2); ok {
		t.Fatal("renewed past the session's maximum age")
	}
	if p.Allows("shop", "https://elsewhere.example") || p.Allows("booking", "https://shop.example") || p.Allows("shop", "") || !p.TakesVisitors("shop") {
		t.Error("origins")
	}
}

func TestClientAddr(t *testing.T) {
	proxies, err := ParseProxies([]string{"127.0.0.1", "10.0.0.0/8", "::1"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, remote string
		xff          []string
		want         string
	}{
		{"direct", "203.0.113.5:4242", nil, "203.0.113.5"},
		{"direct, a forwarded header written by the client is ignored", "203.0.113.5:4242", []string{"198.51.100.1"}, "203.0.113.5"},
		{"one trusted proxy", "127.0.0.1:1", []string{"198.51.100.1"}, "198.51.100.1"},
		{"the client's own entry before the proxy's is ignored", "127.0.0.1:1", []string{"1.2.3.4, 198.51.100.1"}, "198.51.100.1"},
		{"a chain of trusted proxies", "127.0.0.1:1", []string{"198.51.100.1, 10.1.2.3", "10.9.9.9"}, "198.51.100.1"},
		{"all trusted", "127.0.0.1:1", []string{"10.1.1.1"}, "10.1.1.1"},
		{"no header", "[::1]:1", nil, "::1"},
		{"garbage stops at the last trusted hop", "127.0.0.1:1", []string{"198.51.100.1, nonsense, 10.0.0.7"}, "10.0.0.7"},
		{"ports and brackets", "127.0.0.1:1", []string{"[2001:db8::1]:443"}, "2001:db8::1"},
		{"IPv4 in IPv6", "[::ffff:127.0.0.1]:1", []string{"198.51.100.1"}, "198.51.100.1"},
		{"no address", "@", nil, "invalid IP"},
	}
	for _, tt := range tests {
		r := &http.Request{RemoteAddr: tt.remote, Header: http.Header{}}
		for _, v := range tt.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := proxies.ClientAddr(r).String(); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
	var none *Proxies
	r := &http.Request{RemoteAddr: "127.0.0.1:5", Header: http.Header{"X-Forwarded-For": {"198.51.100.1"}}}
	if got := none.ClientAddr(r).String(); got != "127.0.0.1" {
		t.Errorf("no trusted proxies: %s", got)
	}
	if _, err := ParseProxies([]string{"10.0.0.0/33"}); err == nil {
		t.Error("a bad network was accepted")
	}
}

func TestLimiter(t *testing.T) {
	l := NewLimiter(3)
	a := netip.MustParseAddr("203.0.113.1")
	for i := range 3 {
		if ok, _ := l.Allow(a, t0); !ok {
			t.Fatalf("event %d refused", i+1)
		}
	}
	ok, wait := l.Allow(a, t0)
	if ok || wait != 20*time.Second {
		t.Fatalf("fourth: %v %v, want refused for 20s", ok, wait)
	}
	// A refusal spends nothing: one is allowed again 20 s later.
	if ok, _ := l.Allow(a, t0.Add(20*time.Second)); !ok {
		t.Error("not allowed after the wait")
	}
	if ok, _ := l.Allow(netip.MustParseAddr("203.0.113.2"), t0); !ok {
		t.Error("another address shares the allowance")
	}
	// IPv6 counts by /64.
	six := NewLimiter(1)
	if ok, _ := six.Allow(netip.MustParseAddr("2001:db8::1"), t0); !ok {
		t.Fatal("first IPv6")
	}
	if ok, _ := six.Allow(netip.MustParseAddr("2001:db8::ffff"), t0); ok {
		t.Error("another address of the same /64 got a fresh allowance")
	}
	if ok, _ := six.Allow(netip.MustParseAddr("2001:db8:0:1::1"), t0); !ok {
		t.Error("another /64 was refused")
	}
	if ok, _ := NewLimiter(0).Allow(a, t0); !ok {
		t.Error("a limit of 0 refused")
	}
}

// TestLimiterRefund: an event given back (a request refused after it was counted)
// is spendable again at once; refunds of refused or unlimited events are no-ops.
func TestLimiterRefund(t *testing.T) {
	l := NewLimiter(2)
	a := netip.MustParseAddr("203.0.113.7")
	_, _, refund := l.Take(a, t0)
	if ok, _, _ := l.Take(a, t0); !ok {
		t.Fatal("second event refused")
	}
	ok, _, refused := l.Take(a, t0)
	if ok {
		t.Fatal("third event within the minute allowed")
	}
	refused(t0)
	later := t0.Add(5 * time.Second) // the turn ran a while before it was refused
	refund(later)
	if ok, _, _ := l.Take(a, later); !ok {
		t.Error("the event given back cannot be spent again")
	}
	if ok, _, _ := l.Take(a, later); ok {
		t.Error("a refused event's refund gave an extra one")
	}
	// Never past the burst: a refund to a full allowance adds nothing.
	full := NewLimiter(2)
	_, _, back := full.Take(a, t0)
	back(t0.Add(time.Hour))
	for i := range 3 {
		if ok, _, _ := full.Take(a, t0.Add(time.Hour)); ok != (i < 2) {
			t.Errorf("event %d after a refund to a full allowance: allowed %v", i+1, ok)
		}
	}
	_, _, none := NewLimiter(0).Take(a, t0)
	none(t0)
}

// FuzzDecode feeds arbitrary tokens to the decoder and the verifier: they never
// panic, refuse with EUNAUTHORIZED, and what Decode accepts is well formed and
// survives signing and verifying again unchanged.
func FuzzDecode(f *testing.F) {
	s, _ := NewSigner(testKey)
	f.Add(s.Sign(testClaims()))
	f.Add(signWith(s, `{"b":"shop","c":"w","o":"o","s":1,"e":2}`))
	f.Add(signWith(s, `{"b":"\u00ff","c":"w\ud800","o":"o","s":1,"e":2} `))
	f.Add("pv1..")
	f.Add("pv1.e30.AAAA")
	f.Fuzz(func(t *testing.T, token string) {
		if _, err := s.Verify(token, t0); err != nil && parley.ErrorCode(err) != parley.EUNAUTHORIZED {
			t.Fatalf("Verify: %v", err)
		}
		signed, _, err := Split(token)
		if err != nil {
			signed = token
		}
		c, err := Decode(signed)
		if err != nil {
			if parley.ErrorCode(err) != parley.EUNAUTHORIZED {
				t.Fatalf("Decode: %v", err)
			}
			return
		}
		if c.Key().Check() != nil || c.Origin == "" || !c.Expires.After(c.Started) {
			t.Fatalf("Decode accepted %+v", c)
		}
		again, err := s.Verify(s.Sign(c), c.Started)
		if err != nil || !cmp.Equal(c, again) {
			t.Fatalf("round trip of %+v: %+v, %v", c, again, err)
		}
	})
}
