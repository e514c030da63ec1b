#!/bin/sh
# TAOBench, config A: load 20,000 edges, then one experiment: 4 threads, 1 s warmup, 5 s measured.
# Usage: examples/tao.sh [JDBC_URL]   (default: embedded H2 in the current directory)
set -eu
bench=${BENCH:-$(dirname "$0")/../bin/bench}   # the distribution's launcher; BENCH=... to use another
url=${1:+--url=$1}
# load and run in one process: the default embedded H2 lives as long as it
# shellcheck disable=SC2086 # $url is an option or nothing
$bench tao -load -run -n 20000 -c A -E '4,1,5' $url
