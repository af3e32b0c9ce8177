#!/usr/bin/env bash
# pg-up.sh makes sure a PostgreSQL server answers on 127.0.0.1:5432 and that the
# database the postgres package's tests use (parley_test) exists. Idempotent: run it
# as often as you like; it only does what is missing. CI (.ci/run) calls it before
# `go test ./...`.
#
#   PGHOST (127.0.0.1), PGPORT (5432), PGUSER (postgres), PARLEY_TEST_DB (parley_test)
set -euo pipefail

host=${PGHOST:-127.0.0.1}
port=${PGPORT:-5432}
user=${PGUSER:-postgres}
db=${PARLEY_TEST_DB:-parley_test}

sudo_if_needed() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

ready() { pg_isready -q -h "$host" -p "$port" >/dev/null 2>&1; }

if ! ready; then
	if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
		echo "pg-up: PostgreSQL is not installed; installing it with apt-get" >&2
		sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get update -qq
		sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
	fi
	version=$(ls /etc/postgresql | sort -V | tail -n 1)
	echo "pg-up: starting PostgreSQL $version" >&2
	# A cluster that is already starting or running makes start fail; readiness below decides.
	sudo_if_needed pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
fi

for _ in $(seq 1 60); do
	ready && break
	sleep 0.5
done
if ! ready; then
	echo "pg-up: PostgreSQL on $host:$port is not ready after 30s" >&2
	exit 1
fi

if [ "$(psql -h "$host" -p "$port" -U "$user" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'")" != 1 ]; then
	# Two concurrent runs may race here; the loser's "already exists" is harmless.
	psql -h "$host" -p "$port" -U "$user" -d postgres -qc "CREATE DATABASE \"$db\"" 2>/dev/null ||
		psql -h "$host" -p "$port" -U "$user" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -qx 1
	echo "pg-up: created database $db" >&2
fi
echo "pg-up: postgres://$user@$host:$port/$db?sslmode=disable ready" >&2
