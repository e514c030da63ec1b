#!/usr/bin/env bash
# A short JMH pass for CI: every benchmark whose server is available, forks of 0.5 s warmup + 1 s
# measurement: 6 forks of 4 x 0.25 s iterations for the in-process benchmarks (engine, H2), 3 forks of
# 2 x 0.5 s for those with a server, run in rounds of one fork per benchmark. The workflow's regression
# gate, 'bench compare --fail-on-regression', judges on forks, and the smallest slowdown it can see
# shrinks with their number (docs/jmh.md). Run after the Maven build, with the BENCH_* variables from
# scripts/services.sh set. Usage:
#   scripts/jmh-ci.sh [extra JMH options, e.g. -prof gc]
# Writes bench-jmh/target/jmh-result.json (JMH's JSON, the rounds merged: each benchmark's rawData holds
# all its forks, its score is the mean of all their iterations as JMH's, its scoreError is left NaN) and
# bench-jmh/target/jmh-output.txt (JMH's log), prints a compact table (score, range of the fork scores). Exit status: 0 ok; 1 jar missing, a required server missing or JMH failed
# (any benchmark error fails the run: -foe true).
# Servers: BENCH_POSTGRES_URL, BENCH_MYSQL_URL, BENCH_MEMCACHED, BENCH_MSSQL_URL select their benchmarks;
# an unset one skips them with a line saying so. With BENCH_REQUIRE_SERVICES set (to anything, as for
# the integration tests), a missing PostgreSQL, MySQL or memcached fails instead; SQL Server stays
# optional (these machines have none).
set -euo pipefail

