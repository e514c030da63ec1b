#!/usr/bin/env bash
# Time from starting bench to its first op on embedded H2: launcher start to the measured phase's start
# (latency.hlog's StartTime: the first op's intended start, no warmup), over N cold runs of
#   bench vote --target 1000 --runtime 1 --warmup 0 -a 1000
# Prints min and median in seconds. Usage: scripts/time-to-first-op.sh [N=10] [BENCH=bench-cli/target/bench/bin/bench]
# Extra JVM options through JAVA_OPTS / BENCH_OPTS as for any run.
set -euo pipefail
n=${1:-10}
bench=${2:-$(cd "$(dirname "$0")/.." && pwd)/bench-cli/target/bench/bin/bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
for i in $(seq "$n"); do
  t0=$(date +%s.%N)
  "$bench" vote --target 1000 --runtime 1 --warmup 0 -a 1000 --results "run$i" > "run$i.out" 2>&1 \
    || { cat "run$i.out" >&2; exit 1; }
  start=$(sed -n 's/^#\[StartTime: \([0-9.]*\) .*/\1/p' "run$i/latency.hlog")
  echo "$start - $t0" | bc
done | sort -n | awk '{ v[NR] = $1 } END {
  m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
  printf "time to first op over %d runs: min %.3f s, median %.3f s\n", NR, v[1], m }'
