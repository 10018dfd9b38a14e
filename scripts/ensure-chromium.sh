#!/usr/bin/env bash
# Finds the Chromium the end-to-end tests drive, installing Debian's package when it is missing.
# (Playwright's own browser download cannot reach the internet from here.)
set -euo pipefail
for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then exit 0; fi
done
echo "Chromium not found: installing Debian's chromium package..." >&2
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
[ -x /usr/bin/chromium ] || { echo "Could not install chromium; set CHROMIUM_PATH to a Chromium binary." >&2; exit 1; }
