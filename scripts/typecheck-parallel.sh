#!/usr/bin/env bash
# `npm run typecheck` (every workspace's typecheck, then the root's tsc), as many at a time as there are cores (at
# least 2): each is one single-threaded tsc, so on CI's 2 cores two at once take about half the time.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(node -e 'console.log(Math.max(2, require("node:os").availableParallelism()))')"
{
  for dir in packages/* apps/*; do
    [ -f "$dir/package.json" ] || continue
    node -e "process.exit(require('./$dir/package.json').scripts?.typecheck ? 0 : 1)" && echo "npm run typecheck --silent --workspace $dir"
  done
  echo "npx --no-install tsc -p tsconfig.json"
} | xargs -P "$jobs" -I{} bash -c '{} || { echo "typecheck failed: {}" >&2; exit 255; }'
