package main

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// diagramGeometry is what the page measures of the diagram panel.
type diagramGeometry struct {
	Panel struct{ X, Y, W, H float64 }
	// Drawn is the diagram's drawn box (Graphviz's g.graph), relative to the panel.
	Drawn struct{ X, Y, W, H float64 }
	// Text is the median rendered height of the node labels, in CSS pixels.
	Text  float64
	Scale float64
}

const measureDiagram = `(() => {
  const box = document.querySelector("#diagram");
  const p = box.getBoundingClientRect();
  const g = box.querySelector("svg g.graph").getBoundingClientRect();
  const hs = [...box.querySelectorAll("g.node text")].map(t => t.getBoundingClientRect().height).sort((a, b) => a - b);
  return JSON.stringify({Panel: {X: p.left, Y: p.top, W: p.width, H: p.height}, Drawn: {X: g.left - p.left, Y: g.top - p.top, W: g.width, H: g.height},
    Text: hs[Math.floor(hs.length / 2)] || 0, Scale: Number(box.dataset.scale)});
})()`

func measure(t *testing.T, tab context.Context, what string) diagramGeometry {
	t.Helper()
	var js string
	inspDo(t, tab, what, inspEval(measureDiagram, &js))
	var g diagramGeometry
	if err := json.Unmarshal([]byte(js), &g); err != nil {
		t.Fatalf("%s: %v (%s)", what, err, js)
	}
	return g
}

// TestInspectorDiagramsFitAndZoom: each demo bot's diagram is drawn whole inside
// its panel (the coach's was cut off) and fills it, its labels are readable (the
// shop's were shrunk past reading), zooming in makes them larger, dragging pans,
// and Fit shows the whole diagram again.
func TestInspectorDiagramsFitAndZoom(t *testing.T) {
	base, _ := testServer(t)
	dir := inspArtifacts(t)
	tab := browserTab(t)
	for _, bot := range []string{"shop", "coach", "booking", "hotel"} {
		inspDo(t, tab, bot+": open a conversation",
			chromedp.Navigate(base+"/inspect/#/bots/"+bot+"/conversations/zoom-"+bot),
			inspUntil(`document.querySelector("#diagram svg g.graph") !== null && Number(document.querySelector("#diagram").dataset.scale) > 0`),
		)
		var scrolled string
		inspDo(t, tab, bot+": bring the diagram into view",
			inspEval(`(document.querySelector("#diagram").scrollIntoView({block: "center"}), "")`, &scrolled))
		fit := measure(t, tab, bot+": measure the fitted diagram")
		const slack = 2.0
		if fit.Drawn.X < -slack || fit.Drawn.Y < -slack || fit.Drawn.X+fit.Drawn.W > fit.Panel.W+slack || fit.Drawn.Y+fit.Drawn.H > fit.Panel.H+slack {
			t.Errorf("%s: the fitted diagram is cut off: drawn %+v in a panel of %+v", bot, fit.Drawn, fit.Panel)
		}
		if fit.Drawn.W < 0.9*fit.Panel.W && fit.Drawn.H < 0.9*fit.Panel.H {
			t.Errorf("%s: the fitted diagram fills neither the panel's width nor its height: drawn %+v in %+v", bot, fit.Drawn, fit.Panel)
		}
		if fit.Text < 7 {
			t.Errorf("%s: labels are %.1f px high when fitted: too small to read", bot, fit.Text)
		}
		inspDo(t, tab, bot+": zoom in three times", inspShot(dir, "zoom-"+bot+"-fit"),
			chromedp.Click(chromedp.CSS("#zoom-in")), chromedp.Click(chromedp.CSS("#zoom-in")), chromedp.Click(chromedp.CSS("#zoom-in")),
			inspShot(dir, "zoom-"+bot+"-in"))
		in := measure(t, tab, bot+": measure the zoomed diagram")
		if in.Scale < fit.Scale*1.9 || in.Text < fit.Text*1.8 {
			t.Errorf("%s: zooming in 1.25^3 took the scale from %.3f to %.3f and labels from %.1f to %.1f px", bot, fit.Scale, in.Scale, fit.Text, in.Text)
		}
		var before, after string
		inspDo(t, tab, bot+": drag to pan",
			inspEval(`document.querySelector("#diagram svg").getAttribute("viewBox")`, &before),
			chromedp.DragAndDropXY(in.Panel.X+in.Panel.W/2, in.Panel.Y+in.Panel.H/2, in.Panel.X+in.Panel.W/2-120, in.Panel.Y+in.Panel.H/2-60, 5),
			inspEval(`document.querySelector("#diagram svg").getAttribute("viewBox")`, &after),
		)
		if before == after {
			t.Errorf("%s: dragging did not pan: view box %s", bot, after)
		}
		inspDo(t, tab, bot+": fit again", chromedp.Click(chromedp.CSS("#zoom-fit")))
		if again := measure(t, tab, bot+": measure after Fit"); fmt.Sprintf("%.2f", again.Scale) != fmt.Sprintf("%.2f", fit.Scale) {
			t.Errorf("%s: Fit gave scale %.3f, the first fit %.3f", bot, again.Scale, fit.Scale)
		}
	}
}
