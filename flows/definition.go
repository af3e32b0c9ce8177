package flows

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
	"github.com/parleyhq/parley"
)

// Definition is a parsed flow file: a bot's flows, their slots and steps. Parse
// only decodes; Validate reports the problems a user should fix; New compiles a
// definition that has none into an Engine.
type Definition struct {
	// Bot names the bot in webhook idempotency keys; the file name when empty.
	Bot         string `yaml:"bot" json:"bot,omitempty"`
	Description string `yaml:"description" json:"description,omitempty"`
	// Language is the language of the prompts, for people and tools; the NLU
	// reads every language nlu knows whatever it says.
	Language string `yaml:"language" json:"language,omitempty"`
	// Locale is where the bot's users write dates, a CLDR locale tag
	// ("en-US", "en-GB"): it decides the order of a numeric date whose
	// day and month could be either ("7/6": July 6 in en-US, 7 June in
	// en-GB), from the locale's short date pattern. Without one such a date
	// is asked again; a date only one order gives ("7/20") is read anyway.
	Locale   string            `yaml:"locale" json:"locale,omitempty"`
	Settings Settings          `yaml:"settings" json:"settings"`
	Messages map[string]string `yaml:"messages" json:"messages,omitempty"`
	Flows    []*Flow           `yaml:"flows" json:"flows"`

	// File is the name errors and diagnostics carry.
	File string `yaml:"-" json:"-"`
	// ast keeps the parsed document so that diagnostics can point at the line and
	// column of any element by its path.
	ast *ast.File
}

// Settings tune the engine for one bot.
type Settings struct {
	// MaxMessages caps the message history kept in the state (default 20).
	MaxMessages int `yaml:"max_messages" json:"max_messages,omitempty"`
	// MaxTrace caps the trace kept in the state (default 12); the full history of
	// transitions is in the conversation's turn events.
	MaxTrace int `yaml:"max_trace" json:"max_trace,omitempty"`
	// Markers are the intent markers per language that send an answer awaited for a
	// slot through understanding (default: nlu.DefaultIntentMarkers()).
	Markers map[string][]string `yaml:"markers" json:"markers,omitempty"`
	// MinConfidence is the intent classifier score needed to start a flow (default 0.6).
	MinConfidence float64 `yaml:"min_confidence" json:"min_confidence,omitempty"`
	// SharedSlots makes a slot name one value for every flow of the bot, as a
	// service's state is (a city searched is the city booked): a flow starting
	// keeps the values already given, and a value for any flow's slot is taken
	// whichever flow is active. Without it a flow starts with its slots empty.
	SharedSlots bool `yaml:"shared_slots" json:"shared_slots,omitempty"`
}

// Flow is one task the bot can carry out.
type Flow struct {
	Name        string  `yaml:"name" json:"name"`
	Description string  `yaml:"description" json:"description,omitempty"`
	Trigger     Trigger `yaml:"trigger" json:"trigger"`
	Slots       []*Slot `yaml:"slots" json:"slots,omitempty"`
	Steps       []*Step `yaml:"steps" json:"steps"`
	// Resume is said when the flow resumes after another flow interrupted it.
	Resume string `yaml:"resume" json:"resume,omitempty"`
}

// Trigger says which messages start a flow.
type Trigger struct {
	Intents  []string `yaml:"intents" json:"intents,omitempty"`
	Examples []string `yaml:"examples" json:"examples,omitempty"`
	Keywords []string `yaml:"keywords" json:"keywords,omitempty"`
}

// Slot types.
const (
	TypeText    = "text"
	TypeNumber  = "number"
	TypeInteger = "integer"
	TypeBoolean = "boolean"
	TypeDate    = "date"
	TypeEmail   = "email"
	TypePhone   = "phone"
	TypeEnum    = "enum"
	// TypeTime is a time of day, kept as 24-hour "HH:MM" ("half past 6 pm" ->
	// "18:30").
	TypeTime = "time"
	// TypeCity is a city: a known one in its usual name ("la", "Philly",
	// "philadelfia"), or an unknown name written as one (capitalized words).
	TypeCity = "city"
)

