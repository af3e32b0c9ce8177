package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/sqlite"
)

// orderDesk is a webhook receiver that honours Idempotency-Key (as bookingDesk
// does: the first request with a key books, taking hold and finishing even when
// the caller has gone; a request whose key is being booked gets 409, one whose key
// is booked gets that booking again) and remembers which order each booking was
// for: the item the user named, unique per order in these tests. An item booked
// twice is an order performed twice, under two keys.
type orderDesk struct {
	*httptest.Server
	hold     time.Duration
	mu       sync.Mutex
	calls    int
	booked   map[string]string // key -> booking
	inFlight map[string]bool
	items    map[string][]string // conversation and item -> the keys it was booked under
}

func newOrderDesk(t *testing.T, hold time.Duration) *orderDesk {
	d := &orderDesk{hold: hold, booked: map[string]string{}, inFlight: map[string]bool{}, items: map[string][]string{}}
	d.Server = httptest.NewServer(http.HandlerFunc(d.serve))
	t.Cleanup(d.Close)
	return d
}

func (d *orderDesk) serve(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Slots map[string]any `json:"slots"`
	}
	body, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(body, &req)
	key := r.Header.Get("Idempotency-Key")
	d.mu.Lock()
	d.calls++
	booking, done := d.booked[key]
	busy := d.inFlight[key]
	if !done && !busy {
		d.inFlight[key] = true
	}
	d.mu.Unlock()
	switch {
	case key == "":
		http.Error(w, `{"error":"Idempotency-Key is required"}`, http.StatusBadRequest)
		return
	case done:
		answer(w, booking)
		return
	case busy:
		http.Error(w, `{"error":"a request with this key is in progress"}`, http.StatusConflict)
		return
	}
	time.Sleep(d.hold)
	d.mu.Lock()
	booking = fmt.Sprintf("B-%d", len(d.booked)+1)
	d.booked[key] = booking
	delete(d.inFlight, key)
	item := conversationOf(key) + " " + fmt.Sprint(req.Slots["item"])
	d.items[item] = append(d.items[item], key)
	d.mu.Unlock()
	answer(w, booking)
}

// conversationOf is the bot and conversation an idempotency key names
// ("orders/w3/order/place/3" -> "orders/w3"). An item is one order of one
// conversation: two conversations may order the same words (when a kill drops
// a worker's item message, its next message, "yes", is the item it gives), and
// that is two orders, not one booked twice.
func conversationOf(key string) string {
	parts := strings.SplitN(key, "/", 3)
	if len(parts) < 2 {
		return key
	}
	return parts[0] + "/" + parts[1]
}

// twice returns the items booked more than once in one conversation, with their keys.
func (d *orderDesk) twice() map[string][]string {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := map[string][]string{}
	for item, keys := range d.items {
		if len(keys) > 1 {
			out[item] = keys
		}
	}
	return out
}

func (d *orderDesk) bookings() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.booked)
}

// deskOrdersConfig writes the orders bot: ask the item, confirm, book through the
// desk (webhook timeout 5 s, longer than the desk takes); runtime lines go first.
func deskOrdersConfig(t *testing.T, deskURL, runtime string) string {
	t.Helper()
	flow := `bot: orders
flows:
  - name: order
    description: placing an order
    trigger: {keywords: [place an order]}
    slots:
      - {name: item, prompt: Which item?}
    steps:
      - id: ask_item
        collect: item
      - id: confirm
        confirm: {prompt: "Place the order for {item}?"}
      - id: place
        action:
          name: place_order
          webhook: {url: "` + deskURL + `/book", timeout: 5s}
          outputs: [booking]
          reply: "Order {booking} placed."
`
	return flowsBotProject(t, "orders", flow, runtime, "")
}

// orderClient sends turns of the orders bot and keeps every acknowledged one.
type orderClient struct {
	client *http.Client
	mu     sync.Mutex
	acked  []replicaTurn
}

