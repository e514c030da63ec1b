#!/bin/sh
# Two vote runs at different offered rates on the built-in null backend, then 'bench compare' side by side.
# Usage: examples/compare.sh
set -eu
run=results/compare-$(date +%Y%m%d-%H%M%S)
bench=${BENCH:-$(dirname "$0")/../bin/bench}   # the distribution's launcher; BENCH=... to use another
$bench vote --target 2000 --runtime 3 --warmup 1 --results $run/2k null
$bench vote --target 8000 --runtime 3 --warmup 1 --results $run/8k null
$bench compare $run/2k $run/8k
