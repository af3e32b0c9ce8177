package recorded

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"

	"github.com/goccy/go-yaml"
)

// Recording is a set of recorded completions: what a model answered to each user
// message. A scenario file names one with `llm: FILE`.
//
//	model: qwen2.5:7b-instruct
//	completions:
//	  - user: yes please                       # the message, case and spaces aside
//	    answer: {intent: confirm, confidence: 0.96}
//	  - user: add the polo to my cart
//	    answer: {intent: select, entities: {product_id: "37"}, confidence: 0.9}
//	  - user: hello
//	    content: 'not json'                    # a raw answer instead
//	    finish_reason: length
//	  - user: anything
//	    status: 429
//	    retry_after: "1"
//
// An answer object's entities omitted from it are sent as null, as a model under
// a strict schema does; the keys come from the request's schema.
//
// Generations are the replies the model wrote (streamed requests, see
// llm.Client.WriteReply): for the engine's draft, which ends the prompt, the
// content deltas the server streamed, one chat.completion.chunk each.
//
//	generations:
//	  - draft: Where would you like to fly to?
//	    chunks: ["And", " where", " are", " you", " flying", " to?"]
type Recording struct {
	Model       string       `yaml:"model"`
	Completions []Completion `yaml:"completions"`
	Generations []Generation `yaml:"generations"`
}

// Generation is one recorded reply the model wrote, as it streamed it.
type Generation struct {
	Draft  string   `yaml:"draft"`
	Chunks []string `yaml:"chunks"`
}

// Completion is one recorded answer.
type Completion struct {
	User         string         `yaml:"user"`
	Answer       map[string]any `yaml:"answer"`
	Content      string         `yaml:"content"`
	FinishReason string         `yaml:"finish_reason"`
	Status       int            `yaml:"status"`
	RetryAfter   string         `yaml:"retry_after"`
}

// LoadRecording reads a recording file strictly.
func LoadRecording(path string) (*Recording, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseRecording(data, path)
}

// ParseRecording decodes a recording strictly: unknown keys and completions
// without a user message are errors naming path.
func ParseRecording(data []byte, path string) (*Recording, error) {
	var r Recording
	if err := decodeStrict(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %s", path, yaml.FormatError(err, false, true))
	}
	if r.Model == "" {
		r.Model = "recorded"
	}
	for i, c := range r.Completions {
		if strings.TrimSpace(c.User) == "" {
			return nil, fmt.Errorf("%s: completions[%d] has no user message", path, i)
		}
	}
	for i, g := range r.Generations {
		if strings.TrimSpace(g.Draft) == "" || strings.TrimSpace(strings.Join(g.Chunks, "")) == "" {
			return nil, fmt.Errorf("%s: generations[%d] needs a draft and chunks", path, i)
		}
	}
	return &r, nil
}

func key(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// Player answers requests from a recording and remembers the messages it had no
// completion for, and the drafts it had no generation for.
type Player struct {
	rec *Recording

	mu        sync.Mutex
	misses    []string
	draftMiss []string
}

// NewPlayer plays rec.
func NewPlayer(rec *Recording) *Player { return &Player{rec: rec} }

// Misses returns the user messages no completion was recorded for.
func (p *Player) Misses() []string {
	return lockedCopy(&p.mu, &p.misses)
}

// GenerationMisses returns the prompts of streamed requests whose draft had no
// recorded generation.
func (p *Player) GenerationMisses() []string {
	return lockedCopy(&p.mu, &p.draftMiss)
}

// Respond is the Player's Responder. A message without a recorded completion is
// answered 500, so the bot falls back to its rules, and remembered as a miss; so
// is a streamed request (a reply to write) whose prompt ends with no recorded
// draft, and the engine says its draft.
func (p *Player) Respond(_ int, req Request) Reply {
	if req.Stream {
		return p.generate(req)
	}
	want := key(req.LastUser())
	for _, c := range p.rec.Completions {
		if key(c.User) != want {
			continue
		}
		rep := Reply{Content: c.Content, FinishReason: c.FinishReason, Status: c.Status}
		if c.RetryAfter != "" {
			rep.Header = http.Header{"Retry-After": {c.RetryAfter}}
		}
		if c.Answer != nil {
			rep.Content = completeAnswer(c.Answer, req)
		}
		return rep
	}
	p.mu.Lock()
	p.misses = append(p.misses, req.LastUser())
	p.mu.Unlock()
	return Reply{Status: http.StatusInternalServerError}
}

// generate streams the recorded generation of the draft the prompt ends with (the
// longest, should one draft end another).
func (p *Player) generate(req Request) Reply {
	prompt := key(req.LastUser())
	var best *Generation
	for i, g := range p.rec.Generations {
		if strings.HasSuffix(prompt, key(g.Draft)) && (best == nil || len(g.Draft) > len(best.Draft)) {
			best = &p.rec.Generations[i]
		}
	}
	if best != nil {
		return Reply{Chunks: best.Chunks}
	}
	p.mu.Lock()
	p.draftMiss = append(p.draftMiss, req.LastUser())
	p.mu.Unlock()
	return Reply{Status: http.StatusInternalServerError}
}

// completeAnswer fills the entities the schema has and the answer omits with null.
func completeAnswer(answer map[string]any, req Request) string {
	out := map[string]any{}
	for k, v := range answer {
		out[k] = v
	}
	ents, _ := out["entities"].(map[string]any)
	full := map[string]any{}
	for k, v := range ents {
		full[k] = v
	}
	if props, ok := req.ResponseFormat.JSONSchema.Schema["properties"].(map[string]any); ok {
		if e, ok := props["entities"].(map[string]any); ok {
			if ep, ok := e["properties"].(map[string]any); ok {
				for k := range ep {
					if _, ok := full[k]; !ok {
						full[k] = nil
					}
				}
			}
		}
	}
	out["entities"] = full
	b, _ := json.Marshal(out)
	return string(b)
}

// decodeStrict is yaml.UnmarshalWithOptions with yaml.Strict, turning a panic of the decoder
// into an error: go-yaml v1.19 dereferences nil nodes on some malformed documents
// (found by the fuzzers), and bad input must never crash the program reading it.
func decodeStrict(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("malformed YAML document")
		}
	}()
	return yaml.UnmarshalWithOptions(data, v, yaml.Strict())
}
