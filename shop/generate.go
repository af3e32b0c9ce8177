package shop

import (
	"slices"

	"github.com/parleyhq/parley"
)

// Texts a shop bot may have its model write (Config.Generate).
const (
	// GenerateIntro is the lead-in of a page of product cards ("Here's what I
	// found for hoodies under 50:").
	GenerateIntro = "intro"
	// GenerateClarify is a clarifying question: a message not understood, a
	// search that found nothing, everything already shown.
	GenerateClarify = "clarify"
	// GenerateSmallTalk answers a greeting, thanks or a question about the bot.
	GenerateSmallTalk = "small_talk"
)

// briefs say how the model should put each text; the engine's draft says what.
var briefs = map[string]string{
	GenerateIntro: "One short, friendly sentence introducing the product cards shown right after it. " +
		"Keep what was searched for (words, category, price limits); name no product and no price.",
	GenerateClarify: "Ask the shopper, briefly and kindly, what they are looking for, " +
		"keeping every example and suggestion of the draft.",
	GenerateSmallTalk: "Answer warmly in one or two short sentences, keeping what the draft says the assistant can do.",
}

// checkGenerate refuses a Config.Generate entry that names no text.
func checkGenerate(list []string) error {
	for _, g := range list {
		if _, ok := briefs[g]; !ok {
			return parley.Errorf(parley.EINVALID, "shop: generate %q is not one of %s, %s, %s", g, GenerateIntro, GenerateClarify, GenerateSmallTalk)
		}
	}
	return nil
}

// generate returns the text of the turn's next reply: when the bot opts kind in
// and has a model, the model's version of draft, streamed as that reply's
// reply_delta events and recorded as a reply_generated event (key kind); otherwise,
// or when the model is off, slow or failing, draft. The turn has decided before.
func (t *turn) generate(kind, draft string) string {
	if draft == "" || !slices.Contains(t.e.cfg.Generate, kind) {
		return draft
	}
	// The shop keeps no messages in its state: the model sees the current one. The
	// engine does not know its bot's name; the writer cmd/parley wires in does.
	req := parley.ReplyRequest{Brief: briefs[kind], Draft: draft, Transcript: []string{"user: " + t.msg.Text}}
	text, generated := parley.GenerateReply(t.ctx, t.e.cfg.Writer, t.input, kind, req, len(t.replies), nil)
	if generated != nil {
		t.events = append(t.events, *generated)
	}
	return text
}
