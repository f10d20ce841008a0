#!/usr/bin/env bash
# Browser tests use the system Chromium (Debian's `chromium`); no tool downloads its own browser.
# Installs it when missing, and the CJK fonts (`fonts-noto-cjk`) the screenshots in Japanese and
# Chinese need (without them CJK text renders as empty boxes), and poppler-utils (pdftoppm, pdftotext):
# the printed 稟議書's tests read its text and compare its pages with committed images.
# CHROMIUM_PATH overrides the location.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$path" ] || missing+=(chromium)
{ command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; } || missing+=(poppler-utils)
if command -v fc-list >/dev/null 2>&1; then
  fc-list :lang=ja | grep -qi "noto.*cjk" || missing+=(fonts-noto-cjk)
elif ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
  missing+=(fonts-noto-cjk)
fi
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
echo "Installing Debian packages for the tests: ${missing[*]}" >&2
if [ "$(id -u)" = "0" ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
[ -x "$path" ] || { echo "Chromium install failed; set CHROMIUM_PATH" >&2; exit 1; }
