#!/usr/bin/env bash
# The guard on what the client costs (issue 45): client CPU per op of fixed-rate runs, so the open loop's
# cost can't creep back (a spinning pacer cost 1.8-4.7x pgbench's CPU per op; parking, 1.1-1.6x).
#
# Rounds of, back to back at the same fixed rate against the local PostgreSQL (its own database,
# bench_client_cost, pgbench -i -s 2):
#   pgbench        -n -S -M prepared -c 4 -j 2 -R RATE -T 22   (Debian's pgbench: the reference)
#   bench pgbench  the same flags
# CPU is each process's utime+stime (/proc/PID/stat) between 10 and 20 s, per op at RATE: a JVM's C2 compiler
# still works through the first seconds at this rate (1 s of its CPU between 4 and 12 s, measured), a cost
# of starting, not of each op. Then the null
# backend (`bench vote ... null` at NULL_RATE, 4 workers): the client's CPU per op with no server at all,
# from summary.json's client block. Prints a line per round, and:
#   - exits 1 when the median ratio bench/pgbench exceeds the ceiling in scripts/client-cost.ceiling (a ratio
#     measured in the same run, so a slower or busier machine moves both; lower the ceiling, never raise it);
#   - writes the figures as JMH results (avgt, us/op and the ratio, a "fork" per round) to
#     target/client-cost.json and, when bench-jmh/target/jmh-result.json exists, adds them to it, so the
#     workflow's `bench compare --fail-on-regression` against main's judges them with the JMH benchmarks.
# Needs root (creates the database as postgres), pgbench, python3, the built bench-cli/target/bench.jar.
#   CLIENT_COST_ROUNDS=3 CLIENT_COST_RATE=2000 CLIENT_COST_NULL_RATE=20000
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "client-cost: $*" >&2; }
die() { log "ERROR: $*"; exit 2; }

