package fsm_test

import (
	"fmt"

	"github.com/parleyhq/parley"
	"github.com/parleyhq/parley/fsm"
)

type (
	doorState   string
	doorTrigger string
)

// A machine is a transition table over an engine's own state and trigger types. An
// engine asks it where a trigger leads (Next) or checks a move it computed (Check);
// a move outside the table is an error with code ETRANSITION and changes nothing.
func Example() {
	door := fsm.MustBuild(fsm.New[doorState, doorTrigger]("door").
		States("closed", "open", "locked", "broken").
		Terminal("broken").
		Permit("closed", "open", "open").
		Permit("open", "close", "closed").
		Permit("closed", "lock", "locked").
		Permit("locked", "unlock", "closed"))

	to, ok := door.Next("closed", "lock")
	fmt.Println(to, ok)
	_, ok = door.Next("locked", "open")
	fmt.Println(ok)

	err := door.Check("open", "lock", "locked")
	fmt.Println(parley.ErrorCode(err) == parley.ETRANSITION)
	fmt.Println(err)
	// Output:
	// locked true
	// false
	// true
	// fsm door: open --lock--> locked: no such transition
}
