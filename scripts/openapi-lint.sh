#!/usr/bin/env bash
# openapi-lint.sh lints docs/openapi.json as client generators read it: redocly lint
# with its recommended rules must report 0 errors and 0 warnings, and swagger-parser
# must validate it. Both are pinned in scripts/openapi-lint/package-lock.json and
# installed with npm ci (Node.js and npm needed). scripts/test.sh runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=scripts/openapi-lint
doc=docs/openapi.json

[ -d "$dir/node_modules/@redocly/cli" ] && [ -d "$dir/node_modules/@apidevtools/swagger-parser" ] ||
	npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null

report=$(mktemp)
trap 'rm -f "$report"' EXIT
# redocly exits 0 on warnings: read its totals instead.
"$dir/node_modules/.bin/redocly" lint "$doc" --format=json >"$report" 2>/dev/null || true
node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
for (const p of r.problems) console.error(`${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map(l => l.pointer).join(", ")}`);
const t = r.totals;
console.log(`redocly lint: ${t.errors} errors, ${t.warnings} warnings`);
process.exit(t.errors + t.warnings > 0 ? 1 : 0);
' "$report"
node "$dir/validate.mjs" "$doc"
