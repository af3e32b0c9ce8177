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
// 002's fitness example. The caller stores it as flow DemoFlowID and builds the
// engine with New(Options{FlowID: DemoFlowID, Source: ...}).
func DemoFlow() []byte { return slices.Clone(coachFlow) }
