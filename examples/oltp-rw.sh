#!/bin/sh
# sysbench's oltp_read_write: 2 tables of 10,000 rows, 2 threads for 5 s, then the tables are dropped.
# Usage: examples/oltp-rw.sh [JDBC_URL]   (default: embedded H2 in the current directory)
set -eu
bench=${BENCH:-$(dirname "$0")/../bin/bench}   # the distribution's launcher; BENCH=... to use another
url=${1:+--url=$1}
opts="--tables=2 --table-size=10000"
# shellcheck disable=SC2086 # $opts and $url are lists of options
$bench oltp-rw prepare $opts $url
# shellcheck disable=SC2086
$bench oltp-rw run $opts --threads=2 --time=5 --report-interval=1 $url
# shellcheck disable=SC2086
$bench oltp-rw cleanup $opts $url
