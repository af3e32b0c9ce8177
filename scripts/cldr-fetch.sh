#!/usr/bin/env bash
# Fetches the Unicode CLDR JSON data (pinned version) that parley-tools'
# generators read to write the word lists under nlu/ (weekday, relative-day,
# day-period, number, unit and yes/no words of every CLDR locale). The data is
# not needed to build or test Parley: the generated lists are committed. Run it
# only to regenerate them:
#
#   scripts/cldr-fetch.sh /tmp/cldr && go run ./cmd/parley-tools <generator> -cldr /tmp/cldr ...
#
# CLDR is © Unicode, Inc., under the Unicode License v3 (see docs/licenses or
# https://www.unicode.org/license.txt); the npm packages are its official JSON form.
set -euo pipefail
version=48.2.0
dir=${1:?usage: scripts/cldr-fetch.sh DIR}
mkdir -p "$dir"
cd "$dir"
for pkg in cldr-core cldr-dates-full cldr-rbnf cldr-units-full cldr-misc-full cldr-numbers-full cldr-localenames-full; do
	if [ -d "$pkg" ]; then continue; fi
	npm pack --silent "$pkg@$version" >/dev/null
	mkdir -p "$pkg"
	tar xzf "$pkg-$version.tgz" -C "$pkg" --strip-components=1
	rm "$pkg-$version.tgz"
done
echo "CLDR $version JSON in $dir"
