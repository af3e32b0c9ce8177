package app

import (
	"flag"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/flows"
	"github.com/parleyhq/parley/gates"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
)

// ConfigFlag defines the -config flag of the commands that read parley.yaml
// (ResolveConfig resolves its value).
func ConfigFlag(fs *flag.FlagSet) *string {
	return fs.String("config", "", "parley.yaml (default: $PARLEY_CONFIG, else ./parley.yaml if present, else the built-in demo bots)")
}

// defaultConfigFile is the configuration a command reads from the working directory
// when neither -config nor PARLEY_CONFIG names one.
const defaultConfigFile = "parley.yaml"

// configPath resolves which configuration file a command reads, flags > environment
// > file: the -config flag, else $PARLEY_CONFIG, else parley.yaml in the working
// directory when there is one, else "" (the built-in demo bots). from says which.
func ConfigPath(flagValue string) (path, from string) {
	switch {
	case flagValue != "":
		return flagValue, "-config"
	case os.Getenv("PARLEY_CONFIG") != "":
		return os.Getenv("PARLEY_CONFIG"), "PARLEY_CONFIG"
	}
	if info, err := os.Stat(defaultConfigFile); err == nil && !info.IsDir() {
		return defaultConfigFile, "working directory"
	}
	return "", "built-in demo bots"
}

// loadConfig returns the configuration configPath resolves flagValue to, or the
// built-in demo config when there is none.
func ResolveConfig(flagValue string) (*Config, error) {
	path, _ := ConfigPath(flagValue)
	if path == "" {
		return DemoConfig(), nil
	}
	return LoadConfig(path)
}

// bot returns the configured bot named name, or nil.
func (c *Config) Bot(name string) *BotConfig {
	for i := range c.Bots {
		if c.Bots[i].Name == name {
			return &c.Bots[i]
		}
	}
	return nil
}

// FlowsOf is a flows bot's definition: its flows file, or the built-in demo of its
// name when it names none.
func (c *Config) FlowsOf(bc *BotConfig) (*flows.Definition, error) {
	file := ""
	if bc.Flows != "" {
		file = c.Path(bc.Flows)
	}
	return FlowsDefinition(bc.Name, file)
}

// GatesFlowOf is a gates bot's flow file as written, or the built-in demo flow
// when it names none.
func (c *Config) GatesFlowOf(bc *BotConfig) ([]byte, error) {
	if bc.Flow == "" {
		return gates.DemoFlow(), nil
	}
	return os.ReadFile(c.Path(bc.Flow))
}

// flowsDefinition is a flows bot's definition: its file, or the built-in demo of
// that name when it has none.
func FlowsDefinition(bot, file string) (*flows.Definition, error) {
	if file != "" {
		return flows.LoadFile(file)
	}
	e, err := flows.DemoFor(bot)
	if err != nil {
		return nil, err
	}
	return e.Definition(), nil
}

func ValidateGatesFlow(def []byte, id string) error {
	_, err := gates.ParseFlow(def, id)
	return err
}

// envRef is a reference to the environment in parley.yaml: ${VAR}, ${VAR:-default}
// (default also when VAR is empty, as in the shell) or $$, a literal $.
var envRef = regexp.MustCompile(`\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\}`)

// expandEnv replaces every environment reference of a configuration file. A ${VAR}
// without a default whose VAR is unset is an error naming every such variable: a
// required secret missing must stop the server, and an optional value says so with
// ${VAR:-}.
func expandEnv(text, path string) (string, error) {
	out, missing := expandEnvLeaving(text)
	if len(missing) > 0 {
		return "", missingEnv(path, missing)
	}
	return out, nil
}

// missingEnv is the error of a configuration naming variables that are not set.
func missingEnv(path string, missing []string) error {
	return parley.Errorf(parley.EINVALID, "%s: environment variables not set: %s (write ${NAME:-} for an optional value, ${NAME:-default} for a default)", path, strings.Join(missing, ", "))
}

// expandEnvLeaving replaces every environment reference it can, and leaves each
// ${VAR} without a default whose VAR is unset as unset(VAR), naming them.
func expandEnvLeaving(text string) (string, []string) {
	var missing []string
	out := envRef.ReplaceAllStringFunc(text, func(ref string) string {
		if ref == "$$" {
			return "$"
		}
		m := envRef.FindStringSubmatch(ref)
		name, hasDefault, def := m[1], m[2] != "", m[3]
		v, ok := os.LookupEnv(name)
		switch {
		case hasDefault && v == "":
			return def
		case !ok:
			missing = append(missing, name)
			return unset(name)
		}
		return v
	})
	return out, missing
}

// tracedHTTPClient is the client for outbound calls (WooCommerce, Chatwoot, flow
// webhooks): each request is a client span carrying the trace context onward.
func tracedHTTPClient(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout, Transport: otelhttp.NewTransport(http.DefaultTransport)}
}
