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

// fire sends ev to the lifecycle method of that event: the step it takes, or moved
// false for an event handled without a transition (Ping, Shutdown).
func fire(l lifecycle, ev LifecycleEvent) (st step, moved bool, err error) {
	var move func(lifecycle, string) (step, error)
	switch ev {
	case LifecycleEventPing:
		return step{}, false, l.ping()
	case LifecycleEventShutdown:
		return step{}, false, l.shutdown()
	case LifecycleEventProcessInteraction:
		move = lifecycle.processInteraction
	case LifecycleEventPause:
		move = lifecycle.pause
	case LifecycleEventCancel:
		move = lifecycle.cancel
	case LifecycleEventInteractionCompleteSuccess:
		move = lifecycle.completeSuccess
	case LifecycleEventInteractionCompleteError:
		move = lifecycle.completeError
	case LifecycleEventInactivityTimeout:
		move = lifecycle.inactivityTimeout
	case LifecycleEventError:
		move = lifecycle.fail
	default:
		return step{}, false, l.illegal(ev)
	}
	st, err = move(l, "why")
	return st, err == nil, err
}

// TestLifecycleMethodsFollowTheSeedTable checks every (state, event) pair through
// the lifecycle methods against seed 004's Transition Rules, written out here.
func TestLifecycleMethodsFollowTheSeedTable(t *testing.T) {
	type pair struct {
		from parley.Lifecycle
		ev   LifecycleEvent
	}
	rules := map[pair]parley.Lifecycle{
		{parley.LifecycleCreated, LifecycleEventProcessInteraction}:         parley.LifecycleIdle,
		{parley.LifecycleIdle, LifecycleEventProcessInteraction}:            parley.LifecycleRunning,
		{parley.LifecycleIdle, LifecycleEventPause}:                         parley.LifecyclePaused,
		{parley.LifecycleIdle, LifecycleEventCancel}:                        parley.LifecycleCancelled,
		{parley.LifecycleIdle, LifecycleEventInactivityTimeout}:             parley.LifecycleCompleted,
		{parley.LifecycleRunning, LifecycleEventInteractionCompleteSuccess}: parley.LifecycleIdle,
		{parley.LifecycleRunning, LifecycleEventInteractionCompleteError}:   parley.LifecycleError,
		{parley.LifecycleRunning, LifecycleEventPause}:                      parley.LifecyclePaused,
		{parley.LifecycleRunning, LifecycleEventCancel}:                     parley.LifecycleCancelled,
		{parley.LifecyclePaused, LifecycleEventProcessInteraction}:          parley.LifecycleIdle,
		{parley.LifecyclePaused, LifecycleEventInactivityTimeout}:           parley.LifecycleCompleted,
	}
	nonTerminal := []parley.Lifecycle{parley.LifecycleCreated, parley.LifecycleIdle, parley.LifecycleRunning, parley.LifecyclePaused}
	for _, s := range nonTerminal { // "Any | Error | Error", "Any | Cancel | Cancelled"
		rules[pair{s, LifecycleEventError}] = parley.LifecycleError
		rules[pair{s, LifecycleEventCancel}] = parley.LifecycleCancelled
	}
	for _, s := range lifecycleStates {
		for _, ev := range lifecycleEvents {
			st, moved, err := fire(lifecycle(s), ev)
			want, allowed := rules[pair{s, ev}]
			runtimeOnly := ev == LifecycleEventPing || ev == LifecycleEventShutdown
			switch {
			case allowed && (err != nil || !moved || st.from != s || st.to != want || st.reason != "why"):
				t.Errorf("%s --%s--> got %+v %v, want %s", s, ev, st, err, want)
			case !allowed && runtimeOnly && !s.Terminal():
				if err != nil || moved {
					t.Errorf("%s --%s--> should be handled without a transition, got %+v %v", s, ev, st, err)
				}
			case !allowed && !runtimeOnly && err == nil:
				t.Errorf("%s --%s--> %s accepted, the seed has no such row", s, ev, st.to)
			case !allowed && s.Terminal() && err == nil:
				t.Errorf("terminal %s accepted %s", s, ev)
			}
		}
	}
}

