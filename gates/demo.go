package gates

import (
	_ "embed"
	"slices"
)

//go:embed demo/coach.json
var coachFlow []byte

// DemoFlowID is the id the demo flow is stored under.
const DemoFlowID = "coach"

// DemoFlow returns the coach bot's flow definition (gates/demo/coach.json): seed
// 002's fitness example. The caller stores it, as flow "coach", before Demo runs.
func DemoFlow() []byte { return slices.Clone(coachFlow) }

// Demo returns the coach bot's engine reading flow "coach" from src.
func Demo(src FlowSource) (*Engine, error) {
	return New(Options{FlowID: DemoFlowID, Source: src})
}