func (c *orderClient) send(base, conv, id, text string) (int, []byte) {
	resp, err := c.client.Post(base+"/v1/bots/orders/conversations/"+conv+"/messages", "application/json",
		strings.NewReader(fmt.Sprintf(`{"id":%q,"text":%q}`, id, text)))
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(resp.Body); err != nil {
		return 0, nil
	}
	if resp.StatusCode == http.StatusOK {
		c.mu.Lock()
		c.acked = append(c.acked, replicaTurn{conv, id, text, buf.Bytes()})
		c.mu.Unlock()
	}
	return resp.StatusCode, buf.Bytes()
}

func repliesText(body []byte) string {
	var r struct {
		Replies []struct{ Text string } `json:"replies"`
	}
	_ = json.Unmarshal(body, &r)
	var texts []string
	for _, x := range r.Replies {
		texts = append(texts, x.Text)
	}
	return strings.Join(texts, " ")
}

// TestAConfirmationInFlightOnOneReplicaIsNotDecidedAgainOnAnother: two `parley
// serve` processes on one PostgreSQL, no fault. A "yes" at an order's confirmation
// reaches replica A, whose booking takes 2 s; meanwhile the user's next message
// reaches replica B. B must not decide from the state before the call (asking to
// confirm again, and booking again under another key once A's turn is decided
// again): it waits for A's turn and answers from its outcome. Three conversations
// at once; each order is booked once.
func TestAConfirmationInFlightOnOneReplicaIsNotDecidedAgainOnAnother(t *testing.T) {
	if testing.Short() {
		t.Skip("starts real processes")
	}
	url, _ := replicaStore(t)
	desk := newOrderDesk(t, 2*time.Second)
	cfg := deskOrdersConfig(t, desk.URL, "")
	bin := buildBinary(t)
	_, a := startProcess(t, bin, "-store", url, "-config", cfg)
	_, b := startProcess(t, bin, "-store", url, "-config", cfg)
	oc := &orderClient{client: &http.Client{Timeout: 30 * time.Second}}
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Go(func() {
			conv := fmt.Sprintf("o%d", i)
			oc.send(a, conv, "m1", "I'd like to place an order")
			if code, body := oc.send(b, conv, "m2", fmt.Sprintf("item %d", i)); !strings.Contains(repliesText(body), "Place the order") {
				t.Errorf("%s m2: %d %s", conv, code, body)
				return
			}
			yes := make(chan []byte, 1)
			go func() {
				_, body := oc.send(a, conv, "m3", "yes")
				yes <- body
			}()
			time.Sleep(500 * time.Millisecond)
			code, body := oc.send(b, conv, "m4", "is it done?")
			if code == http.StatusOK && strings.Contains(repliesText(body), "Place the order") {
				t.Errorf("%s: replica B decided from the state before the call: %s", conv, body)
			}
			if got := <-yes; !strings.Contains(repliesText(got), "placed") {
				t.Errorf("%s: the confirmation got %s", conv, got)
			}
		})
	}
	wg.Wait()
	if twice := desk.twice(); len(twice) > 0 || desk.bookings() != 3 {
		t.Fatalf("%d bookings for 3 orders; booked twice: %v", desk.bookings(), twice)
	}
}

// chaosRun is a kill -9 run with orders in flight: workers each own a
// conversation and place orders in it (place an order, an item of their own,
// yes), with the widget's habit of sending the next message ("is it done?")
// while the confirmation is still out, to another replica when there are two.
// Every message has a new id: after the kill nothing is resent.
type chaosRun struct {
	t       *testing.T
	desk    *orderDesk
	oc      *orderClient
	mu      sync.Mutex
	bases   []string
	workers int
}

func (r *chaosRun) base(i int) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bases[i%len(r.bases)]
}

func (r *chaosRun) setBase(i int, base string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.bases[i] = base
}

