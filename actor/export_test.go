package actor

import "fmt"

// CheckRegistry checks the registry's bookkeeping once no command is in flight:
// every shard's recency list links exactly the actors of its map, each of them in
// the shard its key hashes to, and the counts are what the shards hold.
func (r *Runtime) CheckRegistry() error {
	var live, passivating int64
	for i := range r.reg.shards {
		sh := &r.reg.shards[i]
		sh.mu.Lock()
		n := 0
		var newer *actor
		for a := sh.newest; a != nil; a = a.older {
			if a.newer != newer || sh.actors[a.key] != a || a.shard != sh || r.reg.shardOf(a.key) != sh {
				sh.mu.Unlock()
				return fmt.Errorf("shard %d: actor %s is misplaced or mislinked", i, a.key)
			}
			if a.passivating {
				passivating++
			}
			newer = a
			n++
		}
		if newer != sh.oldest || n != len(sh.actors) {
			sh.mu.Unlock()
			return fmt.Errorf("shard %d: its list links %d actors, its map holds %d", i, n, len(sh.actors))
		}
		live += int64(n)
		sh.mu.Unlock()
	}
	if live != r.reg.live.Load() || passivating != r.reg.passivating.Load() || live-passivating != r.reg.staying.Load() {
		return fmt.Errorf("the shards hold %d live actors (%d passivating), the counts say %d (%d, %d staying)",
			live, passivating, r.reg.live.Load(), r.reg.passivating.Load(), r.reg.staying.Load())
	}
	return nil
}
