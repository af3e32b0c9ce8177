package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/actor"
	"github.com/parleyhq/parley/internal/app"
)

// The booking workload of docs/spec/benchmark.md: five user turns per conversation.
var bookingTurns = []string{"I want to book a flight", "New York", "Los Angeles", "2026-12-12", "yes"}

// sizer is implemented by stores that can report the bytes they use.
type sizer interface {
	Size(ctx context.Context) (int64, error)
}

func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || !slices.Contains([]string{"booking", "http", "actors"}, args[0]) {
		fmt.Fprintln(stderr, "usage: parley bench booking|http|actors [-n N] [-concurrency C] [-sync normal|full] [-db PATH | -store URL]")
		return exitError(2)
	}
	mode := args[0]
	if mode == "actors" {
		return benchActors(ctx, args[1:], stdout, stderr)
	}
	fset := newFlagSet("bench "+mode, stderr, "[-n N] [-concurrency C] [-sync normal|full] [-db PATH | -store URL]")
	n := fset.Int("n", 1000, "conversations")
	conc := fset.Int("concurrency", 0, "conversations in flight (default: run seq, then 16)")
	cpuProfile := fset.String("cpuprofile", "", "write a CPU profile to this file")
	mutexProfile := fset.String("mutexprofile", "", "write a mutex contention profile to this file (every contention event sampled)")
	blockProfile := fset.String("blockprofile", "", "write a goroutine blocking profile to this file (every blocking event sampled)")
	servers := fset.String("servers", "", "bench http only: comma-separated base URLs of running servers (replicas); turns go round-robin")
	var sf storeFlags
	sf.register(fset)
	if _, err := parseArgs(fset, args[1:], 0, 0); err != nil {
		return err
	}
	stopProfile, err := startCPUProfile(*cpuProfile)
	if err != nil {
		return err
	}
	defer stopProfile()
	stopContention := startContentionProfiles(*mutexProfile, *blockProfile)
	if *n < 1 {
		return parley.Errorf(parley.EINVALID, "-n must be at least 1")
	}
	targets, err := benchTargets(mode, *servers)
	if err != nil {
		return err
	}
	for _, c := range benchLevels(*conc) {
		line, err := benchOnce(ctx, mode, *n, c, sf, targets)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, line)
	}
	return stopContention()
}

// benchLevels are the concurrency levels a run measures: -concurrency, else
// sequential then 16.
func benchLevels(conc int) []int {
	if conc > 0 {
		return []int{conc}
	}
	return []int{1, 16}
}

// benchTargets are the running servers -servers names (bench http only).
func benchTargets(mode, servers string) ([]string, error) {
	if servers == "" {
		return nil, nil
	}
	if mode != "http" {
		return nil, parley.Errorf(parley.EINVALID, "-servers goes with bench http")
	}
	return strings.Split(servers, ","), nil
}

// startCPUProfile starts writing a CPU profile to path (none if path is empty);
// the returned func stops it and closes the file, in that order.
func startCPUProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// startContentionProfiles samples every mutex contention and blocking event when
// their files are named (sampling costs time, so only then); stop writes each named
// profile (pprof's "mutex" and "block") and turns sampling off again.
func startContentionProfiles(mutexPath, blockPath string) (stop func() error) {
	if mutexPath != "" {
		runtime.SetMutexProfileFraction(1)
	}
	if blockPath != "" {
		runtime.SetBlockProfileRate(1)
	}
	return func() error {
		defer runtime.SetMutexProfileFraction(0)
		defer runtime.SetBlockProfileRate(0)
		for name, path := range map[string]string{"mutex": mutexPath, "block": blockPath} {
			if err := writeProfile(name, path); err != nil {
				return err
			}
		}
		return nil
	}
}