// work places orders in conversation w until stop is closed.
func (r *chaosRun) work(w int, stop <-chan struct{}) {
	conv := fmt.Sprintf("w%d", w)
	for n := 0; ; n++ {
		for i, text := range []string{"I'd like to place an order", fmt.Sprintf("item %d-%d", w, n)} {
			select {
			case <-stop:
				return
			default:
			}
			r.oc.send(r.base(w+i), conv, fmt.Sprintf("m%d-%d", n, i), text)
		}
		var wg sync.WaitGroup
		wg.Go(func() { r.oc.send(r.base(w), conv, fmt.Sprintf("m%d-yes", n), "yes") })
		time.Sleep(300 * time.Millisecond)
		wg.Go(func() { r.oc.send(r.base(w+1), conv, fmt.Sprintf("m%d-done", n), "is it done?") })
		wg.Wait()
	}
}

// check counts the acknowledged turns whose replay is not their body (lost), the
// message ids applied more than once (duplicated) and the orders booked twice.
func (r *chaosRun) check(store parley.ConversationReader) (lost, duplicated int) {
	t := r.t
	for i, a := range r.oc.acked {
		code, body := r.oc.send(r.base(i), a.conv, a.id, a.text)
		if code != http.StatusOK || !bytes.Equal(body, a.body) {
			lost++
			t.Errorf("acknowledged %s/%s lost or changed: %d\n got %s\nwant %s", a.conv, a.id, code, body, a.body)
		}
	}
	for w := range r.workers {
		key := parley.ConversationKey{Bot: "orders", ID: fmt.Sprintf("w%d", w)}
		events, err := store.Events(context.Background(), key, 0, 100000)
		if err != nil {
			t.Fatal(err)
		}
		applied := map[string]int{}
		for i, e := range events {
			if e.Seq != int64(i+1) {
				t.Fatalf("%s: event %d has seq %d", key, i, e.Seq)
			}
			if e.Type == parley.EventTurn {
				var te parley.TurnEvent
				_ = json.Unmarshal(e.Data, &te)
				if applied[te.MessageID]++; applied[te.MessageID] == 2 {
					duplicated++
				}
			}
		}
	}
	return lost, duplicated
}

// runChaos runs the workers, kills replica 0 with SIGKILL while orders are out,
// restarts it with restart, lets the workers go on past the intent lease (new
// messages take abandoned calls over), stops them, and settles every conversation
// with one more message; then it checks.
func (r *chaosRun) runChaos(kill *exec.Cmd, restart func() string, store parley.ConversationReader) {
	t := r.t
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range r.workers {
		wg.Go(func() { r.work(w, stop) })
	}
	time.Sleep(4 * time.Second)
	if err := kill.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = kill.Wait()
	r.setBase(0, restart())
	time.Sleep(6 * time.Second)
	close(stop)
	wg.Wait()
	for w := range r.workers {
		r.oc.send(r.base(w), fmt.Sprintf("w%d", w), "settle", "is it done?")
	}
	lost, duplicated := r.check(store)
	twice := r.desk.twice()
	t.Logf("%d acknowledged turns: %d lost, %d duplicated; %d orders booked by the desk (%d calls), %d booked twice",
		len(r.oc.acked), lost, duplicated, r.desk.bookings(), r.desk.calls, len(twice))
	if lost+duplicated > 0 || len(twice) > 0 {
		t.Fatalf("lost %d, duplicated %d, booked twice %v", lost, duplicated, twice)
	}
	if r.desk.bookings() == 0 || len(r.oc.acked) == 0 {
		t.Fatal("the run placed no order")
	}
}

// TestKill9WithOrdersInFlightOnSQLite: one `parley serve` on SQLite, killed with
// SIGKILL while bookings are out, restarted on the same database; new messages
// after the restart find the calls the killed server recorded and send them again
// under their keys, so no order is booked twice, and no acknowledged turn is lost
// or applied twice.
func TestKill9WithOrdersInFlightOnSQLite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills a real process")
	}
	desk := newOrderDesk(t, 1500*time.Millisecond)
	cfg := deskOrdersConfig(t, desk.URL, "runtime:\n  intent_lease: 3s\n")
	db := filepath.Join(t.TempDir(), "parley.db")
	bin := buildBinary(t)
	cmd, base := startProcess(t, bin, "-db", db, "-config", cfg)
	r := &chaosRun{t: t, desk: desk, oc: &orderClient{client: &http.Client{Timeout: 30 * time.Second}}, bases: []string{base}, workers: 6}
	r.runChaos(cmd, func() string {
		_, base := startProcess(t, bin, "-db", db, "-config", cfg)
		return base
	}, openSQLite(t, db))
}

