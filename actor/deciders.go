package actor

import (
	"sync"
	"sync/atomic"
)

// deciders keeps a few warm goroutines for the engines' decisions. A turn decides on
// a goroutine other than its actor's so that a pause or cancel can answer at once
// while the engine is still busy (turn.go, decide); a fresh goroutine per turn paid
// for growing its stack on every turn (the engines' code runs deep), 10% of the CPU
// of a turn without persistence (docs/performance.md). A warm one has grown its
// stack already.
//
// A decision goes to an idle warm goroutine if there is one, else to a new goroutine,
// which parks afterwards while fewer than maxIdle are parked and ends otherwise. A
// decision that a pause or cancel abandoned keeps its goroutine until the engine
// returns, as before. Close closes jobs once no actor is left to send one, and the
// parked goroutines end.
type deciders struct {
	jobs    chan func()
	idle    atomic.Int32
	maxIdle int32
	wg      *sync.WaitGroup
}

// maxIdleDeciders bounds the parked decision goroutines: as many as turns commonly
// decide at once (the benchmarks' 16 concurrent conversations), each a few KB of
// stack.
const maxIdleDeciders = 32

func newDeciders(wg *sync.WaitGroup) *deciders {
	return &deciders{jobs: make(chan func()), maxIdle: maxIdleDeciders, wg: wg}
}

// run runs job on a warm goroutine, or on a new one when none is idle.
func (d *deciders) run(job func()) {
	select {
	case d.jobs <- job:
	default:
		d.wg.Go(func() { d.work(job) })
	}
}

// work runs job, then the jobs that come while it is parked, until the pool has
// enough parked goroutines or is closed.
func (d *deciders) work(job func()) {
	for {
		job()
		if d.idle.Add(1) > d.maxIdle {
			d.idle.Add(-1)
			return
		}
		next, ok := <-d.jobs
		d.idle.Add(-1)
		if !ok {
			return
		}
		job = next
	}
}

// close ends the parked goroutines; only once nothing calls run any more.
func (d *deciders) close() { close(d.jobs) }
