package memstore

import (
	"cmp"
	"context"
	"time"

	"github.com/parleyhq/parley"
)

// EnqueueInbound records an accepted message unless the same conversation and message
// id is already queued or processed.
func (s *Store) EnqueueInbound(_ context.Context, in parley.Inbound) (bool, error) {
	if err := parley.CheckMessageKey(in.Key, in.MessageID); err != nil {
		return false, err
	}
	sh, err := s.lockShard(in.Key)
	if err != nil {
		return false, err
	}
	defer sh.mu.Unlock()
	s.mu.Lock() // after the shard's: see the package doc
	defer s.mu.Unlock()
	if c := sh.convs[in.Key]; c != nil {
		if _, ok := c.processedVersion(in.MessageID); ok {
			return true, nil
		}
	}
	for _, q := range s.inbox {
		if q.Key == in.Key && q.MessageID == in.MessageID {
			return true, nil
		}
	}
	s.nextID++
	in.ID = s.nextID
	in.Payload = clone(in.Payload)
	in.ReceivedAt = micro(orNow(in.ReceivedAt, s.clock()))
	s.inbox = append(s.inbox, in)
	return false, nil
}

// PendingInbound lists queued messages in the order they were accepted.
func (s *Store) PendingInbound(_ context.Context, limit int) ([]parley.Inbound, error) {
	if err := s.lock(); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	n := len(s.inbox)
	if limit > 0 && limit < n {
		n = limit
	}
	out := make([]parley.Inbound, n)
	for i := range out {
		out[i] = s.inbox[i]
		out[i].Payload = clone(out[i].Payload)
	}
	return out, nil
}

// DropInbound removes a queued message.
func (s *Store) DropInbound(_ context.Context, id int64) error {
	if err := s.lock(); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if !s.removeInbound(id) {
		return parley.Errorf(parley.ENOTFOUND, "inbound %d not found", id)
	}
	return nil
}

func (s *Store) removeInbound(id int64) bool {
	for i, q := range s.inbox {
		if q.ID == id {
			s.inbox = append(s.inbox[:i], s.inbox[i+1:]...)
			return true
		}
	}
	return false
}

// ClaimOutbox leases up to limit due entries, oldest first, until now+lease.
func (s *Store) ClaimOutbox(_ context.Context, now time.Time, lease time.Duration, limit int) ([]parley.OutboxEntry, error) {
	if lease <= 0 || limit <= 0 {
		return nil, parley.Errorf(parley.EINVALID, "claim outbox: lease %s and limit %d must be positive", lease, limit)
	}
	if err := s.lock(); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	now = micro(now)
	var out []parley.OutboxEntry
	for _, e := range s.entries {
		if len(out) == limit {
			break
		}
		if e.status != "pending" || e.NextAttemptAt.After(now) || (!e.leaseUntil.IsZero() && e.leaseUntil.After(now)) {
			continue
		}
		e.leaseUntil = now.Add(lease)
		e.Attempts++
		c := e.OutboxEntry
		c.Payload = clone(c.Payload)
		out = append(out, c)
	}
	return out, nil
}

func (s *Store) entry(id int64) *outboxEntry {
	for _, e := range s.entries {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// CompleteOutbox marks an entry delivered.
func (s *Store) CompleteOutbox(_ context.Context, id int64) error {
	if err := s.lock(); err != nil {
		return err
	}
	defer s.mu.Unlock()
	e := s.entry(id)
	if e == nil {
		return parley.Errorf(parley.ENOTFOUND, "outbox entry %d not found", id)
	}
	e.status, e.leaseUntil = "done", time.Time{}
	return nil
}

// RetryOutbox releases a pending entry for another attempt at next, or marks it failed
// once it has had DefaultMaxAttempts attempts.
func (s *Store) RetryOutbox(_ context.Context, id int64, next time.Time, lastError string) error {
	return s.updatePending(id, func(e *outboxEntry) {
		if e.Attempts >= DefaultMaxAttempts {
			e.status = "failed"
		}
		e.NextAttemptAt, e.leaseUntil, e.LastError = time.Time{}, time.Time{}, lastError
		if !next.IsZero() {
			e.NextAttemptAt = micro(next)
		}
	})
}

// updatePending calls update with the outbox entry id under the store's mutex while
// the entry is pending: ENOTFOUND when there is none, ECONFLICT once it is done or
// failed.
func (s *Store) updatePending(id int64, update func(e *outboxEntry)) error {
	if err := s.lock(); err != nil {
		return err
	}
	defer s.mu.Unlock()
	e := s.entry(id)
	switch {
	case e == nil:
		return parley.Errorf(parley.ENOTFOUND, "outbox entry %d not found", id)
	case e.status != "pending":
		return parley.Errorf(parley.ECONFLICT, "outbox entry %d is %s", id, e.status)
	}
	update(e)
	return nil
}

// FailOutbox marks a pending entry failed, recording lastError.
func (s *Store) FailOutbox(_ context.Context, id int64, lastError string) error {
	return s.updatePending(id, func(e *outboxEntry) {
		e.status, e.leaseUntil, e.LastError = "failed", time.Time{}, lastError
	})
}

// PutFlow stores the next version of a flow definition.
func (s *Store) PutFlow(_ context.Context, id string, definition []byte) (int, error) {
	if err := parley.CheckID("flow id", id); err != nil {
		return 0, err
	}
	if err := s.lock(); err != nil {
		return 0, err
	}
	defer s.mu.Unlock()
	versions := append(s.flows[id], append([]byte{}, definition...)) // never nil: nil is a removed version
	keep := cmp.Or(s.flowVersions, parley.DefaultFlowVersions)
	for i := 0; i < len(versions)-keep; i++ {
		versions[i] = nil
	}
	s.flows[id] = versions
	return len(versions), nil
}

// Flow returns a flow definition; version 0 means the latest.
func (s *Store) Flow(_ context.Context, id string, version int) ([]byte, int, error) {
	if err := parley.CheckID("flow id", id); err != nil {
		return nil, 0, err
	}
	if version < 0 {
		return nil, 0, parley.Errorf(parley.EINVALID, "flow %q: version %d", id, version)
	}
	if err := s.lock(); err != nil {
		return nil, 0, err
	}
	defer s.mu.Unlock()
	versions := s.flows[id]
	if version == 0 {
		version = len(versions)
	}
	if version == 0 {
		return nil, 0, parley.Errorf(parley.ENOTFOUND, "flow %q not found", id)
	}
	if version > len(versions) || versions[version-1] == nil {
		return nil, 0, parley.Errorf(parley.ENOTFOUND, "flow %q version %d not found", id, version)
	}
	return clone(versions[version-1]), version, nil
}
