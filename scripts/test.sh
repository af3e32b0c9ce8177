#!/usr/bin/env bash
# The whole test suite: formatting, vet, staticcheck, and every Go test with the race
# detector, PostgreSQL included. It installs or starts what the tests need.
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned by module version: the proxy knows v0.8.2, not the release name 2026.2.2.
STATICCHECK_VERSION=v0.8.2
# gocyclo is a tool of the module (go.mod's tool directive pins v0.6.0, go.sum its
# checksum): `go tool gocyclo` builds it from the module cache, no install needed.
# No non-test function's cyclomatic complexity may exceed this: split it into steps.
MAX_COMPLEXITY=15

# PostgreSQL for the postgres store's tests (under CI=true they fail rather than skip).
if ! bash scripts/pg-up.sh; then
  if [ "${CI:-}" = "true" ]; then
    echo "test.sh: PostgreSQL could not be started" >&2
    exit 1
  fi
  echo "test.sh: PostgreSQL unavailable; its tests will be skipped" >&2
fi

# Chromium for the inspector's browser tests (cmd/parley, chromedp). Under CI=true
# those tests fail rather than skip when it cannot be started.
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  if command -v apt-get >/dev/null 2>&1; then
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium \
      || echo "test.sh: could not install chromium; the browser tests will skip" >&2
  else
    echo "test.sh: chromium missing and no apt-get; the browser tests will skip" >&2
  fi
fi

# Debian's English word list (wamerican): the lexicon tests check that no
# one-word yes, no or day word of another language is an English word
# (nlu/courtesy_test.go, nlu/world26_test.go); without it they skip.
if [ ! -e /usr/share/dict/american-english ] && command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  $SUDO apt-get install -y -qq wamerican >/dev/null || echo "test.sh: could not install wamerican; the English-word checks will skip" >&2
fi

# The inspector's vendored npm build must be what its lockfile gives.
echo "== inspector vendor files"
if ! command -v npm >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  $SUDO apt-get install -y -qq npm >/dev/null || echo "test.sh: could not install npm" >&2
fi
if command -v npm >/dev/null 2>&1; then
  npm --prefix inspect/npm run --silent vendor -- --check
elif [ "${CI:-}" = "true" ]; then
  echo "test.sh: npm is needed to check inspect/static/vendor" >&2
  exit 1
else
  echo "test.sh: npm missing; inspect/static/vendor not checked" >&2
fi

echo "== OpenAPI lint (redocly, swagger-parser)"
scripts/openapi-lint.sh

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:" >&2
  echo "$unformatted" >&2
  exit 1
fi

echo "== go vet"
go vet ./...

echo "== staticcheck"
GOBIN_DIR="$(go env GOBIN)"
[ -n "$GOBIN_DIR" ] || GOBIN_DIR="$(go env GOPATH)/bin"
STATICCHECK="$GOBIN_DIR/staticcheck"
# staticcheck -version prints "staticcheck 2026.2.2 (0.8.2)": compare the module version.
if ! "$STATICCHECK" -version 2>/dev/null | grep -qF "(${STATICCHECK_VERSION#v})"; then
  GOFLAGS= go install "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION"
fi
"$STATICCHECK" ./...

echo "== gocyclo (complexity over $MAX_COMPLEXITY)"
# bench/ is the peer baseline, kept as it was measured: it is not Parley's code.
over=$(go tool gocyclo -over "$MAX_COMPLEXITY" $(git ls-files '*.go' | grep -v -e '_test\.go$' -e '^bench/') || true)
if [ -n "$over" ]; then
  echo "gocyclo: over complexity $MAX_COMPLEXITY (split them into steps):" >&2
  echo "$over" >&2
  exit 1
fi

# The benchmark baseline is a module of its own (bench/go-stateless): go vet ./... does
# not reach it, so vet it and run it once on a few conversations, as compare.sh would.
echo "== bench baseline"
(cd bench/go-stateless && go vet ./... && go run . --n=50 --mode=seq >/dev/null)

# parley check proves every shipped bot, the embedding example's flows, every
# flow file under testdata/ (named *.flows.yaml), the travel bot of
# testdata/flows-understanding/flows/travel.yaml (three flows that interrupt one
# another: about 50,000 abstract states, under a minute) and check's own bots of
# issue 41 (a clinic, a six-slot booking), and cross-checks each exploration
# with random conversations; outside the race detector. (cmd/parley TestInit
# proves the `parley init` template.)
echo "== parley check"
go run ./cmd/parley check -walks 200
go run ./cmd/parley check -walks 200 $(git ls-files 'testdata/**/*.flows.yaml' 'testdata/flows-understanding/flows/travel.yaml' 'check/testdata/bots/*.flows.yaml' 'examples/embed/bakery.yaml' 'flows/testdata/validate/demo_ok.yaml')

# The scenario corpus is the readers' single-goroutine work: played whole here,
# outside the race detector (about ten times faster); under it, cmd/parley's
# TestScenarios plays a sample (race_on_test.go).
echo "== parley test (every scenario)"
go run ./cmd/parley test testdata/scenarios

echo "== fuzz (every target briefly; scripts/fuzz.sh 2m or longer before a release)"
scripts/fuzz.sh "${FUZZTIME:-2s}"

# The readers' packages test one goroutine at a time: neither their code nor their
# tests start a goroutine or call t.Parallel (checked below), so the race detector
# has nothing to see there, and their corpora (held-out rounds, property tests)
# made four of the five slowest packages of the race run. They run without it.
# Their code's concurrency (lexicons loaded once, shared by every conversation)
# runs under the race detector in the packages that serve conversations
# concurrently (cmd/parley, internal/app, httpapi), which import them.
SINGLE_GOROUTINE_PACKAGES="nlu flows gates shop sgd check"
echo "== go test (the readers' single-goroutine packages, without the race detector)"
for p in $SINGLE_GOROUTINE_PACKAGES; do
  if grep -lE 't\.Parallel\(\)|^\s*go [A-Za-z_(]|go func|wg\.Go\(|errgroup|time\.AfterFunc' "$p"/*.go; then
    echo "test.sh: ./$p (or a test of it) starts goroutines: move ./$p out of SINGLE_GOROUTINE_PACKAGES so that it runs under the race detector" >&2
    exit 1
  fi
done
go test -count=1 -timeout 20m $(printf './%s ' $SINGLE_GOROUTINE_PACKAGES)

# Last, so that its summary closes the output.
echo "== go test -race (every other package)"
module=$(go list -m)
go test -race -count=1 -timeout 20m $(go list ./... | grep -v -x $(for p in $SINGLE_GOROUTINE_PACKAGES; do printf -- '-e %s/%s ' "$module" "$p"; done))
