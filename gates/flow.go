package gates

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/parleyhq/parley"
)

// Flow is a stored flow definition (seed 002): nodes without edges, the gates they
// satisfy, fact aliases, the primary goal and the policies the controller applies.
// A *Flow returned by ParseFlow is validated and never modified afterwards, so one
// value is shared by every conversation pinned to its version.
type Flow struct {
	ID          string `json:"id"`
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	// Nodes are listed in priority order for ties: after importance and fewer
	// attempts, the node defined first wins.
	Nodes       []Node            `json:"nodes"`
	Gates       map[string]Gate   `json:"gates,omitempty"`
	FactAliases map[string]string `json:"factAliases,omitempty"`
	PrimaryGoal Goal              `json:"primaryGoal"`
	// PostGoalPolicy is STOP (the default) or CONTINUE_HIGH.
	PostGoalPolicy string   `json:"postGoalPolicy,omitempty"`
	Defaults       Defaults `json:"defaults,omitzero"`
	// Messages are the flow's own words for outcomes that belong to no node.
	Messages Messages `json:"messages,omitzero"`
}

// Node is one unit of conversation: what it needs to run, what it produces and how
// it is retried.
type Node struct {
	ID string `json:"id"`
	// Importance is high, normal (the default) or low.
	Importance     string       `json:"importance,omitempty"`
	Requires       []string     `json:"requires,omitempty"`
	RequiresStates []string     `json:"requiresStates,omitempty"`
	Produces       []string     `json:"produces,omitempty"`
	ProducesStates []string     `json:"producesStates,omitempty"`
	Satisfies      Satisfies    `json:"satisfies,omitzero"`
	RunPolicy      RunPolicy    `json:"runPolicy,omitzero"`
	RetryPolicy    *RetryPolicy `json:"retryPolicy,omitempty"`
	Prompts        Prompts      `json:"prompts,omitzero"`
	Extract        []Extractor  `json:"extract,omitempty"`
}

// Satisfies names the gates a node exists to open.
type Satisfies struct {
	Gates []string `json:"gates,omitempty"`
}

// RunPolicy caps executions. A nil MaxExecutions means no cap.
type RunPolicy struct {
	MaxExecutions *int `json:"maxExecutions,omitempty"`
}

// RetryPolicy is seed 002's retry policy. Fields a node leaves out are taken from the
// flow's defaults, then from the built-in default (3 attempts, HANDOFF, ROTATE).
type RetryPolicy struct {
	MaxAttempts           int    `json:"maxAttempts,omitempty"`
	OnExhaust             string `json:"onExhaust,omitempty"`
	CooldownTurns         *int   `json:"cooldownTurns,omitempty"`
	PromptVariantStrategy string `json:"promptVariantStrategy,omitempty"`
}

// Defaults are flow-wide policy defaults.
type Defaults struct {
	RetryPolicy *RetryPolicy `json:"retryPolicy,omitempty"`
}

// Prompts are what a node says. Variants are asked in order of the prompt variant
// strategy (the first is the first attempt's prompt); Broaden is asked in BROADEN
// mode; Done is said once the node's objective is met. Ask maps a fact the node
// produces (raw or canonical name) to a question for that fact alone: when some of
// the node's facts are already known, the first missing one with an Ask question is
// asked instead of a variant, so what the user already said is not asked again.
// Texts may name facts as {fact}, replaced by the extracted value.
type Prompts struct {
	Variants []string          `json:"variants,omitempty"`
	Broaden  string            `json:"broaden,omitempty"`
	Done     string            `json:"done,omitempty"`
	Ask      map[string]string `json:"ask,omitempty"`
}

// Gate is a named condition over facts and states.
type Gate struct {
	SatisfiedBy SatisfiedBy `json:"satisfiedBy"`
}

// SatisfiedBy lists what a gate needs: all of MetricsAll, one of MetricsAny, all of
// StatesAll. An empty list places no condition.
type SatisfiedBy struct {
	MetricsAll []string `json:"metricsAll,omitempty"`
	MetricsAny []string `json:"metricsAny,omitempty"`
	StatesAll  []string `json:"statesAll,omitempty"`
}

// Goal is the flow's primary goal: a gate (type GATE) or a state (type STATE).
type Goal struct {
	Type  string `json:"type"`
	Gate  string `json:"gate,omitempty"`
	State string `json:"state,omitempty"`
}

