package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// checkpointInterval is how often the checkpointer copies the WAL back into the
// database file. A checkpoint of what one interval commits (a few hundred turns at
// most) takes milliseconds and blocks no commit (PASSIVE); once the WAL is fully
// copied and no reader holds it, the next commit starts writing the WAL from its
// beginning again. Under sustained writes that moment rarely comes (a commit appends
// before the copy is complete): measured, 30,000 sequential turns restarted the WAL
// only at the backstop (autoCheckpointPages), whose commit then copies the rest and
// fsyncs, the run's slowest turns (17-35 ms, docs/performance.md). The checkpointer
// still keeps that copy to the last interval's pages.
const checkpointInterval = 250 * time.Millisecond

// checkpointer runs PASSIVE checkpoints on a connection of its own, so that no turn
// pays for copying the WAL (with the commit connection's automatic checkpoint only a
// backstop, autoCheckpointPages).
type checkpointer struct {
	db     *sql.DB
	cancel context.CancelFunc
	done   chan struct{}
}

// startCheckpointer opens the checkpointer's connection on path and starts it.
func startCheckpointer(path string, opts Options) (*checkpointer, error) {
	db := sql.OpenDB(connector{path: path, opts: opts})
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	ctx, cancel := context.WithCancel(context.Background())
	if err := db.PingContext(ctx); err != nil {
		cancel()
		_ = db.Close()
		return nil, err
	}
	c := &checkpointer{db: db, cancel: cancel, done: make(chan struct{})}
	go c.run(ctx)
	return c, nil
}

func (c *checkpointer) run(ctx context.Context) {
	defer close(c.done)
	t := time.NewTicker(checkpointInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			// Busy (another checkpoint, a backup holding a lock) is not an error: the
			// next tick tries again.
			_, _ = c.db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
		}
	}
}

// stop ends the checkpointer and closes its connection.
func (c *checkpointer) stop() error {
	c.cancel()
	<-c.done
	return c.db.Close()
}
