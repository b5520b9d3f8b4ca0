#!/usr/bin/env bash
# Makes sure a Chromium for the end-to-end tests is installed.
# Order: $CHROMIUM_PATH, the system's chromium, else Debian's package (when we may install it).
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -x "$candidate" ]; then exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium for the end-to-end tests (Debian package)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No Chromium found. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium/Chrome binary." >&2
exit 1