// writeProfile writes the named pprof profile to path; nothing when path is empty.
func writeProfile(name, path string) error {
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup(name).WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func benchOnce(ctx context.Context, mode string, n, conc int, sf storeFlags, targets []string) (string, error) {
	if len(targets) > 0 {
		return benchServers(ctx, n, conc, targets)
	}
	fresh := sf.store == "" && sf.db == "" && os.Getenv("PARLEY_DATABASE_URL") == ""
	cleanup, err := freshBenchDB(&sf, fresh)
	if err != nil {
		return "", err
	}
	defer cleanup()
	store, err := openStore(ctx, sf, "")
	if err != nil {
		return "", err
	}
	defer store.Close()
	srv, err := benchServer(ctx, app.DemoConfig(), store)
	if err != nil {
		return "", err
	}
	defer srv.Close()
	send, stop, err := benchSender(mode, srv)
	if err != nil {
		return "", err
	}
	defer stop()
	prefix := "bench-" + strconv.FormatInt(time.Now().UnixNano(), 36) + "-"
	all, elapsed, err := drive(ctx, n, conc, prefix, send)
	if err != nil {
		return "", err
	}
	if err := verifyBookings(ctx, bookingState(ctx, store), prefix, n); err != nil {
		return "", err
	}
	bytesPerConv := bytesPerConversation(ctx, store, srv, fresh, sf.db, n)
	return benchLine(benchPeer(mode), conc, all, elapsed, bytesPerConv), nil
}

// benchPeer names what a run measured in its line: the runtime, or over HTTP.
func benchPeer(mode string) string {
	if mode == "http" {
		return "parley-http"
	}
	return "parley"
}

// freshBenchDB points sf at a SQLite file in a new temporary folder when fresh
// (no store named); cleanup removes the folder.
func freshBenchDB(sf *storeFlags, fresh bool) (cleanup func(), err error) {
	if !fresh {
		return func() {}, nil
	}
	dir, err := os.MkdirTemp("", "parley-bench-")
	if err != nil {
		return nil, err
	}
	sf.db = filepath.Join(dir, "bench.db")
	return func() { os.RemoveAll(dir) }, nil
}

// benchServer builds and starts an in-process server of cfg over store, silent
// and unguarded.
func benchServer(ctx context.Context, cfg *app.Config, store parley.Store) (*app.Server, error) {
	srv, err := app.NewServer(ctx, cfg, store, slog.New(slog.DiscardHandler), app.Security{})
	if err != nil {
		return nil, err
	}
	srv.Start(ctx)
	return srv, nil
}

// sendFunc sends turn i (text, sent at) of booking conversation conv.
type sendFunc func(ctx context.Context, conv string, i int, text string, at time.Time) error

// benchSender is how a bench run sends its turns: through the runtime (booking) or
// over loopback HTTP to srv (http); stop closes what it opened.
func benchSender(mode string, srv *app.Server) (send sendFunc, stop func(), err error) {
	if mode != "http" {
		return func(ctx context.Context, conv string, i int, text string, at time.Time) error {
			_, err := srv.Runtime.Turn(ctx, parley.TurnRequest{
				Key:     parley.ConversationKey{Bot: "booking", ID: conv},
				Message: parley.Message{ID: "m" + strconv.Itoa(i), Text: text, SentAt: at},
			})
			return err
		}, func() {}, nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	hs := &http.Server{Handler: srv.Handler}
	go hs.Serve(ln)
	base := "http://" + ln.Addr().String()
	client, err := newBenchClient([]string{base}, "", 0)
	if err != nil {
		hs.Close()
		return nil, nil, err
	}
	return httpSender(client, func(string, int) string { return base }), func() { client.close(); hs.Close() }, nil
}

// bookingState reads a booking conversation's state from store, for verifyBookings.
func bookingState(ctx context.Context, store parley.Store) func(conv string) (json.RawMessage, error) {
	return func(conv string) (json.RawMessage, error) {
		c, err := store.Conversation(ctx, parley.ConversationKey{Bot: "booking", ID: conv})
		if err != nil {
			return nil, err
		}
		return c.State, nil
	}
}

// bytesPerConversation is the store's size over the n conversations of the run,
// or -1 when it cannot be told: from the store's own Size if it has one, else
// from a fresh SQLite file (freshDB at path) after closing srv and store.
func bytesPerConversation(ctx context.Context, store parley.Store, srv *app.Server, freshDB bool, path string, n int) int64 {
	if s, ok := store.(sizer); ok {
		if size, err := s.Size(ctx); err == nil {
			return size / int64(n)
		}
		return -1
	}
	if !freshDB {
		return -1
	}
	// A fresh SQLite file holds only this run: its size after close (the WAL
	// checkpointed into it) over the conversations is what each one stores.
	srv.Close()
	store.Close()
	if size, err := fileSize(path); err == nil {
		return size / int64(n)
	}
	return -1
}

// benchServers drives running servers (replicas) over HTTP, turn i of a conversation
// going to server (conversation+i) mod len(targets), and verifies through the API.
func benchServers(ctx context.Context, n, conc int, targets []string) (string, error) {
	for i, t := range targets {
		targets[i] = strings.TrimRight(t, "/")
	}
	bc, err := newBenchClient(targets, os.Getenv("PARLEY_API_TOKEN"), 30*time.Second)
	if err != nil {
		return "", err
	}
	defer bc.close()
	prefix := "bench-" + strconv.FormatInt(time.Now().UnixNano(), 36) + "-"
	send := httpSender(bc, func(conv string, i int) string {
		c, _ := strconv.Atoi(conv[strings.LastIndex(conv, "-")+1:])
		return targets[(c+i)%len(targets)]
	})
	all, elapsed, err := drive(ctx, n, conc, prefix, send)
	if err != nil {
		return "", err
	}
	err = verifyBookings(ctx, serverState(ctx, targets[0]), prefix, n)
	if err != nil {
		return "", err
	}
	return benchLine("parley-http-"+strconv.Itoa(len(targets))+"-servers", conc, all, elapsed, -1), nil
}

// serverState reads a booking conversation's state through the API of the server
// at base, for verifyBookings, with the bench's token (PARLEY_API_TOKEN) if any.
func serverState(ctx context.Context, base string) func(conv string) (json.RawMessage, error) {
	client := &http.Client{Timeout: 30 * time.Second}
	token := os.Getenv("PARLEY_API_TOKEN")
	return func(conv string) (json.RawMessage, error) {
		var v struct{ State json.RawMessage }
		if err := getAPI(ctx, client, base+"/v1/bots/booking/conversations/"+conv, token, &v); err != nil {
			return nil, err
		}
		return v.State, nil
	}
}

// httpSender posts booking turns through client; baseFor picks the server for turn
// i of conv.
func httpSender(client *benchClient, baseFor func(conv string, i int) string) sendFunc {
	return func(ctx context.Context, conv string, i int, text string, at time.Time) error {
		return client.post(ctx, baseFor(conv, i), conv, turnBody{ID: "m" + strconv.Itoa(i), Text: text, SentAt: at})
	}
}

func benchLine(peer string, conc int, all []time.Duration, elapsed time.Duration, bytesPerConv int64) string {
	label := "seq"
	if conc > 1 {
		label = "conc" + strconv.Itoa(conc)
	}
	return fmt.Sprintf("peer=%s mode=%s turns_per_s=%.0f p50_us=%d p99_us=%d peak_rss_mb=%d bytes_per_conv=%d",
		peer, label, float64(len(all))/elapsed.Seconds(),
		pct(all, 0.50).Microseconds(), pct(all, 0.99).Microseconds(), peakRSSMB(), bytesPerConv)
}

// drive runs n booking conversations, conc at a time, and returns the sorted turn
// latencies and the wall time.
func drive(ctx context.Context, n, conc int, prefix string, send sendFunc) ([]time.Duration, time.Duration, error) {
	start := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	latencies := make([][]time.Duration, conc)
	var wg sync.WaitGroup
	var firstErr error
	var errOnce sync.Once
	next := numbers(n)
	began := time.Now()
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			lat := make([]time.Duration, 0, n*len(bookingTurns)/conc+8)
			for c := range next {
				conv := prefix + strconv.Itoa(c)
				for i, text := range bookingTurns {
					t0 := time.Now()
					if err := send(ctx, conv, i+1, text, start.Add(time.Duration(i)*time.Second)); err != nil {
						errOnce.Do(func() { firstErr = fmt.Errorf("conversation %s turn %d: %w", conv, i+1, err) })
						return
					}
					lat = append(lat, time.Since(t0))
				}
			}
			latencies[w] = lat
		}(w)
	}
	wg.Wait()
	elapsed := time.Since(began)
	if firstErr != nil {
		return nil, 0, firstErr
	}
	var all []time.Duration
	for _, l := range latencies {
		all = append(all, l...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	return all, elapsed, nil
}

func pct(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted)-1) * p)
	return sorted[i]
}

