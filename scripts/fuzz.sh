#!/usr/bin/env bash
# Fuzzes every fuzz target (func Fuzz... in a *_test.go) for a while each and fails on
# the first crash. The failing input is kept under the package's testdata/fuzz/, where
# plain `go test` replays it from then on.
#
#   scripts/fuzz.sh            # before a release: 2 minutes per target
#   scripts/fuzz.sh 2s         # the short pass scripts/test.sh (and so .ci/run) makes
#   FUZZ_MINIMIZE=30s scripts/fuzz.sh 10m
#   FUZZ_ONLY='flows|httpapi' scripts/fuzz.sh 1m   # targets whose "dir name" matches
#
# Minimizing a crasher is bounded (FUZZ_MINIMIZE, default 10x: ten attempts) so that
# one slow minimization cannot stall the pass.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZTIME="${1:-2m}"
MINIMIZE="${FUZZ_MINIMIZE:-10x}"

# "dir name" per target; the module root's own targets have the directory ".". Only
# the repository's own test files: a GOPATH or module cache below the checkout (as a
# CI job may keep one) holds other modules' fuzz targets, which go test refuses. Like
# go test ./..., it passes over directories whose names begin with a dot.
test_files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -co --exclude-standard '*_test.go' | grep -v -e '^\.' -e '/\.' | sed 's#^#./#'
  else
    find . -name '.*' -prune -o -name '*_test.go' -print
  fi
}
targets=$(test_files | xargs grep -Hn -E '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' |
  sed -E 's#^\./(([^:]*)/)?[^/:]*_test\.go:[0-9]+:func (Fuzz[A-Za-z0-9_]*)\(.*#\2|\3#' |
  awk -F'|' '{ print ($1 == "" ? "." : $1), $2 }' | sort -u)
if [ -n "${FUZZ_ONLY:-}" ]; then
  targets=$(echo "$targets" | grep -E "$FUZZ_ONLY" || true)
fi
if [ -z "$targets" ]; then
  echo "fuzz.sh: no fuzz targets found" >&2
  exit 1
fi

# inputs counts the files of a corpus folder (0 when there is none).
inputs() { if [ -d "$1" ]; then find "$1" -type f | wc -l; else echo 0; fi; }

# Each package's instrumented test binary is built once (go test -c -fuzz: the
# coverage instrumentation is a build flag) and run once per target, rather than
# `go test -fuzz` relinking it for every target: on two cores that relink took
# longer than the 4 s of fuzzing itself. The binary runs in its package's
# directory, as go test runs it: it reads the seed corpus from testdata/fuzz/ and
# writes a failing input there, relative to its working directory. Its cache of
# interesting inputs is the one go test keeps, GOCACHE/fuzz/<import path>.
bindir=$(mktemp -d)
log="$bindir/log"
trap 'rm -rf "$bindir"' EXIT
fuzzcache="$(go env GOCACHE)/fuzz"

count=$(echo "$targets" | wc -l)
echo "fuzz.sh: $count targets, $FUZZTIME each (minimize $MINIMIZE)"
start=$SECONDS
flakes=0
while read -r dir name; do
  echo "== fuzz ./$dir $name"
  bin="$bindir/bin/$dir/pkg.test"
  if [ ! -x "$bin" ]; then
    mkdir -p "$(dirname "$bin")"
    if ! go test -c -fuzz=. -o "$bin" "./$dir" </dev/null; then
      echo "fuzz.sh: ./$dir's test binary does not build" >&2
      exit 1
    fi
  fi
  importpath=$(go list "./$dir")
  corpus="$dir/testdata/fuzz/$name"
  before=$(inputs "$corpus")
  if (cd "$dir" && "$bin" -test.paniconexit0 -test.run='^$' -test.fuzz="^${name}\$" \
    -test.fuzztime="$FUZZTIME" -test.fuzzminimizetime="$MINIMIZE" \
    -test.fuzzcachedir="$fuzzcache/$importpath") </dev/null 2>&1 | tee "$log"; then
    continue
  fi
  after=$(inputs "$corpus")
  # Go before 1.27 may end a duration-bounded run with a bare "context deadline
  # exceeded" and no failing input (golang/go#75804, a race in the fuzz coordinator
  # under CPU contention). A crash always writes its input under testdata/fuzz/.
  if [ "$after" -eq "$before" ] && grep -q '^    context deadline exceeded$' "$log" &&
    ! grep -qE 'Failing input written|panic:|fuzzing process hung' "$log"; then
    echo "fuzz.sh: $name ended on the fuzz coordinator's deadline race (golang/go#75804), no failing input; not a crash" >&2
    flakes=$((flakes + 1))
    continue
  fi
  echo "fuzz.sh: $name failed; its input is under $corpus (plain go test replays it)" >&2
  exit 1
done <<<"$targets"
echo "fuzz.sh: $count targets passed in $((SECONDS - start))s ($flakes ended on golang/go#75804)"