// Messages are flow-level texts.
type Messages struct {
	Complete string `json:"complete,omitempty"`
	Deadlock string `json:"deadlock,omitempty"`
	Handoff  string `json:"handoff,omitempty"`
	// Cooldown is said when the only node to run waits out its cooldownTurns.
	Cooldown string `json:"cooldown,omitempty"`
	// AfterGoal answers the first message after the flow completed.
	AfterGoal string `json:"afterGoal,omitempty"`
	// Closing answers thanks, goodbyes and acknowledgements after that.
	Closing string `json:"closing,omitempty"`
}

type namedText struct{ name, text string }

// texts lists the messages with their JSON names, for validation.
func (m Messages) texts() []namedText {
	return []namedText{{"complete", m.Complete}, {"deadlock", m.Deadlock}, {"handoff", m.Handoff}, {"cooldown", m.Cooldown}, {"afterGoal", m.AfterGoal}, {"closing", m.Closing}}
}

// Extractor declares how a node reads one or more raw facts from the user's answer.
// Kinds: email, phone, date, number (optional Unit, Cues, Index), regex (Pattern with
// named groups, each group a fact), category (Categories keyword map, optional
// Default), delta (To minus From, two facts already known). When the turn carries an
// upstream nlu parse, entities replace the built-in kinds (see the package doc).
type Extractor struct {
	Kind string `json:"kind"`
	// Fact is the raw fact produced (every kind but regex).
	Fact string `json:"fact,omitempty"`
	// Entity names the upstream nlu entity read for Fact; Fact itself when empty.
	Entity string `json:"entity,omitempty"`
	// Unit restricts number to quantities in one of these units ("lbs", "kg").
	Unit []string `json:"unit,omitempty"`
	// Cues make number read the first quantity after one of these words.
	Cues []string `json:"cues,omitempty"`
	// Index picks the n-th matching quantity (0-based) when no cue is found.
	Index int `json:"index,omitempty"`
	// Pattern is a Go regular expression whose named groups are facts (regex).
	Pattern string `json:"pattern,omitempty"`
	// Categories map a category to the keywords that select it (category).
	Categories map[string][]string `json:"categories,omitempty"`
	// Default is the category when no keyword matches; none when empty.
	Default string `json:"default,omitempty"`
	// From and To are the facts a delta is computed from (To - From).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// Enumerations of the flow format.
const (
	ImportanceHigh   = "high"
	ImportanceNormal = "normal"
	ImportanceLow    = "low"

	OnExhaustClarify = "CLARIFY"
	OnExhaustBroaden = "BROADEN"
	OnExhaustHandoff = "HANDOFF"
	OnExhaustSkip    = "SKIP"

	StrategyRotate   = "ROTATE"
	StrategyEscalate = "ESCALATE"
	StrategyRephrase = "REPHRASE"

	GoalGate  = "GATE"
	GoalState = "STATE"

	PostGoalStop         = "STOP"
	PostGoalContinueHigh = "CONTINUE_HIGH"

	ExtractEmail    = "email"
	ExtractPhone    = "phone"
	ExtractDate     = "date"
	ExtractNumber   = "number"
	ExtractRegex    = "regex"
	ExtractCategory = "category"
	ExtractDelta    = "delta"
)

// StateHandoffRequested is the state the engine adds when a node hands off.
const StateHandoffRequested = "HANDOFF_REQUESTED"

// maxFlowSize bounds a definition; flows are hand-written documents.
const maxFlowSize = 1 << 20

// ParseFlow decodes a flow definition, JSON or YAML (chosen by the file name's
// extension, else by the first character), refuses unknown keys, and validates it.
// Every error is a *parley.Error with code EINVALID naming the JSON path at fault.
func ParseFlow(data []byte, filename string) (*Flow, error) {
	if len(data) > maxFlowSize {
		return nil, parley.Errorf(parley.EINVALID, "%s: flow definition is larger than %d bytes", displayName(filename), maxFlowSize)
	}
	jsonData := data
	if isYAML(data, filename) {
		converted, err := yamlToJSON(data)
		if err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "%s: not valid YAML", displayName(filename))
		}
		jsonData = converted
	}
	var generic any
	dec := json.NewDecoder(bytes.NewReader(jsonData))
	dec.UseNumber()
	if err := dec.Decode(&generic); err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "%s: not valid JSON", displayName(filename))
	}
	if _, err := dec.Token(); err != io.EOF { // dec.More misses a stray '}' or ']'
		return nil, parley.Errorf(parley.EINVALID, "%s: trailing data after the flow object", displayName(filename))
	}
	if _, ok := generic.(map[string]any); !ok {
		return nil, parley.Errorf(parley.EINVALID, "%s: a flow is a JSON object", displayName(filename))
	}
	if path, msg, bad := checkShape(generic, reflect.TypeFor[Flow](), ""); bad {
		return nil, parley.Errorf(parley.EINVALID, "%s: %s", orRoot(path), msg)
	}
	var f Flow
	if err := json.Unmarshal(jsonData, &f); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return nil, parley.Errorf(parley.EINVALID, "%s: expected %s, got %s", orRoot(dottedToPath(typeErr.Field)), typeErr.Type, typeErr.Value)
		}
		return nil, parley.WrapError(parley.EINVALID, err, "%s: cannot decode flow", displayName(filename))
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return &f, nil
}