// verifyBookings checks that every conversation holds the three slots, a booking
// reference and a finished flow (docs/spec/benchmark.md: "Every run checks at the end").
func verifyBookings(ctx context.Context, load func(conv string) (json.RawMessage, error), prefix string, n int) error {
	for c := 0; c < n; c++ {
		key := prefix + strconv.Itoa(c)
		state, err := load(key)
		if err == nil {
			err = verifyBooking(state)
		}
		if err != nil {
			return fmt.Errorf("verify %s: %w", key, err)
		}
	}
	return nil
}

// verifyBooking checks one booking conversation's state.
func verifyBooking(state json.RawMessage) error {
	var st struct {
		Slots             map[string]any `json:"slots"`
		CurrentFlow       string         `json:"current_flow"`
		ConversationState string         `json:"conversation_state"`
	}
	if err := json.Unmarshal(state, &st); err != nil {
		return err
	}
	if slot := missingSlot(st.Slots); slot != "" {
		return fmt.Errorf("slot %s missing in %s", slot, state)
	}
	if st.CurrentFlow != "none" && st.CurrentFlow != "" {
		return fmt.Errorf("flow %q not finished", st.CurrentFlow)
	}
	if st.ConversationState != "idle" && st.ConversationState != "completed" {
		return fmt.Errorf("conversation_state %q", st.ConversationState)
	}
	return nil
}

