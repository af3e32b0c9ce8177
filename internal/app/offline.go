package app

import (
	"os"
	"slices"
	"strings"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/httpapi"
)

// unsetMark starts what an unset ${VAR} leaves in the text of a configuration
// read offline (unset), so that the fields holding it can be found after decoding.
const unsetMark = "__parley_unset_"

func unset(name string) string { return unsetMark + name + "__" }

// ResolveOfflineConfig is ResolveConfig for the commands that read the bots but
// serve nothing (parley test, check and graph): the serving secrets (widget.key,
// auth.tokens[].token; servingSecrets) may name environment variables that are
// not set, and are then left empty, so that a project is tested where its
// secrets are not; only serve resolves them. A variable not set anywhere else is
// still an error.
func ResolveOfflineConfig(flagValue string) (*Config, error) {
	path, _ := ConfigPath(flagValue)
	if path == "" {
		return DemoConfig(), nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "read config")
	}
	return parseConfig(data, path, true)
}

// servingSecrets are the fields of a configuration that only serve reads.
func (c *Config) servingSecrets() []*string {
	out := []*string{&c.Widget.Key}
	for i := range c.Auth.Tokens {
		out = append(out, &c.Auth.Tokens[i].Token)
	}
	return out
}

// offlineSecrets empties each serving secret that names a variable not set
// (missing, as expandEnvLeaving left them in expanded), and refuses a variable
// not set that is named anywhere else.
func (c *Config) offlineSecrets(path, expanded string, missing []string) error {
	if len(missing) == 0 {
		return nil
	}
	c.offline = true
	var elsewhere []string
	for _, name := range slices.Compact(slices.Sorted(slices.Values(missing))) {
		mark, inSecrets := unset(name), 0
		for _, p := range c.servingSecrets() {
			inSecrets += strings.Count(*p, mark)
		}
		if strings.Count(expanded, mark) > inSecrets {
			elsewhere = append(elsewhere, name)
		}
	}
	if len(elsewhere) > 0 {
		return missingEnv(path, elsewhere)
	}
	for _, p := range c.servingSecrets() {
		if strings.Contains(*p, unsetMark) {
			*p = ""
		}
	}
	return nil
}

// checkedTokens are the tokens checkServer validates: all of them, but, offline,
// those whose secret was left unset.
func (c *Config) checkedTokens() []httpapi.Token {
	toks := c.Tokens()
	if c.offline {
		toks = slices.DeleteFunc(toks, func(t httpapi.Token) bool { return t.Secret == "" })
	}
	return toks
}
