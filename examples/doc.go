// Package examples holds the tests of the runnable examples below it: each is built
// as a user builds it and run (examples/embed is a package of Parley's module and
// tests itself; examples/server is a module of its own, tested from here;
// examples/idempotent-receiver, a webhook receiver that honours Idempotency-Key,
// tests itself, alone and behind a flows bot).
package examples
