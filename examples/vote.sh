#!/bin/sh
# Noria's vote: 5,000 ops/s open loop for 5 s after a 1 s warmup, one write in 20.
# Usage: examples/vote.sh [JDBC_URL]   (default: embedded H2 in the current directory)
set -eu
bench=${BENCH:-$(dirname "$0")/../bin/bench}   # the distribution's launcher; BENCH=... to use another
url=${1:+--url=$1}
# vote names its backend after the options; with a URL, the server kind comes from it
if [ -n "$url" ]; then
  case $1 in
    jdbc:postgresql:*) backend=postgres ;;
    *) backend=mysql ;;
  esac
  $bench vote --target 5000 --write-every 20 --runtime 5 --warmup 1 "$backend" "$url"
else
  $bench vote --target 5000 --write-every 20 --runtime 5 --warmup 1
fi