func displayName(filename string) string {
	if filename == "" {
		return "flow"
	}
	return filename
}

func orRoot(path string) string {
	if path == "" {
		return "(root)"
	}
	return path
}

func isYAML(data []byte, filename string) bool {
	switch strings.ToLower(filepath.Ext(filename)) {
	case ".yaml", ".yml":
		return true
	case ".json":
		return false
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	return len(trimmed) == 0 || (trimmed[0] != '{' && trimmed[0] != '[')
}

// checkShape walks a decoded JSON value alongside the Go type it will be decoded
// into and reports the first problem, with its path: a key the type does not
// declare, or a value of the wrong JSON type. Keys are visited in sorted order, so
// errors are stable.
func checkShape(v any, t reflect.Type, path string) (string, string, bool) {
	if v == nil {
		return "", "", false // null leaves the zero value
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return path, "expected an object, got " + jsonKind(v), true
		}
		return checkObject(obj, t, path)
	case reflect.Slice:
		arr, ok := v.([]any)
		if !ok {
			return path, "expected an array, got " + jsonKind(v), true
		}
		for i, elem := range arr {
			if p, msg, bad := checkShape(elem, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); bad {
				return p, msg, true
			}
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			return path, "expected a string, got " + jsonKind(v), true
		}
	case reflect.Int:
		n, ok := v.(json.Number)
		if !ok {
			return path, "expected an integer, got " + jsonKind(v), true
		}
		if _, err := strconv.ParseInt(string(n), 10, 32); err != nil {
			return path, fmt.Sprintf("expected an integer, got %s", n), true
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return path, "expected true or false, got " + jsonKind(v), true
		}
	}
	return "", "", false
}

// checkObject checks a JSON object against a struct (its json-tagged fields, no
// other key) or a map (every value against the element type), keys in order.
func checkObject(obj map[string]any, t reflect.Type, path string) (string, string, bool) {
	elem := func(string) (reflect.Type, bool) { return t.Elem(), true }
	if t.Kind() == reflect.Struct {
		fields := map[string]reflect.Type{}
		for i := range t.NumField() {
			field := t.Field(i)
			name, _, _ := strings.Cut(field.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			fields[name] = field.Type
		}
		elem = func(key string) (reflect.Type, bool) { ft, ok := fields[key]; return ft, ok }
	}
	for _, key := range slices.Sorted(maps.Keys(obj)) {
		et, known := elem(key)
		if !known {
			return path, fmt.Sprintf("unknown key %q", key), true
		}
		if p, msg, bad := checkShape(obj[key], et, joinPath(path, key)); bad {
			return p, msg, true
		}
	}
	return "", "", false
}

func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	}
	return "null"
}

// isIdentifier reports whether key can be written after a dot in a path.
func isIdentifier(key string) bool {
	if key == "" {
		return false
	}
	for i, r := range key {
		letter := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// joinPath appends an object key to a JSON path, quoting keys that are not
// identifiers (node ids like "contact-1" are map keys only in gates and aliases).
func joinPath(path, key string) string {
	if !isIdentifier(key) {
		return path + "[" + strconv.Quote(key) + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// dottedToPath turns encoding/json's "nodes.3.importance" into "nodes[3].importance".
func dottedToPath(field string) string {
	if field == "" {
		return ""
	}
	var out string
	for _, part := range strings.Split(field, ".") {
		if _, err := strconv.Atoi(part); err == nil {
			out += "[" + part + "]"
			continue
		}
		out = joinPath(out, part)
	}
	return out
}

// yamlToJSON is yaml.YAMLToJSON, turning a panic of the decoder into an error:
// go-yaml v1.19 dereferences nil nodes on some malformed documents, and a flow
// must never crash the server that validates it.
func yamlToJSON(data []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, errors.New("malformed YAML document")
		}
	}()
	return yaml.YAMLToJSON(data)
}
