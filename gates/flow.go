package gates

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
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
	// Locale is where the flow's users write dates, a CLDR locale tag
	// ("en-US", "en-GB"), as a flows bot's locale is: it decides the order
	// of a numeric date whose day and month could be either ("4/3": April 3
	// in en-US, 4 March in en-GB). Without one such a date is asked again,
	// as flows asks it; a date only one order gives ("4/20") is read anyway.
	Locale string `json:"locale,omitempty"`
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
	// Validate restricts the values a date extractor stores: "future_date_only"
	// takes today (the message's sent_at) and later, as a booking is.
	Validate string `json:"validate,omitempty"`
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

	ValidateFutureDate = "future_date_only"

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
// extension, else by the first character), strictly (decodeStrict: unknown keys and
// values of the wrong kind are refused), and validates it. Every error is a
// *parley.Error with code EINVALID naming the JSON path at fault; a key or value the
// format does not accept is also placed where it is written, "(file:line:col)".
func ParseFlow(data []byte, filename string) (*Flow, error) {
	if len(data) > maxFlowSize {
		return nil, parley.Errorf(parley.EINVALID, "%s: flow definition is larger than %d bytes", displayName(filename), maxFlowSize)
	}
	jsonData, err := flowJSON(data, filename)
	if err != nil {
		return nil, err
	}
	body, err := decodeStrict(data, filename)
	if err != nil {
		return nil, err
	}
	f, err := decodeFlowJSON(jsonData, filename, body)
	if err != nil {
		return nil, err
	}
	if path, n, bad := f.intOutOfRange(); bad {
		return nil, parley.Errorf(parley.EINVALID, "%s: expected an integer, got %d", path, n)
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return f, nil
}

// flowJSON is the document as JSON (converted from YAML when it is YAML),
// checked to be one JSON object.
func flowJSON(data []byte, filename string) ([]byte, error) {
	jsonData := data
	if isYAML(data, filename) {
		converted, err := yamlToJSON(data)
		if err != nil {
			return nil, parley.WrapError(parley.EINVALID, err, "%s: not valid YAML", displayName(filename))
		}
		jsonData = converted
	}
	return jsonData, checkOneObject(jsonData, filename)
}

// checkOneObject checks that the document is one JSON object and nothing after.
func checkOneObject(jsonData []byte, filename string) error {
	var generic any
	dec := json.NewDecoder(bytes.NewReader(jsonData))
	dec.UseNumber()
	if err := dec.Decode(&generic); err != nil {
		return parley.WrapError(parley.EINVALID, err, "%s: not valid JSON", displayName(filename))
	}
	if _, err := dec.Token(); err != io.EOF { // dec.More misses a stray '}' or ']'
		return parley.Errorf(parley.EINVALID, "%s: trailing data after the flow object", displayName(filename))
	}
	if _, ok := generic.(map[string]any); !ok {
		return parley.Errorf(parley.EINVALID, "%s: a flow is a JSON object", displayName(filename))
	}
	return nil
}

// decodeFlowJSON decodes the flow from its JSON form; a value of the wrong type
// is named by its path and placed in the document (body).
func decodeFlowJSON(jsonData []byte, filename string, body ast.Node) (*Flow, error) {
	var f Flow
	if err := json.Unmarshal(jsonData, &f); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			path := jsonPathAt(jsonData, typeErr.Offset)
			return nil, parley.Errorf(parley.EINVALID, "%s: expected %s, got %s%s", orRoot(path), expectedKind(typeErr.Type), gotValue(typeErr.Value), writtenAt(displayName(filename), body, path))
		}
		return nil, parley.WrapError(parley.EINVALID, err, "%s: cannot decode flow", displayName(filename))
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

// decodeStrict decodes the document as written (YAML, or JSON read as YAML) into a
// Flow with goccy/go-yaml's strict mode: a key the format does not declare, a key
// written twice, or a value of the wrong kind is an EINVALID error naming the JSON
// path at fault and where it is written ("nodes[2].retryPolicy: unknown key
// "onExhausted" (coach.json:14:9)"). What strict YAML decoding lets through (a
// number for a string, 1.5 for an integer) encoding/json refuses afterwards. It
// returns the document's syntax tree, to place those errors too.
func decodeStrict(data []byte, filename string) (body ast.Node, err error) {
	// go-yaml v1.19 dereferences nil nodes on some malformed documents; the
	// document already converted to JSON, so this is only a safeguard.
	defer func() {
		if r := recover(); r != nil {
			body, err = nil, parley.Errorf(parley.EINVALID, "%s: malformed YAML document", displayName(filename))
		}
	}()
	file, err := parser.ParseBytes(data, 0)
	if err != nil || len(file.Docs) == 0 || file.Docs[0].Body == nil {
		return nil, nil // yamlToJSON and encoding/json have said what is wrong, or nothing is
	}
	body = file.Docs[0].Body
	var f Flow
	dec := yaml.NewDecoder(bytes.NewReader(nil), yaml.Strict())
	if err := dec.DecodeFromNode(body, &f); err != nil {
		return nil, shapeError(displayName(filename), body, err)
	}
	return body, nil
}

// shapeError words a strict decoding error as the JSON path at fault, the problem,
// and its file:line:col.
func shapeError(filename string, body ast.Node, err error) error {
	var (
		unknown   *yaml.UnknownFieldError
		duplicate *yaml.DuplicateKeyError
		typeErr   *yaml.TypeError
		kindErr   *yaml.UnexpectedNodeTypeError
		yamlErr   yaml.Error
	)
	var tk *token.Token
	var msg string
	switch {
	case errors.As(err, &unknown):
		tk, msg = unknown.Token, "unknown key "+strconv.Quote(tokenText(unknown.Token))
	case errors.As(err, &duplicate):
		tk, msg = duplicate.Token, "duplicate key "+strconv.Quote(tokenText(duplicate.Token))
	case errors.As(err, &typeErr):
		tk, msg = typeErr.Token, "expected "+expectedKind(typeErr.DstType)+", got "+yamlKind(typeErr.SrcType)
	case errors.As(err, &kindErr):
		tk, msg = kindErr.Token, "expected "+nodeKinds[kindErr.Expected]+", got "+nodeKinds[kindErr.Actual]
	case errors.As(err, &yamlErr):
		tk, msg = yamlErr.GetToken(), yamlErr.GetMessage()
	default:
		return parley.WrapError(parley.EINVALID, err, "%s: cannot decode flow", filename)
	}
	path := ""
	walk(body, "", func(at *token.Token, p string, _ bool) bool {
		if at == tk {
			path = p
		}
		return at == tk
	})
	return parley.Errorf(parley.EINVALID, "%s: %s (%s:%s)", orRoot(path), msg, filename, tokenPosition(tk))
}

// writtenAt is " (file:line:col)" of the value at path in the document, or "" when
// it cannot be found.
func writtenAt(filename string, body ast.Node, path string) string {
	var tk *token.Token
	walk(body, "", func(at *token.Token, p string, key bool) bool {
		if !key && p == path {
			tk = at
		}
		return tk != nil
	})
	if tk == nil || tk.Position == nil {
		return ""
	}
	return " (" + filename + ":" + tokenPosition(tk) + ")"
}

func tokenText(tk *token.Token) string {
	if tk == nil {
		return ""
	}
	return tk.Value
}

func tokenPosition(tk *token.Token) string {
	if tk == nil || tk.Position == nil {
		return "1:1"
	}
	return fmt.Sprintf("%d:%d", tk.Position.Line, tk.Position.Column)
}

// walk visits the nodes of a document with their JSON paths until visit returns
// true: an object's keys (key true, with the object's path) and values before the
// object itself, an array's elements before the array.
func walk(n ast.Node, path string, visit func(tk *token.Token, path string, key bool) bool) bool {
	switch n := n.(type) {
	case nil:
		return false
	case *ast.MappingNode:
		if walkAll(n.Values, func(int) string { return path }, visit) {
			return true
		}
	case *ast.MappingValueNode:
		return visit(n.Key.GetToken(), path, true) || walk(n.Value, joinPath(path, tokenText(n.Key.GetToken())), visit)
	case *ast.SequenceNode:
		if walkAll(n.Values, func(i int) string { return fmt.Sprintf("%s[%d]", path, i) }, visit) {
			return true
		}
	case *ast.AnchorNode:
		return walk(n.Value, path, visit)
	case *ast.TagNode:
		return walk(n.Value, path, visit)
	}
	return visit(n.GetToken(), path, false)
}

// walkAll walks the nodes in order, the i-th at path(i), until visit returns true.
func walkAll[N ast.Node](nodes []N, path func(i int) string, visit func(tk *token.Token, path string, key bool) bool) bool {
	for i, v := range nodes {
		if walk(v, path(i), visit) {
			return true
		}
	}
	return false
}

// jsonPathAt returns the JSON path of the value of a JSON document that ends at
// offset (encoding/json's UnmarshalTypeError.Offset), or "" for none.
func jsonPathAt(data []byte, offset int64) string {
	var t jsonPath
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		if t.delim(tok) || t.key(tok) {
			continue
		}
		t.begin()
		if dec.InputOffset() >= offset {
			return t.String()
		}
		t.end()
	}
}

