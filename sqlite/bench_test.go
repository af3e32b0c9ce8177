package sqlite

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/parleyhq/parley"
)

// BenchmarkCommit measures turns per second: every op is one Commit of a turn (the
// conversation row with a 1.6 KB state, one 250-byte event, the processed-message
// record with the actor's response without its state, 560 bytes); each
// conversation gets five turns, as in the booking workload, then the next one starts.
// seq commits from one goroutine; parallel16 from 16 goroutines, each with its own
// conversations, so that group commit can batch them. Besides time it reports CPU per
// turn and the write system calls and bytes per turn (from /proc/self/io: WAL frames,
// checkpoints).
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
	// Every conversation lives for five turns, as in the booking workload.
	const turnsPerConversation = 5
	state := jsonOfSize(`{"conversation_state":"recommending","slots":{"origin":"New York"},"history":"`, 1600)
	// The response as the actor commits it: without the state it embeds (the state
	// is the version's, stored once), 560 bytes.
	replies := jsonOfSize(`{"conversation_id":"c","message_id":"m","replies":[{"type":"text","text":"`, 500)
	response := slices.Concat(replies[:len(replies)-1], []byte(`,"state":null,"lifecycle":"idle","version":2,"transitions":[]}`))
	eventData := jsonOfSize(`{"message_id":"m","transitions":[{"from":"clarifying","to":"recommending"}],"note":"`, 250)

	var remaining atomic.Int64
	remaining.Store(int64(b.N))
	start := s.Stats()
	cpuStart := processCPU()
	ioStart, ioOK := processIO()
	b.ResetTimer()
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			events := make([]parley.Event, 1)
			c := &parley.Commit{}
			var key parley.ConversationKey
			for n := 0; remaining.Add(-1) >= 0; n++ {
				v := int64(n % turnsPerConversation)
				if v == 0 {
					key = parley.ConversationKey{Bot: "shop", ID: "c-" + strconv.Itoa(g) + "-" + strconv.Itoa(n/turnsPerConversation)}
				}
				*c = parley.Commit{
					Conversation: parley.Conversation{
						Key: key, Engine: "shop", State: state, Lifecycle: parley.LifecycleIdle,
						Version: v + 1, Turns: v + 1,
					},
					ExpectedVersion: v,
					MessageID:       "m-" + strconv.Itoa(int(v)),
					Response:        response,
				}
				events[0] = parley.Event{Type: parley.EventTurn, Data: eventData}
				c.Events = events
				if err := s.Commit(context.Background(), c); err != nil {
					errs <- fmt.Errorf("commit %d: %w", n, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	cpu := processCPU() - cpuStart
	ioEnd, ioEndOK := processIO()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	st := s.Stats()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "turns/s")
	// CPU time per turn (all threads, user and system) is steadier than wall time on
	// a machine shared with other work.
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/turn")
	if ioOK && ioEndOK {
		b.ReportMetric(float64(ioEnd.syscw-ioStart.syscw)/float64(b.N), "writes/turn")
		b.ReportMetric(float64(ioEnd.wchar-ioStart.wchar)/float64(b.N)/float64(pageSize), "pages-written/turn")
		b.ReportMetric(float64(ioEnd.wchar-ioStart.wchar)/float64(b.N)/1024, "KiB-written/turn")
	}
	if tx := st.Transactions - start.Transactions; tx > 0 {
		b.ReportMetric(float64(st.Commits-start.Commits)/float64(tx), "commits/tx")
	}
}

// jsonOfSize is a JSON object of exactly size bytes: prefix, a string padded to fit,
// and the closing of the string and of the braces prefix left open.
func jsonOfSize(prefix string, size int) []byte {
	// Close the string, then every bracket prefix left open, innermost first.
	var open []byte
	inString := false
	for i := 0; i < len(prefix); i++ {
		switch c := prefix[i]; {
		case c == '"':
			inString = !inString
		case inString:
		case c == '{' || c == '[':
			open = append(open, c)
		case c == '}' || c == ']':
			open = open[:len(open)-1]
		}
	}
	closing := `"`
	for i := len(open) - 1; i >= 0; i-- {
		closing += map[byte]string{'{': "}", '[': "]"}[open[i]]
	}
	pad := size - len(prefix) - len(closing)
	if pad < 0 {
		pad = 0
	}
	return []byte(prefix + prose(pad) + closing)
}

// ioCounters are the process's write counters from /proc/self/io.
type ioCounters struct {
	wchar, syscw int64 // bytes passed to write calls, and how many calls
}

func processIO() (ioCounters, bool) {
	b, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return ioCounters{}, false
	}
	var c ioCounters
	for _, line := range strings.Split(string(b), "\n") {
		name, value, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		n, _ := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		switch name {
		case "wchar":
			c.wchar = n
		case "syscw":
			c.syscw = n
		}
	}
	return c, true
}

// prose is n bytes of words in a fixed pseudo-random order: padding that compresses
// like text rather than like one repeated byte.
func prose(n int) string {
	words := strings.Fields("flight hotel from to New York Paris Lisbon economy business window aisle " +
		"date return one way passenger adult child price total booking confirmed seat meal the a of")
	var b strings.Builder
	for x := uint32(2463534242); b.Len() < n; {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b.WriteString(words[x%uint32(len(words))])
		b.WriteByte(' ')
	}
	return b.String()[:n]
}
