package sgd

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/parleyhq/parley"
)

// Service is one service of an SGD schema file: its slots and the intents that
// use them.
type Service struct {
	Name        string   `json:"service_name"`
	Description string   `json:"description"`
	Slots       []Slot   `json:"slots"`
	Intents     []Intent `json:"intents"`
}

// Slot is a piece of information a service's intents take or return. A
// categorical slot takes one of its possible values (or "dontcare").
type Slot struct {
	Name           string   `json:"name"`
	Description    string   `json:"description"`
	IsCategorical  bool     `json:"is_categorical"`
	PossibleValues []string `json:"possible_values"`
}

// Intent is a task a service carries out. A transactional intent changes the
// world (a transfer, a booking) and is confirmed before the service is called.
type Intent struct {
	Name            string            `json:"name"`
	Description     string            `json:"description"`
	IsTransactional bool              `json:"is_transactional"`
	RequiredSlots   []string          `json:"required_slots"`
	OptionalSlots   map[string]string `json:"optional_slots"`
	ResultSlots     []string          `json:"result_slots"`
}

// DontCare is SGD's special value of any slot: the user has no preference. It is
// not among a categorical slot's possible_values, and a service call leaves a
// slot that holds it out.
const DontCare = "dontcare"

// DecodeSchema decodes an SGD schema file (a JSON array of services). Malformed
// JSON, a service without a name, an intent naming a slot its service does not
// define, or two services or slots of the same name are EINVALID.
func DecodeSchema(data []byte) ([]Service, error) {
	var services []Service
	if err := decodeJSON(data, &services); err != nil {
		return nil, parley.WrapError(parley.EINVALID, err, "sgd schema does not decode")
	}
	seen := map[string]bool{}
	for i, s := range services {
		if s.Name == "" {
			return nil, parley.Errorf(parley.EINVALID, "sgd schema: service %d has no service_name", i)
		}
		if seen[s.Name] {
			return nil, parley.Errorf(parley.EINVALID, "sgd schema: service %s defined twice", s.Name)
		}
		seen[s.Name] = true
		if err := s.check(); err != nil {
			return nil, err
		}
	}
	return services, nil
}

func (s *Service) check() error {
	slots := map[string]bool{}
	for _, sl := range s.Slots {
		if err := s.addName(slots, "slot", sl.Name); err != nil {
			return err
		}
	}
	intents := map[string]bool{}
	for i := range s.Intents {
		if err := s.addName(intents, "intent", s.Intents[i].Name); err != nil {
			return err
		}
		if err := s.Intents[i].checkSlots(s.Name, slots); err != nil {
			return err
		}
	}
	return nil
}

// addName adds the name of one of the service's slots or intents (kind) to
// seen: each must be given, and given once.
func (s *Service) addName(seen map[string]bool, kind, name string) error {
	if name == "" {
		return parley.Errorf(parley.EINVALID, "sgd schema: service %s has a%s %s without a name", s.Name, article(kind), kind)
	}
	if seen[name] {
		return parley.Errorf(parley.EINVALID, "sgd schema: service %s defines %s %s twice", s.Name, kind, name)
	}
	seen[name] = true
	return nil
}

// article is "n" before a kind that starts with a vowel ("an intent").
func article(kind string) string {
	if strings.IndexByte("aeiou", kind[0]) >= 0 {
		return "n"
	}
	return ""
}

// checkSlots checks that the intent names only slots its service defines.
func (in *Intent) checkSlots(service string, slots map[string]bool) error {
	for _, name := range in.RequiredSlots {
		if !slots[name] {
			return parley.Errorf(parley.EINVALID, "sgd schema: intent %s.%s requires unknown slot %q", service, in.Name, name)
		}
	}
	for name := range in.OptionalSlots {
		if !slots[name] {
			return parley.Errorf(parley.EINVALID, "sgd schema: intent %s.%s has unknown optional slot %q", service, in.Name, name)
		}
	}
	return nil
}

// FindService returns the service of that name, or ENOTFOUND.
func FindService(services []Service, name string) (*Service, error) {
	for i := range services {
		if services[i].Name == name {
			return &services[i], nil
		}
	}
	return nil, parley.Errorf(parley.ENOTFOUND, "service %q is not in the schema", name)
}

// Slot returns the service's slot of that name.
func (s *Service) Slot(name string) (*Slot, bool) {
	for i := range s.Slots {
		if s.Slots[i].Name == name {
			return &s.Slots[i], true
		}
	}
	return nil, false
}

// Intent returns the service's intent of that name.
func (s *Service) Intent(name string) (*Intent, bool) {
	for i := range s.Intents {
		if s.Intents[i].Name == name {
			return &s.Intents[i], true
		}
	}
	return nil, false
}

// decodeJSON decodes one JSON value; trailing data is an error. Unknown fields
// are allowed: the dataset's files carry fields Parley does not use.
func decodeJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if err := dec.Decode(&json.RawMessage{}); err != io.EOF {
		return errors.New("trailing data after the JSON array")
	}
	return nil
}
