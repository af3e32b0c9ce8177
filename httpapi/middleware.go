package httpapi

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/otelglobal"
	"github.com/parleyhq/parley/visitor"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// requestInfo is what the access log line reports about a request; the guards and
// the route handler fill it in.
// It travels with the response writer (accessRecorder), not in the request's
// context: the handlers that fill it in all hold the writer.
type requestInfo struct {
	id, route, bot, conversation, token string
	err                                 error
	// visitor is the verified visitor token's claims; nil for a request without one.
	visitor *visitor.Claims
}

// accessRecorder records the status (statusRecorder) and the error of a request for
// its log line.
type accessRecorder struct {
	statusRecorder
	info *requestInfo
}

// infoOf finds the request's access log record through the writer chain; nil for a
// writer that is not behind access.
func infoOf(w http.ResponseWriter) *requestInfo {
	for w != nil {
		if a, ok := w.(*accessRecorder); ok {
			return a.info
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return nil
		}
		w = u.Unwrap()
	}
	return nil
}

// noteError hands err to the access log through the writer chain, so that the full
// chain is logged under the request id while the body carries only public messages.
func noteError(w http.ResponseWriter, err error) {
	if info := infoOf(w); info != nil {
		info.err = err
	}
}

// requestIDOf keeps a reverse proxy's X-Request-Id when it is a sane token, else
// makes one.
func requestIDOf(r *http.Request) string {
	if id := r.Header.Get("X-Request-Id"); saneRequestID(id) {
		return id
	}
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// saneRequestID is whether id is 1 to 128 ASCII letters, digits and -_.:
func saneRequestID(id string) bool {
	return id != "" && len(id) <= 128 && strings.IndexFunc(id, notIDRune) < 0
}

func notIDRune(c rune) bool {
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_.:", c))
}

// chain puts a route's handler behind what every request goes through: the span
// named after the route, the access log line and the guards. The mux resolves a
// request's route once; what follows reads the pattern it matched.
func (h *Handler) chain(pattern string, route http.Handler) http.Handler {
	return h.access(pattern, h.guard(route))
}

// access gives every request an id (X-Request-Id, also in error bodies) and writes
// one structured log line when it ends: method, route pattern, status, duration,
// request id, bot, conversation, token name, and the full error chain if any.
func (h *Handler) access(pattern string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &requestInfo{id: requestIDOf(r), route: pattern}
		w.Header().Set("X-Request-Id", info.id)
		span := trace.SpanFromContext(r.Context())
		span.SetAttributes(attribute.String("parley.request_id", info.id))
		rec := &accessRecorder{statusRecorder{ResponseWriter: w, code: http.StatusOK}, info}
		next.ServeHTTP(rec, r)
		h.logRequest(r, rec, info, span, time.Since(start))
	})
}

// logRequest writes the access log line of a request that took d; a logger that
// drops the line (bench, parley test) is not handed one.
func (h *Handler) logRequest(r *http.Request, rec *accessRecorder, info *requestInfo, span trace.Span, d time.Duration) {
	level := slog.LevelInfo
	if rec.code >= 500 {
		level = slog.LevelError
	}
	if !h.opts.Logger.Enabled(r.Context(), level) {
		return
	}
	attrs := []slog.Attr{
		slog.String("method", r.Method), slog.String("route", info.route),
		slog.Int("status", rec.code), slog.Duration("duration", d),
		slog.String("request_id", info.id),
	}
	for _, kv := range [][2]string{{"bot", info.bot}, {"conversation", info.conversation}, {"token", info.token}} {
		if kv[1] != "" {
			attrs = append(attrs, slog.String(kv[0], kv[1]))
		}
	}
	if sc := span.SpanContext(); sc.IsValid() {
		attrs = append(attrs, slog.String("trace_id", sc.TraceID().String()))
	}
	if info.err != nil {
		attrs = append(attrs, slog.String("err", parley.ErrorDetail(info.err)))
	}
	h.opts.Logger.LogAttrs(r.Context(), level, "http request", attrs...)
}

