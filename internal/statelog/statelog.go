// Package statelog keeps the states of a conversation's versions as changes: the
// store holds the current state whole (the conversation's head) and, in the row of
// each version, the way back to the state of the version before it: an RFC 6902
// JSON Patch computed by github.com/wI2L/jsondiff and applied by
// github.com/evanphx/json-patch/v5, or that previous state whole every
// SnapshotEvery versions, so that rebuilding any version applies fewer than
// SnapshotEvery patches. Reading the live state never applies a patch.
//
// The patches go backwards (from a version to the one before it) because a turn
// mostly appends: a message history, slots, a trace. A forward patch carries what
// was appended, which is what the state grew by; the backward one removes it and
// carries only what the turn replaced. Measured on the booking conversation
// (docs/performance.md), forward patches plus the head's copy took more bytes than
// the whole states they replace.
//
// What a turn does to a state takes a fast path (fastpatch.go), which handles the
// documents as bytes and decodes nothing: when both states are objects with the
// same keys in the same order, a member whose bytes are equal gives no operation, an
// array that slid or grew (a message history, a trace) gives a remove of each
// appended element and an add of each dropped one, an object that gained members
// (slots) a remove of each, and any other changed member a replace with its previous
// bytes. The patch is standard RFC 6902 (any library applies it); this package
// applies that subset by splicing the members' bytes (splice), and any other patch
// with github.com/evanphx/json-patch/v5. Other shapes take jsondiff's general diff.
//
// A patch is kept only when applying it gives the previous state byte for byte
// (Back checks it with rebuilds, which takes the same ways as apply, the function
// Rebuild uses, but compares what splice would write with the previous state as it
// goes instead of building it: splice.go): JSON Patch works on values, not bytes,
// and a document whose bytes the library would write back
// differently (another key order, other escapes, other number spellings,
// whitespace) is kept whole instead. So is a state that is not JSON and one whose
// patch is not smaller. The check costs little on the fast path (a walk of the
// changed members' pieces) and docs/performance.md has what Back costs per commit.
// Cache.Back is Back from the state a store's cache holds, which it checks to be
// JSON once rather than at every commit.
package statelog

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"

	jsonpatch "github.com/evanphx/json-patch/v5"
	"github.com/parleyhq/parley"
	"github.com/tidwall/gjson"
	"github.com/wI2L/jsondiff"
)

// SnapshotEvery bounds the patches a rebuild applies: the row of every version
// that is a multiple of it keeps the previous state whole. docs/performance.md has
// the measurements behind it (bytes per turn against the cost of a rebuild).
const SnapshotEvery = 16

// Kind is how a version's row keeps the state of the version before it.
type Kind int

const (
	// Own: the row keeps its own version's state, whole (rows written before the
	// log kept changes).
	Own Kind = 0
	// Patch: the row keeps a JSON Patch that turns its version's state into the
	// previous version's.
	Patch Kind = 1
	// Previous: the row keeps the previous version's state, whole (null for
	// version 1).
	Previous Kind = 2
)

// Back is what the row of version keeps, given state, the state of version, and
// prev, the state of version-1 as stored: a patch from state to prev when one
// rebuilds prev byte for byte, is smaller and version is not a multiple of
// SnapshotEvery; else prev itself. A nil prev (no version before) is kept as null.
func Back(version int64, prev, state []byte) (Kind, []byte) {
	kind, data, _ := back(version, prev, false, state)
	return kind, data
}

// validity is what is known of a state's bytes: unchecked, JSON or not JSON.
type validity int8

const (
	unchecked validity = iota
	validJSON
	notJSON
)

func validityOf(b []byte) validity {
	if gjson.ValidBytes(b) {
		return validJSON
	}
	return notJSON
}

// back is Back, with prevValid true when prev is known to be JSON (it is then not
// checked again); it also returns what it found of state (unchecked when it did
// not look), for the cache to keep with state once committed (Cache.Back).
func back(version int64, prev []byte, prevValid bool, state []byte) (Kind, []byte, validity) {
	if prev == nil {
		return Previous, []byte("null"), unchecked
	}
	if version%SnapshotEvery == 0 {
		return Previous, prev, unchecked
	}
	sv := validityOf(state)
	if sv != validJSON || (!prevValid && !gjson.ValidBytes(prev)) {
		return Previous, prev, sv
	}
	buf := patchPool.Get().(*[]byte)
	defer patchPool.Put(buf)
	patch, fast := fastBack((*buf)[:0], prev, state)
	if fast {
		if cap(patch) <= 64<<10 {
			*buf = patch[:0]
		}
	} else {
		var err error
		if patch, err = diff(state, prev); err != nil {
			return Previous, prev, sv
		}
	}
	if len(patch) >= len(prev) || !rebuilds(state, patch, prev) {
		return Previous, prev, sv
	}
	if fast {
		patch = append([]byte(nil), patch...) // out of the pooled buffer, at its size
	}
	return Patch, patch, sv
}

// patchPool holds the buffers fastBack writes patches into; Back copies out the
// ones it keeps.
var patchPool = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// Row is a version's row as Rebuild reads it.
type Row struct {
	Version int64
	Kind    Kind
	Data    []byte
}

