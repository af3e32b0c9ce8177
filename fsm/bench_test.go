package fsm

import (
	"context"
	"testing"

	"github.com/parleyhq/parley"
)

func BenchmarkFire(b *testing.B) {
	ctx := context.Background()
	b.Run("lifecycle", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s, _ := Lifecycle.Fire(ctx, parley.LifecycleIdle, LifecycleEventProcessInteraction, nil)
			if _, err := Lifecycle.Fire(ctx, s, LifecycleEventInteractionCompleteSuccess, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("guard_and_hooks", func(b *testing.B) {
		noGuard := func(context.Context, any) error { return nil }
		noHook := func(context.Context, Transition[lightState, lightTrigger], any) error { return nil }
		m := MustBuild(lights().Guard(red, tick, noGuard).OnExit(red, noHook).OnEntry(green, noHook))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := m.Fire(ctx, red, tick, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("refused", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Lifecycle.Fire(ctx, parley.LifecycleCompleted, LifecycleEventPing, nil); err == nil {
				b.Fatal("a terminal state accepted an event")
			}
		}
	})
}

func BenchmarkCheck(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := Dialogue.Check(DialogueValidatingSlot, DialogueNextStepAction, DialogueReadyForAction); err != nil {
			b.Fatal(err)
		}
	}
}
