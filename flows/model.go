package flows

import (
	"strings"

	"github.com/parleyhq/parley/nlu"
)

// flowLabel prefixes a flow's name among the intent model's labels, so that no
// flow name is taken for a built-in intent.
const flowLabel = "flow:"

// trainFlowModel learns, when a bot loads, an intent model of the flows' trigger
// examples and keywords (one label per flow) beside the built-in intents'
// examples, which stand for what starts no flow (issue 38 item 3). Training is a
// millisecond or so (BenchmarkTrainFlowModel).
func trainFlowModel(def *Definition) *nlu.IntentModel {
	data := nlu.BuiltinExamples()
	for i := range data {
		// The built-in grammar's sentences would outweigh a flow's few
		// examples ("a car" read for "a person"); the built-in intents are read
		// by their own model and rules first (builtinIntent), so here their
		// hand-written examples stand for what starts no flow.
		data[i].Generated = nil
	}
	for _, f := range def.Flows {
		ex := append(append([]string(nil), f.Trigger.Examples...), f.Trigger.Keywords...)
		data = append(data, nlu.Labelled{Intent: flowLabel + f.Name, Examples: ex})
	}
	return nlu.TrainIntents(data)
}

// flowOfModel is the flow the intent model reads the message as starting, at
// nlu.BuiltinActThreshold or above (starting a flow acts): what the keyword
// and example overlap (classify) did not find ("could you sort me out with
// plane tickets" for a flow whose examples say "I need a flight"); nil below it,
// or when the message is a built-in intent.
func (tu *turn) flowOfModel() *flow {
	if tu.e.model == nil || tu.in.Message.NLU != nil || tu.builtinIntent() != "" {
		// A built-in intent ("cancel" with nothing to cancel) is answered as
		// one, not taken for the flow whose keywords share its words.
		return nil
	}
	r := tu.e.model.Classify(tu.text)
	name, ok := strings.CutPrefix(r.Intent, flowLabel)
	if !ok || r.Confidence < nlu.BuiltinActThreshold {
		return nil
	}
	return tu.e.flows[name]
}
