package flows

// Immediate reports whether the engine's decisions wait on nothing outside the
// process (parley.Immediate): no model writes its replies and no step or validator
// calls a webhook or a registered function (after Parse, every func: is a webhook
// whose Func is set), so a turn is CPU alone.
func (e *Engine) Immediate() bool {
	if e.writer != nil {
		return false
	}
	for _, f := range e.def.Flows {
		for _, st := range f.Steps {
			if st.Action != nil && st.Action.Webhook != nil {
				return false
			}
		}
		for _, s := range f.Slots {
			for _, v := range s.Validators {
				if v.Webhook != nil {
					return false
				}
			}
		}
	}
	return true
}
