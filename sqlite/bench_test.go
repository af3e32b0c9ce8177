package sqlite

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// BenchmarkCommit measures turns per second: every op is one Commit of a turn (the
// conversation row, one event, the processed-message record) on one of 1,000
// conversations. seq commits from one goroutine; parallel16 from 16 goroutines, each
// with its own conversations, so that group commit can batch them.
//
//	go test ./sqlite -run '^$' -bench BenchmarkCommit -benchtime 3s
func BenchmarkCommit(b *testing.B) {
	for _, sync := range []string{"normal", "full"} {
		b.Run("seq/"+sync, func(b *testing.B) { benchmarkCommit(b, sync, 1) })
		b.Run("parallel16/"+sync, func(b *testing.B) { benchmarkCommit(b, sync, 16) })
	}
}

// processCPU is the user and system time the process has used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func benchmarkCommit(b *testing.B, synchronous string, goroutines int) {
	s, _ := openStore(b, Options{Synchronous: synchronous})
	defer s.Close()
	const conversations = 1000
	state := []byte(`{"conversation_state":{"state":"recommending","pagination":{"offset":5,"limit":5}},"shown_product_ids":["12","13","14","15","16"]}`)
	response := []byte(`{"conversation_id":"c","message_id":"m","replies":[{"type":"text","text":"Here is what I found:"}],"lifecycle":"idle","version":7}`)
	eventData := []byte(`{"message_id":"m","transitions":[{"from":"clarifying","to":"recommending","trigger":"search"}]}`)

	var remaining atomic.Int64
	remaining.Store(int64(b.N))
	start := s.Stats()
	cpuStart := processCPU()
	b.ResetTimer()
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			perG := conversations / goroutines
			versions := make([]int64, perG)
			keys := make([]parley.ConversationKey, perG)
			for i := range keys {
				keys[i] = parley.ConversationKey{Bot: "shop", ID: "c-" + strconv.Itoa(g) + "-" + strconv.Itoa(i)}
			}
			events := make([]parley.Event, 1)
			c := &parley.Commit{}
			for n := 0; remaining.Add(-1) >= 0; n++ {
				i := n % perG
				v := versions[i]
				*c = parley.Commit{
					Conversation: parley.Conversation{
						Key: keys[i], Engine: "shop", State: state, Lifecycle: parley.LifecycleIdle,
						Version: v + 1, Turns: v + 1,
					},
					ExpectedVersion: v,
					MessageID:       "m-" + strconv.Itoa(n),
					Response:        response,
				}
				events[0] = parley.Event{Type: parley.EventTurn, Data: eventData}
				c.Events = events
				if err := s.Commit(context.Background(), c); err != nil {
					errs <- fmt.Errorf("commit %d: %w", n, err)
					return
				}
				versions[i] = v + 1
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	cpu := processCPU() - cpuStart
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	st := s.Stats()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "turns/s")
	// CPU time per turn (all threads, user and system) is steadier than wall time on
	// a machine shared with other work.
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/turn")
	if tx := st.Transactions - start.Transactions; tx > 0 {
		b.ReportMetric(float64(st.Commits-start.Commits)/float64(tx), "commits/tx")
	}
}
