package app

import (
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/httpapi"
	"github.com/parleyhq/parley/internal/strictyaml"
	"github.com/parleyhq/parley/visitor"
)

// Config is parley.yaml (docs/spec/contracts.md section 7). Unknown keys are errors with
// file:line:col; ${VAR} expands from the environment before decoding.
type Config struct {
	Listen  string        `yaml:"listen"`
	Store   string        `yaml:"store"`
	Runtime RuntimeConfig `yaml:"runtime"`
	// LLM is the model every bot with nlu: llm uses unless it overrides it.
	LLM *LLMConfig `yaml:"llm"`
	// NLU is the nlu mode of every bot that sets none (rules by default).
	NLU string `yaml:"nlu"`
	// Record records every bot's turns for `parley replay` (always on with nlu: llm).
	Record bool `yaml:"record"`
	// Bots are the bots to run; none means the three demo bots.
	Bots   []BotConfig  `yaml:"bots"`
	Auth   AuthConfig   `yaml:"auth"`
	Server ServerConfig `yaml:"server"`
	// Widget signs and limits the chat widget's visitor sessions; a bot takes
	// visitors when it has a widget: block of its own (BotWidgetConfig).
	Widget WidgetConfig `yaml:"widget"`
	// Handoff calls people in when a bot hands a conversation off (every bot's,
	// unless the bot's own handoff: sets a field).
	Handoff *HandoffConfig `yaml:"handoff"`

	// dir resolves relative file paths (the config file's folder).
	dir string
	// offline: read for a command that serves nothing, the serving secrets
	// naming variables not set left empty (ResolveOfflineConfig).
	offline bool
}

// RuntimeConfig tunes the actor runtime.
type RuntimeConfig struct {
	MaxActors         int      `yaml:"max_actors"`
	MailboxSize       int      `yaml:"mailbox_size"`
	InactivityTimeout Duration `yaml:"inactivity_timeout"`
	Heartbeat         Duration `yaml:"heartbeat"`
	MaxBodyBytes      int64    `yaml:"max_body_bytes"`
	// StoreTimeout bounds every store call (default 5s): a store that stops
	// answering fails turns with 503 instead of holding them.
	StoreTimeout Duration `yaml:"store_timeout"`
	// FlowVersions is how many versions of each flow the store keeps (default
	// parley.DefaultFlowVersions, 20): PUT /v1/flows/{id} and a changed flow file
	// add one, and the oldest beyond this many are removed.
	FlowVersions int `yaml:"flow_versions"`
	// IntentLease is how long a turn's recorded call intent holds its
	// conversation for the replica that made it (default 65s, longer than any
	// webhook may take): a message meanwhile waits; after it, the call is taken
	// for abandoned and sent again under its key (docs/guides/postgres.md).
	IntentLease Duration `yaml:"intent_lease"`
}

// AuthConfig lists the API's bearer tokens (PARLEY_API_TOKEN adds one more).
type AuthConfig struct {
	Tokens []TokenConfig `yaml:"tokens"`
}

// TokenConfig is one token; write it as ${VAR} so the secret stays out of the file.
type TokenConfig struct {
	Name   string   `yaml:"name"`
	Token  string   `yaml:"token"`
	Scopes []string `yaml:"scopes"`
}

// ServerConfig guards the HTTP surface against browsers on other sites.
type ServerConfig struct {
	// CORSOrigins may call the API from a browser ("https://shop.example.com").
	CORSOrigins []string `yaml:"cors_origins"`
	// Hosts are the Host names served besides the listen address (the public name
	// behind a reverse proxy); "name" accepts any port, "name:port" that one.
	Hosts []string `yaml:"hosts"`
	// TrustedProxies are the reverse proxies (addresses or networks) whose
	// X-Forwarded-For names the client; none by default: the peer is the client.
	TrustedProxies []string `yaml:"trusted_proxies"`
}