// jsonPath follows the containers of a JSON document read token by token.
type jsonPath struct {
	stack []jsonFrame
}

// jsonFrame is one open container: an object with the key last read, or an
// array with the index of its last value.
type jsonFrame struct {
	object, haveKey bool
	key             string
	index           int
}

// String is the path of the value last begun.
func (t *jsonPath) String() string {
	var p string
	for _, fr := range t.stack {
		if fr.object {
			p = joinPath(p, fr.key)
		} else {
			p = fmt.Sprintf("%s[%d]", p, fr.index)
		}
	}
	return p
}

// begin notes that a value starts in the innermost container.
func (t *jsonPath) begin() {
	if n := len(t.stack); n > 0 && !t.stack[n-1].object {
		t.stack[n-1].index++
	}
}

// end notes that a value of the innermost container ended.
func (t *jsonPath) end() {
	if n := len(t.stack); n > 0 {
		t.stack[n-1].haveKey = false
	}
}

// delim opens or closes a container; false when tok is no delimiter.
func (t *jsonPath) delim(tok json.Token) bool {
	switch tok {
	case json.Delim('{'), json.Delim('['):
		t.begin()
		t.stack = append(t.stack, jsonFrame{object: tok == json.Delim('{'), index: -1})
	case json.Delim('}'), json.Delim(']'):
		t.stack = t.stack[:len(t.stack)-1]
		t.end()
	default:
		return false
	}
	return true
}

