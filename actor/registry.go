package actor

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parleyhq/parley"
)

// The live actors, spread over registryShards shards by a hash of their
// conversation's key (hash/maphash, as package memstore spreads conversations),
// each shard with its own mutex, map and recency list. A turn takes its shard's
// lock to find or spawn its actor and to queue to it; with one mutex for all of them
// (the runtime's registry before issue 42), that lock was a quarter of the waiting
// at 64 turns in flight.
//
// MaxActors holds across the shards: the counts are the registry's (atomics), and a
// spawn that takes the live count over the cap passivates the least recently used
// idle actors of all shards (Runtime.passivateExcess), taking one shard's lock at a
// time, never two at once. Each actor carries when it was last used (a monotonic
// clock), so that the shards' oldest compare.

// registryShards is the number of registry shards: enough that 64 turns in flight
// rarely share one.
const registryShards = 64

type registry struct {
	seed   maphash.Seed
	shards [registryShards]registryShard
	// live counts the actors in the shards' maps; passivating those of them asked to
	// passivate that have not left yet; staying the others (live - passivating), kept
	// as one count so that the cap is read in one load: two loads of live and
	// passivating with an actor leaving between them read one actor too many.
	live, passivating, staying atomic.Int64
	// started is the origin of the actors' usedAt.
	started time.Time
	// running counts the actors that have not left the live set (exitLocked), for
	// Close to wait for.
	running sync.WaitGroup
}

// registryShard is one shard of the registry; mu guards its map and list, and the
// fields of its actors that the actor's doc names.
type registryShard struct {
	mu     sync.Mutex
	actors map[parley.ConversationKey]*actor
	// newest and oldest are the ends of the shard's recency list (actor.newer,
	// actor.older), most recently used first.
	newest, oldest *actor
	_              [32]byte // a cache line each, so that neighbouring shards' locks do not share one
}

func (g *registry) init() {
	g.seed, g.started = maphash.MakeSeed(), time.Now()
	for i := range g.shards {
		g.shards[i].actors = map[parley.ConversationKey]*actor{}
	}
}

// shardOf returns the shard of key's actor.
func (g *registry) shardOf(key parley.ConversationKey) *registryShard {
	return &g.shards[maphash.Comparable(g.seed, key)%registryShards]
}

// now is the time an actor is used at: monotonic nanoseconds since the registry
// started.
func (g *registry) now() int64 { return int64(time.Since(g.started)) }

// excess is how many live actors are over maxActors, not counting those already
// asked to passivate.
func (g *registry) excess(maxActors int) int64 {
	return g.staying.Load() - int64(maxActors)
}

// add puts a in the shard as its most recently used actor, used at now.
func (sh *registryShard) add(a *actor, now int64) {
	sh.actors[a.key] = a
	a.shard = sh
	a.usedAt = now
	sh.pushFront(a)
}

// used makes a the shard's most recently used actor, used at now.
func (sh *registryShard) used(a *actor, now int64) {
	a.usedAt = now
	if sh.newest == a {
		return
	}
	sh.unlink(a)
	sh.pushFront(a)
}

// idlest is the shard's least recently used actor that may passivate (idle), other
// than spared; nil when none.
func (sh *registryShard) idlest(spared *actor) *actor {
	for a := sh.oldest; a != nil; a = a.newer {
		if a != spared && idle(a) {
			return a
		}
	}
	return nil
}

// idle reports whether a may be asked to passivate: not asked yet, nothing queued.
// The caller holds a's shard's lock.
func idle(a *actor) bool {
	return !a.passivating && len(a.mailbox) == 0 && len(a.urgent) == 0
}

// remove takes a out of the shard; false when it was not there.
func (sh *registryShard) remove(a *actor) bool {
	if sh.actors[a.key] != a {
		return false
	}
	delete(sh.actors, a.key)
	sh.unlink(a)
	return true
}

func (sh *registryShard) pushFront(a *actor) {
	a.newer, a.older = nil, sh.newest
	if sh.newest != nil {
		sh.newest.newer = a
	} else {
		sh.oldest = a
	}
	sh.newest = a
}

func (sh *registryShard) unlink(a *actor) {
	if a.newer != nil {
		a.newer.older = a.older
	} else {
		sh.newest = a.older
	}
	if a.older != nil {
		a.older.newer = a.newer
	} else {
		sh.oldest = a.newer
	}
	a.newer, a.older = nil, nil
}
