#!/usr/bin/env bash
# Writes bench-cli/src/main/resources/dev/bench/cli/start-up-classes.txt: the classes that short runs on
# PostgreSQL and MariaDB load (drivers, TLS, SCRAM, workload code) beyond what the launcher's training
# run (vote on embedded H2) loads itself. The training run loads the listed ones too, so the start-up
# cache it makes holds them and a server run does not read and verify them on every start.
# Needs the servers of scripts/services.sh (BENCH_POSTGRES_URL, BENCH_MYSQL_URL) and a built
# distribution. A stale list costs nothing but time: names that no longer exist are skipped.
# Usage: scripts/start-up-classes.sh [BENCH=bench-cli/target/bench/bin/bench]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bench=${1:-$root/bench-cli/target/bench/bin/bench}
out=$root/bench-cli/src/main/resources/dev/bench/cli/start-up-classes.txt
: "${BENCH_POSTGRES_URL:?needs the PostgreSQL URL of scripts/services.sh}"
: "${BENCH_MYSQL_URL:?needs the MySQL/MariaDB URL of scripts/services.sh}"
mariadb_url=${BENCH_MYSQL_URL/jdbc:mysql:/jdbc:mariadb:}
mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

# One run with its class loading logged (no start-up cache, so every class shows where it came from).
logged() {
  local name=$1
  shift
  BENCH_CDS=off BENCH_OPTS="-Xlog:class+load:file=$tmp/$name.log" "$bench" "$@" \
    > "$tmp/$name.out" 2>&1 || { cat "$tmp/$name.out" >&2; exit 1; }
}
# The class names a log shows, without hidden classes (lambdas, method handles, proxies): those are
# made at run time and cannot be loaded by name.
names() {
  sed -n 's/^\[[^]]*\]\[info\]\[class,load\] \([^ ]*\) source: .*/\1/p' "$1" | grep -v -e '/' -e '\$\$' -e '^jdk\.proxy' \
    -e '^com\.sun\.proxy' | sort -u
}

logged h2 vote --target 1000 --runtime 1 --warmup 0 -a 1000 --results r-h2
for db in pg:postgres:"$BENCH_POSTGRES_URL" mariadb:mysql:"$mariadb_url" mysql:mysql:"$BENCH_MYSQL_URL"; do
  name=${db%%:*}
  backend=${db#*:}
  url=${backend#*:}
  backend=${backend%%:*}
  "$bench" oltp-rw prepare --tables 1 --table-size 1000 --url "$url" > /dev/null
  logged "oltp-$name" oltp-rw run --tables 1 --table-size 1000 --threads 2 --time 2 --url "$url" --results "r-oltp-$name"
  "$bench" oltp-rw cleanup --tables 1 --url "$url" > /dev/null
  logged "vote-$name" vote --runtime 1 --warmup 0 -a 1000 --target 1000 --results "r-vote-$name" "$backend" --url "$url"
done
# The JDK's own TLS as well: PostgreSQL speaks Conscrypt's unless BENCH_TLS=jdk, but Connector/J reaches a
# MySQL 8 server over the JDK's TLS by default.
BENCH_TLS=jdk logged tls-jdk vote --runtime 1 --warmup 0 -a 1000 --target 1000 --results r-tls-jdk postgres --url "$BENCH_POSTGRES_URL"

names h2.log > h2.names
cat oltp-*.log vote-pg.log vote-mariadb.log vote-mysql.log tls-jdk.log > servers.log
names servers.log | comm -23 - h2.names > "$out"
echo "$(wc -l < "$out") classes written to $out"