// key reads tok as the key of the innermost object; false when it is a value.
func (t *jsonPath) key(tok json.Token) bool {
	s, isString := tok.(string)
	n := len(t.stack)
	if !isString || n == 0 || !t.stack[n-1].object || t.stack[n-1].haveKey {
		return false
	}
	t.stack[n-1].key, t.stack[n-1].haveKey = s, true
	return true
}

// The words errors use for kinds of values: of the Go type a field expects, of the
// YAML node or value written.
var (
	goKinds = map[reflect.Kind]string{
		reflect.String: "a string", reflect.Int: "an integer", reflect.Bool: "true or false",
		reflect.Slice: "an array", reflect.Struct: "an object", reflect.Map: "an object",
	}
	nodeKinds = map[ast.NodeType]string{
		ast.MappingType: "an object", ast.MappingValueType: "an object", ast.SequenceType: "an array",
		ast.StringType: "a string", ast.LiteralType: "a string", ast.IntegerType: "a number",
		ast.FloatType: "a number", ast.BoolType: "a boolean", ast.NullType: "null",
	}
	jsonValues = map[string]string{
		"string": "a string", "number": "a number", "bool": "a boolean", "object": "an object", "array": "an array",
	}
)

// expectedKind words the Go type a field expects ("an integer").
func expectedKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if word, ok := goKinds[t.Kind()]; ok {
		return word
	}
	return t.String()
}

// yamlKind words the Go type go-yaml decoded a value as.
func yamlKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Uint64, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "a boolean"
	case reflect.String:
		return "a string"
	case reflect.Map:
		return "an object"
	case reflect.Slice:
		return "an array"
	}
	return t.String()
}

// gotValue words encoding/json's description of a value ("number 1.5" is 1.5).
func gotValue(v string) string {
	if word, ok := jsonValues[v]; ok {
		return word
	}
	return strings.TrimPrefix(v, "number ")
}

// intOutOfRange finds the first integer of the flow that does not fit in 32 bits, the
// format's range.
func (f *Flow) intOutOfRange() (string, int, bool) {
	type field struct {
		path string
		n    *int
	}
	var fields []field
	policy := func(path string, p *RetryPolicy) {
		if p != nil {
			fields = append(fields, field{path + ".maxAttempts", &p.MaxAttempts}, field{path + ".cooldownTurns", p.CooldownTurns})
		}
	}
	policy("defaults.retryPolicy", f.Defaults.RetryPolicy)
	for i := range f.Nodes {
		n := &f.Nodes[i]
		at := fmt.Sprintf("nodes[%d]", i)
		fields = append(fields, field{at + ".runPolicy.maxExecutions", n.RunPolicy.MaxExecutions})
		policy(at+".retryPolicy", n.RetryPolicy)
		for j := range n.Extract {
			fields = append(fields, field{fmt.Sprintf("%s.extract[%d].index", at, j), &n.Extract[j].Index})
		}
	}
	for _, fl := range fields {
		if fl.n != nil && (*fl.n > math.MaxInt32 || *fl.n < math.MinInt32) {
			return fl.path, *fl.n, true
		}
	}
	return "", 0, false
}

// isIdentifier reports whether key can be written after a dot in a path.
func isIdentifier(key string) bool {
	if key == "" {
		return false
	}
	for i, r := range key {
		if !identifierRune(r, i == 0) {
			return false
		}
	}
	return true
}

// identifierRune reports whether r may stand in an identifier: a letter or
// underscore, or a digit after the first rune.
func identifierRune(r rune, first bool) bool {
	letter := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
	return letter || (!first && r >= '0' && r <= '9')
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
