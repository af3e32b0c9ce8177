package httpapi

import (
	"net/http"
	"time"

	"github.com/parleyhq/parley"
)

// The people's side of a handoff (docs/guides/handoff.md): the queue of
// conversations waiting for a person, a person's message into one of them, and
// the handback (a control, control in httpapi.go). A token with the agent scope
// may use these and the conversation's reads (auth.go).

// waitingPerson is the value of the listing's waiting= that asks for the queue.
const waitingPerson = "person"

// maxWaitingScan bounds how many of a bot's conversations, the most recently
// active first, the queue reads to find those waiting for a person.
const maxWaitingScan = 10000

// waitingList answers GET /v1/bots/{bot}/conversations?waiting=person: the bot's
// conversations waiting for a person (handed off, not handed back), the longest
// waiting first, at most limit, each with handoff {reason, since}. It has no next
// page: a queue longer than limit shows its oldest.
func (h *Handler) waitingList(w http.ResponseWriter, r *http.Request, lister parley.ConversationLister, bot *parley.Bot, limit int) error {
	if r.URL.Query().Get("cursor") != "" || r.URL.Query().Get("prefix") != "" {
		return parley.Errorf(parley.EINVALID, "waiting=person takes no cursor or prefix: the queue is one page, the longest waiting first")
	}
	waiting, err := parley.Waiting(r.Context(), lister, h.store, bot, limit, maxWaitingScan)
	if err != nil {
		return err
	}
	out := ConversationList{Conversations: make([]ConversationItem, 0, len(waiting))}
	for _, item := range waiting {
		out.Conversations = append(out.Conversations, validState(item))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// AgentMessageRequest is the body of POST .../agent-messages.
type AgentMessageRequest struct {
	ID     string     `json:"id"`
	Text   string     `json:"text"`
	Agent  string     `json:"agent"`
	SentAt *time.Time `json:"sent_at"`
}

// postAgentMessage answers POST .../conversations/{conversation}/agent-messages: a
// person's message into a conversation waiting for a person, stored in its history
// (an agent_message event) and streamed to its subscribers. The answer is the
// stored message; the same id and body again answers it again with
// Idempotent-Replay: true.
func (h *Handler) postAgentMessage(w http.ResponseWriter, r *http.Request) error {
	desk, ok := h.rt.(parley.AgentDesk)
	if !ok {
		return parley.Errorf(parley.ENOTFOUND, "this server takes no agent messages")
	}
	k, b, err := h.botRequest(r)
	if err != nil {
		return err
	}
	var req AgentMessageRequest
	if err := decodeStrict(b, &req); err != nil {
		return err
	}
	msg := parley.AgentMessageRequest{Key: k, ID: req.ID, Text: req.Text, Agent: req.Agent}
	if req.SentAt != nil {
		msg.SentAt = req.SentAt.UTC()
	}
	res, err := desk.AgentMessage(r.Context(), msg)
	if err != nil {
		return err
	}
	if res.Replayed {
		w.Header().Set("Idempotent-Replay", "true")
	}
	writeBody(w, http.StatusOK, res.Body)
	return nil
}