// missingSlot is the first of a finished booking's slots that slots lacks, or "".
func missingSlot(slots map[string]any) string {
	for _, slot := range []string{"origin", "destination", "departure_date", "booking_ref"} {
		if v, ok := slots[slot]; !ok || v == nil || v == "" {
			return slot
		}
	}
	return ""
}

// numbers is a closed channel of 0 to n-1, the work of a pool of goroutines.
func numbers(n int) <-chan int {
	next := make(chan int, n)
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	return next
}

// peakRSSMB reads the process's peak resident set (VmHWM) in MB.
func peakRSSMB() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			f := strings.Fields(line)
			if len(f) >= 2 {
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				return kb / 1024
			}
		}
	}
	return -1
}

// benchActors measures seed 004's bounded memory: N conversations touched once (one
// turn each on the booking bot, at most -max-actors live), the process's peak RSS,
// and the time to hydrate a passivated actor (load + decode), by touching conversations
// again in random order.
func benchActors(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("bench actors", stderr, "[-n 100000] [-max-actors 10000] [-concurrency 16] [-memprofile FILE] [-db PATH | -store URL]")
	n := fset.Int("n", 100000, "conversations to touch once")
	maxActors := fset.Int("max-actors", 10000, "live actor cap")
	conc := fset.Int("concurrency", 16, "turns in flight")
	memProfile := fset.String("memprofile", "", "write a heap profile to this file once every conversation was touched")
	var sf storeFlags
	sf.register(fset)
	if _, err := parseArgs(fset, args, 0, 0); err != nil {
		return err
	}
	cleanup, err := freshBenchDB(&sf, sf.store == "" && sf.db == "")
	if err != nil {
		return err
	}
	defer cleanup()
	store, err := openStore(ctx, sf, "")
	if err != nil {
		return err
	}
	defer store.Close()
	cfg := app.DemoConfig()
	cfg.Runtime.MaxActors = *maxActors
	srv, err := benchServer(ctx, cfg, store)
	if err != nil {
		return err
	}
	defer srv.Close()
	began := time.Now()
	if err := touchEach(ctx, srv.Runtime, *n, *conc); err != nil {
		return err
	}
	elapsed := time.Since(began)
	live := srv.Runtime.LiveActors()
	rss := peakRSSMB()
	held, err := liveMemory(*memProfile)
	if err != nil {
		return err
	}
	bot, _ := srv.Runtime.Bot("booking")
	hydrate, err := hydrateTimes(ctx, store, bot, *n)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "peer=parley mode=actors conversations=%d live_actors=%d turns_per_s=%.0f peak_rss_mb=%d hydrate_p50_us=%d hydrate_p99_us=%d %s\n",
		*n, live, float64(*n)/elapsed.Seconds(), rss, pct(hydrate, 0.5).Microseconds(), pct(hydrate, 0.99).Microseconds(), held)
	return nil
}

