package sgd

import (
	"github.com/parleyhq/parley"
)

// Dialogue is one annotated SGD conversation.
type Dialogue struct {
	ID       string   `json:"dialogue_id"`
	Services []string `json:"services"`
	Turns    []Turn   `json:"turns"`
}

// Speakers of a turn.
const (
	SpeakerUser   = "USER"
	SpeakerSystem = "SYSTEM"
)

// Turn is one utterance and its annotation, one frame per service it concerns.
type Turn struct {
	Speaker   string  `json:"speaker"`
	Utterance string  `json:"utterance"`
	Frames    []Frame `json:"frames"`
}

// Frame is a turn's annotation for one service: the dialogue acts, and for a user
// turn the dialogue state; for a system turn the service call it made, if any.
type Frame struct {
	Service     string       `json:"service"`
	Actions     []Act        `json:"actions"`
	State       *State       `json:"state,omitempty"`
	ServiceCall *ServiceCall `json:"service_call,omitempty"`
	// ServiceResults are what the service call returned (a system turn's).
	ServiceResults []map[string]string `json:"service_results,omitempty"`
}

// Act is one dialogue act (INFORM, REQUEST, AFFIRM, ...) of a frame.
type Act struct {
	Act    string   `json:"act"`
	Slot   string   `json:"slot"`
	Values []string `json:"values"`
}

// Dialogue acts the replay reads.
const (
	ActInform       = "INFORM"
	ActInformIntent = "INFORM_INTENT"
	ActAffirm       = "AFFIRM"
	ActNegate       = "NEGATE"
	ActSelect       = "SELECT"
	ActRequestAlts  = "REQUEST_ALTS"
	ActAffirmIntent = "AFFIRM_INTENT"
	ActOffer        = "OFFER"
	ActNotifyFail   = "NOTIFY_FAILURE"
)

// State is the dialogue state after a user turn: the intent the user pursues
// (NONE when none) and, per slot, every surface form of the value the user has
// given or accepted so far for the service. The forms of one list mean the same
// value ("$1,470" and "one thousand four hundred and seventy bucks").
type State struct {
	ActiveIntent   string              `json:"active_intent"`
	RequestedSlots []string            `json:"requested_slots"`
	SlotValues     map[string][]string `json:"slot_values"`
}

// IntentNone is the active_intent of a state in which the user pursues no intent.
const IntentNone = "NONE"

// ServiceCall is a call the system made to the service: the intent (method) and
// its parameters in canonical form ("1470" for "$1,470").
type ServiceCall struct {
	Method     string            `json:"method"`
	Parameters map[string]string `json:"parameters"`
}

// DecodeDialogues decodes an SGD dialogues file (a JSON array of dialogues).
// Malformed JSON, a dialogue without an id, or a turn whose speaker is neither
// USER nor SYSTEM is EINVALID.
func DecodeDialogues(data []byte) ([]Dialogue, error) {
	var dialogues []Dialogue
	if err := decodeJSON(data, &dialogues); err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "sgd dialogues do not decode")
	}
	for i, d := range dialogues {
		if d.ID == "" {
			return nil, parley.Errorf(parley.EINVALID, "sgd dialogues: dialogue %d has no dialogue_id", i)
		}
		for j, t := range d.Turns {
			if t.Speaker != SpeakerUser && t.Speaker != SpeakerSystem {
				return nil, parley.Errorf(parley.EINVALID, "sgd dialogues: %s turn %d: speaker %q is neither USER nor SYSTEM", d.ID, j, t.Speaker)
			}
		}
	}
	return dialogues, nil
}

// frame returns the turn's frame for the service.
func (t *Turn) frame(service string) *Frame {
	for i := range t.Frames {
		if t.Frames[i].Service == service {
			return &t.Frames[i]
		}
	}
	return nil
}

// serviceCall is the frame's service call: nil for no frame or no call.
func (f *Frame) serviceCall() *ServiceCall {
	if f == nil {
		return nil
	}
	return f.ServiceCall
}

// has reports whether the frame holds the dialogue act.
func (f *Frame) has(act string) bool {
	for _, a := range f.Actions {
		if a.Act == act {
			return true
		}
	}
	return false
}