// Rebuild returns the state of version from rows, the rows of one conversation in
// version order from version itself (or the one after it) on, at least up to the
// first after version that keeps a whole state or else up to headVersion, and
// head, the state of headVersion (the conversation's current state). A gap in the
// versions or a patch that does not apply is EINTERNAL: a damaged log.
func Rebuild(version int64, rows []Row, head []byte, headVersion int64) ([]byte, error) {
	if version == headVersion {
		return head, nil
	}
	if len(rows) > 0 && rows[0].Version == version && rows[0].Kind == Own {
		return rows[0].Data, nil
	}
	var patches [][]byte
	state, next := []byte(nil), version+1
	for _, r := range rows {
		if r.Version <= version {
			continue
		}
		if r.Version != next || r.Kind == Own {
			return nil, parley.Errorf(parley.EINTERNAL, "statelog: the state of version %d: the row of version %d is missing", version, next)
		}
		next++
		if r.Kind == Previous {
			state = r.Data
			break
		}
		patches = append(patches, r.Data)
	}
	if state == nil {
		if next != headVersion+1 {
			return nil, parley.Errorf(parley.EINTERNAL, "statelog: the state of version %d: the rows stop at version %d, the head is at %d", version, next-1, headVersion)
		}
		state = head
	}
	for i := len(patches) - 1; i >= 0; i-- {
		prev, err := apply(state, patches[i])
		if err != nil {
			return nil, parley.WrapError(parley.EINTERNAL, err, "statelog: the state of version %d: a patch does not apply", version)
		}
		state = prev
	}
	return state, nil
}

// Window is the versions whose rows Rebuild needs for version: from version to
// version+SnapshotEvery (a multiple of SnapshotEvery among them keeps a whole
// state), or to the head.
func Window(version int64) (first, last int64) {
	return version, version + SnapshotEvery
}

// diffOptions: arrays compared by longest common subsequence, so that a window
// that drops its first elements and appends others (a message history) is removes
// and adds, not a replace of every element; Rationalize replaces a value whole where
// that is shorter than its changes (without it the booking conversation's fifth
// patch, a new trace, was larger than the state: 4 patches of 5 became 3).
var diffOptions = []jsondiff.Option{jsondiff.LCS(), jsondiff.Rationalize()}

// diff returns the JSON Patch from src to dst. The library carries a value as the
// generic value it decoded (objects with their keys sorted); each value is put
// back as dst's own bytes at the operation's path, so that applying the patch
// writes what dst holds.
func diff(src, dst []byte) ([]byte, error) {
	ops, err := jsondiff.CompareJSON(src, dst, diffOptions...)
	if err != nil {
		return nil, err
	}
	for i := range ops {
		op := &ops[i]
		if op.Type != jsondiff.OperationAdd && op.Type != jsondiff.OperationReplace {
			continue
		}
		if raw := gjson.GetBytes(dst, dotPath(op.Path)); raw.Exists() {
			op.Value = json.RawMessage(raw.Raw)
		}
	}
	return json.Marshal(ops)
}

// dotPath turns a JSON Pointer into gjson's path syntax.
func dotPath(pointer string) string {
	if pointer == "" {
		return "@this"
	}
	parts := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	for i, p := range parts {
		p = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
		var b strings.Builder
		for _, c := range p {
			if strings.ContainsRune(`\.*?|#@!=<>%"`, c) {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
		}
		parts[i] = b.String()
	}
	return strings.Join(parts, ".")
}

// applyOptions: the library's defaults, but raw strings are written back as they
// are (with its default, HTML escaping, a "<" kept raw in an untouched element of a
// changed array would come back as "\u003c").
var applyOptions = func() *jsonpatch.ApplyOptions {
	o := jsonpatch.NewApplyOptions()
	o.EscapeHTML = false
	return o
}()

// apply applies patch to state: by splice when the patch is of its subset and
// applies (what fastBack writes), else by the library. Back checks a patch with
// rebuilds, which takes the same two ways, so that Rebuild gives back what Back
// checked.
func apply(state, patch []byte) ([]byte, error) {
	var opBuf [16]spliceOp
	if ops, ok := decodeSplice(patch, opBuf[:0]); ok {
		if out, ok := splice(state, ops); ok {
			return out, nil
		}
	}
	p, err := jsonpatch.DecodePatch(patch)
	if err != nil {
		return nil, err
	}
	return p.ApplyWithOptions(state, applyOptions)
}

// rebuilds reports whether apply(state, patch) gives want without error. When
// splice applies the patch it compares what it would write with want as it goes
// (spliceEqual) rather than building the state.
func rebuilds(state, patch, want []byte) bool {
	var opBuf [16]spliceOp
	if ops, ok := decodeSplice(patch, opBuf[:0]); ok {
		if applies, equal := spliceEqual(state, ops, want); applies {
			return equal
		}
	}
	p, err := jsonpatch.DecodePatch(patch)
	if err != nil {
		return false
	}
	out, err := p.ApplyWithOptions(state, applyOptions)
	return err == nil && bytes.Equal(out, want)
}
