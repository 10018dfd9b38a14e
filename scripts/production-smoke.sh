#!/usr/bin/env bash
# Production as it is deployed: build, install without dev dependencies, serve the built JavaScript, and check
# that the shop answers a page and says it is ready. Leaves node_modules without dev dependencies: run it last.
set -euo pipefail
cd "$(dirname "$0")/.."

# SMOKE_REUSE_BUILD=1 (CI, right after the end-to-end tests built this tree) serves the build that is there.
if [ "${SMOKE_REUSE_BUILD:-}" = 1 ] && [ -f apps/web/build/server/index.js ]; then
  echo "production smoke: serving the existing build in apps/web/build"
else
  npm run build
fi
npm ci --omit=dev --no-audit --no-fund
data_dir="$(mktemp -d)"
log="$data_dir/serve.log"
# The first owner, made before the first start, as a new store does it in production (no TypeScript loader there).
DATA_DIR="$data_dir" npm exec --offline -- node apps/web/build/server/index.js admin:create --email owner@smoke.example --password 'smoke test password' >/dev/null
# In a process group of its own, so that stopping it stops node too, not only npm.
DATA_DIR="$data_dir" PORT=0 HOST=127.0.0.1 LOG_LEVEL=warn setsid npm run serve >"$log" 2>&1 &
server=$!
trap 'kill -- -"$server" 2>/dev/null || true; rm -rf "$data_dir"' EXIT
for _ in $(seq 1 120); do
  # -s: the log may not exist yet on the first pass (the background shell creates it), which is no error.
  grep -qs 'open at' "$log" && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; echo "production smoke: the shop exited before it started" >&2; exit 1; }
  sleep 1
done
url="$(grep -o 'http://localhost:[0-9]*' "$log" | head -n 1)"
[ -n "$url" ] || { cat "$log"; echo "production smoke: the shop did not start within 120 s" >&2; exit 1; }
ready="$(curl -fsS "$url/api/ready")"
page="$(curl -fsS "$url/")"
[[ "$ready" == *'"ready"'* ]] || { echo "production smoke: /api/ready answered $ready" >&2; exit 1; }
[[ "$page" == *'<html'* ]] || { echo "production smoke: the home page is not HTML" >&2; exit 1; }
signed_in="$(curl -fsS -H 'content-type: application/json' -d '{"email":"owner@smoke.example","password":"smoke test password"}' "$url/api/account/authenticate")"
[[ "$signed_in" == *'"role":"owner"'* ]] || { echo "production smoke: the owner made by admin:create could not sign in: $signed_in" >&2; exit 1; }
echo "production smoke: Node $(npm exec --offline -- node --version 2>/dev/null), served from apps/web/build/server/index.js without dev dependencies, first owner made by admin:create signed in: OK"
