#!/usr/bin/env bash
# The readers' cost per turn in instructions, repeatable on a shared machine (times
# are not): callgrind counts the instructions of the whole program running
# BenchmarkDecideTurn's five turns (flows/bench_test.go) 1 time and 20001 times;
# (20001x - 1x) / 20000 is one pass of the five turns, the start-up (tables loaded,
# flows compiled, about +-10M instructions of noise) cancelling out to +-500.
#
#   scripts/readers-cost.sh            # builds ./flows's test binary, prints per pass
#   scripts/readers-cost.sh BIN TAG    # a test binary built elsewhere (another commit)
#
# Needs valgrind. GOGC=off and GOMAXPROCS=1 keep the collector and the scheduler out
# of the count; asyncpreemptoff and rdtscp=off keep signals and the time stamp counter
# (which valgrind emulates) from varying it. docs/performance.md quotes its figures.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
tag="${2:-readers}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if [ -z "$bin" ]; then
	bin="$tmp/flows.test"
	go test -c -o "$bin" ./flows
fi
cd flows
for n in 1 20001; do
	GOGC=off GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 valgrind --tool=callgrind \
		--callgrind-out-file=/dev/null "$bin" -test.run '^$' -test.bench DecideTurn \
		-test.benchtime "${n}x" -test.cpu 1 >/dev/null 2>"$tmp/$n.err"
	grep -o "Collected : [0-9]*" "$tmp/$n.err" | awk '{print $3}' >"$tmp/$n.ir"
done
a=$(cat "$tmp/1.ir")
b=$(cat "$tmp/20001.ir")
echo "$tag: per pass $(((b - a) / 20000)) instructions"
