#!/usr/bin/env bash
# Make Debian's headless Chromium available for the report tests (they render report.html and
# check every chart drew), idempotently. Usage:
#   env=$(scripts/chromium.sh) && eval "$env"
# stdout carries only the export line (BENCH_CHROMIUM); progress goes to stderr.
set -euo pipefail

log() { echo "chromium.sh: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

find_chromium() { command -v chromium || command -v chromium-browser || true; }

bin=$(find_chromium)
if [ -z "$bin" ]; then
  [ "$(id -u)" = 0 ] || die "chromium is missing and installing it needs root (try: sudo $0)"
  log "installing chromium"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } >&2 \
    || die "apt-get install chromium failed"
  bin=$(find_chromium)
  [ -n "$bin" ] || die "chromium installed but not on PATH"
fi
"$bin" --headless --no-sandbox --disable-gpu --dump-dom about:blank >/dev/null 2>&1 \
  || die "$bin does not start headless"
log "using $bin"
echo "export BENCH_CHROMIUM='$bin'"
