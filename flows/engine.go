package flows

import (
	"fmt"
	"maps"
	"net/http"
	"strings"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
)

// Options configure an Engine beyond its flow file.
type Options struct {
	// HTTPClient carries webhook actions and custom validators (default: a client
	// without a global timeout; each webhook has its own).
	HTTPClient *http.Client
	// Markers override the flow file's and the default intent markers.
	Markers nlu.Markers
	// MaxMessages overrides settings.max_messages.
	MaxMessages int
	// Runner overrides the HTTP webhook runner (tests, in-process actions).
	Runner ActionRunner
	// Funcs are the Go functions a flow calls by name with func: on an action or
	// a custom validator; every one the flows call must be registered (unless
	// Runner is set, which then receives the calls of unregistered ones).
	Funcs map[string]ActionFunc
	// WrapRunner, when set, wraps the runner every webhook action and custom
	// validator call goes through (Runner or the HTTP one, with Funcs): parley
	// serve counts, times and logs each call's outcome around it.
	WrapRunner func(ActionRunner) ActionRunner
	// Writer writes the text of say steps with generate: true; without one their
	// rendered text is said as written.
	Writer parley.ReplyWriter
	// Recorder counts the answers the readers did not understand (nil: none).
	Recorder Recorder
}

// Defaults of Settings.
const (
	DefaultMaxMessages   = 20
	DefaultMaxTrace      = 12
	DefaultMinConfidence = 0.7
	DefaultMaxRetries    = 3
)

// Engine is the flows engine of one bot: a compiled definition. It is immutable
// and safe for concurrent use.
type Engine struct {
	def        *Definition
	bot        string
	flows      map[string]*flow
	order      []*flow
	intentFlow map[string]*flow
	// model is the intent model learned from the flows' trigger examples and
	// keywords beside the built-in intents' examples (flowOfModel).
	model *nlu.IntentModel
	// valueStarts are the slot values that start their flow (flowOfValue).
	valueStarts   []valueStart
	classifier    *nlu.Classifier
	recorder      Recorder
	markers       nlu.Markers
	markerWords   [][]string  // ASCII markers' words, for markerCandidate
	markerFirsts  *literalSet // the first of each markerWords, indexed alike
	maxMessages   int
	maxTrace      int
	minConfidence float64
	runner        ActionRunner
	writer        parley.ReplyWriter
	text          map[string]string
	// slotByName is each slot name's first declaration in the file, for values
	// of another flow's slot (settings.shared_slots).
	slotByName  map[string]*slot
	sharedSlots bool
}

var _ parley.Engine = (*Engine)(nil)

// New compiles a definition into an Engine. A definition with Validate
// diagnostics is refused (EINVALID) with the first of them.
func New(def *Definition, opts Options) (*Engine, error) {
	if def == nil {
		return nil, parley.Errorf(parley.EINVALID, "no flow definition")
	}
	def.funcsAsWebhooks()
	if diags := Validate(def); len(diags) > 0 {
		return nil, parley.Errorf(parley.EINVALID, "%s%s", diags[0].String(), more(len(diags)-1))
	}
	e := &Engine{
		def:           def,
		bot:           def.Bot,
		flows:         make(map[string]*flow, len(def.Flows)),
		intentFlow:    map[string]*flow{},
		maxMessages:   firstPositive(opts.MaxMessages, def.Settings.MaxMessages, DefaultMaxMessages),
		maxTrace:      firstPositive(def.Settings.MaxTrace, DefaultMaxTrace),
		minConfidence: def.Settings.MinConfidence,
		runner:        opts.Runner,
		text:          make(map[string]string, 16),
		slotByName:    map[string]*slot{},
		sharedSlots:   def.Settings.SharedSlots,
	}
	if e.minConfidence <= 0 {
		e.minConfidence = DefaultMinConfidence
	}
	if e.bot == "" {
		e.bot = strings.TrimSuffix(baseName(def.File), ".yaml")
	}
	maps.Copy(e.text, defaultTexts())
	maps.Copy(e.text, def.Messages)
	switch {
	case opts.Markers != nil:
		e.markers = opts.Markers
	case def.Settings.Markers != nil:
		e.markers = nlu.Markers(def.Settings.Markers)
	default:
		e.markers = nlu.DefaultIntentMarkers()
	}
	e.indexMarkers()
	if e.runner == nil {
		if err := checkFuncs(def, opts.Funcs); err != nil {
			return nil, err
		}
		e.runner = &HTTPRunner{Client: opts.HTTPClient}
	}
	if len(opts.Funcs) > 0 {
		e.runner = funcRunner{funcs: opts.Funcs, next: e.runner}
	}
	if opts.WrapRunner != nil {
		e.runner = opts.WrapRunner(e.runner)
	}
	e.writer = opts.Writer
	e.recorder = opts.Recorder
	e.compileFlows(def)
	e.indexValueStarts()
	var names []string
	for _, f := range e.order {
		names = append(names, f.label)
	}
	for _, k := range []string{"fallback", "greeting", "help"} {
		e.text[k] = strings.ReplaceAll(e.text[k], "{flows}", strings.Join(names, ", "))
	}
	return e, nil
}