// WidgetConfig is what the widgets of every bot share (docs/guides/widget.md).
type WidgetConfig struct {
	// Key signs visitor tokens (HMAC-SHA256), at least 32 bytes: write it as
	// ${PARLEY_WIDGET_KEY}. Required once a bot has a widget, but in the demo.
	Key string `yaml:"key"`
	// TokenTTL is how long a visitor token lives unless renewed (default 30m).
	TokenTTL Duration `yaml:"token_ttl"`
	// SessionMaxAge bounds renewals: a session older is over (default 24h).
	SessionMaxAge Duration `yaml:"session_max_age"`
	// SessionsPerMinute and MessagesPerMinute limit each client address (defaults
	// 10 and 30; -1 turns a limit off).
	SessionsPerMinute int `yaml:"sessions_per_minute"`
	MessagesPerMinute int `yaml:"messages_per_minute"`
}

// BotWidgetConfig lets a bot take visitors through the chat widget.
type BotWidgetConfig struct {
	// Origins are the page origins (https://shop.example.com) the widget may be
	// embedded in.
	Origins []string `yaml:"origins"`
	// Greeting is said when a visitor first opens the panel, before any message.
	Greeting string `yaml:"greeting"`
	// Starters are buttons shown with the greeting; each sends its text.
	Starters []string `yaml:"starters"`
}

// BotConfig is one bot.
type BotConfig struct {
	Name        string          `yaml:"name"`
	Engine      string          `yaml:"engine"`
	Description string          `yaml:"description"`
	Shop        *ShopConfig     `yaml:"shop"`
	Flows       string          `yaml:"flows"`
	Flow        string          `yaml:"flow"`
	Chatwoot    *ChatwootConfig `yaml:"chatwoot"`
	// NLU is rules (the default) or llm: the model reads messages and the rules
	// answer whenever it cannot.
	NLU string `yaml:"nlu"`
	// LLM overrides the top-level llm block for this bot, field by field.
	LLM *LLMConfig `yaml:"llm"`
	// Record records the bot's turns (message and parse, an nlu_parse event) so
	// that `parley replay` can recompute them; always on with nlu: llm.
	Record bool `yaml:"record"`
	// InactivityTimeout overrides runtime.inactivity_timeout for this bot (seed
	// 004's timer: an idle or paused conversation is completed after it).
	InactivityTimeout Duration `yaml:"inactivity_timeout"`
	// Widget lets web pages of the listed origins embed the chat widget.
	Widget *BotWidgetConfig `yaml:"widget"`
	// Handoff overrides the top-level handoff: block, field by field.
	Handoff *HandoffConfig `yaml:"handoff"`
}

// ShopConfig configures a shop bot.
type ShopConfig struct {
	BaseURL     string             `yaml:"base_url"`
	Catalog     string             `yaml:"catalog"`
	Limit       int                `yaml:"limit"`
	WooCommerce *WooCommerceConfig `yaml:"woocommerce"`
	// ReactivateOnHandback lets POST .../handback return a handed-off conversation
	// to the bot (default true).
	ReactivateOnHandback *bool `yaml:"reactivate_on_handback"`
	// IdleTimeout is seed 000's global timeout: a message sent longer than this
	// after the previous one starts from idle with counters reset (default 30m;
	// "-1s" turns it off).
	IdleTimeout Duration `yaml:"idle_timeout"`
	// Generate lists the texts the bot's model writes (shop.GenerateIntro and the
	// others; none by default): with no model configured they are said as written.
	Generate []string `yaml:"generate"`
	// Answers are the shop's answers to questions about its services, by topic
	// (shipping, returns, payment, discounts, sizes, hours, location, contact, orders);
	// a topic without one offers a person from the shop.
	Answers map[string]string `yaml:"answers"`
}

// WooCommerceConfig configures the WooCommerce catalog.
type WooCommerceConfig struct {
	URL            string `yaml:"url"`
	API            string `yaml:"api"`
	ConsumerKey    string `yaml:"consumer_key"`
	ConsumerSecret string `yaml:"consumer_secret"`
	// Currency is the shop's ISO code for REST API prices (looked up when empty).
	Currency string   `yaml:"currency"`
	Timeout  Duration `yaml:"timeout"`
	CacheTTL Duration `yaml:"cache_ttl"`
}

