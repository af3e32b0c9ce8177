// Package app is the wiring Parley's two commands share (cmd/parley serves and runs
// the bot authors' tools; cmd/parley-tools measures): parley.yaml read and checked
// (Config, LoadConfig, ResolveConfig), the bots built from it (BuildBots), a server
// built over a store (NewServer: runtime, relay, HTTP API, inspector and widget
// files) and started (Start), and scenarios run in process or against a server
// (OpenScenarios). It is the only package that knows every engine and channel; the
// commands read flags, open stores and print.
package app