// Slot is a piece of information a flow collects.
type Slot struct {
	Name string `yaml:"name" json:"name"`
	Type string `yaml:"type" json:"type,omitempty"`
	// Label is how replies name the slot ("your origin"); the name when empty.
	Label      string              `yaml:"label" json:"label,omitempty"`
	Prompt     string              `yaml:"prompt" json:"prompt,omitempty"`
	Values     []string            `yaml:"values" json:"values,omitempty"`
	Synonyms   map[string][]string `yaml:"synonyms" json:"synonyms,omitempty"`
	Validators []*Validator        `yaml:"validators" json:"validators,omitempty"`
	Normalizer *Normalizer         `yaml:"normalizer" json:"normalizer,omitempty"`
	// Patterns find the slot inside a sentence during understanding; each regular
	// expression's first group (or group "value") is the value.
	Patterns []string `yaml:"patterns" json:"patterns,omitempty"`
	// MaxRetries is the number of invalid answers accepted before OnExhaust applies
	// (default 3).
	MaxRetries int `yaml:"max_retries" json:"max_retries,omitempty"`
	// OnExhaust is handoff (default), reask, skip or cancel. reask starts counting
	// again, so a user who never gives a valid value is held forever: parley check
	// reports it as a loop without exit.
	OnExhaust string `yaml:"on_exhaust" json:"on_exhaust,omitempty"`
	// Default is an optional slot's value when the user gives none: a confirm
	// step shows it ({slot}) and the slot takes it only when the user confirms.
	// It is never set otherwise, so a slot the user never mentioned is neither in
	// the state nor sent to an action.
	Default string `yaml:"default" json:"default,omitempty"`
	// NoPreference lets the user say any value will do ("any day is fine",
	// "doesn't matter"): the slot then holds dontcare, which fills it and is
	// never sent to an action. An enum slot that lists dontcare among its
	// values has it already; this gives it to a slot of any type.
	NoPreference bool `yaml:"no_preference" json:"no_preference,omitempty"`
}

// Validator kinds.
const (
	ValidateFormat     = "format" // email, phone, date, number, integer
	ValidateRange      = "range"
	ValidateEnum       = "enum"
	ValidateRegex      = "regex"
	ValidateFutureDate = "future_date_only"
	ValidateCustom     = "custom" // a webhook
	ValidateLength     = "length"
	// ValidateDiffers refuses the value another slot of the flow holds
	// (Validator.Slot): a trip's destination is not its origin.
	ValidateDiffers = "differs_from"
)

// Validator checks a normalized slot value.
type Validator struct {
	Type    string   `yaml:"type" json:"type"`
	Message string   `yaml:"message" json:"message,omitempty"`
	Format  string   `yaml:"format" json:"format,omitempty"`
	Pattern string   `yaml:"pattern" json:"pattern,omitempty"`
	Min     *float64 `yaml:"min" json:"min,omitempty"`
	Max     *float64 `yaml:"max" json:"max,omitempty"`
	Values  []string `yaml:"values" json:"values,omitempty"`
	Webhook *Webhook `yaml:"webhook" json:"webhook,omitempty"`
	// Func, for a custom validator, calls the Go function the embedding program
	// registered under this name (flows.Options.Funcs) instead of a webhook.
	Func string `yaml:"func" json:"func,omitempty"`
	// Slot, for differs_from, names the slot of the same flow whose value this
	// one may not be.
	Slot string `yaml:"slot" json:"slot,omitempty"`
}

// Normalizer rewrites a raw slot value before validation.
type Normalizer struct {
	// Case is lower, upper, title or keep (default keep; text is always trimmed).
	Case string `yaml:"case" json:"case,omitempty"`
	// Lookup maps a canonical value to the words that mean it (MAD: [Madrid]);
	// matching ignores case and accents. A value not found is kept.
	Lookup map[string][]string `yaml:"lookup" json:"lookup,omitempty"`
}

// Step is one thing a flow does; exactly one of its kinds is set.
type Step struct {
	ID      string   `yaml:"id" json:"id"`
	Collect string   `yaml:"collect" json:"collect,omitempty"`
	Prompt  string   `yaml:"prompt" json:"prompt,omitempty"`
	Action  *Action  `yaml:"action" json:"action,omitempty"`
	Confirm *Confirm `yaml:"confirm" json:"confirm,omitempty"`
	Branch  []*Case  `yaml:"branch" json:"branch,omitempty"`
	Say     string   `yaml:"say" json:"say,omitempty"`
	// Generate has a say step's text or a collect step's prompt written by the
	// bot's model (Options.Writer), as Brief asks, from the rendered text, which
	// stays the fallback.
	Generate bool   `yaml:"generate" json:"generate,omitempty"`
	Brief    string `yaml:"brief" json:"brief,omitempty"`
	Call     string `yaml:"call" json:"call,omitempty"`
	Link     string `yaml:"link" json:"link,omitempty"`
	Next     string `yaml:"next" json:"next,omitempty"`
}

// Step kinds.
const (
	KindCollect = "collect"
	KindAction  = "action"
	KindConfirm = "confirm"
	KindBranch  = "branch"
	KindSay     = "say"
	KindCall    = "call"
	KindLink    = "link"
)