// ChatwootConfig configures a bot's Chatwoot channel.
type ChatwootConfig struct {
	URL           string `yaml:"url"`
	AccountID     int    `yaml:"account_id"`
	BotToken      string `yaml:"bot_token"`
	WebhookSecret string `yaml:"webhook_secret"`
}

// Duration is a time.Duration written as "10m".
type Duration time.Duration

func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// LoadConfig reads and strictly decodes a config file.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "read config")
	}
	return ParseConfig(data, path)
}

// ParseConfig decodes config text; path names it in errors and anchors relative paths.
func ParseConfig(data []byte, path string) (*Config, error) {
	return parseConfig(data, path, false)
}

// parseConfig decodes config text; offline lets the serving secrets name
// variables that are not set (offlineSecrets).
func parseConfig(data []byte, path string, offline bool) (*Config, error) {
	expanded, missing := expandEnvLeaving(string(data))
	if len(missing) > 0 && !offline {
		return nil, missingEnv(path, missing)
	}
	var c Config
	if err := strictyaml.Decode([]byte(expanded), &c); err != nil {
		return nil, parley.Errorf(parley.EINVALID, "%s:%s", path, strictyaml.Position(err))
	}
	c.dir = filepath.Dir(path)
	if err := c.offlineSecrets(path, expanded, missing); err != nil {
		return nil, err
	}
	if err := c.checkServer(path); err != nil {
		return nil, err
	}
	if c.Runtime.FlowVersions < 0 {
		return nil, parley.Errorf(parley.EINVALID, "%s: runtime.flow_versions must be at least 1 (0 or absent: %d), got %d", path, parley.DefaultFlowVersions, c.Runtime.FlowVersions)
	}
	demo := len(c.Bots) == 0
	if demo {
		c.Bots = DemoConfig().Bots
	}
	if err := c.checkBots(path, demo); err != nil {
		return nil, err
	}
	return &c, nil
}

// engineFiles are the engines a bot may run and the definition file each needs
// (none for shop); the demo bots use built-in definitions.
var engineFiles = []struct {
	engine, key string
	file        func(BotConfig) string
}{
	{"shop", "", nil},
	{"flows", "flows", func(b BotConfig) string { return b.Flows }},
	{"gates", "flow", func(b BotConfig) string { return b.Flow }},
}

// checkBots gives each bot the config's nlu when it has none and checks it: a
// name of its own, a known engine with its definition file (engineFiles), its nlu.
func (c *Config) checkBots(path string, demo bool) error {
	seen := map[string]bool{}
	for i := range c.Bots {
		if c.Bots[i].NLU == "" {
			c.Bots[i].NLU = c.NLU
		}
		b := c.Bots[i]
		if b.Name == "" {
			return parley.Errorf(parley.EINVALID, "%s: bots[%d] has no name", path, i)
		}
		if seen[b.Name] {
			return parley.Errorf(parley.EINVALID, "%s: bots[%d]: duplicate bot name %q", path, i, b.Name)
		}
		seen[b.Name] = true
		if err := checkEngine(path, i, b, demo); err != nil {
			return err
		}
		if err := c.checkNLU(path, i, b); err != nil {
			return err
		}
	}
	return nil
}

// checkEngine checks a bot's engine against engineFiles.
func checkEngine(path string, i int, b BotConfig, demo bool) error {
	for _, e := range engineFiles {
		switch {
		case e.engine != b.Engine:
		case e.file != nil && e.file(b) == "" && !demo:
			return parley.Errorf(parley.EINVALID, "%s: bots[%d] (%s): a %s bot needs `%s: FILE`", path, i, b.Name, e.engine, e.key)
		default:
			return nil
		}
	}
	return parley.Errorf(parley.EINVALID, "%s: bots[%d] (%s): engine must be shop, flows or gates, got %q", path, i, b.Name, b.Engine)
}

// Path resolves a file named in the config relative to the config's folder.
func (c *Config) Path(p string) string {
	if p == "" || filepath.IsAbs(p) || c.dir == "" {
		return p
	}
	return filepath.Join(c.dir, p)
}

