#!/bin/sh
# TPC-C as sysbench-tpcc runs it, scale 1: load, 2 threads for 5 s, TPC-C's consistency checks, drop.
# Usage: examples/tpcc.sh [JDBC_URL]   (default: embedded H2 in the current directory)
set -eu
bench=${BENCH:-$(dirname "$0")/../bin/bench}   # the distribution's launcher; BENCH=... to use another
url=${1:+--url=$1}
# shellcheck disable=SC2086 # $url is an option or nothing
$bench tpcc prepare --scale 1 $url
# shellcheck disable=SC2086
$bench tpcc run --scale 1 --threads 2 --time 5 --report-interval 1 $url
# shellcheck disable=SC2086
$bench tpcc check --scale 1 $url
# shellcheck disable=SC2086
$bench tpcc cleanup $url
