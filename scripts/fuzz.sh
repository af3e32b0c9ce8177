#!/usr/bin/env bash
# Fuzzes every fuzz target (func Fuzz... in a *_test.go) for a while each and fails on
# the first crash. The failing input is kept under the package's testdata/fuzz/, where
# plain `go test` replays it from then on.
#
#   scripts/fuzz.sh            # before a release: 2 minutes per target
#   scripts/fuzz.sh 5s         # the short pass scripts/test.sh (and so .ci/run) makes
#   FUZZ_MINIMIZE=30s scripts/fuzz.sh 10m
#
# Minimizing a crasher is bounded (FUZZ_MINIMIZE, default 10x: ten attempts) so that
# one slow minimization cannot stall the pass.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZTIME="${1:-2m}"
MINIMIZE="${FUZZ_MINIMIZE:-10x}"

targets=$(grep -rn --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . |
  sed -E 's#^\./(.*)/[^/]*_test\.go:[0-9]+:func (Fuzz[A-Za-z0-9_]*)\(.*#\1 \2#' | sort -u)
if [ -z "$targets" ]; then
  echo "fuzz.sh: no fuzz targets found" >&2
  exit 1
fi

count=$(echo "$targets" | wc -l)
echo "fuzz.sh: $count targets, $FUZZTIME each (minimize $MINIMIZE)"
start=$SECONDS
while read -r dir name; do
  echo "== fuzz ./$dir $name"
  go test "./$dir" -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" -fuzzminimizetime "$MINIMIZE"
done <<<"$targets"
echo "fuzz.sh: $count targets passed in $((SECONDS - start))s"
