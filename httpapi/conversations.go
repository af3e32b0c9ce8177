package httpapi

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/parleyhq/parley"
)

// List page sizes.
const (
	defaultListLimit    = 20
	maxListLimit        = 100
	defaultHistoryLimit = 200
	maxHistoryLimit     = 1000
)

// ConversationItem is one entry of a conversation listing.
type ConversationItem = parley.ConversationSummary

// ConversationList is the body of GET /v1/bots/{bot}/conversations. NextCursor is
// empty on the last page.
type ConversationList struct {
	Conversations []ConversationItem `json:"conversations"`
	NextCursor    string             `json:"next_cursor"`
}

// listConversations answers GET /v1/bots/{bot}/conversations?cursor=&limit=&prefix=:
// the bot's conversations, most recently active first, with their current states,
// those waiting for a person marked with their handoff; with waiting=person, the
// queue of those alone (waitingList).
func (h *Handler) listConversations(w http.ResponseWriter, r *http.Request) error {
	bot, err := h.rt.Bot(r.PathValue("bot"))
	if err != nil {
		return err
	}
	lister, ok := h.store.(parley.ConversationLister)
	if !ok {
		return parley.Errorf(parley.ENOTFOUND, "this store cannot list conversations")
	}
	query := r.URL.Query()
	limit, err := intParam(query.Get("limit"), "limit", defaultListLimit, maxListLimit)
	if err != nil {
		return err
	}
	switch query.Get("waiting") {
	case "":
	case waitingPerson:
		return h.waitingList(w, r, lister, bot, limit)
	default:
		return parley.Errorf(parley.EINVALID, "waiting must be %q, got %q", waitingPerson, query.Get("waiting"))
	}
	q := parley.ConversationQuery{Bot: bot.Name, IDPrefix: query.Get("prefix"), Limit: limit + 1}
	if q.After, err = cursorParam(query.Get("cursor")); err != nil {
		return err
	}
	convs, err := lister.ListConversations(r.Context(), q)
	if err != nil {
		return err
	}
	page, err := h.conversationPage(r.Context(), bot, convs, limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

// cursorParam decodes the listing's optional cursor= (nil: from the start).
func cursorParam(c string) (*parley.ConversationPosition, error) {
	if c == "" {
		return nil, nil
	}
	return decodeCursor(c)
}

// conversationPage is a page of at most limit of convs (read one past it) with the
// cursor of the next page when there is one; a conversation waiting for a person
// carries its handoff.
func (h *Handler) conversationPage(ctx context.Context, bot *parley.Bot, convs []parley.Conversation, limit int) (ConversationList, error) {
	out := ConversationList{Conversations: make([]ConversationItem, 0, min(len(convs), limit))}
	if len(convs) > limit {
		convs = convs[:limit]
		last := convs[limit-1]
		out.NextCursor = encodeCursor(parley.ConversationPosition{UpdatedAt: last.UpdatedAt, ID: last.Key.ID})
	}
	for i := range convs {
		item, err := parley.WaitingSummary(ctx, h.store, bot, &convs[i])
		if err != nil {
			return out, err
		}
		out.Conversations = append(out.Conversations, validState(item))
	}
	return out, nil
}

// validState shows a state that is not JSON as null.
func validState(item ConversationItem) ConversationItem {
	if !json.Valid(item.State) {
		item.State = json.RawMessage("null")
	}
	return item
}

// intParam parses an optional positive integer query parameter, capped at max.
func intParam(s, name string, def, max int) (int, error) {
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, parley.Errorf(parley.EINVALID, "%s must be a positive integer, got %q", name, s)
	}
	return min(n, max), nil
}

// encodeCursor makes an opaque cursor of a listing position: the last entry's
// activity time (unix microseconds) and id.
func encodeCursor(p parley.ConversationPosition) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(p.UpdatedAt.UnixMicro(), 10) + ":" + p.ID))
}

func decodeCursor(s string) (*parley.ConversationPosition, error) {
	bad := parley.Errorf(parley.EINVALID, "cursor %q is not one this server returned", s)
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, bad
	}
	at, id, ok := strings.Cut(string(b), ":")
	if !ok {
		return nil, bad
	}
	us, err := strconv.ParseInt(at, 10, 64)
	if err != nil {
		return nil, bad
	}
	return &parley.ConversationPosition{UpdatedAt: time.UnixMicro(us).UTC(), ID: id}, nil
}

// HistoryEntry is one stored event of a conversation; a turn event carries the
// response its message got (replies, state, lifecycle and version after the turn).
type HistoryEntry struct {
	parley.Event
	Response json.RawMessage `json:"response,omitempty"`
}

// History is the body of GET .../history. NextAfter is the after= of the next page,
// 0 on the last one.
type History struct {
	Events    []HistoryEntry `json:"events"`
	NextAfter int64          `json:"next_after"`
}

// getHistory answers GET .../conversations/{conversation}/history?after=&limit=: the
// stored event log after seq `after`, each turn joined with its stored response. This
// is what time travel replays: the state after every turn is the one its response
// recorded; versions made by lifecycle controls change no engine state but reset's
// and handback's, which show as the next turn's or the current state.
func (h *Handler) getHistory(w http.ResponseWriter, r *http.Request) error {
	k, err := h.readKey(r)
	if err != nil {
		return err
	}
	query := r.URL.Query()
	limit, err := intParam(query.Get("limit"), "limit", defaultHistoryLimit, maxHistoryLimit)
	if err != nil {
		return err
	}
	after, err := seqParam(query.Get("after"), "after")
	if err != nil {
		return err
	}
	if _, err := h.store.Conversation(r.Context(), k); err != nil {
		return err
	}
	events, err := h.store.Events(r.Context(), k, after, limit)
	if err != nil {
		return err
	}
	out := History{}
	if out.Events, err = h.historyEntries(r.Context(), k, events); err != nil {
		return err
	}
	if len(events) == limit {
		out.NextAfter = events[len(events)-1].Seq
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// seqParam parses an optional event seq named name (after=, Last-Event-ID): a
// non-negative integer, 0 when absent.
func seqParam(s, name string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, parley.Errorf(parley.EINVALID, "%s must be a non-negative integer, got %q", name, s)
	}
	return n, nil
}

// historyEntries joins each turn event with its stored response.
func (h *Handler) historyEntries(ctx context.Context, k parley.ConversationKey, events []parley.Event) ([]HistoryEntry, error) {
	out := make([]HistoryEntry, 0, len(events))
	for _, e := range events {
		entry := HistoryEntry{Event: e}
		if e.Type == parley.EventTurn {
			var err error
			if entry.Response, err = h.turnResponse(ctx, k, e.Data); err != nil {
				return nil, err
			}
		}
		out = append(out, entry)
	}
	return out, nil
}

// turnResponse returns the stored response of a turn event's message, or nil for a
// turn without one (a handback).
func (h *Handler) turnResponse(ctx context.Context, k parley.ConversationKey, data json.RawMessage) (json.RawMessage, error) {
	var turn parley.TurnEvent
	if json.Unmarshal(data, &turn) != nil || turn.MessageID == "" {
		return nil, nil
	}
	body, ok, err := h.rt.ProcessedResponse(ctx, k, turn.MessageID)
	if err != nil || !ok || !json.Valid(body) {
		return nil, err
	}
	return body, nil
}
