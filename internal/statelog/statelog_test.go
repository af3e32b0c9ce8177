package statelog

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/parleyhq/parley"
	"pgregory.net/rapid"
)

// TestRebuildEveryVersion: for random sequences of states (a history that grows
// and slides, slots set and removed, scalars, nested lists; written in several JSON
// styles), every version's state is rebuilt byte for byte from the head and the
// rows Back wrote, and patches are kept where they are smaller.
func TestRebuildEveryVersion(t *testing.T) {
	patches := 0
	rapid.Check(t, func(rt *rapid.T) {
		doc := map[string]any{"messages": []any{}, "slots": map[string]any{}}
		n := rapid.IntRange(1, 3*SnapshotEvery).Draw(rt, "versions")
		states := make([][]byte, n+1)
		rows := make([]Row, 0, n)
		cache, key := NewCache(1<<20), parley.ConversationKey{Bot: "b", ID: "c"}
		for v := 1; v <= n; v++ {
			mutate(rt, doc, v)
			states[v] = encode(rt, doc)
			kind, data := Back(int64(v), states[v-1], states[v])
			if v == 1 {
				kind, data = Back(1, nil, states[v])
			}
			// The cache's Back (each state checked once) writes the same.
			ckind, cdata, held := cache.Back(key, int64(v), states[v])
			if !held || ckind != kind || !bytes.Equal(cdata, data) {
				rt.Fatalf("version %d: Cache.Back = %d %s %v, Back = %d %s", v, ckind, cdata, held, kind, data)
			}
			if rapid.Bool().Draw(rt, "owned") {
				cache.PutOwned(key, int64(v), states[v])
			} else {
				cache.Put(key, int64(v), states[v])
			}
			if kind == Patch {
				patches++
			}
			if v%SnapshotEvery == 0 && kind != Previous {
				rt.Fatalf("version %d: kind %d, want a whole state every %d versions", v, kind, SnapshotEvery)
			}
			rows = append(rows, Row{Version: int64(v), Kind: kind, Data: data})
		}
		for v := 1; v <= n; v++ {
			first, last := Window(int64(v))
			var window []Row
			for _, r := range rows {
				if r.Version >= first && r.Version <= last {
					window = append(window, r)
				}
			}
			got, err := Rebuild(int64(v), window, states[n], int64(n))
			if err != nil || !bytes.Equal(got, states[v]) {
				rt.Fatalf("Rebuild(%d) = %s, %v\nwant %s", v, got, err, states[v])
			}
		}
	})
	if patches == 0 {
		t.Fatal("no version kept a patch")
	}
}

func mutate(rt *rapid.T, doc map[string]any, v int) {
	texts := []string{"hi", "New York", "<b>&</b> \u003c", "été \u2028 ✈", `quote " \ slash`, "1e21", "", strings.Repeat("long text ", 8)}
	msgs := doc["messages"].([]any)
	for range rapid.IntRange(0, 2).Draw(rt, "added") {
		msgs = append(msgs, map[string]any{"role": "user", "content": rapid.SampledFrom(texts).Draw(rt, "text"), "timestamp": float64(v) + 0.25})
	}
	if w := rapid.IntRange(2, 12).Draw(rt, "window"); len(msgs) > w {
		msgs = msgs[len(msgs)-w:]
	}
	doc["messages"] = msgs
	slots := doc["slots"].(map[string]any)
	slot := rapid.SampledFrom([]string{"origin", "destination", "a/b", "x~y", "a.b", "#", ""}).Draw(rt, "slot")
	if rapid.Bool().Draw(rt, "set") {
		slots[slot] = rapid.SampledFrom(texts).Draw(rt, "value")
	} else {
		delete(slots, slot)
	}
	doc["turn_count"] = v
	doc["step"] = rapid.SampledFrom([]any{nil, "collect", 3.25, true, 1e21, []any{1, "x"}}).Draw(rt, "step")
	trace := make([]any, rapid.IntRange(0, 4).Draw(rt, "trace"))
	for i := range trace {
		trace[i] = map[string]any{"event": fmt.Sprintf("e%d", v), "data": map[string]any{"to": fmt.Sprintf("s%d", i)}}
	}
	doc["trace"] = trace
}

// encode writes doc in a JSON style drawn for it (encodeStyle: indented, not
// escaping HTML, or compact, the last most often).
func encode(rt *rapid.T, doc map[string]any) []byte {
	return encodeStyle(rt, doc, rapid.IntRange(0, 4).Draw(rt, "style"))
}

