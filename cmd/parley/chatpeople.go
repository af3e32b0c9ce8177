package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/parleyhq/parley"
)

// While a person has a conversation handed off to people, what they write comes as
// agent_message events, not as answers to the chat's turns: `parley chat` follows
// the conversation's stored events and prints each as "NAME (person)> TEXT".

// followEvery is how often the chat reads the conversation's new events.
const followEvery = 300 * time.Millisecond

// eventReader reads a conversation's stored events after a seq.
type eventReader func(ctx context.Context, key parley.ConversationKey, after int64, limit int) ([]parley.Event, error)

// lockedWriter lets the follower print between the chat's own lines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// follow starts following the chat's conversation once it exists (after a turn),
// and again after /new changed it.
func (c *chat) follow(ctx context.Context) {
	if c.events == nil || c.followed == c.key.ID {
		return
	}
	c.unfollowNow()
	fctx, cancel := context.WithCancel(ctx)
	c.unfollow, c.followed = cancel, c.key.ID
	key := c.key
	after, err := c.lastSeq(fctx, key)
	if err != nil {
		after = 0
	}
	go c.printPeople(fctx, key, after)
}

// unfollowNow stops following.
func (c *chat) unfollowNow() {
	if c.unfollow != nil {
		c.unfollow()
	}
}

// lastSeq is the seq of the conversation's last stored event: what came before the
// chat followed it is not printed again.
func (c *chat) lastSeq(ctx context.Context, key parley.ConversationKey) (int64, error) {
	var after int64
	for {
		events, err := c.events(ctx, key, after, 1000)
		if err != nil || len(events) == 0 {
			return after, err
		}
		after = events[len(events)-1].Seq
	}
}

// printPeople prints the agent messages stored after seq after until ctx ends.
func (c *chat) printPeople(ctx context.Context, key parley.ConversationKey, after int64) {
	tick := time.NewTicker(followEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		events, err := c.events(ctx, key, after, 200)
		if err != nil {
			continue
		}
		for _, e := range events {
			after = e.Seq
			if e.Type != parley.EventAgentMessage {
				continue
			}
			var m parley.AgentMessageEvent
			if json.Unmarshal(e.Data, &m) == nil {
				fmt.Fprintf(c.out, "%s (person)> %s\n", m.Agent, indentLines(m.Text, "     "))
			}
		}
	}
}

// remoteEvents reads a server's stored events of a conversation (GET .../history).
func remoteEvents(base, token string) eventReader {
	client := &http.Client{Timeout: 10 * time.Second}
	return func(ctx context.Context, key parley.ConversationKey, after int64, limit int) ([]parley.Event, error) {
		u := base + "/v1/bots/" + url.PathEscape(key.Bot) + "/conversations/" + url.PathEscape(key.ID) +
			"/history?after=" + strconv.FormatInt(after, 10) + "&limit=" + strconv.Itoa(limit)
		var h struct {
			Events []parley.Event `json:"events"`
		}
		if err := getAPI(ctx, client, u, token, &h); err != nil {
			return nil, parley.WrapError(parley.EUNAVAILABLE, err, "history")
		}
		return h.Events, nil
	}
}

// getAPI GETs u from a Parley server with token (when not empty) and decodes its JSON
// body into v; a status other than 200 is an error naming it.
func getAPI(ctx context.Context, client *http.Client, u, token string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", req.URL.Path, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}
