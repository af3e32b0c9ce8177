package sgd

import (
	"encoding/json"

	"github.com/parleyhq/parley"
)

// SampleOptions says how many dialogues Sample takes.
type SampleOptions struct {
	// Size is the number of dialogues taken (8 when zero).
	Size int
	// Repeated is how many of them, at most, make two or more transactional
	// calls (a second booking, a booking after a change of mind); the rest make
	// one. Zero takes no account of how many calls a dialogue makes.
	Repeated int
}

// SampleInput is one dialogues file of a split, verbatim: Sample writes the
// dialogues it takes as they are in the dataset.
type SampleInput []byte

// Sample takes a deterministic sample of a service's dialogues from a split's
// dialogues files (dialogues_001.json ... in their order, each file's dialogues in
// order): the single-service dialogues of the service that reach one of its
// transactional calls (any call of a service without a transactional intent),
// taken at even intervals: with Repeated, first up to Repeated of those making
// two or more such calls, at positions i*n/k of that list, then the rest from
// those making one, the same way. It returns the taken dialogues as a JSON
// array, each verbatim. The figures of docs/guides/sgd.md are taken on these
// samples; its train-split samples are Sample(Size 8, Repeated 5) of the train
// split, taken from a checkout of the dataset whose path the user gives.
func Sample(service *Service, files []SampleInput, opts SampleOptions) ([]byte, error) {
	size := opts.Size
	if size <= 0 {
		size = 8
	}
	c := sampleCandidates{service: service, calls: transactionalCalls(service), repeats: opts.Repeated > 0}
	for i, data := range files {
		if err := c.read(i, data); err != nil {
			return nil, err
		}
	}
	taken := append([]json.RawMessage{}, evenly(c.repeated, min(opts.Repeated, len(c.repeated), size))...)
	taken = append(taken, evenly(c.once, size-len(taken))...)
	out, err := json.MarshalIndent(taken, "", "  ")
	if err != nil {
		return nil, parley.WrapError(parley.EINTERNAL, err, "sgd sample")
	}
	return append(out, '\n'), nil
}

// sampleCandidates are the dialogues a sample takes from: those of the service
// making one of its calls once, and (when repeats count) those making two or
// more.
type sampleCandidates struct {
	service        *Service
	calls          map[string]bool
	repeats        bool
	once, repeated []json.RawMessage
}

// read sorts the dialogues of file i.
func (c *sampleCandidates) read(i int, data []byte) error {
	var raw []json.RawMessage
	if err := decodeJSON(data, &raw); err != nil {
		return parley.WrapError(parley.EINVALID, err, "sgd sample: file %d does not decode", i+1)
	}
	for _, r := range raw {
		var d Dialogue
		if err := decodeJSON(r, &d); err != nil {
			return parley.WrapError(parley.EINVALID, err, "sgd sample: file %d: a dialogue does not decode", i+1)
		}
		c.add(r, &d)
	}
	return nil
}

// add keeps a single-service dialogue of the service by how many calls it makes.
func (c *sampleCandidates) add(r json.RawMessage, d *Dialogue) {
	if len(d.Services) != 1 || d.Services[0] != c.service.Name {
		return
	}
	switch n := d.countCalls(c.service.Name, c.calls); {
	case n == 0:
	case n >= 2 && c.repeats:
		c.repeated = append(c.repeated, r)
	default:
		c.once = append(c.once, r)
	}
}

// transactionalCalls is the set of the service's intents whose calls a sampled
// dialogue must reach: its transactional intents, or all of them when it has
// none (a search-only service).
func transactionalCalls(service *Service) map[string]bool {
	calls := map[string]bool{}
	for _, in := range service.Intents {
		if in.IsTransactional {
			calls[in.Name] = true
		}
	}
	if len(calls) == 0 {
		for _, in := range service.Intents {
			calls[in.Name] = true
		}
	}
	return calls
}

// countCalls counts the system turns calling one of the methods of the service.
func (d *Dialogue) countCalls(service string, methods map[string]bool) int {
	n := 0
	for i := range d.Turns {
		f := d.Turns[i].frame(service)
		if f != nil && f.ServiceCall != nil && methods[f.ServiceCall.Method] {
			n++
		}
	}
	return n
}

// evenly takes k items of list at positions i*len/k (all of them when k >= len).
func evenly(list []json.RawMessage, k int) []json.RawMessage {
	if k >= len(list) {
		return list
	}
	out := make([]json.RawMessage, 0, k)
	for i := 0; i < k; i++ {
		out = append(out, list[i*len(list)/k])
	}
	return out
}
