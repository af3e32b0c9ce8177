package statelog

import (
	"bytes"
	"slices"
	"sync"
)

// splice gives what spliceSteps gives (the patch's operations applied one after
// the other to the bytes of state) in one pass: it parses each edited member once
// and keeps it as pieces (an opening, then each element after its separator, then
// a closing), which the operations rearrange in place of bytes, and writes the
// pieces out at the end. spliceEqual writes them nowhere: it compares them with
// the state they should give as it goes, which is how Back checks a patch without
// building the state it rebuilds.
//
// How the pieces follow the bytes spliceSteps writes (cutElement, insertElement):
//   - cutting element i > 0 cuts the separator before it and the element;
//   - cutting the first of several cuts it and the separator after it (the next
//     element becomes the first, with no separator);
//   - cutting the only element leaves the opening and the closing;
//   - inserting value as element i < n puts it after element i's separator and
//     gives element i a "," of its own; as element n > 0, after a ","; into an
//     empty array, after the opening's whitespace, which is where the pieces put it
//     when the closing is "]" alone. An empty array whose closing holds whitespace
//     (its only element was cut) is left to spliceSteps.
//
// The property tests and FuzzSplice compare the two.
func splice(state []byte, ops []spliceOp) ([]byte, bool) {
	sc := scratchPool.Get().(*spliceScratch)
	defer sc.release()
	switch sc.plan(state, ops) {
	case planFailed:
		return nil, false
	case planSteps:
		return spliceSteps(state, ops)
	}
	count := sink{mode: sinkCount}
	sc.emit(state, &count)
	out := sink{out: make([]byte, 0, count.n)}
	sc.emit(state, &out)
	return out.out, true
}

// spliceEqual reports whether ops apply to state (splice's ok) and, when they do,
// whether what splice gives is want, without building it.
func spliceEqual(state []byte, ops []spliceOp, want []byte) (applies, equal bool) {
	sc := scratchPool.Get().(*spliceScratch)
	defer sc.release()
	switch sc.plan(state, ops) {
	case planFailed:
		return false, false
	case planSteps:
		out, ok := spliceSteps(state, ops)
		return ok, ok && bytes.Equal(out, want)
	}
	s := sink{mode: sinkCompare, want: want}
	sc.emit(state, &s)
	return true, !s.differs && len(s.want) == 0
}

const (
	planOK = iota
	planFailed
	planSteps
)

// elem is an element of an edited array or object member: the separator before
// it (nil for the first), its bytes (an object's member from its key's quote to
// the end of its value) and, in an object, its raw key.
type elem struct{ sep, key, val []byte }

// pieces is an edited member's value: open, then each element after its
// separator, then close.
type pieces struct {
	open, close []byte
	elems       []elem
	object      bool
}

var comma = []byte{','}

// spliceScratch is what splice and spliceEqual work in, pooled.
type spliceScratch struct {
	members []member
	values  [][]byte
	edited  []int // per member: its pieces in seqs, or -1
	seqs    []pieces
	spans   []span
	inner   []member
}

var scratchPool = sync.Pool{New: func() any { return new(spliceScratch) }}

func (sc *spliceScratch) release() {
	clear(sc.values)
	for i := range sc.seqs {
		q := &sc.seqs[i]
		clear(q.elems)
		q.open, q.close = nil, nil
	}
	sc.values, sc.seqs = sc.values[:0], sc.seqs[:0]
	scratchPool.Put(sc)
}

// plan applies ops to the pieces of state: planOK, planFailed (an op does not
// apply, as spliceSteps would find) or planSteps (a case the pieces do not model).
func (sc *spliceScratch) plan(state []byte, ops []spliceOp) int {
	ms, ok := document(state, sc.members[:0])
	sc.members = ms
	if !ok {
		return planFailed
	}
	sc.values, sc.edited = sc.values[:0], sc.edited[:0]
	for _, m := range ms {
		sc.values = append(sc.values, state[m.value.start:m.value.end])
		sc.edited = append(sc.edited, -1)
	}
	for _, op := range ops {
		i := findMember(state, ms, op.key)
		if i < 0 {
			return planFailed
		}
		if op.sub == nil {
			sc.values[i], sc.edited[i] = op.value, -1
			continue
		}
		k := sc.edited[i]
		if k < 0 {
			if k = sc.newPieces(sc.values[i]); k < 0 {
				return planFailed
			}
			sc.edited[i] = k
		}
		if r := sc.seqs[k].edit(op.sub, op.value); r != planOK {
			return r
		}
	}
	return planOK
}

