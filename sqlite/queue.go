package sqlite

import (
	"context"
	"database/sql/driver"
	"sort"
	"time"

	"github.com/parleyhq/parley"
)

// EnqueueInbound records an accepted message unless the same conversation and message
// id is already queued or processed.
func (s *Store) EnqueueInbound(ctx context.Context, in parley.Inbound) (bool, error) {
	if err := parley.CheckMessageKey(in.Key, in.MessageID); err != nil {
		return false, err
	}
	received := orNow(in.ReceivedAt, time.Now())
	var duplicate bool
	err := s.write(ctx, func(w *writer) error {
		found, err := w.processedExists.queryRow(make([]driver.Value, 1), in.Key.Bot, in.Key.ID, in.MessageID)
		if err != nil || found {
			duplicate = found
			return err
		}
		inserted, err := w.insertInbound.exec(in.Key.Bot, in.Key.ID, in.MessageID, in.Channel, jsonText(in.Payload), micros(received))
		duplicate = inserted == 0
		return err
	})
	if err != nil {
		return false, s.wrap(err, "enqueue inbound")
	}
	return duplicate, nil
}

// DropInbound removes a queued inbound message.
func (s *Store) DropInbound(ctx context.Context, id int64) error {
	return s.changeRow(ctx, "drop inbound", id, func(w *writer) (int64, error) {
		return w.dropInbound.exec(id)
	}, notFound("inbound"))
}

// ClaimOutbox leases up to limit due entries, oldest first, until now+lease, and
// counts the attempt.
func (s *Store) ClaimOutbox(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]parley.OutboxEntry, error) {
	if lease <= 0 || limit <= 0 {
		return nil, parley.Errorf(parley.EINVALID, "claim outbox: lease %s and limit %d must be positive", lease, limit)
	}
	var claimed []parley.OutboxEntry
	err := s.write(ctx, func(w *writer) error {
		claimed = claimed[:0]
		return w.claimOutbox.query(func(row []driver.Value) error {
			e := parley.OutboxEntry{
				ID:             asInt64(row[0]),
				Key:            parley.ConversationKey{Bot: asString(row[1]), ID: asString(row[2])},
				Kind:           asString(row[3]),
				IdempotencyKey: asString(row[4]),
				Payload:        []byte(asString(row[5])),
				Attempts:       int(asInt64(row[6])),
				NextAttemptAt:  fromDueMicros(asInt64(row[7])),
				LastError:      asString(row[8]),
			}
			claimed = append(claimed, e)
			return nil
		}, micros(now.Add(lease)), micros(now), int64(limit))
	})
	if err != nil {
		return nil, s.wrap(err, "claim outbox")
	}
	// RETURNING promises no order.
	sort.Slice(claimed, func(i, j int) bool { return claimed[i].ID < claimed[j].ID })
	return claimed, nil
}

// CompleteOutbox marks an entry delivered.
func (s *Store) CompleteOutbox(ctx context.Context, id int64) error {
	return s.changeRow(ctx, "complete outbox", id, func(w *writer) (int64, error) {
		return w.completeOutbox.exec(id)
	}, notFound("outbox entry"))
}

// RetryOutbox releases a pending entry for another attempt at next, or marks it failed
// once it has had Options.MaxAttempts attempts.
func (s *Store) RetryOutbox(ctx context.Context, id int64, next time.Time, lastError string) error {
	return s.changeRow(ctx, "retry outbox", id, func(w *writer) (int64, error) {
		return w.retryOutbox.exec(int64(w.maxAttempts), dueMicros(next), lastError, id)
	}, (*writer).outboxNotPending)
}

// FailOutbox marks a pending entry failed, recording lastError.
func (s *Store) FailOutbox(ctx context.Context, id int64, lastError string) error {
	return s.changeRow(ctx, "fail outbox", id, func(w *writer) (int64, error) {
		return w.failOutbox.exec(lastError, id)
	}, (*writer).outboxNotPending)
}

// changeRow is the one transaction of a call that changes row id of the inbox or
// the outbox: change runs the statement and returns the rows it changed; when it
// changed none, unchanged says why (the row is missing, or not in the status the
// statement needs). op names the call in the error.
func (s *Store) changeRow(ctx context.Context, op string, id int64, change func(*writer) (int64, error), unchanged func(*writer, int64) error) error {
	err := s.write(ctx, func(w *writer) error {
		changed, err := change(w)
		if err != nil || changed > 0 {
			return err
		}
		return unchanged(w, id)
	})
	if err != nil {
		return s.wrap(err, "%s %d", op, id)
	}
	return nil
}

// notFound is the ENOTFOUND of a change that found no row of what (changeRow).
func notFound(what string) func(*writer, int64) error {
	return func(_ *writer, id int64) error {
		return parley.Errorf(parley.ENOTFOUND, "%s %d not found", what, id)
	}
}

// outboxNotPending explains why an update of pending entry id changed nothing:
// ENOTFOUND, or ECONFLICT naming the entry's status.
func (w *writer) outboxNotPending(id int64) error {
	status := make([]driver.Value, 1)
	found, err := w.outboxStatus.queryRow(status, id)
	switch {
	case err != nil:
		return err
	case !found:
		return parley.Errorf(parley.ENOTFOUND, "outbox entry %d not found", id)
	default:
		return parley.Errorf(parley.ECONFLICT, "outbox entry %d is %s", id, asString(status[0]))
	}
}

// PutFlow stores the next version of a flow definition.
func (s *Store) PutFlow(ctx context.Context, id string, definition []byte) (int, error) {
	if err := parley.CheckID("flow id", id); err != nil {
		return 0, err
	}
	var version int64
	err := s.write(ctx, func(w *writer) error {
		next := make([]driver.Value, 1)
		if _, err := w.nextFlowVersion.queryRow(next, id); err != nil {
			return err
		}
		version = asInt64(next[0])
		if _, err := w.insertFlow.exec(id, version, string(definition), micros(time.Now())); err != nil {
			return err
		}
		// Only the newest versions are kept (Options.FlowVersions).
		_, err := w.pruneFlow.exec(id, version-int64(w.flowVersions))
		return err
	})
	if err != nil {
		return 0, s.wrap(err, "put flow %q", id)
	}
	return int(version), nil
}

// asInt64 and asString read driver values of columns whose type the STRICT schema
// guarantees.
func asInt64(v driver.Value) int64 {
	n, _ := v.(int64)
	return n
}

func asString(v driver.Value) string {
	switch x := v.(type) {
	case string:
		return x
	case []byte:
		return string(x)
	}
	return ""
}

// asBytes reads a TEXT or BLOB column as a slice of its own.
func asBytes(v driver.Value) []byte {
	switch x := v.(type) {
	case string:
		return []byte(x)
	case []byte:
		return x
	}
	return nil
}
