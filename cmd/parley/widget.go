package main

import (
	"crypto/rand"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/app"
	"github.com/parleyhq/parley/visitor"
)

// visitorPolicy builds what lets web pages chat with the bots that have a widget
// (package visitor); nil when none has one. A configuration with a widget and no
// widget.key is refused: tokens signed with a key made up at start would all die
// with the process, and each replica would refuse the others'. Only the demo (no
// -config) makes up a key, says so in the log, and lets each demo bot's widget be
// embedded in pages of the server's own origin (the page /widget/demo.html).
func visitorPolicy(cfg *app.Config, demo bool, addr net.Addr, logger *slog.Logger) (*visitor.Policy, error) {
	origins := widgetOrigins(cfg, demo, addr)
	if len(origins) == 0 {
		return nil, nil
	}
	key, err := widgetKey(cfg, demo, logger)
	if err != nil {
		return nil, err
	}
	signer, err := visitor.NewSigner(key)
	if err != nil {
		return nil, parley.Errorf(parley.EINVALID, "widget.key: %s", parley.ErrorMessage(err))
	}
	proxies, err := visitor.ParseProxies(cfg.Server.TrustedProxies)
	if err != nil {
		return nil, err
	}
	p := visitor.NewPolicy(signer, origins)
	p.Proxies = proxies
	p.Welcome = widgetWelcomes(cfg)
	applyWidgetLimits(p, cfg.Widget)
	return p, nil
}

// widgetOrigins are, per bot with a widget, the origins of the pages that may
// embed it; in the demo, every bot's widget also on the server's own pages.
func widgetOrigins(cfg *app.Config, demo bool, addr net.Addr) map[string][]string {
	origins := map[string][]string{}
	for _, b := range cfg.Bots {
		if b.Widget != nil {
			origins[b.Name] = b.Widget.Origins
		}
	}
	if demo {
		for _, b := range cfg.Bots {
			origins[b.Name] = append(origins[b.Name], ownOrigins(addr)...)
		}
	}
	return origins
}

// widgetWelcomes are the greetings and starter buttons of the bots' widgets.
func widgetWelcomes(cfg *app.Config) map[string]visitor.Welcome {
	out := map[string]visitor.Welcome{}
	for _, b := range cfg.Bots {
		if b.Widget != nil && (b.Widget.Greeting != "" || len(b.Widget.Starters) > 0) {
			out[b.Name] = visitor.Welcome{Greeting: b.Widget.Greeting, Starters: b.Widget.Starters}
		}
	}
	return out
}

// widgetKey is widget.key; the demo alone makes one up for the run (and says so).
func widgetKey(cfg *app.Config, demo bool, logger *slog.Logger) ([]byte, error) {
	if key := []byte(cfg.Widget.Key); len(key) > 0 {
		return key, nil
	}
	if !demo {
		return nil, parley.Errorf(parley.EINVALID, "widget.key is required once a bot has a widget: set it to ${PARLEY_WIDGET_KEY}, at least %d random bytes (openssl rand -base64 48)", visitor.MinKeyLen)
	}
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	logger.Warn("demo: no widget.key configured, so visitor tokens are signed with a random key made for this run; they end when it does")
	return key, nil
}

// applyWidgetLimits sets the token lifetimes and rate limits the widget block
// sets, keeping the policy's defaults for the others.
func applyWidgetLimits(p *visitor.Policy, w app.WidgetConfig) {
	if w.TokenTTL > 0 {
		p.TokenTTL = time.Duration(w.TokenTTL)
	}
	if w.SessionMaxAge > 0 {
		p.SessionMaxAge = time.Duration(w.SessionMaxAge)
	}
	if n := w.SessionsPerMinute; n != 0 {
		p.Sessions = visitor.NewLimiter(n)
	}
	if n := w.MessagesPerMinute; n != 0 {
		p.Messages = visitor.NewLimiter(n)
	}
}

// ownOrigins are the origins of pages the server itself serves on addr: its address
// and, on loopback, localhost's names for it.
func ownOrigins(addr net.Addr) []string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return nil
	}
	port := strconv.Itoa(tcp.Port)
	out := []string{"http://" + net.JoinHostPort(tcp.IP.String(), port)}
	if tcp.IP.IsLoopback() {
		out = append(out, "http://localhost:"+port, "http://127.0.0.1:"+port, "http://[::1]:"+port)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
