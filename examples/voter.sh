#!/bin/sh
# VoltDB's Voter driven as erlvolt does: 20,000 calls in bursts of 200, then the database is checked.
# Usage: examples/voter.sh [JDBC_URL]   (default: embedded H2 in the current directory)
set -eu
bench=${BENCH:-$(dirname "$0")/../bin/bench}   # the distribution's launcher; BENCH=... to use another
url=${1:+--url=$1}
# shellcheck disable=SC2086 # $url is an option or nothing
$bench voter --calls 20000 --rhythm bursts --burst-size 200 $url
