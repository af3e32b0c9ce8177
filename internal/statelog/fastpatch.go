package statelog

import (
	"bytes"
	"strconv"
)

// fastBack is the patch back from state to prev for what a turn does to a state:
// both are objects with the same keys in the same order; a member whose bytes are
// equal gives nothing; an array member that is prev's array without its first
// elements and with others appended (a sliding window, or only appended) gives a
// remove of each appended element (highest index first) and an add of each dropped
// one, when that is smaller than a replace; any other changed member a replace with
// prev's bytes. ok is false for any other shape (Back then takes the general diff).
// The patch is appended to dst.
func fastBack(dst, prev, state []byte) (patch []byte, ok bool) {
	var prevBuf, stateBuf [32]member
	pm, ok := document(prev, prevBuf[:0])
	if !ok {
		return nil, false
	}
	sm, ok := document(state, stateBuf[:0])
	if !ok || len(pm) != len(sm) {
		return nil, false
	}
	out := append(dst, '[')
	for i := range pm {
		key := prev[pm[i].key.start:pm[i].key.end]
		if !bytes.Equal(key, state[sm[i].key.start:sm[i].key.end]) || bytes.IndexByte(key, '\\') >= 0 {
			return nil, false
		}
		pv, sv := pm[i].value, sm[i].value
		if !bytes.Equal(prev[pv.start:pv.end], state[sv.start:sv.end]) {
			out = appendMemberOps(out, key, prev, pv, state, sv)
		}
	}
	if len(out) > 1 {
		out = out[:len(out)-1] // the last op's comma
	}
	return append(out, ']'), true
}

// opBytes is about what an operation takes besides its path's key and its value.
const opBytes = 40

// appendMemberOps appends the operations that turn the member key's value
// state[sv] back into prev[pv]: the array window's removes and adds when it is
// one and they are smaller, else a replace.
func appendMemberOps(out, key, prev []byte, pv span, state []byte, sv span) []byte {
	var prevBuf, stateBuf [64]span
	pe, se, ok := bothArrays(prev, pv, state, sv, prevBuf[:0], stateBuf[:0])
	if ok {
		if dropped, ok := window(prev, pe, state, se); ok {
			appendedCount := len(se) - (len(pe) - dropped)
			size := (dropped + appendedCount) * (opBytes + len(key))
			if dropped > 0 {
				size += pe[dropped-1].end - pe[0].start
			}
			if size < pv.end-pv.start+opBytes+len(key) {
				for j := len(se) - 1; j >= len(se)-appendedCount; j-- {
					out = appendOp(out, "remove", key, j, nil, nil)
				}
				for j := 0; j < dropped; j++ {
					out = appendOp(out, "add", key, j, nil, prev[pe[j].start:pe[j].end])
				}
				return out
			}
		}
	}
	if out, ok := appendAddedMembers(out, key, prev, pv, state, sv); ok {
		return out
	}
	return appendOp(out, "replace", key, -1, nil, prev[pv.start:pv.end])
}

// appendAddedMembers appends a remove of each member the object state[sv] has
// that the object prev[pv] has not, when the others are prev's members in prev's
// order and that is smaller than a replace (slots set by a turn).
func appendAddedMembers(out, key, prev []byte, pv span, state []byte, sv span) ([]byte, bool) {
	if prev[pv.start] != '{' || state[sv.start] != '{' {
		return out, false
	}
	var prevBuf, stateBuf [16]member
	pm, ok := objectMembers(prev, pv.start, pv.end, prevBuf[:0])
	if !ok {
		return out, false
	}
	sm, ok := objectMembers(state, sv.start, sv.end, stateBuf[:0])
	if !ok || len(sm) <= len(pm) {
		return out, false
	}
	var addedBuf [16][]byte
	added := addedBuf[:0]
	size, j := 0, 0
	for _, m := range sm {
		if j < len(pm) && sameMember(state, m, prev, pm[j]) {
			j++
			continue
		}
		k := state[m.key.start:m.key.end]
		if bytes.IndexByte(k, '\\') >= 0 {
			return out, false
		}
		added = append(added, k)
		size += opBytes + len(key) + len(k)
	}
	if j < len(pm) || size >= pv.end-pv.start+opBytes+len(key) {
		return out, false
	}
	for _, k := range added {
		out = appendOp(out, "remove", key, -1, k, nil)
	}
	return out, true
}

func sameMember(a []byte, am member, b []byte, bm member) bool {
	return bytes.Equal(a[am.key.start:am.key.end], b[bm.key.start:bm.key.end]) &&
		bytes.Equal(a[am.value.start:am.value.end], b[bm.value.start:bm.value.end])
}

func bothArrays(prev []byte, pv span, state []byte, sv span, pe, se []span) ([]span, []span, bool) {
	if prev[pv.start] != '[' || state[sv.start] != '[' {
		return nil, nil, false
	}
	pe, ok := arrayElements(prev, pv.start, pv.end, pe)
	if !ok {
		return nil, nil, false
	}
	se, ok = arrayElements(state, sv.start, sv.end, se)
	return pe, se, ok
}

