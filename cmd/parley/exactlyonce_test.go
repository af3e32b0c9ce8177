package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// bookingDesk is a webhook receiver that honours Idempotency-Key as payment and
// booking APIs do: the first request with a key performs the booking (taking hold,
// and finishing it even when the caller has gone), a request with a key whose
// booking is under way gets 409, and a request with a key already booked gets that
// booking's answer again. It counts the bookings it performed.
type bookingDesk struct {
	*httptest.Server
	mu       sync.Mutex
	holds    []time.Duration // how long each of the first calls takes
	calls    []string        // the key of every call
	booked   map[string]string
	inFlight map[string]bool
	done     chan string // the key of each booking performed
}

func newBookingDesk(t *testing.T, holds ...time.Duration) *bookingDesk {
	d := &bookingDesk{holds: holds, booked: map[string]string{}, inFlight: map[string]bool{}, done: make(chan string, 16)}
	d.Server = httptest.NewServer(http.HandlerFunc(d.serve))
	t.Cleanup(d.Close)
	return d
}

func (d *bookingDesk) serve(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	key := r.Header.Get("Idempotency-Key")
	d.mu.Lock()
	d.calls = append(d.calls, key)
	var hold time.Duration
	if n := len(d.calls); n <= len(d.holds) {
		hold = d.holds[n-1]
	}
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
	time.Sleep(hold) // the booking takes this long, whether the caller waits or not
	d.mu.Lock()
	booking = fmt.Sprintf("B-%d", len(d.booked)+1)
	d.booked[key] = booking
	delete(d.inFlight, key)
	d.mu.Unlock()
	d.done <- key
	answer(w, booking)
}

func answer(w http.ResponseWriter, booking string) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = fmt.Fprintf(w, `{"slots":{"booking":%q}}`, booking)
}

func (d *bookingDesk) snapshot() (calls []string, booked map[string]string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	booked = map[string]string{}
	for k, v := range d.booked {
		booked[k] = v
	}
	return append([]string(nil), d.calls...), booked
}

// deskConfig writes a config whose orders bot confirms, then books through the
// desk with a webhook timeout of one second.
func deskConfig(t *testing.T, deskURL string) string {
	t.Helper()
	return ordersProject(t, `      - id: confirm
        confirm: {prompt: "Place the order?"}
      - id: place
        action:
          name: place_order
          webhook: {url: "`+deskURL+`/book", timeout: 1s}
          outputs: [booking]
          reply: "Order {booking} placed."
`, "", "")
}

// TestASlowActionIsPerformedOnceAcrossTurnsAndARestart: the first booking call takes
// longer than the action's timeout, so its outcome is unknown: the user is told so,
// not that it failed. Every retry of that execution (the next message "hello", which
// finds the booking still under way; after a kill -9 and a restart on the same
// database, "try again") sends the same Idempotency-Key and the same body, so the
// desk books once and the user gets that booking. A second order later in the
// conversation is a new execution with a new key: two orders, two bookings, none
// twice.
func TestASlowActionIsPerformedOnceAcrossTurnsAndARestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills a real process")
	}
	desk := newBookingDesk(t, 3*time.Second)
	cfg := deskConfig(t, desk.URL)
	db := filepath.Join(t.TempDir(), "parley.db")
	bin := buildBinary(t)
	cmd, base := startProcess(t, bin, "-db", db, "-config", cfg)
	conv := func(base string) string { return base + "/v1/bots/orders/conversations/o1/messages" }
	turn := func(base, id, text, want string) {
		t.Helper()
		code, b, _ := post(t, conv(base), fmt.Sprintf(`{"id":%q,"text":%q}`, id, text))
		var r struct {
			Replies []struct{ Text string } `json:"replies"`
		}
		_ = json.Unmarshal(b, &r)
		if code != http.StatusOK || len(r.Replies) == 0 || !strings.Contains(r.Replies[0].Text, want) {
			t.Fatalf("%s %q: %d %s; want a reply with %q", id, text, code, b, want)
		}
	}
	turn(base, "m1", "I'd like to place an order", "Place the order?")
	turn(base, "m2", "yes", "haven't heard back yet")   // the call was cut after 1 s
	turn(base, "m3", "hello", "haven't heard back yet") // the desk is still booking: 409
	first := waitChan(t, "the first booking to finish", desk.done)

	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	_, base = startProcess(t, bin, "-db", db, "-config", cfg)
	turn(base, "m4", "try again", "Order B-1 placed.")
	turn(base, "m5", "place an order please", "Place the order?")
	turn(base, "m6", "yes", "Order B-2 placed.")

	calls, booked := desk.snapshot()
	if len(booked) != 2 {
		t.Fatalf("the desk booked %d times (%v), want 2: one per order", len(booked), booked)
	}
	second := ""
	for k := range booked {
		if k != first {
			second = k
		}
	}
	want := []string{first, first, first, second}
	if strings.Join(calls, " ") != strings.Join(want, " ") {
		t.Fatalf("calls with keys %q; want the first order's key on its three calls, a new one for the second order: %q", calls, want)
	}
	if first != "orders/o1/order/place/1" || second != "orders/o1/order/place/2" {
		t.Fatalf("keys %q and %q do not name the executions (bot/conversation/flow/step/execution)", first, second)
	}
}