// DemoConfig is the built-in configuration: the demo bots.
func DemoConfig() *Config {
	return &Config{
		Listen: "127.0.0.1:8080",
		Bots: []BotConfig{
			{Name: "shop", Engine: "shop", Description: "Seed 000: shopping assistant on WooCommerce's sample catalog"},
			{Name: "booking", Engine: "flows", Description: "Seeds 001/003: flight booking and cancellation flows"},
			{Name: "hotel", Engine: "flows", Description: "Seeds 001/003: hotel search with offers, and booking the chosen room"},
			{Name: "coach", Engine: "gates", Description: "Seed 002: gate-driven fitness coach"},
		},
	}
}

// Tokens are auth.tokens as the API takes them.
func (c *Config) Tokens() []httpapi.Token {
	var out []httpapi.Token
	for _, t := range c.Auth.Tokens {
		tok := httpapi.Token{Name: t.Name, Secret: t.Token}
		for _, s := range t.Scopes {
			tok.Scopes = append(tok.Scopes, httpapi.Scope(s))
		}
		out = append(out, tok)
	}
	return out
}

// checkServer validates auth:, server: and the bots' widget: so that serve fails at start, naming the
// file, rather than on the first request.
func (c *Config) checkServer(path string) error {
	if _, err := httpapi.NewAuth(c.checkedTokens()); err != nil {
		return parley.Errorf(parley.EINVALID, "%s: %s", path, parley.ErrorMessage(err))
	}
	if err := checkCORSOrigins(path, c.Server.CORSOrigins); err != nil {
		return err
	}
	if _, err := visitor.ParseProxies(c.Server.TrustedProxies); err != nil {
		return parley.Errorf(parley.EINVALID, "%s: %s", path, parley.ErrorMessage(err))
	}
	if err := checkHandoff(path, "", c.Handoff); err != nil {
		return err
	}
	for i, b := range c.Bots {
		if err := checkBotWidget(path, i, b); err != nil {
			return err
		}
		if err := checkHandoff(path, "bots["+strconv.Itoa(i)+"].", b.Handoff); err != nil {
			return err
		}
	}
	return checkHosts(path, c.Server.Hosts)
}

// checkCORSOrigins refuses a server.cors_origins entry that is not an origin.
func checkCORSOrigins(path string, origins []string) error {
	for i, o := range origins {
		if !isOrigin(o) {
			return parley.Errorf(parley.EINVALID, "%s: server.cors_origins[%d]: %q is not an origin like https://shop.example.com", path, i, o)
		}
	}
	return nil
}

// checkHosts refuses a server.hosts entry that is not a host name.
func checkHosts(path string, hosts []string) error {
	for i, h := range hosts {
		if h == "" || strings.ContainsAny(h, "/ ") {
			return parley.Errorf(parley.EINVALID, "%s: server.hosts[%d]: %q is not a host name", path, i, h)
		}
	}
	return nil
}

// isOrigin reports whether o is a web origin: http or https, a host, nothing after.
func isOrigin(o string) bool {
	u, err := url.Parse(o)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil && onlyOrigin(u)
}

// onlyOrigin is whether u has nothing after its host but a root path.
func onlyOrigin(u *url.URL) bool {
	return (u.Path == "" || u.Path == "/") && u.RawQuery == "" && u.Fragment == ""
}

// checkBotWidget validates a bot's widget: block: one origin at least, each an
// origin as a browser writes it (no trailing slash: the Origin header has none).
func checkBotWidget(path string, i int, b BotConfig) error {
	if b.Widget == nil {
		return nil
	}
	if len(b.Widget.Origins) == 0 {
		return parley.Errorf(parley.EINVALID, "%s: bots[%d] (%s): widget.origins lists no origin (the sites that may embed the widget, like https://shop.example.com)", path, i, b.Name)
	}
	for j, o := range b.Widget.Origins {
		if !isOrigin(o) || strings.HasSuffix(o, "/") {
			return parley.Errorf(parley.EINVALID, "%s: bots[%d] (%s): widget.origins[%d]: %q is not an origin like https://shop.example.com", path, i, b.Name, j, o)
		}
	}
	return nil
}
