package shop_test

import (
	"strings"
	"testing"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestShopAnswersItsQuestionsFromItsConfiguration pins Config.Answers: a
// question about a topic the shop answers gets that answer, one about a topic
// it does not answer is offered a person, neither searches nor counts an
// attempt; an answer to a topic that does not exist is refused.
func TestShopAnswersItsQuestionsFromItsConfiguration(t *testing.T) {
	cfg := shop.DefaultConfig()
	cfg.BaseURL = "https://shop.example.com"
	cfg.Answers = map[string]string{nlu.TopicShipping: "We ship worldwide in 3 to 5 working days."}
	c := newConversation(t, newEngine(t, cfg, newFakeCatalog(3)))
	cases := []struct{ text, reply string }{
		{"how long does delivery take?", "We ship worldwide in 3 to 5 working days."},
		{"do you take paypal?", "Good question! For payment, a person from the shop can tell you"},
	}
	for _, tc := range cases {
		d := c.send(tc.text, "")
		st := stateOf(t, d)
		if got := *st.Conversation.LastIntent; got != nlu.ShopQuestion {
			t.Errorf("%q: intent %s, want %s", tc.text, got, nlu.ShopQuestion)
		}
		if st.Conversation.ClarificationAttempts != 0 || len(st.PageProductIDs) != 0 {
			t.Errorf("%q: %d attempts, page %v; want none", tc.text, st.Conversation.ClarificationAttempts, st.PageProductIDs)
		}
		if len(d.Replies) == 0 || !strings.HasPrefix(d.Replies[0].Text, tc.reply) {
			t.Errorf("%q: replies %v, want one starting %q", tc.text, d.Replies, tc.reply)
		}
	}
	cfg.Answers = map[string]string{"weather": "sunny"}
	if _, err := shop.New(cfg, newFakeCatalog(1)); parley.ErrorCode(err) != parley.EINVALID {
		t.Errorf("an answer to an unknown topic: %v, want EINVALID", err)
	}
}
