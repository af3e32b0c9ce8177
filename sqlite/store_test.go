package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/storetest"
)

func openStore(t testing.TB, opts Options) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "parley.db")
	s, err := Open(context.Background(), path, opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s, path
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) parley.Store {
		s, _ := openStore(t, Options{})
		return s
	})
}

// TestConformanceUnbatched runs the suite with group commit off and every
// transaction fsynced, the other corner of the options.
func TestConformanceUnbatched(t *testing.T) {
	if testing.Short() {
		t.Skip("the suite already ran with the default options")
	}
	storetest.Run(t, func(t *testing.T) parley.Store {
		s, _ := openStore(t, Options{Synchronous: "full", MaxBatch: 1, MaxAttempts: 3})
		return s
	})
}

// rawExec runs query on the write connection, as the writer, for tests that must
// reach past the Store API (pragmas, corrupt rows).
func rawExec(t *testing.T, s *Store, query string, args ...any) {
	t.Helper()
	err := s.write(context.Background(), func(w *writer) error {
		st, err := w.conn.PrepareContext(context.Background(), query)
		if err != nil {
			return err
		}
		defer st.Close()
		_, err = (&stmt{s: st}).exec(args...)
		return err
	})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// rawQuery reads the first column of the first row of query on the write connection.
func rawQuery(t *testing.T, s *Store, query string) driver.Value {
	t.Helper()
	dest := make([]driver.Value, 1)
	err := s.write(context.Background(), func(w *writer) error {
		st, err := w.conn.PrepareContext(context.Background(), query)
		if err != nil {
			return err
		}
		defer st.Close()
		found, err := (&stmt{s: st}).queryRow(dest)
		if err == nil && !found {
			err = errors.New("no row")
		}
		return err
	})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return dest[0]
}

func TestPragmas(t *testing.T) {
	tests := []struct {
		name            string
		opts            Options
		wantSynchronous int64 // 1 NORMAL, 2 FULL
		wantBusy        int64
	}{
		{"defaults", Options{}, 1, 5000},
		{"full", Options{Synchronous: "full", BusyTimeout: 250 * time.Millisecond}, 2, 250},
		{"normal spelled out", Options{Synchronous: "NORMAL"}, 1, 5000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, path := openStore(t, tt.opts)
			defer s.Close()
			got := map[string]driver.Value{}
			for _, name := range []string{"journal_mode", "locking_mode", "synchronous", "busy_timeout",
				"foreign_keys", "page_size", "cache_size", "wal_autocheckpoint", "temp_store"} {
				got[name] = rawQuery(t, s, "PRAGMA "+name)
			}
			want := map[string]driver.Value{
				"journal_mode":       "wal",
				"locking_mode":       "normal",
				"synchronous":        tt.wantSynchronous,
				"busy_timeout":       tt.wantBusy,
				"foreign_keys":       int64(1),
				"page_size":          int64(pageSize),
				"cache_size":         int64(-cacheKiB),
				"wal_autocheckpoint": int64(autoCheckpointPages),
				"temp_store":         int64(2), // MEMORY
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("connection pragmas (-want +got):\n%s", diff)
			}
			// Normal locking keeps the WAL index in shared memory, where other
			// processes' connections find it.
			if !fileExists(path + "-shm") {
				t.Fatalf("%s-shm missing: the WAL index is not shared", path)
			}
		})
	}
}

// TestFileKeepsItsPageSize: a file created with other pages (8 KiB, the size before
// issue 24's writer round) keeps them; SQLite cannot change the page size of a WAL
// database without a VACUUM, and the store never runs one.
func TestFileKeepsItsPageSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"PRAGMA page_size = 8192", "PRAGMA journal_mode = WAL", "CREATE TABLE before (x)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	key := parley.ConversationKey{Bot: "b", ID: "c"}
	c := &parley.Commit{Conversation: parley.Conversation{Key: key, Engine: "e", State: []byte(`{"n":1}`),
		Lifecycle: parley.LifecycleIdle, Version: 1}}
	if err := s.Commit(context.Background(), c); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	if got := rawQuery(t, s, "PRAGMA page_size"); got != int64(8192) {
		t.Fatalf("page_size = %v, want the file's 8192", got)
	}
	if pageSize == 8192 {
		t.Fatal("the test needs a page size other than the store's")
	}
}

