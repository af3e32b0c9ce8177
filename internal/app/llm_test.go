package app

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestConfigRefusesBadNLU(t *testing.T) {
	tests := []struct{ name, yaml, want string }{
		{"unknown mode", "bots:\n  - {name: shop, engine: shop, nlu: gpt}\n", "nlu must be llm or rules"},
		{"llm without a model", "bots:\n  - {name: shop, engine: shop, nlu: llm}\n", "needs an llm: block with base_url and model"},
		{"threshold out of range", "llm: {base_url: http://127.0.0.1:1/v1, model: m}\nbots:\n  - {name: shop, engine: shop, nlu: llm, llm: {confidence: 2}}\n", "confidence must be between 0 and 1"},
		{"unknown llm key", "llm: {base_url: http://127.0.0.1:1/v1, model: m, temperature: 1}\n", "temperature"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tc.yaml), "parley.yaml")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
	c, err := ParseConfig([]byte("llm: {base_url: http://a/v1, model: m, timeout: 3s}\nbots:\n  - {name: shop, engine: shop, nlu: llm, llm: {model: other, history: 2}}\n"), "parley.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if m := c.LLM.merged(c.Bots[0].LLM); m.Model != "other" || m.BaseURL != "http://a/v1" || m.History != 2 || m.Timeout == 0 {
		t.Errorf("merged = %+v", m)
	}
}

// TestTwoLinesTurnTheDemoBotsToAModel: a parley.yaml of two lines runs every
// demo bot with nlu: llm.
// TestLLMConfigMergesFieldByField: a bot's llm: block overrides the top-level one
// field by field, every field: the one it sets is the bot's, the others stay.
func TestLLMConfigMergesFieldByField(t *testing.T) {
	top := LLMConfig{BaseURL: "http://a/v1", Model: "m", APIKey: "k", Timeout: Duration(time.Second), MaxTokens: 1, Seed: 1,
		MaxRetries: 1, History: 1, Confidence: 0.5, BreakerFailures: 1, BreakerCooldown: Duration(time.Second)}
	bot := LLMConfig{BaseURL: "http://b/v1", Model: "n", APIKey: "j", Timeout: Duration(2 * time.Second), MaxTokens: 2, Seed: 2,
		MaxRetries: -1, History: 2, Confidence: 0.7, BreakerFailures: 2, BreakerCooldown: Duration(2 * time.Second)}
	fields := reflect.TypeFor[LLMConfig]().NumField()
	for i := range fields {
		name := reflect.TypeFor[LLMConfig]().Field(i).Name
		var o LLMConfig
		reflect.ValueOf(&o).Elem().Field(i).Set(reflect.ValueOf(bot).Field(i))
		want := top
		reflect.ValueOf(&want).Elem().Field(i).Set(reflect.ValueOf(bot).Field(i))
		if got := top.merged(&o); got != want {
			t.Errorf("a bot setting %s: merged = %+v, want %+v", name, got, want)
		}
	}
	if got := top.merged(nil); got != top {
		t.Errorf("no bot block: merged = %+v", got)
	}
	if got := (*LLMConfig)(nil).merged(&bot); got != bot {
		t.Errorf("no top-level block: merged = %+v", got)
	}
}

func TestTwoLinesTurnTheDemoBotsToAModel(t *testing.T) {
	c, err := ParseConfig([]byte("nlu: llm\nllm: {base_url: http://127.0.0.1:11434/v1, model: qwen2.5:7b-instruct}\n"), "parley.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Bots) != len(DemoConfig().Bots) {
		t.Errorf("bots = %d, want the %d demo bots", len(c.Bots), len(DemoConfig().Bots))
	}
	for _, b := range c.Bots {
		if b.NLU != "llm" {
			t.Errorf("bot %s has nlu %q", b.Name, b.NLU)
		}
	}
}
