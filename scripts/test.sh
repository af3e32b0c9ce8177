#!/usr/bin/env bash
# The whole test suite: formatting, vet, staticcheck, and every Go test with the race
# detector, PostgreSQL included. It installs or starts what the tests need.
set -euo pipefail
cd "$(dirname "$0")/.."

STATICCHECK_VERSION=2026.2.2

# PostgreSQL for the postgres store's tests (under CI=true they fail rather than skip).
if ! bash scripts/pg-up.sh; then
  if [ "${CI:-}" = "true" ]; then
    echo "test.sh: PostgreSQL could not be started" >&2
    exit 1
  fi
  echo "test.sh: PostgreSQL unavailable; its tests will be skipped" >&2
fi

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
STATICCHECK="$(go env GOPATH)/bin/staticcheck"
if ! "$STATICCHECK" -version 2>/dev/null | grep -q "$STATICCHECK_VERSION"; then
  GOFLAGS= go install "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION"
fi
"$STATICCHECK" ./...

echo "== go test -race"
go test -race -count=1 -timeout 20m ./...
