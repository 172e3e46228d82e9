#!/usr/bin/env bash
# The long fuzz run (issue 9): the tests/fuzz properties with many more cases and a fresh seed each time.
# Usage: scripts/fuzz-long.sh [runs-per-property] [seed]   (defaults: 5000 runs, a seed from the clock).
# A failure prints fast-check's seed and path: rerun with that seed to reproduce it, then shrink it into a case.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5000}
seed=${2:-$(( $(date +%s) % 2147483647 ))}
echo "fuzz-long: $runs runs per property, seed $seed"
FUZZ_RUNS=$runs FUZZ_SEED=$seed exec npx vitest run --config tests/fuzz/vitest.config.ts tests/fuzz/fuzz.test.ts
