package statelog

import "bytes"

// span is where a JSON value (or an object member's key, without its quotes)
// lies in a document: doc[start:end].
type span struct{ start, end int }

// member is a top-level member of a JSON object: its key's raw bytes (between the
// quotes, escapes as written) and its value's.
type member struct{ key, value span }

// The functions below find the bounds of JSON values without decoding them: the
// fast path (fastBack, splice) compares and moves members and array elements as the
// bytes they are. They check the structure they walk (brackets, quotes, commas,
// colons) and report false on anything else; the validity of what lies inside a
// value (numbers, literals, escapes) is gjson.ValidBytes's job, checked by Back.

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// stringEnd returns the index after the string whose opening quote is b[i], or -1.
// It looks for the next quote (bytes.IndexByte) and takes it when an even run of
// backslashes comes before it: a backslash escapes the byte after it, so a run
// that ends at a quote escapes it when it is odd.
func stringEnd(b []byte, i int) int {
	j := i + 1
	for j < len(b) {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return -1
		}
		q := j + k
		p := q - 1
		for p > i && b[p] == '\\' {
			p--
		}
		if (q-1-p)%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
	return -1
}

// stringEndSteps is stringEnd byte by byte (FuzzScan compares them).
func stringEndSteps(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// valueEnd returns the index after the JSON value that starts at b[i], or -1.
func valueEnd(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		return containerEnd(b, i)
	case ',', ':', '}', ']':
		return -1
	}
	j := i
	for j < len(b) && !isSpace(b[j]) && b[j] != ',' && b[j] != ']' && b[j] != '}' && b[j] != ':' {
		j++
	}
	return j
}

// containerEnd returns the index after the object or array that opens at b[i], or
// -1. It counts brackets outside strings; the structure inside is left to the
// walks that need it.
func containerEnd(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '"':
			e := stringEnd(b, i)
			if e < 0 {
				return -1
			}
			i = e - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// objectMembers appends to dst the members of the object b[start:end] (b[start] is
// '{'), in order. ok is false when b[start:end] is not an object of that form.
func objectMembers(b []byte, start, end int, dst []member) ([]member, bool) {
	b = b[:end]
	i, ok := firstItem(b, start, '{', '}')
	for i >= 0 {
		m, v := memberAt(b, i)
		if v >= 0 {
			dst = append(dst, m)
		}
		i, ok = nextItem(b, v, '}')
	}
	return dst, ok
}

// arrayElements appends to dst the elements of the array b[start:end] (b[start]
// is '['), in order. ok is false when b[start:end] is not an array of that form.
func arrayElements(b []byte, start, end int, dst []span) ([]span, bool) {
	b = b[:end]
	i, ok := firstItem(b, start, '[', ']')
	for i >= 0 {
		v := valueEnd(b, i)
		if v >= 0 {
			dst = append(dst, span{i, v})
		}
		i, ok = nextItem(b, v, ']')
	}
	return dst, ok
}

// firstItem and nextItem are the walk objectMembers and arrayElements share over a
// container that ends where b ends, opened by opening and closed by closing; each reads
// the items (members, elements) itself. An index >= 0 is where the next item
// starts; -1 means the walk is over, and ok then says whether the container was
// well formed (its closing bracket is b's last byte).
//
// firstItem opens the container at b[start]: an empty one is its brackets with
// whitespace between.
func firstItem(b []byte, start int, opening, closing byte) (int, bool) {
	if start >= len(b) || b[start] != opening {
		return -1, false
	}
	i := skipSpace(b, start+1)
	if i < len(b) && b[i] == closing {
		return -1, i+1 == len(b)
	}
	return i, true
}

// nextItem goes on after an item that ends at v (-1: the item could not be read):
// a comma leads to the next item, the closing bracket ends the container.
func nextItem(b []byte, v int, closing byte) (int, bool) {
	if v < 0 {
		return -1, false
	}
	i := skipSpace(b, v)
	switch {
	case i >= len(b):
		return -1, false
	case b[i] == closing:
		return -1, i+1 == len(b)
	case b[i] != ',':
		return -1, false
	}
	return skipSpace(b, i+1), true
}

// memberAt reads the object member ("key": value) at b[i]: the member and the index
// after its value, or -1 when there is none of that form.
func memberAt(b []byte, i int) (member, int) {
	if i >= len(b) || b[i] != '"' {
		return member{}, -1
	}
	k := stringEnd(b, i)
	if k < 0 {
		return member{}, -1
	}
	key := span{i + 1, k - 1}
	i = skipSpace(b, k)
	if i >= len(b) || b[i] != ':' {
		return member{}, -1
	}
	i = skipSpace(b, i+1)
	v := valueEnd(b, i)
	if v < 0 {
		return member{}, -1
	}
	return member{key: key, value: span{i, v}}, v
}

// document returns the top-level members of the object doc (whitespace around it
// allowed), appended to dst.
func document(doc []byte, dst []member) ([]member, bool) {
	start := skipSpace(doc, 0)
	end := len(doc)
	for end > start && isSpace(doc[end-1]) {
		end--
	}
	return objectMembers(doc, start, end, dst)
}
