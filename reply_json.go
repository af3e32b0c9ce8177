package parley

// A turn's replies and transitions are encoded once per turn, for its record and its
// answer. Written field by field instead of by encoding/json's reflection (3
// allocations and about 1 µs each for a booking turn's replies and transitions);
// FuzzAppendRepliesIsMarshal holds the output byte for byte equal to json.Marshal's.

// AppendRepliesJSON appends replies as json.Marshal writes them, [] for none.
func AppendRepliesJSON(b []byte, replies []Reply) []byte {
	b = append(b, '[')
	for i := range replies {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendReply(b, &replies[i])
	}
	return append(b, ']')
}

// AppendTransitionsJSON appends transitions as json.Marshal writes them, [] for none.
func AppendTransitionsJSON(b []byte, transitions []Transition) []byte {
	b = append(b, '[')
	for i, t := range transitions {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `{"from":`...), t.From)
		b = appendJSONString(append(b, `,"to":`...), t.To)
		b = appendJSONString(append(b, `,"trigger":`...), t.Trigger)
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendReply(b []byte, r *Reply) []byte {
	b = appendJSONString(append(b, `{"id":`...), r.ID)
	b = appendJSONString(append(b, `,"type":`...), string(r.Type))
	b = appendOmitEmpty(b, `,"text":`, r.Text)
	if len(r.Cards) > 0 {
		b = append(b, `,"cards":[`...)
		for i := range r.Cards {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCard(b, &r.Cards[i])
		}
		b = append(b, ']')
	}
	if len(r.Options) > 0 {
		b = appendOptions(append(b, `,"options":`...), r.Options)
	}
	return append(b, '}')
}

func appendCard(b []byte, c *Card) []byte {
	b = appendJSONString(append(b, `{"product_id":`...), c.ProductID)
	b = appendJSONString(append(b, `,"title":`...), c.Title)
	b = appendOmitEmpty(b, `,"description":`, c.Description)
	b = appendOmitEmpty(b, `,"price":`, c.Price)
	b = appendOmitEmpty(b, `,"currency":`, c.Currency)
	b = appendOmitEmpty(b, `,"image_url":`, c.ImageURL)
	b = appendOmitEmpty(b, `,"url":`, c.URL)
	if len(c.Actions) > 0 {
		b = appendOptions(append(b, `,"actions":`...), c.Actions)
	}
	return append(b, '}')
}

func appendOptions(b []byte, options []Option) []byte {
	b = append(b, '[')
	for i := range options {
		if i > 0 {
			b = append(b, ',')
		}
		o := &options[i]
		b = appendJSONString(append(b, `{"title":`...), o.Title)
		b = appendOmitEmpty(b, `,"meaning":`, o.Meaning)
		b = appendOmitEmpty(b, `,"url":`, o.URL)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendOmitEmpty appends the member name and s unless s is empty (omitempty).
func appendOmitEmpty(b []byte, name, s string) []byte {
	if s == "" {
		return b
	}
	return appendJSONString(append(b, name...), s)
}
