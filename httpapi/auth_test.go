package httpapi

import (
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
)

func testAuth(t testing.TB) *Auth {
	t.Helper()
	a, err := NewAuth([]Token{
		{Name: "widget", Secret: "client-secret", Scopes: []Scope{ScopeClient}},
		{Name: "ops", Secret: "admin-secret", Scopes: []Scope{ScopeAdmin}},
		{Name: "desk", Secret: "agent-secret", Scopes: []Scope{ScopeAgent}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestNewAuthRefusesBadTokens(t *testing.T) {
	tests := []struct {
		name   string
		tokens []Token
		want   string
	}{
		{"no name", []Token{{Secret: "s", Scopes: []Scope{ScopeClient}}}, "name is required"},
		{"empty secret (an unset ${VAR})", []Token{{Name: "a", Secret: " ", Scopes: []Scope{ScopeClient}}}, "token is empty"},
		{"no scopes", []Token{{Name: "a", Secret: "s"}}, "scopes are required"},
		{"unknown scope", []Token{{Name: "a", Secret: "s", Scopes: []Scope{"root"}}}, `unknown scope "root"`},
		{"duplicate name", []Token{{Name: "a", Secret: "s", Scopes: []Scope{ScopeClient}}, {Name: "a", Secret: "t", Scopes: []Scope{ScopeClient}}}, "duplicate name"},
		{"same secret twice", []Token{{Name: "a", Secret: "s", Scopes: []Scope{ScopeClient}}, {Name: "b", Secret: "s", Scopes: []Scope{ScopeAdmin}}}, "configured twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewAuth(tt.tokens)
			if parley.ErrorCode(err) != parley.EINVALID || !strings.Contains(parley.ErrorMessage(err), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
	if a, err := NewAuth(nil); err != nil || a.Enabled() {
		t.Fatalf("no tokens: %v enabled=%v", err, a.Enabled())
	}
}

func TestAuthorize(t *testing.T) {
	a := testAuth(t)
	tests := []struct {
		header string
		need   Scope
		code   string
		name   string
		query  string
	}{
		{"", ScopeClient, parley.EUNAUTHORIZED, "", ""},
		{"Bearer", ScopeClient, parley.EUNAUTHORIZED, "", ""},
		{"Bearer client-secre", ScopeClient, parley.EUNAUTHORIZED, "", ""},
		{"Bearer client-secretx", ScopeClient, parley.EUNAUTHORIZED, "", ""},
		{"Basic client-secret", ScopeClient, parley.EUNAUTHORIZED, "", ""},
		{"Bearer client-secret", ScopeClient, "", "widget", ""},
		{"bearer client-secret", ScopeClient, "", "widget", ""},
		{"Bearer client-secret", ScopeAdmin, parley.EFORBIDDEN, "widget", ""},
		{"Bearer admin-secret", ScopeAdmin, "", "ops", ""},
		{"Bearer admin-secret", ScopeClient, "", "ops", ""},
		{"", scopeOpen, "", "", ""},
		{"Bearer agent-secret", ScopeAgent, "", "desk", ""},
		{"Bearer agent-secret", scopeRead, "", "desk", ""},
		{"Bearer client-secret", scopeRead, "", "widget", ""},
		{"Bearer agent-secret", ScopeClient, parley.EFORBIDDEN, "desk", ""},
		{"Bearer agent-secret", ScopeAdmin, parley.EFORBIDDEN, "desk", ""},
		{"Bearer client-secret", ScopeAgent, parley.EFORBIDDEN, "widget", ""},
		{"Bearer admin-secret", ScopeAgent, "", "ops", ""},
		{"Bearer agent-secret", scopeQueue, parley.EFORBIDDEN, "desk", ""},
		{"Bearer agent-secret", scopeQueue, "", "desk", "waiting=person"},
		{"Bearer client-secret", scopeQueue, parley.EFORBIDDEN, "widget", "waiting=person"},
		{"Bearer admin-secret", scopeQueue, "", "ops", ""},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/v1/bots?"+tt.query, nil)
		if tt.header != "" {
			r.Header.Set("Authorization", tt.header)
		}
		name, err := a.authorize(r, tt.need)
		if parley.ErrorCode(err) != tt.code || name != tt.name {
			t.Errorf("%q for %q: %q %v, want %q %q", tt.header, tt.need, name, err, tt.name, tt.code)
		}
	}
	var none *Auth
	if _, err := none.authorize(httptest.NewRequest("GET", "/", nil), ScopeAdmin); err != nil {
		t.Fatalf("no auth configured: %v", err)
	}
}

// TestRouteScopeCoversEveryRoute: each registered pattern has its intended scope; a
// route added without an entry needs admin (fails closed).
func TestRouteScopeCoversEveryRoute(t *testing.T) {
	conv := "/v1/bots/{bot}/conversations/{conversation}"
	want := map[string]Scope{
		"POST " + conv + "/messages": ScopeClient, "GET " + conv: scopeRead, "GET " + conv + "/events": scopeRead,
		"GET /v1/bots": scopeRead, "GET " + conv + "/history": scopeRead, "GET /v1/bots/{bot}/graph": ScopeClient,
		"GET /v1/bots/{bot}/conversations": scopeQueue, "POST " + conv + "/pause": ScopeAdmin, "POST " + conv + "/resume": ScopeAdmin,
		"POST " + conv + "/cancel": ScopeAdmin, "POST " + conv + "/reset": ScopeAdmin, "POST " + conv + "/handback": ScopeAgent,
		"POST " + conv + "/agent-messages": ScopeAgent,
		"PUT /v1/flows/{id}":               ScopeAdmin, "GET /v1/flows/{id}": ScopeAdmin, "GET /metrics": ScopeAdmin,
		"GET /healthz": scopeOpen, "GET /readyz": scopeOpen, "POST /v1/chatwoot/{bot}": scopeOpen,
		"DELETE /v1/something/new": ScopeAdmin,
	}
	for pattern, scope := range want {
		if got := routeScope(pattern); got != scope {
			t.Errorf("routeScope(%q) = %q, want %q", pattern, got, scope)
		}
	}
}

func TestListenHosts(t *testing.T) {
	tests := []struct {
		addr      *net.TCPAddr
		names     []string
		allowed   []string
		forbidden []string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, nil,
			[]string{"127.0.0.1:8080", "localhost:8080", "[::1]:8080", "localhost", "127.0.0.1:9090", "[::1]"},
			[]string{"evil.example:8080", "evil.example", "10.0.0.1:8080", "", "localhost.evil.example"}},
		{&net.TCPAddr{IP: net.ParseIP("10.1.2.3"), Port: 80}, []string{"parley.example.com", "admin.example.com:8443"},
			[]string{"10.1.2.3", "10.1.2.3:80", "parley.example.com", "parley.example.com:443", "PARLEY.example.com", "admin.example.com:8443"},
			[]string{"localhost:80", "evil.example", "admin.example.com", "admin.example.com:443"}},
	}
	for _, tt := range tests {
		h := &Handler{opts: Options{Hosts: ListenHosts(tt.addr, tt.names)}}
		h.hosts = map[string]bool{}
		for _, x := range h.opts.Hosts {
			h.hosts[strings.ToLower(x)] = true
		}
		check := func(host string) error {
			r := httptest.NewRequest("GET", "/", nil)
			r.Host = host
			return h.checkHost(r)
		}
		for _, host := range tt.allowed {
			if err := check(host); err != nil {
				t.Errorf("%s: Host %q refused (%v); hosts %v", tt.addr, host, err, h.opts.Hosts)
			}
		}
		for _, host := range tt.forbidden {
			if err := check(host); parley.ErrorCode(err) != parley.EMISDIRECTED {
				t.Errorf("%s: Host %q served; hosts %v", tt.addr, host, h.opts.Hosts)
			}
		}
	}
	if hosts := ListenHosts(&net.TCPAddr{IP: net.IPv4zero, Port: 9}, nil); !slices.Contains(hosts, "127.0.0.1") {
		t.Errorf("0.0.0.0 does not answer for its loopback interface: %v", hosts)
	}
}

// FuzzAuthorize: whatever Authorization header arrives, only the configured secrets
// authorize, and nothing panics.
func FuzzAuthorize(f *testing.F) {
	for _, s := range []string{"Bearer client-secret", "Bearer admin-secret", "Bearer ", "bearer\tx", "Basic Og==", "Bearer client-secret\x00"} {
		f.Add(s)
	}
	a := testAuth(f)
	f.Fuzz(func(t *testing.T, header string) {
		r := httptest.NewRequest(http.MethodGet, "/v1/bots", nil)
		r.Header["Authorization"] = []string{header}
		name, err := a.authorize(r, ScopeClient)
		if err != nil {
			return
		}
		_, secret, _ := strings.Cut(header, " ")
		secret = strings.TrimSpace(secret)
		if !(name == "widget" && secret == "client-secret") && !(name == "ops" && secret == "admin-secret") {
			t.Fatalf("header %q authorized as %q", header, name)
		}
	})
}

// FuzzCheckHost: whatever Host arrives, it is served only when its name (port and
// IPv6 brackets aside) or the whole header is listed, and nothing panics.
func FuzzCheckHost(f *testing.F) {
	for _, s := range []string{"localhost:8080", "[::1]:8080", "[::1]", "evil.example", "127.0.0.1:", ":8080", "[", "parley.example.com:443", "PARLEY.EXAMPLE.COM"} {
		f.Add(s)
	}
	hosts := ListenHosts(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, []string{"parley.example.com"})
	h := &Handler{opts: Options{Hosts: hosts}, hosts: map[string]bool{}}
	for _, x := range hosts {
		h.hosts[x] = true
	}
	f.Fuzz(func(t *testing.T, host string) {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Host = host
		if h.checkHost(r) != nil {
			return
		}
		name := strings.ToLower(host)
		if n, _, err := net.SplitHostPort(name); err == nil {
			name = n
		}
		name = strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")
		if !slices.Contains(hosts, name) && !slices.Contains(hosts, strings.ToLower(host)) {
			t.Fatalf("Host %q served; hosts %v", host, hosts)
		}
	})
}
