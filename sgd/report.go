package sgd

import (
	"fmt"
	"io"
)

// Report is the outcome of a replay, one result per dialogue in file order.
type Report struct {
	Dialogues []DialogueResult
}

// DialogueResult is the outcome of one dialogue.
type DialogueResult struct {
	ID string
	// Service is the dialogue's service (the first, for a skipped dialogue of
	// several).
	Service string
	// Skipped says why the dialogue was not replayed (it then neither passes nor
	// fails).
	Skipped string
	// UserTurns is the number of user turns replayed, Matched those after which
	// the engine's active flow and slots matched the annotation.
	UserTurns, Matched int
	// Calls is the number of service calls the dialogue makes, CallsMatched those
	// the engine made at the same turn with the same parameters.
	Calls, CallsMatched int
	Mismatches          []Mismatch
}

// Passed reports whether the dialogue was replayed without a mismatch.
func (d *DialogueResult) Passed() bool { return d.Skipped == "" && len(d.Mismatches) == 0 }

// Mismatch is one difference between the engine and the annotation.
type Mismatch struct {
	// Turn is the 0-based index of the dialogue turn, as in the dataset.
	Turn      int
	Speaker   string
	Utterance string
	// What names what differs: "active intent", "slot NAME", "service call", "turn".
	What      string
	Want, Got string
}

func (m Mismatch) String() string {
	return fmt.Sprintf("turn %d (%s %q): %s: want %s, got %s", m.Turn, m.Speaker, m.Utterance, m.What, m.Want, m.Got)
}

// Totals sums a report.
type Totals struct {
	Dialogues, Passed, Skipped int
	UserTurns, Matched         int
	Calls, CallsMatched        int
}

// Totals sums the report's results.
func (r *Report) Totals() Totals {
	var t Totals
	for i := range r.Dialogues {
		t.add(r.Dialogues[i].totals())
	}
	return t
}

// totals are one dialogue's counts: a skipped dialogue counts as a dialogue
// and a skip only.
func (d *DialogueResult) totals() Totals {
	t := Totals{Dialogues: 1}
	if d.Skipped != "" {
		t.Skipped = 1
		return t
	}
	if d.Passed() {
		t.Passed = 1
	}
	t.UserTurns, t.Matched = d.UserTurns, d.Matched
	t.Calls, t.CallsMatched = d.Calls, d.CallsMatched
	return t
}

// add sums o into t.
func (t *Totals) add(o Totals) {
	t.Dialogues += o.Dialogues
	t.Passed += o.Passed
	t.Skipped += o.Skipped
	t.UserTurns += o.UserTurns
	t.Matched += o.Matched
	t.Calls += o.Calls
	t.CallsMatched += o.CallsMatched
}

// Write prints PASS, FAIL or SKIP per dialogue with its first mismatch (every
// mismatch when verbose), then the totals.
func (r *Report) Write(w io.Writer, verbose bool) error {
	for i := range r.Dialogues {
		if err := r.Dialogues[i].write(w, verbose); err != nil {
			return err
		}
	}
	if err := r.writeServices(w); err != nil {
		return err
	}
	return r.writeTotals(w)
}

// write prints the dialogue's PASS, FAIL or SKIP line (and, verbose, every
// mismatch after the first).
func (d *DialogueResult) write(w io.Writer, verbose bool) error {
	var err error
	switch {
	case d.Skipped != "":
		_, err = fmt.Fprintf(w, "SKIP %s: %s\n", d.ID, d.Skipped)
	case d.Passed():
		_, err = fmt.Fprintf(w, "PASS %s: %d/%d user turns matched, %d/%d service calls\n", d.ID, d.Matched, d.UserTurns, d.CallsMatched, d.Calls)
	default:
		_, err = fmt.Fprintf(w, "FAIL %s: %d/%d user turns matched, %d/%d service calls; first mismatch at %s\n",
			d.ID, d.Matched, d.UserTurns, d.CallsMatched, d.Calls, d.Mismatches[0])
		if err == nil && verbose {
			err = d.writeMismatches(w)
		}
	}
	return err
}

// writeMismatches prints every mismatch after the first.
func (d *DialogueResult) writeMismatches(w io.Writer) error {
	for _, m := range d.Mismatches[1:] {
		if _, err := fmt.Fprintf(w, "     %s\n", m); err != nil {
			return err
		}
	}
	return nil
}

// writeTotals prints the report's total line.
func (r *Report) writeTotals(w io.Writer) error {
	t := r.Totals()
	_, err := fmt.Fprintf(w, "total: %d/%d dialogues passed, %d/%d user turns matched, %d/%d service calls matched", t.Passed, t.Dialogues-t.Skipped, t.Matched, t.UserTurns, t.CallsMatched, t.Calls)
	if err == nil && t.Skipped > 0 {
		_, err = fmt.Fprintf(w, ", %d skipped", t.Skipped)
	}
	if err == nil {
		_, err = fmt.Fprintln(w)
	}
	return err
}

// ServiceTotals sums the report per service, in the order services first appear.
func (r *Report) ServiceTotals() ([]string, map[string]Totals) {
	var order []string
	per := map[string]Totals{}
	for i := range r.Dialogues {
		d := r.Dialogues[i]
		if _, ok := per[d.Service]; !ok {
			order = append(order, d.Service)
		}
		t := per[d.Service]
		t.add(d.totals())
		per[d.Service] = t
	}
	return order, per
}

// writeServices prints one line of totals per service.
func (r *Report) writeServices(w io.Writer) error {
	order, per := r.ServiceTotals()
	for _, name := range order {
		t := per[name]
		if _, err := fmt.Fprintf(w, "service %s: %d/%d dialogues passed, %d/%d user turns matched, %d/%d service calls matched\n",
			name, t.Passed, t.Dialogues-t.Skipped, t.Matched, t.UserTurns, t.CallsMatched, t.Calls); err != nil {
			return err
		}
	}
	return nil
}