// kinds returns the kinds set on the step, in a fixed order.
func (s *Step) kinds() []string {
	var k []string
	if s.Collect != "" {
		k = append(k, KindCollect)
	}
	if s.Action != nil {
		k = append(k, KindAction)
	}
	if s.Confirm != nil {
		k = append(k, KindConfirm)
	}
	if s.Branch != nil {
		k = append(k, KindBranch)
	}
	if s.Say != "" {
		k = append(k, KindSay)
	}
	if s.Call != "" {
		k = append(k, KindCall)
	}
	if s.Link != "" {
		k = append(k, KindLink)
	}
	return k
}

// Action is a built-in (set slots, end the flow, make a reference) or a webhook.
type Action struct {
	// Name labels the action in traces and webhook requests; the step id when empty.
	Name string `yaml:"name" json:"name,omitempty"`
	// Set assigns slots; values may use {slot} placeholders.
	Set map[string]string `yaml:"set" json:"set,omitempty"`
	// End ends the flow after this action.
	End bool `yaml:"end" json:"end,omitempty"`
	// Reference stores a reference derived from the conversation id in a slot.
	Reference *Reference `yaml:"reference" json:"reference,omitempty"`
	Webhook   *Webhook   `yaml:"webhook" json:"webhook,omitempty"`
	// Func calls the Go function the embedding program registered under this
	// name (flows.Options.Funcs) instead of a webhook.
	Func string `yaml:"func" json:"func,omitempty"`
	// Outputs declares the slots a webhook may set, so prompts and replies may use
	// them.
	Outputs []string `yaml:"outputs" json:"outputs,omitempty"`
	// Reply is said after the action succeeded; it may use {slot} placeholders.
	Reply string `yaml:"reply" json:"reply,omitempty"`
	// Search is a built-in search over records written in the flow file; its
	// matches are the action's results.
	Search *Search `yaml:"search" json:"search,omitempty"`
	// Offer names the slots of a result the bot presents: the results (Search's
	// matches or a webhook's "results") are offered one at a time, the next on a
	// request for another, and a selection ("that one", "I'll take it") or a
	// flow that collects an offered slot takes the offered values into the slots.
	Offer []string `yaml:"offer" json:"offer,omitempty"`
	// Handoff hands the conversation to a human agent after the reply: the
	// "handoff" effect channels act on, and the bot stays silent until handback.
	Handoff bool `yaml:"handoff" json:"handoff,omitempty"`
}

// Search is the built-in search: the records whose fields equal the filled
// slots named in Match (ignoring case; a slot holding dontcare or unset matches
// any record).
type Search struct {
	Records []map[string]string `yaml:"records" json:"records"`
	Match   []string            `yaml:"match" json:"match,omitempty"`
	// FailWhenEmpty makes no match a failure of the action (an availability
	// check: the booking is refused), as a webhook's "failed" is.
	FailWhenEmpty bool `yaml:"fail_when_empty" json:"fail_when_empty,omitempty"`
	// FailReply is said when FailWhenEmpty applies; it may use {slot}
	// placeholders (default: messages.failed).
	FailReply string `yaml:"fail_reply" json:"fail_reply,omitempty"`
}

// Reference is the built-in action that derives a booking-style reference
// deterministically from the conversation id: prefix + digits.
type Reference struct {
	Slot   string `yaml:"slot" json:"slot"`
	Prefix string `yaml:"prefix" json:"prefix,omitempty"`
	Digits int    `yaml:"digits" json:"digits,omitempty"`
}

// Webhook is an HTTP endpoint an action or a custom validator POSTs the slots to.
type Webhook struct {
	URL string `yaml:"url" json:"url"`
	// Func names a Go function the embedding program registers
	// (Options.Funcs), called in process instead of an HTTP POST; written in a
	// flow file as the action's or validator's func:, it takes the webhook's place
	// (Parse moves it here), with the same request, answer, idempotency key and
	// pending-call handling.
	Func string `yaml:"-" json:"-"`
	// Timeout bounds each attempt, as "500ms" or "2s" (default 5s).
	Timeout string            `yaml:"timeout" json:"timeout,omitempty"`
	Retries int               `yaml:"retries" json:"retries,omitempty"`
	Headers map[string]string `yaml:"headers" json:"headers,omitempty"`
}

// timeout parses the webhook's timeout (Validate refused bad ones).
func (w *Webhook) timeout() time.Duration {
	d, err := time.ParseDuration(w.Timeout)
	if err != nil || d <= 0 {
		return DefaultWebhookTimeout
	}
	return d
}

