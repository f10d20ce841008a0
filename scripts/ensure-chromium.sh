#!/usr/bin/env bash
# Browser tests use the system Chromium (Debian's `chromium`); no tool downloads its own browser.
# Installs it when missing. CHROMIUM_PATH overrides the location.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then exit 0; fi
echo "Chromium not found at $path: installing Debian's chromium package" >&2
if [ "$(id -u)" = "0" ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
[ -x "$path" ] || { echo "Chromium install failed; set CHROMIUM_PATH" >&2; exit 1; }