// readerHelperEnv names the file the helper process reads (see
// TestAnotherProcessReadsWhileTheStoreServes).
const readerHelperEnv = "PARLEY_SQLITE_READER_HELPER_DB"

// TestAnotherProcessReadsWhileTheStoreServes: while a store serves the file, another
// process opens it with an ordinary SQLite connection, reads the committed
// conversations and takes a consistent copy (VACUUM INTO, what sqlite3's .backup
// gives), and the store keeps committing meanwhile and after.
func TestAnotherProcessReadsWhileTheStoreServes(t *testing.T) {
	if path := os.Getenv(readerHelperEnv); path != "" {
		readerHelper(path)
		return
	}
	ctx := context.Background()
	s, path := openStore(t, Options{})
	defer s.Close()
	for i := range 3 {
		if err := s.Commit(ctx, newCommit(fmt.Sprintf("c-%d", i), 0, "m-1")); err != nil {
			t.Fatalf("Commit: %v", err)
		}
	}
	// helper runs the other process and returns how many conversations it read.
	helper := func() int {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^TestAnotherProcessReadsWhileTheStoreServes$", "-test.count=1")
		cmd.Env = append(os.Environ(), readerHelperEnv+"="+path)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("reader process: %v\n%s", err, out)
		}
		var n int
		if _, err := fmt.Sscanf(string(out[bytes.Index(out, []byte("reader: ")):]), "reader: conversations=%d copy=ok", &n); err != nil {
			t.Fatalf("the other process could not read the live file: %v\n%s", err, out)
		}
		return n
	}
	// Commits go on while the other process reads.
	done := make(chan error, 1)
	go func() {
		var err error
		for i := 3; i < 50 && err == nil; i++ {
			err = s.Commit(ctx, newCommit(fmt.Sprintf("c-%d", i), 0, "m-1"))
		}
		done <- err
	}()
	if n := helper(); n < 3 {
		t.Fatalf("the other process read %d conversations, want at least the 3 committed before", n)
	}
	if err := <-done; err != nil {
		t.Fatalf("Commit while another process read: %v", err)
	}
	if err := s.Commit(ctx, newCommit("c-after", 0, "m-1")); err != nil {
		t.Fatalf("Commit after the reader left: %v", err)
	}
	if n := helper(); n != 51 {
		t.Fatalf("the other process read %d conversations, want 51", n)
	}
}