// guard refuses, before any handler runs and so without changing anything: a Host
// the server does not answer for (DNS rebinding), a request without a valid token
// (401) or without the route's scope (403), a body that is not JSON (415: an HTML
// form or a text/plain fetch can cross origins without a preflight), and a
// cross-origin browser request from an origin not listed in CORSOrigins.
func (h *Handler) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		info := infoOf(w)
		if err := h.checkHost(r); err != nil {
			writeError(w, err)
			return
		}
		if r.Method == http.MethodOptions && r.Header.Get("Origin") != "" && r.Header.Get("Access-Control-Request-Method") != "" {
			h.preflight(w, r)
			return
		}
		h.corsHeaders(w, r)
		if err := h.authenticate(w, r, info); err != nil {
			writeError(w, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// authenticate checks the request's credentials for its route: a visitor token
// (visitors.go), else the API tokens (auth.go); then its body's media type and, but
// for visitors (whose origin the visitor checks decide), its origin.
func (h *Handler) authenticate(w http.ResponseWriter, r *http.Request, info *requestInfo) error {
	visiting, err := h.visitorAuth(r, info)
	if err != nil {
		challenge(w, err, `Bearer realm="parley", error="invalid_token"`)
		return err
	}
	if !visiting {
		name, err := h.opts.Auth.authorize(r, routeScope(info.route))
		info.token = name
		if err != nil {
			challenge(w, err, `Bearer realm="parley"`)
			return err
		}
	}
	if err := checkMediaType(r, info.route); err != nil {
		return err
	}
	if visiting || info.route == sessionsPattern || info.route == renewSessionsPattern {
		return nil
	}
	if err := h.crossOrigin.Check(r); err != nil {
		return parley.Errorf(parley.EFORBIDDEN, "cross-origin request refused: origin %q is not in server.cors_origins", r.Header.Get("Origin"))
	}
	return nil
}

// challenge sets WWW-Authenticate when err is a refused credential.
func challenge(w http.ResponseWriter, err error, value string) {
	if parley.ErrorCode(err) == parley.EUNAUTHORIZED {
		w.Header().Set("WWW-Authenticate", value)
	}
}

// checkMediaType refuses a POST or PUT body declared as anything but JSON (YAML too
// for a flow definition). A request without Content-Type passes: browsers always
// declare a form's or a string body's type, and CrossOriginProtection covers the rest.
func checkMediaType(r *http.Request, route string) error {
	if r.Method != http.MethodPost && r.Method != http.MethodPut && r.Method != http.MethodPatch {
		return nil
	}
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return nil
	}
	if mt, _, err := mime.ParseMediaType(ct); err == nil && acceptedMediaType(mt, route) {
		return nil
	}
	return parley.Errorf(parley.EMEDIATYPE, "Content-Type must be application/json, got %q", ct)
}

// acceptedMediaType is whether a body of media type mt may go to route: JSON, or
// YAML for a flow definition.
func acceptedMediaType(mt, route string) bool {
	if mt == "application/json" || strings.HasSuffix(mt, "+json") {
		return true
	}
	return strings.HasPrefix(route, "PUT /v1/flows/") && (mt == "application/yaml" || mt == "application/x-yaml" || mt == "text/yaml")
}

// preflight answers a CORS preflight: allowed for the listed origins, 403 otherwise.
func (h *Handler) preflight(w http.ResponseWriter, r *http.Request) {
	if !h.allowOrigin(w, r) {
		writeError(w, parley.Errorf(parley.EFORBIDDEN, "origin %q is neither in server.cors_origins nor in this bot's widget origins", r.Header.Get("Origin")))
		return
	}
	hd := w.Header()
	hd.Set("Access-Control-Allow-Methods", "GET, POST, PUT")
	hd.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Last-Event-ID, X-Request-Id")
	hd.Set("Access-Control-Max-Age", "600")
	w.WriteHeader(http.StatusNoContent)
}

// corsHeaders lets a listed origin read the response.
func (h *Handler) corsHeaders(w http.ResponseWriter, r *http.Request) {
	if h.allowOrigin(w, r) {
		w.Header().Set("Access-Control-Expose-Headers", "X-Request-Id, Idempotent-Replay, Parley-Flow-Version, Retry-After")
	}
}

// allowOrigin lets the request's Origin read the response when it is listed in
// server.cors_origins or among the bot's widget origins, and reports whether it
// did: the one origin rule of preflights and of the requests themselves.
func (h *Handler) allowOrigin(w http.ResponseWriter, r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" || !h.corsOrigins[origin] && !h.widgetOrigin(r) {
		return false
	}
	hd := w.Header()
	hd.Set("Access-Control-Allow-Origin", origin)
	hd.Add("Vary", "Origin")
	return true
}

