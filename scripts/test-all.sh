#!/usr/bin/env bash
# Runs every test suite of rulepen in order: type-check, unit tests, Starlark chunk files, the conformance corpus
# through the CLI, the bounded fuzz and runaway suite (tests/fuzz, fixed seed, < 60 s), and the Playwright e2e
# specs in headless Debian Chromium, then the hosting check (the production build served under a sub-path: its
# Content-Security-Policy, offline mode). Prints one closing line per suite and a last line `suites: N passed, M failed`;
# exits non-zero when any suite failed.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium (needed by the e2e specs)"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null || true
  else
    (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null || true
  fi
fi
[ -d node_modules ] || npm ci

passed=0
failed=0
failures=()
run() {
  local name=$1
  shift
  echo "== $name: $*"
  local start=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$name")
  fi
  echo "== $name took $((SECONDS - start)) s"
}

run typecheck npm run -s typecheck
run unit npx vitest run
run starlark npm run -s test:starlark
run conformance npm run -s test:conformance
run fuzz npm run -s test:fuzz
run e2e npx playwright test
# The hosting check serves the production build the e2e suite has just made (the same `vite build`).
run hosting env RULEPEN_HOSTING_DIST_FROM=node_modules/.rulepen-e2e-dist npx playwright test -c e2e/hosting.config.ts

[ ${#failures[@]} -eq 0 ] || echo "failed suites: ${failures[*]}"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
