// Command idempotent-receiver is a webhook receiver for Parley's flows actions that
// honours Idempotency-Key, so that it performs each execution of an action once
// however many times Parley sends it (docs/reference/actions.md says when it does:
// an attempt cut at its timeout, an unknown outcome retried, a call the server was
// making when it stopped). It places orders:
//
//	go run ./examples/idempotent-receiver -addr 127.0.0.1:9090
//
// and a flow's action points at it:
//
//	action:
//	  webhook: {url: "http://127.0.0.1:9090/orders", timeout: 10s}
//	  outputs: [order_id]
//
// The rules, per key: the first request performs the order and stores its answer;
// a request with a key whose order is being placed gets 409 (Parley keeps the
// outcome unknown and sends it again later); a request with a key already answered
// gets that answer again, performing nothing; the same key with another body is
// refused (422): Parley never does that, so it is a bug somewhere. A request without
// a key is refused (400). This example keeps the keys in memory; a real receiver
// stores them in the same transaction as the order, so that a restart forgets
// neither.
package main

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"sync"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9090", "listen address")
	flag.Parse()
	r := NewReceiver(func(req Request) (string, error) {
		return fmt.Sprintf("O-%s-%d", req.Conversation, len(req.Slots)), nil
	})
	log.Printf("orders receiver on http://%s/orders", *addr)
	log.Fatal(http.ListenAndServe(*addr, r))
}

// Request is the part of Parley's action request the receiver reads
// (docs/schemas/action-request.schema.json).
type Request struct {
	Conversation string         `json:"conversation_id"`
	Action       string         `json:"action"`
	Slots        map[string]any `json:"slots"`
}

// PlaceFunc performs an order and returns its id.
type PlaceFunc func(Request) (string, error)

// Receiver is the http.Handler of the orders endpoint.
type Receiver struct {
	place PlaceFunc

	mu   sync.Mutex
	keys map[string]*execution
}

// execution is what the receiver knows of one key: the digest of its body and,
// once the order is placed, the answer.
type execution struct {
	digest [32]byte
	done   bool
	status int
	answer []byte
}

// NewReceiver returns a receiver that places orders with place.
func NewReceiver(place PlaceFunc) *Receiver {
	return &Receiver{place: place, keys: map[string]*execution{}}
}

func (rc *Receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	key := r.Header.Get("Idempotency-Key")
	switch {
	case r.Method != http.MethodPost:
		reply(w, http.StatusMethodNotAllowed, map[string]string{"error": "POST only"})
		return
	case err != nil:
		reply(w, http.StatusBadRequest, map[string]string{"error": "unreadable body"})
		return
	case key == "":
		reply(w, http.StatusBadRequest, map[string]string{"error": "Idempotency-Key is required"})
		return
	}
	ex, first := rc.claim(key, sha256.Sum256(body))
	switch {
	case ex == nil:
		reply(w, http.StatusUnprocessableEntity, map[string]string{"error": "this Idempotency-Key was used with another body"})
	case !first && !ex.done:
		reply(w, http.StatusConflict, map[string]string{"error": "a request with this key is in progress"})
	case !first:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(ex.status)
		_, _ = w.Write(ex.answer)
	default:
		rc.perform(w, key, ex, body)
	}
}

// claim returns the key's execution and whether this request is the first with
// it (the caller then performs it); nil when the key was used with another body.
func (rc *Receiver) claim(key string, digest [32]byte) (*execution, bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if ex, ok := rc.keys[key]; ok {
		if ex.digest != digest {
			return nil, false
		}
		return ex, false
	}
	ex := &execution{digest: digest}
	rc.keys[key] = ex
	return ex, true
}

// perform places the order of the key's first request and stores the answer.
// A request Parley cannot act on is refused with 422 and stored as such: the same
// key gets the same refusal. An order that fails for a reason that may pass is
// forgotten, so that the same key may try again.
func (rc *Receiver) perform(w http.ResponseWriter, key string, ex *execution, body []byte) {
	var req Request
	if err := json.Unmarshal(body, &req); err != nil {
		rc.finish(w, ex, http.StatusUnprocessableEntity, map[string]string{"error": "not an action request"})
		return
	}
	id, err := rc.place(req)
	if err != nil {
		rc.mu.Lock()
		delete(rc.keys, key)
		rc.mu.Unlock()
		reply(w, http.StatusServiceUnavailable, map[string]string{"error": err.Error()})
		return
	}
	rc.finish(w, ex, http.StatusOK, map[string]any{"slots": map[string]string{"order_id": id}})
}

// finish stores the answer of an execution and sends it.
func (rc *Receiver) finish(w http.ResponseWriter, ex *execution, status int, v any) {
	answer, _ := json.Marshal(v)
	rc.mu.Lock()
	ex.done, ex.status, ex.answer = true, status, answer
	rc.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(answer)
}

func reply(w http.ResponseWriter, status int, v any) {
	b, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}