// newPieces parses the array or object v into new pieces and returns their index
// in seqs, or -1 when v is neither (an edit of it does not apply). An object's
// member is one element from its key's quote to the end of its value, so that
// arrays and objects are cut into pieces alike.
func (sc *spliceScratch) newPieces(v []byte) int {
	if len(v) == 0 || (v[0] != '[' && v[0] != '{') {
		return -1
	}
	object := v[0] == '{'
	var ok bool
	if object {
		sc.inner, ok = objectMembers(v, 0, len(v), sc.inner[:0])
		sc.spans = sc.spans[:0]
		for _, m := range sc.inner {
			sc.spans = append(sc.spans, span{m.key.start - 1, m.value.end})
		}
	} else {
		sc.spans, ok = arrayElements(v, 0, len(v), sc.spans[:0])
	}
	if !ok {
		return -1
	}
	k := len(sc.seqs)
	if k < cap(sc.seqs) {
		sc.seqs = sc.seqs[:k+1]
	} else {
		sc.seqs = append(sc.seqs, pieces{})
	}
	q := &sc.seqs[k]
	q.elems, q.object = q.elems[:0], object
	es := sc.spans
	if len(es) == 0 {
		// The walk checked that the closing bracket is v's last byte.
		q.open, q.close = v[:len(v)-1], v[len(v)-1:]
		return k
	}
	q.open, q.close = v[:es[0].start], v[es[len(es)-1].end:]
	for j, e := range es {
		el := elem{val: v[e.start:e.end]}
		if j > 0 {
			el.sep = v[es[j-1].end:e.start]
		}
		if object {
			el.key = v[sc.inner[j].key.start:sc.inner[j].key.end]
		}
		q.elems = append(q.elems, el)
	}
	return k
}

// edit applies one operation to q: remove (value nil) or add element sub.
func (q *pieces) edit(sub, value []byte) int {
	if q.object {
		if value != nil {
			return planFailed
		}
		for j := range q.elems {
			if tokenIs(sub, q.elems[j].key) {
				q.cut(j)
				return planOK
			}
		}
		return planFailed
	}
	index, ok := arrayIndex(sub)
	if !ok {
		return planFailed
	}
	n := len(q.elems)
	if value == nil {
		if index >= n {
			return planFailed
		}
		q.cut(index)
		return planOK
	}
	switch {
	case index > n:
		return planFailed
	case n == 0:
		if len(q.close) != 1 {
			return planSteps
		}
		q.elems = append(q.elems, elem{val: value})
	case index == n:
		q.elems = append(q.elems, elem{sep: comma, val: value})
	default:
		q.elems = slices.Insert(q.elems, index, elem{sep: q.elems[index].sep, val: value})
		q.elems[index+1].sep = comma
	}
	return planOK
}

func (q *pieces) cut(i int) {
	if i == 0 && len(q.elems) > 1 {
		q.elems[1].sep = nil
	}
	q.elems = slices.Delete(q.elems, i, i+1)
}

// emit writes the state the plan gives to s.
func (sc *spliceScratch) emit(state []byte, s *sink) {
	at := 0
	for i, m := range sc.members {
		s.put(state[at:m.value.start])
		if k := sc.edited[i]; k >= 0 {
			q := &sc.seqs[k]
			s.put(q.open)
			for _, e := range q.elems {
				s.put(e.sep)
				s.put(e.val)
			}
			s.put(q.close)
		} else {
			s.put(sc.values[i])
		}
		at = m.value.end
	}
	s.put(state[at:])
}

const (
	sinkAppend = iota
	sinkCount
	sinkCompare
)

// sink is where emit writes: appended to out, counted in n, or compared with the
// start of want (which it then drops; differs once a piece does not match).
type sink struct {
	mode    int
	out     []byte
	n       int
	want    []byte
	differs bool
}

func (s *sink) put(b []byte) {
	switch s.mode {
	case sinkAppend:
		s.out = append(s.out, b...)
	case sinkCount:
		s.n += len(b)
	default:
		if s.differs || len(b) > len(s.want) || !bytes.Equal(b, s.want[:len(b)]) {
			s.differs = true
			return
		}
		s.want = s.want[len(b):]
	}
}
