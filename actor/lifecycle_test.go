package actor

import (
	"errors"
	"flag"
	"regexp"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
	"github.com/parleyhq/parley/fsm/fsmtest"
	"pgregory.net/rapid"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// The expected tables below are written out from seed 004, never derived from the
// machine or the methods: a change to lifecycle.go that is not also made here fails.

var (
	lifecycleStates = []parley.Lifecycle{parley.LifecycleCreated, parley.LifecycleIdle, parley.LifecycleRunning,
		parley.LifecyclePaused, parley.LifecycleError, parley.LifecycleCancelled, parley.LifecycleCompleted}
	lifecycleEvents = []LifecycleEvent{LifecycleEventProcessInteraction, LifecycleEventPause, LifecycleEventCancel,
		LifecycleEventPing, LifecycleEventShutdown, LifecycleEventInteractionCompleteSuccess,
		LifecycleEventInteractionCompleteError, LifecycleEventInactivityTimeout, LifecycleEventError}
)

// TestMoveTakesTheTable: move takes exactly the table's transitions, refuses every
// other (state, event) pair with the table's own error, and refuses an unknown
// state with EINVALIDSTATE.
func TestMoveTakesTheTable(t *testing.T) {
	for _, s := range lifecycleStates {
		for _, ev := range lifecycleEvents {
			st, err := move(s, ev, "why")
			want, ok := Lifecycle.Next(s, ev)
			switch {
			case ok && (err != nil || st != step{from: s, to: want, reason: "why"}):
				t.Errorf("%s --%s--> move gives %+v, %v; the table %s", s, ev, st, err, want)
			case !ok:
				var te, tableErr *fsm.TransitionError[parley.Lifecycle, LifecycleEvent]
				if !errors.As(err, &te) || !errors.As(Lifecycle.Check(s, ev, ""), &tableErr) {
					t.Fatalf("%s --%s--> refused with %v, want a TransitionError", s, ev, err)
				}
				if te.Error() != tableErr.Error() || parley.ErrorCode(err) != parley.ETRANSITION {
					t.Errorf("%s --%s--> refused with %q (%s), the table with %q", s, ev, te, parley.ErrorCode(err), tableErr)
				}
			}
		}
	}
	for _, ev := range lifecycleEvents {
		if _, err := move("zombie", ev, ""); parley.ErrorCode(err) != parley.EINVALIDSTATE {
			t.Errorf("unknown state --%s--> %v, want %s", ev, err, parley.EINVALIDSTATE)
		}
	}
}

// mermaidLines picks what a Mermaid rendering says about the states: the declared
// ones in order, the initial one, the terminal ones.
func mermaidLines(mermaid string) (states []string, initial string, terminal []string) {
	for _, m := range regexp.MustCompile(`(?m)^    state "([^"]+)" as`).FindAllStringSubmatch(mermaid, -1) {
		states = append(states, m[1])
	}
	if m := regexp.MustCompile(`(?m)^    \[\*\] --> s_(\S+)$`).FindStringSubmatch(mermaid); m != nil {
		initial = m[1]
	}
	for _, m := range regexp.MustCompile(`(?m)^    s_(\S+) --> \[\*\]$`).FindAllStringSubmatch(mermaid, -1) {
		terminal = append(terminal, m[1])
	}
	return states, initial, terminal
}

func TestLifecycleMatchesSeed004(t *testing.T) {
	type e = fsm.Transition[parley.Lifecycle, LifecycleEvent]
	edges := []e{
		{From: "created", Trigger: "ProcessInteraction", To: "idle"},         // diagram "Created --ProcessInteraction--> Idle"
		{From: "idle", Trigger: "ProcessInteraction", To: "running"},         // "Idle | ProcessInteraction | Running"
		{From: "idle", Trigger: "Pause", To: "paused"},                       // "Idle | Pause | Paused"
		{From: "idle", Trigger: "Cancel", To: "cancelled"},                   // "Idle | Cancel | Cancelled"
		{From: "idle", Trigger: "InactivityTimeout", To: "completed"},        // "Idle | InactivityTimeout | Completed"
		{From: "running", Trigger: "InteractionCompleteSuccess", To: "idle"}, // "Running | InteractionComplete (success) | Idle"
		{From: "running", Trigger: "InteractionCompleteError", To: "error"},  // "Running | InteractionComplete (error) | Error"
		{From: "running", Trigger: "Pause", To: "paused"},                    // "Running | Pause | Paused"
		{From: "running", Trigger: "Cancel", To: "cancelled"},                // "Running | Cancel | Cancelled"
		{From: "paused", Trigger: "ProcessInteraction", To: "idle"},          // "Paused | ProcessInteraction | Idle"
		{From: "paused", Trigger: "InactivityTimeout", To: "completed"},      // "Paused | InactivityTimeout | Completed"
		{From: "created", Trigger: "Error", To: "error"},                     // "Any | Error | Error"
		{From: "idle", Trigger: "Error", To: "error"},                        // "Any | Error | Error"
		{From: "running", Trigger: "Error", To: "error"},                     // "Any | Error | Error"
		{From: "paused", Trigger: "Error", To: "error"},                      // "Any | Error | Error"
		{From: "created", Trigger: "Cancel", To: "cancelled"},                // "Any | Cancel | Cancelled"
		{From: "paused", Trigger: "Cancel", To: "cancelled"},                 // "Any | Cancel | Cancelled"
	}
	states, initial, terminal := mermaidLines(Lifecycle.Mermaid())
	want := []string{"created", "idle", "running", "paused", "error", "cancelled", "completed"}
	if diff := cmp.Diff(want, states); diff != "" {
		t.Errorf("states (-seed +machine):\n%s", diff)
	}
	if initial != "created" {
		t.Errorf("initial %q, seed says created", initial)
	}
	if diff := cmp.Diff([]string{"error", "cancelled", "completed"}, terminal); diff != "" { // "Terminal: Yes"
		t.Errorf("terminal states (-seed +machine):\n%s", diff)
	}
	next := map[[2]string]parley.Lifecycle{}
	for _, tr := range edges {
		next[[2]string{string(tr.From), string(tr.Trigger)}] = tr.To
	}
	if got := len(Lifecycle.Transitions()); got != len(edges) {
		t.Errorf("the machine has %d transitions, the seed %d", got, len(edges))
	}
	for _, tr := range Lifecycle.Transitions() {
		if to, ok := next[[2]string{string(tr.From), string(tr.Trigger)}]; !ok || to != tr.To {
			t.Errorf("transition %s --%s--> %s is not in the seed", tr.From, tr.Trigger, tr.To)
		}
	}
	for _, from := range lifecycleStates {
		if !Lifecycle.Has(from) {
			t.Errorf("state %s is not declared", from)
		}
		for _, ev := range lifecycleEvents {
			want, ok := next[[2]string{string(from), string(ev)}]
			got, gotOK := Lifecycle.Next(from, ev)
			if got != want || gotOK != ok {
				t.Errorf("Next(%s, %s) = %q, %v; seed says %q, %v", from, ev, got, gotOK, want, ok)
			}
			err := Lifecycle.Check(from, ev, want)
			var te *fsm.TransitionError[parley.Lifecycle, LifecycleEvent]
			switch {
			case ok && err != nil:
				t.Errorf("Check(%s, %s, %s) = %v", from, ev, want, err)
			case !ok && (!errors.As(err, &te) || te.From != from || te.Trigger != ev || parley.ErrorCode(err) != parley.ETRANSITION):
				t.Errorf("Check(%s, %s) = %v; want a TransitionError (%s)", from, ev, err, parley.ETRANSITION)
			}
		}
	}
	if Lifecycle.Has("zombie") {
		t.Error("an undeclared state is declared")
	}
}

// TestLifecycleResume pins the documented resume path: Paused --ProcessInteraction-->
// Idle, then the message runs with Idle --ProcessInteraction--> Running.
func TestLifecycleResume(t *testing.T) {
	s := parley.LifecyclePaused
	for _, want := range []parley.Lifecycle{parley.LifecycleIdle, parley.LifecycleRunning} {
		st, err := move(s, LifecycleEventProcessInteraction, "resume")
		if err != nil || st.to != want {
			t.Fatalf("processInteraction from %s = %q, %v; want %q", s, st.to, err, want)
		}
		s = st.to
	}
}

// TestLifecycleAgreesWithRoot keeps the machine's terminal states (those the table
// leaves by nothing) and the root package's Lifecycle.Terminal in step, and checks
// that no event of the table leaves a terminal state.
func TestLifecycleAgreesWithRoot(t *testing.T) {
	_, _, terminal := mermaidLines(Lifecycle.Mermaid())
	for _, s := range lifecycleStates {
		if got := slices.Contains(terminal, string(s)); got != s.Terminal() {
			t.Errorf("%s: machine terminal %v, parley.Lifecycle.Terminal %v", s, got, s.Terminal())
		}
		if !s.Terminal() {
			continue
		}
		for _, tr := range Lifecycle.Transitions() {
			if _, ok := Lifecycle.Next(s, tr.Trigger); ok {
				t.Errorf("terminal %s accepts %s", s, tr.Trigger)
			}
		}
	}
}

// TestRandomLifecycleSequences walks random event sequences from random states
// through move: the walk never reaches an undeclared state, never leaves a
// terminal one, and every step is the table's.
func TestRandomLifecycleSequences(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		state := rapid.SampledFrom(lifecycleStates).Draw(t, "start")
		events := append(slices.Clone(lifecycleEvents), "bogus")
		for _, ev := range rapid.SliceOfN(rapid.SampledFrom(events), 0, 60).Draw(t, "events") {
			st, err := move(state, ev, "why")
			moved := err == nil
			want, ok := Lifecycle.Next(state, ev)
			switch {
			case moved && !Lifecycle.Has(st.to):
				t.Fatalf("%s --%s--> reached undeclared state %q", state, ev, st.to)
			case state.Terminal() && (err == nil || moved):
				t.Fatalf("left terminal state %s on %s (to %q, err %v)", state, ev, st.to, err)
			case ok != moved || (ok && st.to != want):
				t.Fatalf("%s --%s--> moved %v to %q (%v); the table says %q, %v", state, ev, moved, st.to, err, want, ok)
			}
			if moved {
				state = st.to
			}
		}
	})
}