// readerHelper is the other process: an ordinary database/sql connection (no store),
// a count of the conversations and a VACUUM INTO copy, checked.
func readerHelper(path string) {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		fmt.Println("reader: open:", err)
		return
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM conversations`).Scan(&n); err != nil {
		fmt.Println("reader: query:", err)
		return
	}
	dst := filepath.Join(filepath.Dir(path), fmt.Sprintf("copy-%d.db", n))
	status := "ok"
	if _, err := db.Exec(`VACUUM INTO ?`, dst); err != nil {
		status = err.Error()
	} else if cp, err := sql.Open("sqlite", "file:"+dst); err != nil {
		status = err.Error()
	} else {
		var m int
		// The copy is a later snapshot than the count: commits go on between them.
		if err := cp.QueryRow(`SELECT count(*) FROM conversations`).Scan(&m); err != nil || m < n {
			status = fmt.Sprintf("copy has %d conversations (%v), want at least %d", m, err, n)
		}
		cp.Close()
	}
	fmt.Printf("reader: conversations=%d copy=%s\n", n, status)
}

func TestOpenRejectsBadOptions(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		path string
		opts Options
	}{
		{"unknown synchronous", filepath.Join(dir, "a.db"), Options{Synchronous: "off"}},
		{"negative batch", filepath.Join(dir, "b.db"), Options{MaxBatch: -1}},
		{"negative busy timeout", filepath.Join(dir, "c.db"), Options{BusyTimeout: -time.Second}},
		{"negative attempts", filepath.Join(dir, "d.db"), Options{MaxAttempts: -1}},
		{"empty path", "", Options{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Open(context.Background(), tt.path, tt.opts)
			if err == nil {
				s.Close()
			}
			if parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("Open = %v, want EINVALID", err)
			}
		})
	}
}

func TestOpenUnreachablePath(t *testing.T) {
	_, err := Open(context.Background(), filepath.Join(t.TempDir(), "missing-dir", "parley.db"), Options{})
	if parley.ErrorCode(err) != parley.EUNAVAILABLE {
		t.Fatalf("Open in a missing directory = %v, want EUNAVAILABLE", err)
	}
}

func TestMigrationsAppliedOnceAndReopen(t *testing.T) {
	ctx := context.Background()
	s, path := openStore(t, Options{})
	c := &parley.Commit{Conversation: parley.Conversation{
		Key: parley.ConversationKey{Bot: "shop", ID: "c-1"}, Engine: "shop", State: []byte(`{"kept":true}`),
		Lifecycle: parley.LifecycleIdle, Version: 1,
	}}
	if err := s.Commit(ctx, c); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	for i := range 2 {
		s, err := Open(ctx, path, Options{})
		if err != nil {
			t.Fatalf("reopen %d: %v", i, err)
		}
		if n := rawQuery(t, s, "SELECT count(*) FROM schema_migrations"); n != int64(5) {
			t.Fatalf("reopen %d: %v rows in schema_migrations, want 5", i, n)
		}
		got, err := s.Conversation(ctx, c.Conversation.Key)
		if err != nil || string(got.State) != `{"kept":true}` {
			t.Fatalf("reopen %d: Conversation = %v, %v", i, got, err)
		}
		if err := s.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
	}
}

func TestMigrateRunner(t *testing.T) {
	ctx := context.Background()
	opts, _ := Options{}.withDefaults()
	db := sql.OpenDB(connector{path: filepath.Join(t.TempDir(), "m.db"), opts: opts})
	defer db.Close()
	count := func(query string) int {
		t.Helper()
		var n int
		if err := db.QueryRow(query).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return n
	}
	ms := []migration{
		{Version: 1, Name: "extra", SQL: "CREATE TABLE extra (x INTEGER) STRICT; INSERT INTO extra VALUES (1);"},
		{Version: 2, Name: "more", SQL: "INSERT INTO extra VALUES (2);"},
	}
	for i, want := range []int{2, 0} {
		applied, err := migrate(ctx, db, ms)
		if err != nil || applied != want {
			t.Fatalf("run %d: migrate = %d, %v; want %d applied", i, applied, err, want)
		}
	}
	if n := count("SELECT count(*) FROM extra"); n != 2 {
		t.Fatalf("extra has %d rows, want 2: a migration ran twice", n)
	}

	// A failing migration leaves no trace and no record.
	bad := append(ms, migration{Version: 3, Name: "bad", SQL: "CREATE TABLE half (x INTEGER); SELECT nonsense FROM nowhere;"})
	if _, err := migrate(ctx, db, bad); err == nil {
		t.Fatalf("migrate of a broken migration succeeded")
	}
	if n := count("SELECT count(*) FROM sqlite_schema WHERE name = 'half'"); n != 0 {
		t.Fatalf("a failed migration left its table behind")
	}
	if n := count("SELECT count(*) FROM schema_migrations"); n != 2 {
		t.Fatalf("%d migrations recorded, want 2", n)
	}
}

func TestLoadMigrations(t *testing.T) {
	tests := []struct {
		name    string
		files   fstest.MapFS
		want    []int
		wantErr bool
	}{
		{"sorted by version", fstest.MapFS{
			"0010_b.sql": {Data: []byte("b")}, "0002_a.sql": {Data: []byte("a")}, "README": {Data: []byte("x")},
		}, []int{2, 10}, false},
		{"shared version", fstest.MapFS{"0001_a.sql": {}, "1_b.sql": {}}, nil, true},
		{"no version", fstest.MapFS{"initial.sql": {}}, nil, true},
		{"zero version", fstest.MapFS{"0000_zero.sql": {}}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms, err := loadMigrations(tt.files)
			if (err != nil) != tt.wantErr {
				t.Fatalf("loadMigrations error = %v, want error %v", err, tt.wantErr)
			}
			var got []int
			for _, m := range ms {
				got = append(got, m.Version)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("versions (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEmbeddedMigrationsLoad(t *testing.T) {
	ms, err := loadMigrations(mustSubFS(t))
	if err != nil || len(ms) == 0 || ms[0].Version != 1 {
		t.Fatalf("embedded migrations = %v, %v", ms, err)
	}
}

func newCommit(id string, expected int64, messageID string) *parley.Commit {
	return &parley.Commit{
		Conversation: parley.Conversation{
			Key: parley.ConversationKey{Bot: "shop", ID: id}, Engine: "shop", State: []byte(`{}`),
			Lifecycle: parley.LifecycleIdle, Version: expected + 1, Turns: expected + 1,
		},
		ExpectedVersion: expected,
		Events:          []parley.Event{{Type: parley.EventTurn, Data: []byte(`{"message_id":"` + messageID + `"}`)}},
		MessageID:       messageID,
		Response:        []byte(`{"replies":[]}`),
	}
}

// holdWriter occupies the writer until the returned release is called, so that the
// writes submitted meanwhile queue up and form one batch.
func holdWriter(t *testing.T, s *Store) (release func()) {
	t.Helper()
	started, unblock := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.write(context.Background(), func(*writer) error {
			close(started)
			<-unblock
			return nil
		})
	}()
	<-started
	return func() {
		close(unblock)
		if err := <-done; err != nil {
			t.Errorf("holding write: %v", err)
		}
	}
}

// waitQueued waits until n writes wait for the writer.
func waitQueued(t *testing.T, s *Store, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	queued := func() int {
		s.qmu.Lock()
		defer s.qmu.Unlock()
		return len(s.queue)
	}
	for queued() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d writes queued, want %d", queued(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestGroupCommitOneFailsAlone pins the savepoint behaviour: in one batch, a
// conflicting commit is refused while the commits around it land.
func TestGroupCommitOneFailsAlone(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()

	release := holdWriter(t, s)
	commits := []*parley.Commit{
		newCommit("c-1", 0, "m-1"),
		newCommit("c-1", 0, "m-2"), // creates c-1 again: ECONFLICT
		newCommit("c-2", 0, "m-1"),
		newCommit("c-1", 1, "m-1"), // sees c-1 from the first commit, but m-1 is processed: EDUPLICATE
		newCommit("c-1", 1, "m-3"), // follows the first commit in the same transaction
	}
	errs := make([]error, len(commits))
	var wg sync.WaitGroup
	for i, c := range commits {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.Commit(ctx, c)
		}()
		waitQueued(t, s, i+1) // keep submission order
	}
	before := s.Stats()
	release()
	wg.Wait()

	var codes []string
	for _, err := range errs {
		codes = append(codes, parley.ErrorCode(err))
	}
	if diff := cmp.Diff([]string{"", parley.ECONFLICT, "", parley.EDUPLICATE, ""}, codes); diff != "" {
		t.Fatalf("error codes (-want +got):\n%s", diff)
	}
	after := s.Stats()
	// The holding write's transaction, then one for the whole batch.
	if got := after.Transactions - before.Transactions; got != 2 {
		t.Fatalf("%d transactions for the held write and one batch, want 2", got)
	}
	if got := after.Commits - before.Commits; got != 3 {
		t.Fatalf("%d commits counted, want 3", got)
	}
	if after.LargestBatch < int64(len(commits)) {
		t.Fatalf("largest batch %d, want >= %d", after.LargestBatch, len(commits))
	}
	c1, err := s.Conversation(ctx, parley.ConversationKey{Bot: "shop", ID: "c-1"})
	if err != nil || c1.Version != 2 || c1.LastSeq != 2 {
		t.Fatalf("c-1 = %+v, %v; want version 2 with 2 events", c1, err)
	}
	if commits[1].Events[0].Seq != 0 || commits[4].Events[0].Seq != 2 {
		t.Fatalf("seqs written back: refused %d (want 0), landed %d (want 2)", commits[1].Events[0].Seq, commits[4].Events[0].Seq)
	}
}

// TestGroupCommitConcurrent: 16 goroutines committing at once all land, in fewer
// transactions than commits.
func TestGroupCommitConcurrent(t *testing.T) {
	const goroutines, each = 16, 40
	ctx := context.Background()
	s, _ := openStore(t, Options{Synchronous: "full"})
	defer s.Close()
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("c-%d", g)
			for v := range int64(each) {
				if err := s.Commit(ctx, newCommit(id, v, fmt.Sprintf("m-%d", v))); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	st := s.Stats()
	if st.Commits != goroutines*each {
		t.Fatalf("Stats.Commits = %d, want %d", st.Commits, goroutines*each)
	}
	if st.Transactions >= st.Commits || st.LargestBatch < 2 {
		t.Fatalf("no group commit happened: %+v", st)
	}
	t.Logf("stats: %+v (mean batch %.1f)", st, float64(st.Writes)/float64(st.Transactions))
	for g := range goroutines {
		c, err := s.Conversation(ctx, parley.ConversationKey{Bot: "shop", ID: fmt.Sprintf("c-%d", g)})
		if err != nil || c.Version != each || c.LastSeq != each {
			t.Fatalf("c-%d = %+v, %v", g, c, err)
		}
	}
}

func TestGarbageStateReturnedUnchanged(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	garbage := []byte{'{', 0x00, 0xff, 0xfe, '"', 'n', 'o', 't', ' ', 'j', 's', 'o', 'n', 0x80}
	k := parley.ConversationKey{Bot: "shop", ID: "c-1"}

	// Through Commit: the store does not judge states.
	c := newCommit("c-1", 0, "m-1")
	c.Conversation.State = garbage
	if err := s.Commit(ctx, c); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	got, err := s.Conversation(ctx, k)
	if err != nil {
		t.Fatalf("Conversation: %v", err)
	}
	if diff := cmp.Diff(garbage, []byte(got.State)); diff != "" {
		t.Fatalf("state (-want +got):\n%s", diff)
	}

	// An unknown lifecycle is a stored state the runtime cannot accept.
	rawExec(t, s, "UPDATE conversations SET lifecycle = 'zombie' WHERE conversation = 'c-1'")
	_, err = s.Conversation(ctx, k)
	if parley.ErrorCode(err) != parley.EINVALIDSTATE {
		t.Fatalf("Conversation with lifecycle zombie = %v, want EINVALIDSTATE", err)
	}
}

func TestEventsAreAppendOnly(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	if err := s.Commit(ctx, newCommit("c-1", 0, "m-1")); err != nil {
		t.Fatalf("Commit: %v", err)
	}
	for _, query := range []string{
		"UPDATE turns SET events = '[]' WHERE id = 1",
		"UPDATE turns SET message_id = 'forged'",
		"DELETE FROM turns",
	} {
		err := s.write(ctx, func(w *writer) error {
			st, err := w.conn.PrepareContext(ctx, query)
			if err != nil {
				return err
			}
			defer st.Close()
			_, err = (&stmt{s: st}).exec()
			return err
		})
		if err == nil || !strings.Contains(err.Error(), "turns are append-only") {
			t.Fatalf("%s = %v; want the append-only trigger's refusal", query, err)
		}
	}
}

func TestCommitValidation(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	tests := []struct {
		name   string
		mutate func(c *parley.Commit)
	}{
		{"unknown lifecycle", func(c *parley.Commit) { c.Conversation.Lifecycle = "zombie" }},
		{"empty lifecycle", func(c *parley.Commit) { c.Conversation.Lifecycle = "" }},
		{"event without type", func(c *parley.Commit) { c.Events[0].Type = "" }},
		{"event with a wrong seq", func(c *parley.Commit) { c.Events[0].Seq = 7 }},
		{"outbox entry without key", func(c *parley.Commit) {
			c.Outbox = []parley.OutboxEntry{{Kind: "chatwoot.message"}}
		}},
		{"outbox entry without kind", func(c *parley.Commit) {
			c.Outbox = []parley.OutboxEntry{{IdempotencyKey: "k"}}
		}},
		{"negative expected version", func(c *parley.Commit) { c.ExpectedVersion, c.Conversation.Version = -1, 0 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCommit("c-1", 0, "m-1")
			tt.mutate(c)
			if err := s.Commit(ctx, c); parley.ErrorCode(err) != parley.EINVALID {
				t.Fatalf("Commit = %v, want EINVALID", err)
			}
		})
	}
	if err := s.Commit(ctx, nil); parley.ErrorCode(err) != parley.EINVALID {
		t.Fatalf("Commit(nil) = %v, want EINVALID", err)
	}
	if _, err := s.Conversation(ctx, parley.ConversationKey{Bot: "shop", ID: "c-1"}); parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Fatalf("an invalid commit left a conversation: %v", err)
	}
	// A correct explicit seq is accepted.
	c := newCommit("c-1", 0, "m-1")
	c.Events[0].Seq = 1
	if err := s.Commit(ctx, c); err != nil {
		t.Fatalf("Commit with the right explicit seq: %v", err)
	}
}

func TestCanceledContextWritesNothing(t *testing.T) {
	s, _ := openStore(t, Options{})
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Commit(ctx, newCommit("c-1", 0, "m-1")); err == nil {
		t.Fatalf("Commit with a canceled context succeeded")
	}
	if _, err := s.Conversation(context.Background(), parley.ConversationKey{Bot: "shop", ID: "c-1"}); parley.ErrorCode(err) != parley.ENOTFOUND {
		t.Fatalf("a canceled commit was written: %v", err)
	}
}

// TestCloseDrainsWrites: writes racing Close either land or report EUNAVAILABLE,
// never anything in between.
func TestCloseDrainsWrites(t *testing.T) {
	ctx := context.Background()
	s, path := openStore(t, Options{})
	const n = 64
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.Commit(ctx, newCommit(fmt.Sprintf("c-%d", i), 0, "m-1"))
		}()
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	wg.Wait()
	s2, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s2.Close()
	for i, err := range errs {
		_, readErr := s2.Conversation(ctx, parley.ConversationKey{Bot: "shop", ID: fmt.Sprintf("c-%d", i)})
		switch parley.ErrorCode(err) {
		case "":
			if readErr != nil {
				t.Fatalf("c-%d: Commit succeeded but the conversation is missing: %v", i, readErr)
			}
		case parley.EUNAVAILABLE:
			if parley.ErrorCode(readErr) != parley.ENOTFOUND {
				t.Fatalf("c-%d: Commit failed but the conversation exists", i)
			}
		default:
			t.Fatalf("c-%d: Commit racing Close = %v", i, err)
		}
	}
}

func TestDSNEscapesPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a?b#c%d")
	if err := mkdir(dir); err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), filepath.Join(dir, "parley.db"), Options{})
	if err != nil {
		t.Fatalf("Open with ?, # and %% in the path: %v", err)
	}
	defer s.Close()
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	if !fileExists(filepath.Join(dir, "parley.db")) {
		t.Fatalf("the database was not created at the given path")
	}
}

func TestListConformance(t *testing.T) {
	storetest.RunList(t, func(t *testing.T) storetest.Lister {
		s, _ := openStore(t, Options{})
		return s
	})
}

// TestPanicInARoundReleasesTheLead: a round that panics (a driver bug) answers the
// requests it took, releases the lead and re-panics, so the store keeps serving.
func TestPanicInARoundReleasesTheLead(t *testing.T) {
	ctx := context.Background()
	s, _ := openStore(t, Options{})
	defer s.Close()
	func() {
		defer func() {
			if p := recover(); p == nil {
				t.Fatalf("the panic did not reach the leader")
			}
		}()
		_ = s.write(ctx, func(*writer) error { panic("driver bug") })
	}()
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping after a panicked round: %v", err)
	}
	if err := s.Commit(ctx, newCommit("c-1", 0, "m-1")); err != nil {
		t.Fatalf("Commit after a panicked round: %v", err)
	}
}