// checkHost refuses a Host header outside Options.Hosts: a page whose name was
// rebound to this server's address sends its own name. Ports are not compared: a
// rebinding page is told apart by its name, and a reverse proxy on another port may
// pass the address it reached.
func (h *Handler) checkHost(r *http.Request) error {
	if len(h.opts.Hosts) == 0 {
		return nil
	}
	host := strings.ToLower(r.Host)
	if h.hosts[host] {
		return nil
	}
	name := host
	if n, _, err := net.SplitHostPort(host); err == nil {
		name = n
	}
	if h.hosts[strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")] {
		return nil
	}
	return parley.Errorf(parley.EMISDIRECTED, "this server does not answer for host %q (server.hosts lists the names it answers for)", r.Host)
}

// ListenHosts returns the host names that name a server listening on addr: its IP;
// for loopback also localhost, 127.0.0.1 and ::1; for an unspecified address
// (0.0.0.0, ::) every interface address. names (server.hosts) are added as given:
// "chat.example.com" with any port, "chat.example.com:8443" with that one only.
func ListenHosts(addr net.Addr, names []string) []string {
	out := append([]string(nil), names...)
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return append(out, addr.String())
	}
	loopback := false
	for _, ip := range listenIPs(tcp.IP) {
		out = append(out, ip.String())
		loopback = loopback || ip.IsLoopback()
	}
	if loopback {
		out = append(out, "localhost", "127.0.0.1", "::1")
	}
	return out
}

// listenIPs are the addresses a server listening on ip is reached at: ip, or for
// an unspecified address (0.0.0.0, ::) every interface address.
func listenIPs(ip net.IP) []net.IP {
	if !ip.IsUnspecified() {
		return []net.IP{ip}
	}
	var ips []net.IP
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				ips = append(ips, n.IP)
			}
		}
	}
	return ips
}

// wrap builds the handler chain: an OpenTelemetry server span named by the route
// pattern, then the routes, each behind its access log and guards (chain).
func (h *Handler) wrap() {
	h.hosts = map[string]bool{}
	for _, host := range h.opts.Hosts {
		h.hosts[strings.ToLower(host)] = true
	}
	h.corsOrigins = map[string]bool{}
	h.crossOrigin = http.NewCrossOriginProtection()
	for _, o := range h.opts.CORSOrigins {
		h.corsOrigins[o] = true
		// Validated by cmd/parley's config check; an origin it let through but
		// this refuses is simply not trusted.
		_ = h.crossOrigin.AddTrustedOrigin(o)
	}
	tp := h.opts.TracerProvider
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	h.traced = otelhttp.NewHandler(h.mux, "parley",
		otelhttp.WithTracerProvider(tp),
		otelhttp.WithPropagators(propagation.TraceContext{}),
		// The span starts before the mux resolves the route and is renamed after it
		// by the pattern the mux set on the request.
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return cmp.Or(r.Pattern, r.Method) }))
}

// tracing is whether requests get a span: a provider in the options, or a global
// one that cmd/parley (or a test) set, now or after New.
func (h *Handler) tracing() bool {
	_, off := otelglobal.Provider()
	return h.opts.TracerProvider != nil || !off
}

// untracedRequest is what the span's middleware leaves of a request while tracing
// is off: an incoming traceparent still enters the context, so that the access log
// line carries its trace id. The span itself, with its response writer and body
// wrappers and its metrics, cost 20 µs and 32 allocations a request (go test
// ./httpapi -bench PostMessage), which docs/operations.md says tracing off does not.
func untracedRequest(r *http.Request) *http.Request {
	if r.Header.Get("Traceparent") == "" {
		return r
	}
	ctx := propagation.TraceContext{}.Extract(r.Context(), propagation.HeaderCarrier(r.Header))
	return r.WithContext(ctx)
}

// noteRoute records the route's bot and conversation for the access log and the span.
func noteRoute(w http.ResponseWriter, r *http.Request) {
	bot, conv := r.PathValue("bot"), r.PathValue("conversation")
	if info := infoOf(w); info != nil {
		info.bot, info.conversation = bot, conv
	}
	span := trace.SpanFromContext(r.Context())
	if bot != "" {
		span.SetAttributes(attribute.String("parley.bot", bot))
	}
	if conv != "" {
		span.SetAttributes(attribute.String("parley.conversation", conv))
	}
}