func TestBackKeepsWhatIsNotAPatch(t *testing.T) {
	big := []byte(`{"a":"` + strings.Repeat("x", 200) + `","b":1}`)
	bigger := []byte(`{"a":"` + strings.Repeat("x", 200) + `","b":2}`)
	tests := []struct {
		name        string
		version     int64
		prev, state []byte
		want        Kind
	}{
		{"first version", 1, nil, big, Previous},
		{"a small change", 2, big, bigger, Patch},
		{"every SnapshotEvery versions", SnapshotEvery, big, bigger, Previous},
		{"state not JSON", 3, big, []byte(`not json`), Previous},
		{"previous not JSON", 3, []byte(`not json`), big, Previous},
		{"patch larger than the state", 3, []byte(`{"a":1}`), []byte(`{"b":2}`), Previous},
		{"key order the library would not keep", 3, []byte(`{"b":1,"a":"` + strings.Repeat("x", 200) + `"}`), bigger, Previous},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kind, data := Back(tt.version, tt.prev, tt.state)
			if kind != tt.want {
				t.Fatalf("Back = %d %s, want kind %d", kind, data, tt.want)
			}
			want := tt.prev
			if want == nil {
				want = []byte("null")
			}
			got, err := Rebuild(tt.version-1, []Row{{Version: tt.version, Kind: kind, Data: data}}, tt.state, tt.version)
			if tt.version > 1 && (err != nil || !bytes.Equal(got, want)) {
				t.Fatalf("Rebuild = %s, %v; want %s", got, err, want)
			}
		})
	}
}

func TestRebuildRefusesADamagedLog(t *testing.T) {
	head := []byte(`{"a":1}`)
	tests := []struct {
		name string
		rows []Row
	}{
		{"a missing row", []Row{{Version: 3, Kind: Patch, Data: []byte(`[]`)}}},
		{"rows that stop before the head", []Row{{Version: 2, Kind: Patch, Data: []byte(`[]`)}}},
		{"a patch that does not apply", []Row{{Version: 2, Kind: Patch, Data: []byte(`[{"op":"remove","path":"/zz"}]`)}, {Version: 3, Kind: Patch, Data: []byte(`[]`)}}},
		{"own state after a change", []Row{{Version: 2, Kind: Own, Data: head}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Rebuild(1, tt.rows, head, 3); parley.ErrorCode(err) != parley.EINTERNAL {
				t.Fatalf("Rebuild = %v, want %s", err, parley.EINTERNAL)
			}
		})
	}
}

func TestCacheKeepsTheLatestWithinItsBudget(t *testing.T) {
	c := NewCache(1000)
	k := parley.ConversationKey{Bot: "b", ID: "c"}
	c.Put(k, 2, []byte("two"))
	c.Put(k, 1, []byte("one")) // older: ignored
	if got := c.Get(k, 2); string(got) != "two" {
		t.Fatalf("Get v2 = %q", got)
	}
	if got := c.Get(k, 1); got != nil {
		t.Fatalf("Get v1 = %q, want nil", got)
	}
	for i := range 20 {
		c.Put(parley.ConversationKey{Bot: "b", ID: fmt.Sprint(i)}, 1, bytes.Repeat([]byte("x"), 100))
	}
	if c.size > 1000 || c.Get(k, 2) != nil {
		t.Fatalf("size %d, oldest kept: %v", c.size, c.Get(k, 2) != nil)
	}
	c.Put(k, 3, bytes.Repeat([]byte("x"), 600)) // over a quarter of the budget: not kept
	if c.Get(k, 3) != nil {
		t.Fatal("a state over a quarter of the budget was kept")
	}
}

// TestCacheCountsItsEntries: tiny states do not make the cache hold more than its
// budget in bookkeeping.
func TestCacheCountsItsEntries(t *testing.T) {
	c := NewCache(4 * entryBytes)
	for i := range 100 {
		c.Put(parley.ConversationKey{Bot: "b", ID: fmt.Sprint(i)}, 1, []byte("{}"))
	}
	if n := len(c.entries); n > 3 {
		t.Fatalf("%d entries of 2 bytes in a budget of %d bytes", n, 4*entryBytes)
	}
	if c.Get(parley.ConversationKey{Bot: "b", ID: "99"}, 1) == nil {
		t.Fatal("the newest state was not kept")
	}
}