// touchEach sends one booking turn to each of n conversations, conc at a time.
func touchEach(ctx context.Context, rt *actor.Runtime, n, conc int) error {
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	touch := func(conv, id string) error {
		_, err := rt.Turn(ctx, parley.TurnRequest{
			Key:     parley.ConversationKey{Bot: "booking", ID: conv},
			Message: parley.Message{ID: id, Text: "I want to book a flight", SentAt: at},
		})
		return err
	}
	next := numbers(n)
	var wg sync.WaitGroup
	errc := make(chan error, conc)
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := touch("a"+strconv.Itoa(i), "m1"); err != nil {
					errc <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}

// hydrateTimes loads and decodes passivated conversations of bot, as a respawn does,
// and returns the sorted times of up to 2,000 of them (of the n bench actors touched).
func hydrateTimes(ctx context.Context, store parley.Store, bot *parley.Bot, n int) ([]time.Duration, error) {
	samples := min(n, 2000)
	hydrate := make([]time.Duration, 0, samples)
	for i := 0; i < samples; i++ {
		conv := "a" + strconv.Itoa((i*7919)%n)
		t0 := time.Now()
		c, err := store.Conversation(ctx, parley.ConversationKey{Bot: bot.Name, ID: conv})
		if err != nil {
			return nil, err
		}
		if _, err := bot.Engine.DecodeState(c.State); err != nil {
			return nil, err
		}
		hydrate = append(hydrate, time.Since(t0))
	}
	sort.Slice(hydrate, func(i, j int) bool { return hydrate[i] < hydrate[j] })
	return hydrate, nil
}

// fileSize is the size of a SQLite database with its WAL, if any.
func fileSize(path string) (int64, error) {
	info, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	size := info.Size()
	if wal, err := os.Stat(path + "-wal"); err == nil {
		size += wal.Size()
	}
	return size, nil
}

// liveMemory reports what the process holds after a collection (what stays while the
// actors live): the Go heap in use, goroutine stacks and the goroutine count; with a
// path, it also writes the heap profile there.
func liveMemory(profile string) (string, error) {
	runtime.GC()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	goroutines := runtime.NumGoroutine()
	if profile != "" {
		if err := writeProfile("heap", profile); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("heap_inuse_mb=%d stack_inuse_mb=%d goroutines=%d", mem.HeapInuse>>20, mem.StackInuse>>20, goroutines), nil
}
