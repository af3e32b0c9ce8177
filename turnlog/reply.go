package turnlog

import (
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/internal/jsonenc"
)

// A turn's replies and transitions are encoded once per turn, for its record and its
// answer. Written field by field instead of by encoding/json's reflection (3
// allocations and about 1 µs each for a booking turn's replies and transitions);
// FuzzAppendRepliesIsMarshal holds the output byte for byte equal to json.Marshal's.

// AppendReplies appends replies as json.Marshal writes them, [] for none.
func AppendReplies(b []byte, replies []parley.Reply) []byte {
	return jsonenc.Array(b, replies, appendReply)
}

// AppendTransitions appends transitions as json.Marshal writes them, [] for none.
func AppendTransitions(b []byte, transitions []parley.Transition) []byte {
	return jsonenc.Array(b, transitions, appendTransition)
}

func appendTransition(b []byte, t *parley.Transition) []byte {
	b = jsonenc.String(append(b, `{"from":`...), t.From)
	b = jsonenc.String(append(b, `,"to":`...), t.To)
	b = jsonenc.String(append(b, `,"trigger":`...), t.Trigger)
	return append(b, '}')
}

func appendReply(b []byte, r *parley.Reply) []byte {
	b = jsonenc.String(append(b, `{"id":`...), r.ID)
	b = jsonenc.String(append(b, `,"type":`...), string(r.Type))
	b = appendOmitEmpty(b, `,"text":`, r.Text)
	if len(r.Cards) > 0 {
		b = jsonenc.Array(append(b, `,"cards":`...), r.Cards, appendCard)
	}
	if len(r.Options) > 0 {
		b = jsonenc.Array(append(b, `,"options":`...), r.Options, appendOption)
	}
	return append(b, '}')
}

func appendCard(b []byte, c *parley.Card) []byte {
	b = jsonenc.String(append(b, `{"product_id":`...), c.ProductID)
	b = jsonenc.String(append(b, `,"title":`...), c.Title)
	b = appendOmitEmpty(b, `,"description":`, c.Description)
	b = appendOmitEmpty(b, `,"price":`, c.Price)
	b = appendOmitEmpty(b, `,"currency":`, c.Currency)
	b = appendOmitEmpty(b, `,"image_url":`, c.ImageURL)
	b = appendOmitEmpty(b, `,"url":`, c.URL)
	if len(c.Actions) > 0 {
		b = jsonenc.Array(append(b, `,"actions":`...), c.Actions, appendOption)
	}
	return append(b, '}')
}

func appendOption(b []byte, o *parley.Option) []byte {
	b = jsonenc.String(append(b, `{"title":`...), o.Title)
	b = appendOmitEmpty(b, `,"meaning":`, o.Meaning)
	b = appendOmitEmpty(b, `,"url":`, o.URL)
	return append(b, '}')
}

// appendOmitEmpty appends the member name and s unless s is empty (omitempty).
func appendOmitEmpty(b []byte, name, s string) []byte {
	if s == "" {
		return b
	}
	return jsonenc.String(append(b, name...), s)
}