// window returns how many first elements of prev's array (elements pe) state's
// array (elements se) dropped, when state's is prev's without them and with
// elements appended: the smallest such count that keeps at least one element.
func window(prev []byte, pe []span, state []byte, se []span) (dropped int, ok bool) {
	for dropped = 0; dropped < len(pe); dropped++ {
		kept := len(pe) - dropped
		if kept > len(se) {
			continue
		}
		same := true
		for j := 0; j < kept && same; j++ {
			a, b := pe[dropped+j], se[j]
			same = bytes.Equal(prev[a.start:a.end], state[b.start:b.end])
		}
		if same {
			return dropped, true
		}
	}
	return 0, false
}

// appendOp appends one operation and a comma: {"op":op,"path":"/key[/index]"} and,
// when value is not nil, its "value". key is a member's raw key without
// backslashes, so that it is written into the JSON string as it is, with the JSON
// Pointer escapes (RFC 6901: "~" as "~0", "/" as "~1").
func appendOp(out []byte, op string, key []byte, index int, sub, value []byte) []byte {
	out = append(out, `{"op":"`...)
	out = append(out, op...)
	out = append(out, `","path":"/`...)
	out = appendToken(out, key)
	switch {
	case sub != nil:
		out = appendToken(append(out, '/'), sub)
	case index >= 0:
		out = strconv.AppendInt(append(out, '/'), int64(index), 10)
	}
	out = append(out, '"')
	if value != nil {
		out = append(out, `,"value":`...)
		out = append(out, value...)
	}
	return append(out, "},"...)
}

func appendToken(out, key []byte) []byte {
	for _, c := range key {
		switch c {
		case '~':
			out = append(out, "~0"...)
		case '/':
			out = append(out, "~1"...)
		default:
			out = append(out, c)
		}
	}
	return out
}

// spliceOp is an operation of the subset splice applies: replace a top-level
// member's value (sub nil); remove (value nil) the element sub of a top-level array
// member or the member sub of a top-level object member; add value as element sub
// of a top-level array member. key and sub are the path's tokens as written
// (RFC 6901 escapes, no JSON escapes).
type spliceOp struct {
	key, sub []byte
	value    []byte
}

// decodeSplice decodes patch when each of its operations is of the subset splice
// applies, written as fastBack writes them: members "op", "path" and (for a
// replace) "value" only, a path without JSON escapes. ok is false for any other
// patch, which is applied by the general library.
func decodeSplice(patch []byte, dst []spliceOp) ([]spliceOp, bool) {
	start := skipSpace(patch, 0)
	end := len(patch)
	for end > start && isSpace(patch[end-1]) {
		end--
	}
	var elemBuf [32]span
	elems, ok := arrayElements(patch, start, end, elemBuf[:0])
	if !ok {
		return dst, false
	}
	for _, e := range elems {
		op, ok := decodeSpliceOp(patch, e)
		if !ok {
			return dst, false
		}
		dst = append(dst, op)
	}
	return dst, true
}

func decodeSpliceOp(patch []byte, e span) (spliceOp, bool) {
	name, path, value, ok := opMembers(patch, e)
	if !ok || len(path) < 3 || path[0] != '"' || path[1] != '/' || path[len(path)-1] != '"' || bytes.IndexByte(path, '\\') >= 0 {
		return spliceOp{}, false
	}
	token := path[2 : len(path)-1]
	slash := bytes.IndexByte(token, '/')
	switch string(name) {
	case `"replace"`:
		return spliceOp{key: token, value: value}, value != nil && slash < 0
	case `"remove"`, `"add"`:
		if slash < 0 || bytes.IndexByte(token[slash+1:], '/') >= 0 || (value == nil) != (string(name) == `"remove"`) {
			return spliceOp{}, false
		}
		return spliceOp{key: token[:slash], sub: token[slash+1:], value: value}, true
	}
	return spliceOp{}, false
}

// opMembers returns the raw values of an operation's members "op", "path" and
// "value" (nil when absent); ok is false when it has any other.
func opMembers(patch []byte, e span) (name, path, value []byte, ok bool) {
	var memberBuf [4]member
	ms, ok := objectMembers(patch, e.start, e.end, memberBuf[:0])
	if !ok || len(ms) > 3 {
		return nil, nil, nil, false
	}
	for _, m := range ms {
		v := patch[m.value.start:m.value.end]
		switch string(patch[m.key.start:m.key.end]) {
		case "op":
			name = v
		case "path":
			path = v
		case "value":
			value = v
		default:
			return nil, nil, nil, false
		}
	}
	return name, path, value, true
}

