package httpapi

import (
	"cmp"
	"net/http"

	"github.com/parleyhq/parley"
)

// Graph is the body of GET /v1/bots/{bot}/graph.
type Graph struct {
	Bot     string `json:"bot"`
	Engine  string `json:"engine"`
	Machine string `json:"machine"`
	Format  string `json:"format"`
	Source  string `json:"source"`
}

// getGraph answers GET /v1/bots/{bot}/graph?format=mermaid|dot&machine=engine|lifecycle
// with the diagram source of the bot's engine machine or of the actor lifecycle
// (seed 004) every conversation runs in.
func (h *Handler) getGraph(w http.ResponseWriter, r *http.Request) error {
	bot, err := h.rt.Bot(r.PathValue("bot"))
	if err != nil {
		return err
	}
	q := r.URL.Query()
	format := cmp.Or(q.Get("format"), "mermaid")
	if format != "mermaid" && format != "dot" {
		return parley.Errorf(parley.EINVALID, "format must be mermaid or dot, got %q", format)
	}
	out := Graph{Bot: bot.Name, Engine: bot.Engine.Kind(), Machine: cmp.Or(q.Get("machine"), "engine"), Format: format}
	switch out.Machine {
	case "engine":
		out.Source, err = bot.Graph(format)
	case "lifecycle":
		out.Source, err = h.lifecycleGraph(format)
	default:
		return parley.Errorf(parley.EINVALID, "machine must be engine or lifecycle, got %q", out.Machine)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// lifecycleGraph is the diagram of the actor lifecycle, when the server draws one.
func (h *Handler) lifecycleGraph(format string) (string, error) {
	if h.opts.Lifecycle == nil {
		return "", parley.Errorf(parley.ENOTFOUND, "this server draws no lifecycle")
	}
	return h.opts.Lifecycle.Graph(format)
}