// Confirm asks the user to confirm a summary of the slots.
type Confirm struct {
	// Prompt is the summary question with {slot} placeholders.
	Prompt string `yaml:"prompt" json:"prompt,omitempty"`
	// OnNo is end (default: a plain no ends the flow, seed 001 "CONFIRMING ->
	// COMPLETED") or ask_change (ask what to change, then confirm again). A no
	// that corrects a value ("no, make it Boston") confirms again either way.
	OnNo string `yaml:"on_no" json:"on_no,omitempty"`
}

// Case is one arm of a branch step: when If holds (or always, for Else), go to
// the step named Goto ("end" ends the flow).
type Case struct {
	If   *Condition `yaml:"if" json:"if,omitempty"`
	Else bool       `yaml:"else" json:"else,omitempty"`
	Goto string     `yaml:"goto" json:"goto"`
}

// Condition tests one slot. Set tests are combined with and.
type Condition struct {
	Slot      string   `yaml:"slot" json:"slot"`
	Equals    *string  `yaml:"equals" json:"equals,omitempty"`
	NotEquals *string  `yaml:"not_equals" json:"not_equals,omitempty"`
	In        []string `yaml:"in" json:"in,omitempty"`
	Filled    *bool    `yaml:"filled" json:"filled,omitempty"`
	GT        *float64 `yaml:"gt" json:"gt,omitempty"`
	LT        *float64 `yaml:"lt" json:"lt,omitempty"`
}

// StepEnd is the Next or Goto value that ends the flow.
const StepEnd = "end"

// Parse decodes a flow file strictly: unknown keys, duplicate keys and wrong types
// are errors (code parley.EINVALID) whose message starts with file:line:col.
func Parse(data []byte, filename string) (def *Definition, err error) {
	if filename == "" {
		filename = "flows.yaml"
	}
	// go-yaml v1.19 dereferences nil nodes on some malformed documents (found by
	// FuzzParse); a flow file must never crash the server that loads it.
	defer func() {
		if r := recover(); r != nil {
			def, err = nil, parley.Errorf(parley.EINVALID, "%s:1:1: malformed YAML document", filename)
		}
	}()
	file, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, yamlError(filename, err)
	}
	def = &Definition{}
	if len(bytes.TrimSpace(data)) == 0 || len(file.Docs) == 0 || file.Docs[0].Body == nil {
		return nil, parley.Errorf(parley.EINVALID, "%s:1:1: empty flow file", filename)
	}
	if len(file.Docs) > 1 {
		return nil, parley.Errorf(parley.EINVALID, "%s:%s: a flow file holds one document", filename, position(file.Docs[1]))
	}
	dec := yaml.NewDecoder(bytes.NewReader(nil), yaml.Strict())
	if err := dec.DecodeFromNode(file.Docs[0].Body, def); err != nil {
		return nil, yamlError(filename, err)
	}
	def.File = filename
	def.ast = file
	if err := def.emptyEntry(); err != nil {
		return nil, err
	}
	def.funcsAsWebhooks()
	return def, nil
}

// funcsAsWebhooks makes each action's and custom validator's func: its webhook
// (Webhook.Func), so that one call path serves both. Both written is left for
// Validate to refuse.
func (def *Definition) funcsAsWebhooks() {
	for _, f := range def.Flows {
		for _, st := range f.Steps {
			if a := st.Action; a != nil && a.Func != "" && a.Webhook == nil {
				a.Webhook = &Webhook{Func: a.Func}
			}
		}
		for _, s := range f.Slots {
			for _, v := range s.Validators {
				if v.Func != "" && v.Webhook == nil {
					v.Webhook = &Webhook{Func: v.Func}
				}
			}
		}
	}
}

// emptyEntry refuses a list entry written as a bare "-": it decodes to a nil pointer
// that nothing after Parse expects (an empty validator crashed Validate, found by
// FuzzParse).
func (def *Definition) emptyEntry() error {
	empty := func(what, path string) error {
		return parley.Errorf(parley.EINVALID, "%s:%s: empty %s", def.File, def.pos(path), what)
	}
	for fi, f := range def.Flows {
		if f == nil {
			return empty("flow", "$.flows")
		}
		for i, s := range f.Steps {
			if s == nil {
				return empty("step", fmt.Sprintf("$.flows[%d].steps[%d]", fi, i))
			}
			for j, c := range s.Branch {
				if c == nil {
					return empty("branch case", fmt.Sprintf("$.flows[%d].steps[%d].branch[%d]", fi, i, j))
				}
			}
		}
		for i, s := range f.Slots {
			if s == nil {
				return empty("slot", fmt.Sprintf("$.flows[%d].slots", fi))
			}
			for j, v := range s.Validators {
				if v == nil {
					return empty("validator", fmt.Sprintf("$.flows[%d].slots[%d].validators[%d]", fi, i, j))
				}
			}
		}
	}
	return nil
}

