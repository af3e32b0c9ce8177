package actor

import (
	"sync"
	"sync/atomic"
)

// workers keeps a few warm goroutines for the runtime's short-lived work: the runner
// that handles an actor's queued commands (actor.drain) and the engine's decision of
// a turn, which runs on a goroutine other than the runner's so that a pause or cancel
// can answer at once while the engine is still busy (turn.go, decide). A fresh
// goroutine for each paid for growing its stack every time (the engines' and the
// store's code run deep): 10% of the CPU of a turn without persistence
// (docs/performance.md). A warm one has grown its stack already, and an actor that
// waits for its next command holds no goroutine at all.
//
// A bot whose engine waits on nothing (parley.Immediate) needs neither for a turn
// of an idle conversation: its caller runs it and decides it (actor.runHere).
//
// Work goes to an idle warm goroutine if there is one, else to a new goroutine, which
// parks afterwards while fewer than maxIdleWorkers are parked and ends otherwise. A
// decision that a pause or cancel abandoned keeps its goroutine until the engine
// returns, as before. Close closes jobs once no actor is left to send work, and the
// parked goroutines end.
type workers struct {
	jobs chan job
	idle atomic.Int32
	wg   *sync.WaitGroup
}

// maxIdleWorkers bounds the parked goroutines: enough for a runner and a decision of
// each turn commonly in flight (the benchmarks' 16 concurrent conversations), each a
// few KB of stack.
const maxIdleWorkers = 64

func newWorkers(wg *sync.WaitGroup) *workers {
	return &workers{jobs: make(chan job), wg: wg}
}

// job is work for a warm goroutine: an actor, whose job is its runner (drain), or
// a jobFunc. An actor is its own job, so that starting its runner makes no
// closure: a method value bound once per actor was an allocation per conversation.
type job interface{ do() }

// jobFunc is a function as a job.
type jobFunc func()

func (f jobFunc) do() { f() }

// do is the actor's runner (drain), as a job.
func (a *actor) do() { a.drain() }

// run runs job on a warm goroutine, or on a new one when none is idle.
func (w *workers) run(job job) {
	select {
	case w.jobs <- job:
	default:
		w.wg.Go(func() { w.work(job) })
	}
}

// work runs job, then the jobs that come while it is parked, until enough goroutines
// are parked or the pool is closed.
func (w *workers) work(job job) {
	for {
		job.do()
		if w.idle.Add(1) > maxIdleWorkers {
			w.idle.Add(-1)
			return
		}
		next, ok := <-w.jobs
		w.idle.Add(-1)
		if !ok {
			return
		}
		job = next
	}
}

// close ends the parked goroutines; only once nothing calls run any more.
func (w *workers) close() { close(w.jobs) }