log() { echo "jmh-ci.sh: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

cd "$(dirname "$0")/.."
jar=bench-jmh/target/benchmarks.jar
result=bench-jmh/target/jmh-result.json
output=bench-jmh/target/jmh-output.txt
[ -f "$jar" ] || die "$jar not found: build it first (mvn -B package)"
command -v python3 >/dev/null || die "python3 not found (needed to print the results table)"

require=false
[ -z "${BENCH_REQUIRE_SERVICES+set}" ] || require=true

# Benchmarks that need no server always run; JMH treats each argument as a regexp on the full name.
in_process=('^dev\.bench\.jmh\.engine\.' '^dev\.bench\.jmh\.h2\.')
include=()  # those with a server
select_if_set() {  # VARIABLE PACKAGE REQUIRED WHAT
  if [ -n "${!1:-}" ]; then
    include+=("^dev\\.bench\\.jmh\\.$2\\.")
  elif [ "$3" = true ] && [ "$require" = true ]; then
    die "$1 is not set but BENCH_REQUIRE_SERVICES is: start the servers (eval \"\$(scripts/services.sh)\")"
  else
    log "$1 not set: skipping $4 benchmarks"
  fi
}
select_if_set BENCH_POSTGRES_URL postgres true PostgreSQL
select_if_set BENCH_MYSQL_URL mysql true MySQL/MariaDB
select_if_set BENCH_MEMCACHED memcached true memcached
select_if_set BENCH_MSSQL_URL mssql false "SQL Server (none on machines without Docker)"
# the workloads' hot transactions run on both PostgreSQL and MySQL/MariaDB
if [ -n "${BENCH_POSTGRES_URL:-}" ] && [ -n "${BENCH_MYSQL_URL:-}" ]; then
  include+=("^dev\\.bench\\.jmh\\.voter\\." "^dev\\.bench\\.jmh\\.tpcc\\.")
fi

# TpccNewOrder runs on tpcc's scale-1 tables: create them where they are missing (prepare refuses,
# harmlessly, where they exist; a real failure shows as that benchmark's setup error below). Those this
# script made are dropped when it ends, so a later test's own prepare finds none.
bench=bench-cli/target/bench.jar
prepared=()
if [ -f "$bench" ]; then
  for url in ${BENCH_POSTGRES_URL:+"$BENCH_POSTGRES_URL"} ${BENCH_MYSQL_URL:+"${BENCH_MYSQL_URL/jdbc:mysql:/jdbc:mariadb:}"}; do
    if java -jar "$bench" tpcc prepare --scale 1 --url "$url" >/dev/null 2>&1; then
      prepared+=("$url")
    fi
  done
fi
cleanup_tpcc() {
  for url in ${prepared[@]+"${prepared[@]}"}; do
    java -jar "$bench" tpcc cleanup --url "$url" >/dev/null 2>&1 || true
  done
}
trap cleanup_tpcc EXIT
# Forks are what the gate counts as independent (each fork's score is its best iteration: 4 short ones
# give it more chances to miss a burst of load). An in-process fork costs ~2 s, so those get 6, which
# saw a 20 % slowdown in 10 of the 15 in a pass on the 2-core dev machine at load 8 falling to 3 (in none
# at load 10). A server
# benchmark's forks spread so widely there (2-3x) that even 8 would not see 20 %, and 30 of them at 8
# would not fit CI's time: 3, and the gate says which could not see 20 % (docs/jmh.md).
in_process_forks=${JMH_CI_IN_PROCESS_FORKS:-6}
server_forks=${JMH_CI_SERVER_FORKS:-3}
extra=("$@")
rm -f "$result" "$output"
start=$SECONDS
# Full log to a file; one progress line per benchmark on stdout, so a slow CI step shows where it is.
run_jmh() {  # FORKS ITERATIONS ITERATION_TIME PART_RESULT INCLUDE...
  local forks=$1 iterations=$2 time=$3 part=$4
  shift 4
  log "round $round: $forks fork of $iterations x $time each: $*"
  java -jar "$jar" -f "$forks" -wi 1 -w 500ms -i "$iterations" -r "$time" -foe true -rf json -rff "$part" ${extra[@]+"${extra[@]}"} "$@" 2>&1 \
    | tee -a "$output" \
    | awk '/^# Benchmark: /{b=$3; p=""} /^# Parameters: /{p=" " substr($0, 15)} /^# Run progress: /{done=$4}
           /^# Fork: /{print "  [" done "] " b p} /<failure>|Exception|ERROR/{print}'
  return "${PIPESTATUS[0]}"
}
# Rounds: JMH runs all forks of a benchmark back to back, so they would share one stretch of the
# machine's load, and two passes would differ by more than their forks do (the gate would cry wolf).
# One fork per benchmark per round spreads each benchmark's forks over the whole pass.
rounds=$((in_process_forks > server_forks ? in_process_forks : server_forks))
parts=()
rc=0
set +e
for ((round = 1; round <= rounds && rc == 0; round++)); do
  if [ "$round" -le "$in_process_forks" ]; then
    parts+=("$result.$round.in-process")
    run_jmh 1 4 250ms "${parts[-1]}" "${in_process[@]}"
    rc=$?
  fi
  # the server benchmarks' forks spread evenly over the rounds too
  if [ "$rc" -eq 0 ] && [ "${#include[@]}" -gt 0 ] \
      && [ $((round * server_forks / rounds)) -gt $(((round - 1) * server_forks / rounds)) ]; then
    parts+=("$result.$round.server")
    run_jmh 1 2 500ms "${parts[-1]}" "${include[@]}"
    rc=$?
  fi
done
set -e
elapsed=$((SECONDS - start))
if [ "$rc" -ne 0 ]; then
  tail -n 40 "$output" >&2
  die "JMH failed (exit $rc) after ${elapsed}s; full log: $output"
fi
python3 - "$result" "${parts[@]}" <<'PY'
import json, sys
merged = {}
for part in sys.argv[2:]:
    for r in json.load(open(part)):
        key = (r["benchmark"], r["mode"], json.dumps(r.get("params", {}), sort_keys=True))
        if key not in merged:
            merged[key] = r
            continue
        into = merged[key]
        into["primaryMetric"]["rawData"] += r["primaryMetric"]["rawData"]
        for name, metric in r.get("secondaryMetrics", {}).items():
            into.setdefault("secondaryMetrics", {}).setdefault(name, dict(metric, rawData=[]))["rawData"] += metric["rawData"]
for r in merged.values():
    r["forks"] = len(r["primaryMetric"]["rawData"])
    for metric in [r["primaryMetric"], *r.get("secondaryMetrics", {}).values()]:
        iterations = [x for fork in metric["rawData"] for x in fork]
        metric["score"] = sum(iterations) / len(iterations)
        # JMH's error counts iterations as independent, which iterations of one fork are not: none here
        metric["scoreError"] = "NaN"
        metric["scoreConfidence"] = ["NaN", "NaN"]
        metric.pop("scorePercentiles", None)
json.dump(list(merged.values()), open(sys.argv[1], "w"), indent=2)
PY
rm -f "${parts[@]}"
[ -s "$result" ] || die "JMH exited 0 but wrote no $result; full log: $output"

python3 - "$result" <<'PY'
import json, math, sys

def fmt(x):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}"
    return f"{x:.3f}"

rows = []
for r in json.load(open(sys.argv[1])):
    m = r["primaryMetric"]
    # each fork's score as the gate sees it: its best iteration
    forks = sorted((max if r["mode"] == "thrpt" else min)(f) for f in m["rawData"])
    params = " ".join(f"{k}={v}" for k, v in sorted(r.get("params", {}).items()))
    rows.append((r["benchmark"].removeprefix("dev.bench."), params, fmt(m["score"]),
                 f"{len(forks)}: {fmt(forks[0])}..{fmt(forks[-1])}", m["scoreUnit"]))
head = ("benchmark", "params", "score", "forks: best iterations", "unit")
widths = [max(len(str(row[i])) for row in rows + [head]) for i in range(5)]
for n, row in enumerate([head] + rows):
    print(f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:>{widths[2]}}  {row[3]:>{widths[3]}}  {row[4]}")
PY
log "${elapsed}s; JSON: $result; log: $output"