// TestCacheBackChecksEachStateOnce: Cache.Back keeps a state that is not JSON
// whole, as Back does, remembers what it found of the state it was given once
// Put is given the same bytes, and holds nothing for a version it does not hold.
func TestCacheBackChecksEachStateOnce(t *testing.T) {
	c := NewCache(1 << 20)
	k := parley.ConversationKey{Bot: "b", ID: "c"}
	big := []byte(`{"a":"` + strings.Repeat("x", 200) + `","b":1}`)
	bigger := []byte(`{"a":"` + strings.Repeat("x", 200) + `","b":2}`)
	if kind, data, held := c.Back(k, 1, []byte(`not json`)); !held || kind != Previous || string(data) != "null" {
		t.Fatalf("version 1: %d %s %v", kind, data, held)
	}
	c.Put(k, 1, []byte(`not json`))
	if kind, data, _ := c.Back(k, 2, big); kind != Previous || string(data) != "not json" {
		t.Fatalf("after a state that is not JSON: %d %s", kind, data)
	}
	if e := c.entries[k].Value.(*cached); e.valid != notJSON {
		t.Fatalf("validity of version 1: %d", e.valid)
	}
	c.Put(k, 2, big)
	if kind, _, _ := c.Back(k, 3, bigger); kind != Patch {
		t.Fatalf("version 3: kind %d", kind)
	}
	c.Put(k, 3, bigger)
	if e := c.entries[k].Value.(*cached); e.valid != validJSON {
		t.Fatalf("validity of version 3 after Put of the bytes Back checked: %d", e.valid)
	}
	if kind, _, _ := c.Back(k, 4, big); kind != Patch {
		t.Fatalf("version 4: kind %d", kind)
	}
	c.PutOwned(k, 4, append([]byte(nil), big...)) // other bytes than Back checked
	if e := c.entries[k].Value.(*cached); e.valid != unchecked {
		t.Fatalf("validity of other bytes: %d", e.valid)
	}
	if kind, _, _ := c.Back(k, 5, bigger); kind != Patch {
		t.Fatalf("version 5: kind %d", kind)
	}
	if _, _, held := c.Back(k, 9, big); held {
		t.Fatal("held a version the cache does not hold")
	}
}

// BenchmarkBack measures what a commit pays for its patch: Back over the booking
// conversation's five states (testdata/booking.jsonl, written by `parley bench
// booking`), and Rebuild of version 1 from the head.
//
//	go test ./internal/statelog -run '^$' -bench . -benchmem
func BenchmarkBack(b *testing.B) {
	raw, err := os.ReadFile("testdata/booking.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	states := bytes.Split(bytes.TrimSpace(raw), []byte("\n"))
	rows := make([]Row, 0, len(states))
	b.Run("back", func(b *testing.B) {
		for i := range b.N {
			v := 1 + i%(len(states)-1)
			Back(int64(v+1), states[v-1], states[v])
		}
	})
	b.Run("cache", func(b *testing.B) {
		c := NewCache(DefaultCacheBytes)
		key := parley.ConversationKey{Bot: "b", ID: "c"}
		c.PutOwned(key, 1, states[0])
		for i := range b.N {
			v := 1 + i%(len(states)-1)
			if v == 1 {
				c.PutOwned(key, int64(i+1), states[0])
			}
			if _, _, held := c.Back(key, int64(i+2), states[v]); !held {
				b.Fatal("not held")
			}
			c.Put(key, int64(i+2), states[v])
		}
	})
	for v := 1; v < len(states); v++ {
		kind, data := Back(int64(v+1), states[v-1], states[v])
		rows = append(rows, Row{Version: int64(v + 1), Kind: kind, Data: data})
	}
	b.Run("rebuild", func(b *testing.B) {
		for range b.N {
			if _, err := Rebuild(1, rows, states[len(states)-1], int64(len(states))); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestCacheHeadAt: a head is known at the version it was put with, kept when the
// same version is put again without it (a read after the commit), and forgotten
// with that version.
func TestCacheHeadAt(t *testing.T) {
	key := parley.ConversationKey{Bot: "b", ID: "c"}
	h1, h2 := Head{ID: 7, LastSeq: 4, CreatedAt: 100}, Head{ID: 7, LastSeq: 9, CreatedAt: 100}
	c := NewCache(DefaultCacheBytes)
	for _, step := range []struct {
		what    string
		do      func()
		version int64
		want    Head
		known   bool
	}{
		{"nothing put", func() {}, 1, Head{}, false},
		{"put with its head", func() { c.PutHead(key, 1, []byte(`{"a":1}`), h1) }, 1, h1, true},
		{"another version", func() {}, 2, Head{}, false},
		{"the same version read back", func() { c.Put(key, 1, []byte(`{"a":1}`)) }, 1, h1, true},
		{"an older version put", func() { c.PutHead(key, 0, []byte(`{}`), h2) }, 1, h1, true},
		{"the next version without its head", func() { c.Put(key, 2, []byte(`{"a":2}`)) }, 2, Head{}, false},
		{"the previous one is gone", func() {}, 1, Head{}, false},
		{"the next version's head", func() { c.PutHead(key, 2, []byte(`{"a":2}`), h2) }, 2, h2, true},
		{"dropped", func() { c.Drop(key) }, 2, Head{}, false},
	} {
		step.do()
		got, known := c.HeadAt(key, step.version)
		if got != step.want || known != step.known {
			t.Errorf("%s: HeadAt(%d) = %+v, %v; want %+v, %v", step.what, step.version, got, known, step.want, step.known)
		}
	}
}
