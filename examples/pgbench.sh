#!/bin/sh
# pgbench's builtin tpcb-like: initialize at scale 1, 4 clients for 5 s at 200 transactions/s with
# per-statement latencies, then the tables are dropped (pgbench's -I d).
# Usage: examples/pgbench.sh [JDBC_URL]   (default: embedded H2 in the current directory)
set -eu
bench=${BENCH:-$(dirname "$0")/../bin/bench}   # the distribution's launcher; BENCH=... to use another
url=${1:+--url=$1}
# shellcheck disable=SC2086 # $url is a list of options
$bench pgbench -i -s 1 -q $url
# shellcheck disable=SC2086
$bench pgbench -b tpcb-like -c 4 -T 5 -R 200 -M prepared -r -P 1 $url
# shellcheck disable=SC2086
$bench pgbench -i -I d $url
