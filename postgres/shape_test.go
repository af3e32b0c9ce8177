package postgres

import (
	"context"
	"fmt"
	"testing"

	"github.com/parleyhq/parley"
)

// TestCommitShapesPrepare prepares the statement of every commit shape, those no
// other test reaches included: each must be valid SQL on the current schema.
func TestCommitShapesPrepare(t *testing.T) {
	t.Parallel()
	s := openTest(t, Options{MaxConns: 1})
	ctx := context.Background()
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	for shape := range commitShape(shapeCount) {
		st := commitStatements[shape]
		if st.shape != shape || len(st.params) == 0 {
			t.Fatalf("shape %d: statement %+v", shape, st)
		}
		if _, err := conn.Conn().Prepare(ctx, st.name, st.sql); err != nil {
			t.Errorf("shape %d: %v\n%s", shape, err, st.sql)
		}
	}
}

// TestCommitWithoutCachedState commits one conversation from two stores in turn (two
// replicas), so that neither has the previous state cached: every row then keeps the
// head's previous state whole, read inside the statement, and every version's state
// reads back.
func TestCommitWithoutCachedState(t *testing.T) {
	t.Parallel()
	schema := freshSchema(t)
	stores := []*Store{openTest(t, Options{Schema: schema}), openTest(t, Options{Schema: schema})}
	ctx := context.Background()
	key := parley.ConversationKey{Bot: "shop", ID: "c-1"}
	const versions = 6
	for v := range int64(versions) {
		c := turn(key, v, fmt.Sprintf("m-%d", v+1))
		if err := stores[v%2].Commit(ctx, c); err != nil {
			t.Fatalf("commit of version %d: %v", v+1, err)
		}
	}
	reader := openTest(t, Options{Schema: schema})
	for v := int64(1); v <= versions; v++ {
		p, ok, err := reader.Processed(ctx, key, fmt.Sprintf("m-%d", v))
		if err != nil || !ok {
			t.Fatalf("Processed of version %d: %v, %v", v, ok, err)
		}
		if want := conversation(key, v).State; p.Version != v || string(p.State) != string(want) {
			t.Errorf("version %d: Processed = version %d, state %s; want %s", v, p.Version, p.State, want)
		}
	}
	var wholes int
	if err := reader.pool.QueryRow(ctx, `SELECT count(*) FROM turns WHERE back = 2`).Scan(&wholes); err != nil || wholes != versions {
		t.Errorf("rows keeping the previous state whole = %d, %v; want %d", wholes, err, versions)
	}
}