// compileFlows compiles the definition's flows, indexes them by name and by
// trigger intent, links call and link steps to their target flows and trains the
// intent classifier on the triggers.
func (e *Engine) compileFlows(def *Definition) {
	var intents []nlu.Intent
	for _, fd := range def.Flows {
		f := compileFlow(fd)
		order, _ := nlu.LocaleDateOrder(def.Locale)
		for _, sl := range f.slotOrder {
			sl.dateOrder = order
		}
		e.flows[f.name] = f
		e.order = append(e.order, f)
		for _, sl := range f.slotOrder {
			if e.slotByName[sl.name] == nil {
				e.slotByName[sl.name] = sl
			}
		}
		e.intentFlow[f.name] = f
		for _, in := range fd.Trigger.Intents {
			e.intentFlow[in] = f
		}
		intents = append(intents, nlu.Intent{Name: f.name, Examples: fd.Trigger.Examples, Keywords: fd.Trigger.Keywords})
	}
	e.model = trainFlowModel(def)
	for _, f := range e.order {
		for _, st := range f.steps {
			if st.kind == KindCall {
				st.target = e.flows[st.def.Call]
			}
			if st.kind == KindLink {
				st.target = e.flows[st.def.Link]
			}
		}
	}
	e.indexRecords()
	e.classifier = nlu.NewClassifier(intents)
}

// Kind is "flows".
func (e *Engine) Kind() string { return "flows" }

// NewState returns an idle state with no flow.
func (e *Engine) NewState(parley.ConversationKey) any { return newState() }

// DecodeState decodes a stored state strictly (see decodeState).
func (e *Engine) DecodeState(data []byte) (any, error) { return e.decodeState(data) }

// Definition returns the definition the engine was compiled from.
func (e *Engine) Definition() *Definition { return e.def }

// EffectHandoff is the effect kind of a handoff to a human agent; its payload's
// reason is retries_exhausted (a slot's on_exhaust) or human_requested
// (nlu.IsHumanRequest).
const (
	EffectHandoff          = "handoff"
	ReasonRetriesExhausted = "retries_exhausted"
	ReasonHumanRequested   = "human_requested"
)

// HandoffReason returns why a human agent has the conversation, or "".
func (e *Engine) HandoffReason(state any) string {
	if s, ok := state.(*State); ok && s != nil {
		return s.Metadata.Handoff
	}
	return ""
}

// Handback returns a conversation a human agent has resolved to the bot: the
// handoff mark is cleared and the next message is answered again, from idle. A
// conversation that is not handed off is ECONFLICT.
func (e *Engine) Handback(state any, reason string, at time.Time) (parley.Decision, error) {
	var in *State
	switch v := state.(type) {
	case *State:
		in = v
	case State:
		in = &v
	}
	if in == nil || in.Metadata.Handoff == "" {
		return parley.Decision{}, parley.Errorf(parley.ECONFLICT, "the conversation is not with a human agent")
	}
	s := in.clone()
	s.Metadata.Handoff = ""
	data := map[string]string{"reason": reason}
	if !at.IsZero() {
		data["at"] = at.UTC().Format(time.RFC3339Nano)
	}
	return parley.Decision{State: s, Events: []parley.EventData{{Type: "handback", Data: data}}}, nil
}

// more says how many diagnostics an error that shows the first leaves out, and
// where to see them; nothing when it leaves none out.
func more(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (and %d more: parley validate lists them)", n)
}
