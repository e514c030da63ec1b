#!/usr/bin/env bash
# A short JMH pass for CI: every benchmark whose server is available, 3 forks of 0.5 s warmup + 2 x 0.5 s
# measurement each (3 forks, so the workflow's regression gate, 'bench compare --fail-on-regression',
# can judge on forks; see docs/jmh.md). Run after the Maven build, with the BENCH_* variables from
# scripts/services.sh set. Usage:
#   scripts/jmh-ci.sh [extra JMH options, e.g. -prof gc]
# Writes bench-jmh/target/jmh-result.json (JMH's JSON) and bench-jmh/target/jmh-output.txt (its log),
# prints a compact table. Exit status: 0 ok; 1 jar missing, a required server missing or JMH failed
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
include=('^dev\.bench\.jmh\.engine\.' '^dev\.bench\.jmh\.h2\.')
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
rm -f "$result"
start=$SECONDS
log "running ${include[*]}"
# Full log to a file; one progress line per benchmark on stdout, so a slow CI step shows where it is.
set +e
java -jar "$jar" -f 3 -wi 1 -w 500ms -i 2 -r 500ms -foe true -rf json -rff "$result" "$@" "${include[@]}" 2>&1 \
  | tee "$output" \
  | awk '/^# Benchmark: /{b=$3; p=""} /^# Parameters: /{p=" " substr($0, 15)} /^# Run progress: /{done=$4}
         /^# Fork: /{print "  [" done "] " b p} /<failure>|Exception|ERROR/{print}'
rc=${PIPESTATUS[0]}
set -e
elapsed=$((SECONDS - start))
if [ "$rc" -ne 0 ]; then
  tail -n 40 "$output" >&2
  die "JMH failed (exit $rc) after ${elapsed}s; full log: $output"
fi
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
    error = m.get("scoreError")
    error = float(error) if error not in (None, "NaN") else None
    params = " ".join(f"{k}={v}" for k, v in sorted(r.get("params", {}).items()))
    rows.append((r["benchmark"].removeprefix("dev.bench."), params, fmt(m["score"]), fmt(error), m["scoreUnit"]))
head = ("benchmark", "params", "score", "± error", "unit")
widths = [max(len(str(row[i])) for row in rows + [head]) for i in range(5)]
for n, row in enumerate([head] + rows):
    print(f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:>{widths[2]}}  {row[3]:>{widths[3]}}  {row[4]}")
PY
log "${elapsed}s; JSON: $result; log: $output"