// arrayIndex parses an RFC 6901 array index: "0" or digits without a leading zero.
func arrayIndex(token []byte) (int, bool) {
	if len(token) == 0 || len(token) > 9 || (token[0] == '0' && len(token) > 1) {
		return 0, false
	}
	n := 0
	for _, c := range token {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// tokenIs reports whether the JSON Pointer token (RFC 6901 escapes) names the
// member whose raw key is key (a key with JSON escapes never matches).
func tokenIs(token, key []byte) bool {
	j := 0
	for i := 0; i < len(token); i++ {
		c := token[i]
		if c == '~' {
			if i+1 == len(token) || (token[i+1] != '0' && token[i+1] != '1') {
				return false
			}
			c = "~/"[token[i+1]-'0']
			i++
		}
		if j == len(key) || key[j] != c || c == '\\' {
			return false
		}
		j++
	}
	return j == len(key)
}

// spliceSteps applies ops to the object state by moving bytes: a replace puts the
// op's value in place of the member's, a remove cuts an element (with the comma
// before it, or after it for the first) out of an array member. Everything else is
// kept as it is, so what it returns is exact by construction. ok is false when an
// op does not apply (no such member, not an array, no such element). It copies
// the edited member once per operation; splice (splice.go) gives the same bytes in
// one pass and falls back on it for the one case it does not model.
func spliceSteps(state []byte, ops []spliceOp) ([]byte, bool) {
	var memberBuf [32]member
	ms, ok := document(state, memberBuf[:0])
	if !ok {
		return nil, false
	}
	var valueBuf [32][]byte
	values := valueBuf[:0]
	for _, m := range ms {
		values = append(values, state[m.value.start:m.value.end])
	}
	for _, op := range ops {
		i := findMember(state, ms, op.key)
		if i < 0 {
			return nil, false
		}
		if op.sub == nil {
			values[i] = op.value
			continue
		}
		if values[i], ok = edit(values[i], op.sub, op.value); !ok {
			return nil, false
		}
	}
	size := len(state)
	for i, m := range ms {
		size += len(values[i]) - (m.value.end - m.value.start)
	}
	out := make([]byte, 0, size)
	at := 0
	for i, m := range ms {
		out = append(out, state[at:m.value.start]...)
		out = append(out, values[i]...)
		at = m.value.end
	}
	return append(out, state[at:]...), true
}

func findMember(doc []byte, ms []member, token []byte) int {
	for i, m := range ms {
		if tokenIs(token, doc[m.key.start:m.key.end]) {
			return i
		}
	}
	return -1
}

// edit returns the array or object v without its element or member sub (value
// nil), or the array v with value inserted as its element sub.
func edit(v, sub, value []byte) ([]byte, bool) {
	if len(v) > 0 && v[0] == '{' && value == nil {
		return removeMember(v, sub)
	}
	index, ok := arrayIndex(sub)
	if !ok {
		return nil, false
	}
	return editArray(v, index, value)
}

// removeMember returns the object obj without its member named by token.
func removeMember(obj, token []byte) ([]byte, bool) {
	var memberBuf [16]member
	ms, ok := objectMembers(obj, 0, len(obj), memberBuf[:0])
	if !ok {
		return nil, false
	}
	i := findMember(obj, ms, token)
	if i < 0 {
		return nil, false
	}
	es := make([]span, len(ms))
	for j, m := range ms {
		es[j] = span{m.key.start - 1, m.value.end}
	}
	return cutElement(obj, es, i), true
}

// editArray returns the array arr without its element index (value nil) or with
// value inserted as its element index.
func editArray(arr []byte, index int, value []byte) ([]byte, bool) {
	var elemBuf [64]span
	es, ok := arrayElements(arr, 0, len(arr), elemBuf[:0])
	if !ok {
		return nil, false
	}
	if value != nil {
		return insertElement(arr, es, index, value)
	}
	if index >= len(es) {
		return nil, false
	}
	return cutElement(arr, es, index), true
}

// cutElement returns arr without its element index (es: the elements' bounds),
// with the comma before it, or after it for the first.
func cutElement(arr []byte, es []span, index int) []byte {
	var cut span
	switch {
	case index > 0:
		cut = span{es[index-1].end, es[index].end}
	case len(es) > 1:
		cut = span{es[0].start, es[1].start}
	default:
		cut = es[0]
	}
	out := make([]byte, 0, len(arr)-(cut.end-cut.start))
	out = append(out, arr[:cut.start]...)
	return append(out, arr[cut.end:]...)
}

// insertElement returns arr (elements es) with value inserted as element index,
// with a comma after it, or before it at the end.
func insertElement(arr []byte, es []span, index int, value []byte) ([]byte, bool) {
	if index > len(es) {
		return nil, false
	}
	out := make([]byte, 0, len(arr)+len(value)+1)
	switch {
	case index < len(es):
		at := es[index].start
		out = append(append(append(out, arr[:at]...), value...), ',')
		return append(out, arr[at:]...), true
	case index > 0:
		at := es[index-1].end
		out = append(append(append(out, arr[:at]...), ','), value...)
		return append(out, arr[at:]...), true
	}
	at := skipSpace(arr, 1)
	out = append(append(out, arr[:at]...), value...)
	return append(out, arr[at:]...), true
}