// TestLifecycleMethodsAgreeWithTheTable: for every (state, event) pair, the method
// of the event takes the table's transition, and refuses exactly where the table
// has none with the table's own error. An unknown state is EINVALIDSTATE.
func TestLifecycleMethodsAgreeWithTheTable(t *testing.T) {
	for _, s := range lifecycleStates {
		for _, ev := range lifecycleEvents {
			st, moved, err := fire(lifecycle(s), ev)
			want, ok := Lifecycle.Next(s, ev)
			switch {
			case ok && (err != nil || !moved || st.to != want):
				t.Errorf("%s --%s--> method gives %+v, %v; the table %s", s, ev, st, err, want)
			case ok:
				if cerr := Lifecycle.Check(st.from, ev, st.to); cerr != nil {
					t.Errorf("the table refuses the method's %s --%s--> %s: %v", st.from, ev, st.to, cerr)
				}
			case moved:
				t.Errorf("%s --%s--> %s taken, the table has no such row", s, ev, st.to)
			case err != nil:
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
		if _, _, err := fire(lifecycle("zombie"), ev); parley.ErrorCode(err) != parley.EINVALIDSTATE {
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

// TestLifecycleEventTable pins every (state, event) cell of seed 004 as a grid; ""
// means the event changes nothing and the table refuses it.
func TestLifecycleEventTable(t *testing.T) {
	grid := map[parley.Lifecycle][9]parley.Lifecycle{
		//                 ProcessInteraction Pause    Cancel       Ping Shutdown Success  CompleteErr Inactivity   Error
		"created":   {"idle", "", "cancelled", "", "", "", "", "", "error"},
		"idle":      {"running", "paused", "cancelled", "", "", "", "", "completed", "error"},
		"running":   {"", "paused", "cancelled", "", "", "idle", "error", "", "error"},
		"paused":    {"idle", "", "cancelled", "", "", "", "", "completed", "error"},
		"error":     {},
		"cancelled": {},
		"completed": {},
	}
	for state, row := range grid {
		for i, event := range lifecycleEvents {
			want := row[i]
			got, ok := Lifecycle.Next(state, event)
			if want == "" {
				if ok || parley.ErrorCode(Lifecycle.Check(state, event, got)) != parley.ETRANSITION {
					t.Errorf("Next(%s, %s) = %q; want no transition", state, event, got)
				}
				continue
			}
			if !ok || got != want {
				t.Errorf("Next(%s, %s) = %q, %v; want %q", state, event, got, ok, want)
			}
		}
	}
	if len(grid) != len(lifecycleStates) {
		t.Errorf("the grid covers %d states, the machine has %d", len(grid), len(lifecycleStates))
	}
}

// TestLifecycleResume pins the documented resume path: Paused --ProcessInteraction-->
// Idle, then the message runs with Idle --ProcessInteraction--> Running.
func TestLifecycleResume(t *testing.T) {
	s := parley.LifecyclePaused
	for _, want := range []parley.Lifecycle{parley.LifecycleIdle, parley.LifecycleRunning} {
		st, err := lifecycle(s).processInteraction("resume")
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
// through the methods: the walk never reaches an undeclared state, never leaves a
// terminal one, and every step is the table's.
func TestRandomLifecycleSequences(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		state := rapid.SampledFrom(lifecycleStates).Draw(t, "start")
		events := append(slices.Clone(lifecycleEvents), "bogus")
		for _, ev := range rapid.SliceOfN(rapid.SampledFrom(events), 0, 60).Draw(t, "events") {
			st, moved, err := fire(lifecycle(state), ev)
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
			st, _ := lifecycle(parley.LifecycleIdle).processInteraction("processing user interaction")
			if _, err := lifecycle(st.to).completeSuccess("interaction complete"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("refused", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := lifecycle(parley.LifecycleCompleted).processInteraction("late"); err == nil {
				b.Fatal("a terminal state accepted an event")
			}
		}
	})
}

// fail is the "Any | Error | Error" row. The runtime fails a turn with
// completeError and never raises Error, so the row has no method in the actor; this
// one states the rule for the table test.
func (l lifecycle) fail(reason string) (step, error) {
	switch parley.Lifecycle(l) {
	case parley.LifecycleCreated, parley.LifecycleIdle, parley.LifecycleRunning, parley.LifecyclePaused:
		return l.to(parley.LifecycleError, reason)
	}
	return step{}, l.illegal(LifecycleEventError)
}

// ping is the keep-alive heartbeat and shutdown the graceful shutdown request: seed
// 004 gives them no row, so in a live state they would move nothing and a terminal
// state refuses them as it refuses every event. The runtime raises neither.
func (l lifecycle) ping() error     { return l.still(LifecycleEventPing) }
func (l lifecycle) shutdown() error { return l.still(LifecycleEventShutdown) }

func (l lifecycle) still(ev LifecycleEvent) error {
	switch parley.Lifecycle(l) {
	case parley.LifecycleCreated, parley.LifecycleIdle, parley.LifecycleRunning, parley.LifecyclePaused:
		return nil
	}
	return l.illegal(ev)
}