// TestKill9WithOrdersInFlightOnTwoPostgreSQLReplicas: the same on two replicas of
// one PostgreSQL, each conversation's messages going to both (the confirmation to
// one, the next message to the other while the booking is out); replica 0 is
// killed and restarted.
func TestKill9WithOrdersInFlightOnTwoPostgreSQLReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills real processes")
	}
	url, store := replicaStore(t)
	desk := newOrderDesk(t, 1500*time.Millisecond)
	cfg := deskOrdersConfig(t, desk.URL, "runtime:\n  intent_lease: 3s\n")
	bin := buildBinary(t)
	cmd, a := startProcess(t, bin, "-store", url, "-config", cfg)
	_, b := startProcess(t, bin, "-store", url, "-config", cfg)
	r := &chaosRun{t: t, desk: desk, oc: &orderClient{client: &http.Client{Timeout: 30 * time.Second}}, bases: []string{a, b}, workers: 8}
	r.runChaos(cmd, func() string {
		_, base := startProcess(t, bin, "-store", url, "-config", cfg)
		return base
	}, store)
}

// openSQLite opens the database a served process uses, for the test's reads.
func openSQLite(t *testing.T, path string) parley.ConversationReader {
	t.Helper()
	store, err := sqlite.Open(context.Background(), path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// TestACallLeftByAKilledServerIsResumedWithoutTheUser: a server killed while a
// booking is out leaves the call's intent; the restarted server, once the intent's
// lease has run out, sends the call again under its key by itself, and its outcome
// reaches the conversation and its event stream without the user saying anything:
// one booking, the conversation idle with it.
func TestACallLeftByAKilledServerIsResumedWithoutTheUser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills a real process")
	}
	desk := newOrderDesk(t, 1500*time.Millisecond)
	cfg := deskOrdersConfig(t, desk.URL, "runtime:\n  intent_lease: 2s\n")
	db := filepath.Join(t.TempDir(), "parley.db")
	bin := buildBinary(t)
	cmd, base := startProcess(t, bin, "-db", db, "-config", cfg)
	oc := &orderClient{client: &http.Client{Timeout: 30 * time.Second}}
	conv := "/v1/bots/orders/conversations/r1"
	oc.send(base, "r1", "m1", "I'd like to place an order")
	if _, body := oc.send(base, "r1", "m2", "item 1"); !strings.Contains(repliesText(body), "Place the order") {
		t.Fatalf("m2: %s", body)
	}
	go oc.send(base, "r1", "m3", "yes")
	deadline := time.Now().Add(10 * time.Second)
	for {
		desk.mu.Lock()
		calls := desk.calls
		desk.mu.Unlock()
		if calls > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the booking was never called")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	_, base = startProcess(t, bin, "-db", db, "-config", cfg)
	held := view(t, base+conv)
	if held.Lifecycle != "running" {
		t.Fatalf("after the kill: %+v, want the intent (running)", held)
	}
	stream := openStream(t, base+conv+"/events", fmt.Sprint(held.LastEventID))
	var resumed bool
	for _, f := range readFrames(t, stream, 2) {
		if f.event == string(parley.EventTurn) && strings.Contains(f.data, parley.MeaningResume) {
			resumed = true
		}
	}
	if !resumed {
		t.Fatal("no resume turn reached the event stream")
	}
	after := view(t, base+conv)
	if after.Lifecycle != "idle" || !strings.Contains(string(after.State), `"booking":"B-1"`) || strings.Contains(string(after.State), "pending_call") {
		t.Fatalf("after the resume: %s %s", after.Lifecycle, after.State)
	}
	if desk.bookings() != 1 || len(desk.twice()) > 0 {
		t.Fatalf("%d bookings, want 1", desk.bookings())
	}
}