// LoadFile reads and parses a flow file.
func LoadFile(path string) (*Definition, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, parley.WrapError(parley.ENOTFOUND, err, "flow file %s", path)
		}
		return nil, parley.WrapError(parley.EINVALID, err, "flow file %s", path)
	}
	return Parse(data, path)
}

// yamlError turns a go-yaml error into an EINVALID error that starts with
// file:line:col.
func yamlError(filename string, err error) error {
	var ye yaml.Error
	if errors.As(err, &ye) {
		line, col := 1, 1
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			line, col = tk.Position.Line, tk.Position.Column
		}
		return parley.Errorf(parley.EINVALID, "%s:%d:%d: %s%s", filename, line, col, ye.GetMessage(), yamlHint(ye.GetMessage(), line))
	}
	return parley.Errorf(parley.EINVALID, "%s:1:1: %s", filename, oneLine(err.Error()))
}

// yamlHint says what to look at for a YAML error whose message names the
// symptom, not the cause: a value where none is allowed is almost always a line
// indented deeper or shallower than the one before it, or a colon in a value
// that is not quoted.
func yamlHint(msg string, line int) string {
	if !strings.Contains(msg, "value is not allowed") {
		return ""
	}
	if line <= 1 {
		return fmt.Sprintf(": check the indentation of line %d, and quote a value that holds \": \"", line)
	}
	return fmt.Sprintf(": check the indentation of line %d and of line %d before it, and quote a value that holds \": \"", line, line-1)
}

func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func position(n ast.Node) string {
	if n == nil || n.GetToken() == nil || n.GetToken().Position == nil {
		return "1:1"
	}
	p := n.GetToken().Position
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// pos returns "line:col" of the element at a YAML path such as
// $.flows[0].steps[2].collect, falling back to its nearest existing parent.
func (d *Definition) pos(path string) string {
	line, col := d.lineCol(path)
	return fmt.Sprintf("%d:%d", line, col)
}

var pathTail = regexp.MustCompile(`(\.[A-Za-z0-9_]+|\[[0-9]+\])$`)

func (d *Definition) lineCol(path string) (int, int) {
	if d == nil || d.ast == nil {
		return 1, 1
	}
	for path != "$" && path != "" {
		if p, err := yaml.PathString(path); err == nil {
			if n, err := p.FilterFile(d.ast); err == nil && n != nil {
				if tk := n.GetToken(); tk != nil && tk.Position != nil {
					return tk.Position.Line, tk.Position.Column
				}
			}
		}
		parent := pathTail.ReplaceAllString(path, "")
		if parent == path {
			// A key PathString cannot name (spaces, dots): point at the parent map.
			if i := strings.LastIndexAny(path, ".["); i > 0 {
				parent = path[:i]
			} else {
				break
			}
		}
		path = parent
	}
	return 1, 1
}

// placeholderAt is line:col of text inside the scalar at path (a "{slot}" of a
// template), when the scalar is written on one line; else the scalar's own.
func (d *Definition) placeholderAt(path, text string) (int, int) {
	line, col := d.lineCol(path)
	tk := d.token(path)
	if tk == nil || strings.Contains(tk.Value, "\n") {
		return line, col
	}
	i := strings.Index(tk.Value, text)
	if i < 0 {
		return line, col
	}
	if tk.Type == token.DoubleQuoteType || tk.Type == token.SingleQuoteType {
		col++ // the opening quote
	}
	return line, col + utf8.RuneCountInString(tk.Value[:i])
}

// token is the token of the element written at path, or nil.
func (d *Definition) token(path string) *token.Token {
	if d == nil || d.ast == nil {
		return nil
	}
	p, err := yaml.PathString(path)
	if err != nil {
		return nil
	}
	n, err := p.FilterFile(d.ast)
	if err != nil || n == nil || n.GetToken() == nil || n.GetToken().Position == nil {
		return nil
	}
	return n.GetToken()
}

// Position is "file:line:col" of the element at a JSON path of the definition
// ("$.flows[0].slots[1].max_retries"; the nearest parent when the element is not
// written), for messages that point an author at what to change.
func (d *Definition) Position(path string) string {
	line, col := d.lineCol(path)
	return fmt.Sprintf("%s:%d:%d", d.File, line, col)
}
