package shop_test

import (
	"testing"

	"github.com/parleyhq/parley/nlu"
	"github.com/parleyhq/parley/shop"
)

// TestWorldCourtesyAndBareAnswers: a message wholly of some language's
// greetings or thanks is small talk, never a search (Kabyle "azul", also
// Spanish for blue; Walloon "gråces"; Bislama, Pijin, Palauan, Lakota,
// Udmurt); a bare answer word at the cart question is its answer (Kabyle
// "ala", Tumbuka "yayi", Xitsonga "ina", Walloon "oyi"), never a search; a
// kind the catalog sells still wins beside a thanks.
func TestWorldCourtesyAndBareAnswers(t *testing.T) {
	runReaderCases(t, []readerCase{
		{say: "azul", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "azul fellawen", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "gråces", intent: nlu.ShopThanks, state: shop.StateIdle},
		{say: "tankyu tumas", intent: nlu.ShopThanks, state: shop.StateIdle},
		{say: "tangio tumas", intent: nlu.ShopThanks, state: shop.StateIdle},
		{say: "sulang", intent: nlu.ShopThanks, state: shop.StateIdle},
		{say: "pilámayaye", intent: nlu.ShopThanks, state: shop.StateIdle},
		{say: "зечбуресь", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{say: "kaselehlie!", intent: nlu.ShopGreeting, state: shop.StateIdle},
		{setup: capPending, say: "ala", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: capPending, say: "yayi", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: capPending, say: "diri", intent: nlu.ShopCancel, state: shop.StateIdle},
		{setup: capPending, say: "ina", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{setup: capPending, say: "oyi!", intent: nlu.ShopConfirm, state: shop.StateIdle},
		{say: "tankyu, hoodies", intent: nlu.ShopSearch, state: shop.StateRecommending},
	})
}