// FuzzLifecycleCheck feeds Check the (from, event, to) strings the actor may read
// back from storage: it never panics and accepts exactly the table's edges.
func FuzzLifecycleCheck(f *testing.F) {
	f.Add("idle", "ProcessInteraction", "running")
	f.Add("running", "Ping", "running")
	f.Add("", "", "")
	f.Add("error", "Error", "error")
	f.Fuzz(func(t *testing.T, from, event, to string) {
		err := Lifecycle.Check(parley.Lifecycle(from), LifecycleEvent(event), parley.Lifecycle(to))
		want, ok := Lifecycle.Next(parley.Lifecycle(from), LifecycleEvent(event))
		if (err == nil) != (ok && string(want) == to) {
			t.Fatalf("Check(%q, %q, %q) = %v; Next gives %q, %v", from, event, to, err, want, ok)
		}
	})
}

func TestLifecycleDiagramsMatchGoldenFiles(t *testing.T) {
	fsmtest.CheckDiagrams(t, Lifecycle, "lifecycle", *update)
}

func BenchmarkLifecycle(b *testing.B) {
	b.Run("turn", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			st, _ := move(parley.LifecycleIdle, LifecycleEventProcessInteraction, "processing user interaction")
			if _, err := move(st.to, LifecycleEventInteractionCompleteSuccess, "interaction complete"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("refused", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := move(parley.LifecycleCompleted, LifecycleEventProcessInteraction, "late"); err == nil {
				b.Fatal("a terminal state accepted an event")
			}
		}
	})
}
