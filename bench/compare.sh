#!/usr/bin/env bash
# Parley's booking benchmark beside the Go baseline (qmuntal/stateless + modernc SQLite,
# one JSON row per turn), alternating in one run so that machine noise hits both alike.
#
# Usage (from the project root): bench/compare.sh [RUNS] [N]
#   RUNS  runs of each side per mode (default 3), N conversations per run (default 1000)
# Prints each run's line, then the medians and the ratio parley/baseline for seq and conc16.
set -euo pipefail
runs=${1:-3}
n=${2:-1000}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$here/go-stateless" && go build -o "$work/go-stateless" .)
go build -o "$work/parley" ./cmd/parley

field() { sed -n 's/.*"\{0,1\}turns_per_s"\{0,1\}[=:]\([0-9.]*\).*/\1/p' | tail -1; }
for mode in seq conc16; do
  conc=1; [ "$mode" = conc16 ] && conc=16
  : >"$work/$mode.parley"; : >"$work/$mode.base"
  for _ in $(seq "$runs"); do
    p=$("$work/parley" bench booking -n "$n" -concurrency "$conc" | field)
    b=$("$work/go-stateless" --n="$n" --mode="$mode" | field)
    echo "$mode parley=$p baseline=$b"
    echo "$p" >>"$work/$mode.parley"; echo "$b" >>"$work/$mode.base"
  done
done
python3 - "$work" <<'PY'
import statistics, sys, os
w = sys.argv[1]
for mode in ("seq", "conc16"):
    p = [float(x) for x in open(os.path.join(w, mode + ".parley")) if x.strip()]
    b = [float(x) for x in open(os.path.join(w, mode + ".base")) if x.strip()]
    mp, mb = statistics.median(p), statistics.median(b)
    print(f"{mode}: parley {mp:.0f} turns/s, baseline {mb:.0f}, ratio {mp / mb:.2f}")
PY