jar=bench-cli/target/bench.jar
[ -f "$jar" ] || die "$jar not found: build it first (./mvnw package -DskipTests)"
command -v pgbench >/dev/null || die "pgbench not found (Debian: postgresql-client)"
command -v python3 >/dev/null || die "python3 not found"
rounds=${CLIENT_COST_ROUNDS:-3}
rate=${CLIENT_COST_RATE:-2000}
null_rate=${CLIENT_COST_NULL_RATE:-20000}
ceiling=$(grep -v '^#' scripts/client-cost.ceiling | head -1)
db=bench_client_cost
# The server and user of BENCH_POSTGRES_URL (scripts/services.sh's, or the workflow's), else services.sh's defaults
url=${BENCH_POSTGRES_URL:-jdbc:postgresql://127.0.0.1:5432/bench?user=bench&password=bench}
[[ $url =~ ^jdbc:postgresql://([^:/]+):?([0-9]*)/([^?]+)\?(.*)$ ]] || die "BENCH_POSTGRES_URL: not jdbc:postgresql://HOST[:PORT]/DB?user=..&password=..: $url"
export PGHOST=${BASH_REMATCH[1]} PGPORT=${BASH_REMATCH[2]:-5432}
home_db=${BASH_REMATCH[3]} query=${BASH_REMATCH[4]}
PGUSER=$(tr '&' '\n' <<< "$query" | sed -n 's/^user=//p') PGPASSWORD=$(tr '&' '\n' <<< "$query" | sed -n 's/^password=//p')
export PGUSER PGPASSWORD

# bench may create it (a container's POSTGRES_USER); services.sh's bench may not, so then as postgres
if ! psql -XAtq -d "$home_db" -c "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 \
   && ! psql -XAtq -d "$home_db" -c "CREATE DATABASE $db" >/dev/null 2>&1; then
  runuser -u postgres -- env -u PGHOST -u PGUSER -u PGPASSWORD psql -XAtq -p 5432 -c "CREATE DATABASE $db OWNER $PGUSER" >/dev/null \
    || die "could not create database $db (is scripts/services.sh's PostgreSQL up?)"
fi
pgbench -i -s 2 -q "$db" >/dev/null 2>&1 || die "pgbench -i -s 2 $db failed"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
ticks_per_s=$(getconf CLK_TCK)

# cpu_per_op NAME CMD...: CPU µs per op of CMD between 10 and 20 s of its 22 s run
cpu_per_op() {
  local name=$1; shift
  "$@" > "$work/$name.out" 2>&1 &
  local pid=$! a b
  sleep 10; a=$(cpu_ticks $pid)
  sleep 10; b=$(cpu_ticks $pid)
  wait $pid || { cat "$work/$name.out" >&2; die "$name failed"; }
  python3 -c "print(($b - $a) / $ticks_per_s * 1e6 / ($rate * 10))"
}

flags=(-n -S -M prepared -c 4 -j 2 -R "$rate" -T 22)
ours=() ratios=() nulls=()
for r in $(seq 1 "$rounds"); do
  peer=$(cpu_per_op "pgbench-$r" pgbench "${flags[@]}" "$db")
  mine=$(cpu_per_op "bench-$r" java -jar "$jar" pgbench "${flags[@]}" --results "$work/r$r" "$db")
  ratio=$(python3 -c "print($mine / $peer)")
  java -jar "$jar" vote --target "$null_rate" --threads 4 --runtime 5 --warmup 2 --results "$work/n$r" null > "$work/null-$r.out" 2>&1 \
    || { cat "$work/null-$r.out" >&2; die "the null backend's run failed"; }
  null_us=$(python3 -c "import json; print(json.load(open('$work/n$r/summary.json'))['client']['cpu_us_per_op'])")
  printf 'client-cost: round %d: pgbench %.1f us/op, bench %.1f us/op (%.2fx) at -R %d; null backend %.2f us/op at %d/s (load %s)\n' \
    "$r" "$peer" "$mine" "$ratio" "$rate" "$null_us" "$null_rate" "$(cut -d' ' -f1 /proc/loadavg)"
  ours+=("$mine") ratios+=("$ratio") nulls+=("$null_us")
done

python3 - "$ceiling" "$rate" "$null_rate" "${ours[*]}" "${ratios[*]}" "${nulls[*]}" <<'PY'
import json, os, statistics, sys
ceiling, rate, null_rate = float(sys.argv[1]), sys.argv[2], sys.argv[3]
ours, ratios, nulls = ([float(x) for x in a.split()] for a in sys.argv[4:7])

def result(name, unit, values):
    return {"benchmark": "dev.bench.clientcost.ClientCost." + name, "mode": "avgt", "threads": 4, "forks": len(values),
            "params": {}, "primaryMetric": {"score": statistics.mean(values), "scoreError": "NaN",
            "scoreUnit": unit, "rawData": [[v] for v in values]}}

results = [result("pgbenchSelectAt" + rate, "us/op", ours),
           result("pgbenchSelectAt" + rate + "VsPgbench", "x", ratios),
           result("nullBackendAt" + null_rate, "us/op", nulls)]
os.makedirs("target", exist_ok=True)
json.dump(results, open("target/client-cost.json", "w"), indent=1)
jmh = "bench-jmh/target/jmh-result.json"
if os.path.exists(jmh):
    merged = [r for r in json.load(open(jmh)) if not r["benchmark"].startswith("dev.bench.clientcost.")] + results
    json.dump(merged, open(jmh, "w"), indent=1)
median = statistics.median(ratios)
print(f"client-cost: median bench/pgbench CPU per op {median:.2f}x (ceiling {ceiling}x); "
      f"null backend median {statistics.median(nulls):.2f} us/op")
if median > ceiling:
    print(f"client-cost: FAIL: the client's CPU per op is {median:.2f}x pgbench's, above the ceiling {ceiling}x "
          "(scripts/client-cost.ceiling)", file=sys.stderr)
    sys.exit(1)
PY
