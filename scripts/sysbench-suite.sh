#!/usr/bin/env bash
# Runs sysbench 1.0.20's own cram suite (tests/t/*.t, unchanged) for the bundled DB scripts, the common
# options and the driver help, with Debian's sysbench (the reference) and with `bench sysbench` (a JVM per
# call, as a user runs it; or served by `bench resident`, started before the pass and stopped after), each
# against a PostgreSQL 15 and a MariaDB of this script's own (own data directories and ports,
# started here and stopped at the end; the shared servers are not touched). Prints per pass
#   sysbench-suite: N/M files, K/L commands (PASS)
# (a command passes when its output block matches; a file when all of its blocks do), the files that
# failed, and the wall time of each pass. Exits 1 when ours falls below scripts/sysbench-suite.floor
# (raise it when a change makes more pass; never lower it).
#
#   scripts/sysbench-suite.sh [BENCH]      BENCH: the launcher (default: this build's distribution)
#   SYSBENCH_SUITE_PASSES="reference bench"  the passes to run (the default), in this order: reference, bench
#                                            and resident (bench's calls served by its resident process)
#   SYSBENCH_SUITE_SRC=DIR                   sysbench's source: a checkout, or a git directory holding tag 1.0.20
#                                            (default: /work/.mirror/akopytov+sysbench/repo)
#   SYSBENCH_SUITE_FILES="a.t b.t"           only these files
#
# The two table-dump helpers of the suite (include/mysql_common.sh, include/pgsql_common.sh) are
# adapted, identically for both passes: they connect to this script's servers, the PostgreSQL catalog
# query gets an ORDER BY (it has none, so the column order is the planner's), MariaDB's `DEFAULT 0` is
# printed as MySQL's `DEFAULT '0'` the suite expects, and the statement MariaDB's client echoes before
# its error line is left out. No .t file changes.
#
# Needs root (Debian packages; initdb refuses root, so the servers run as a user of their own).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

log() { echo "sysbench-suite: $*" >&2; }
die() { log "ERROR: $*"; exit 2; }
[ "$(id -u)" = 0 ] || die "must run as root"

bench=${1:-$repo/bench-cli/target/bench/bin/bench}
passes=${SYSBENCH_SUITE_PASSES:-reference bench}
for p in $passes; do
  case $p in reference | bench | resident) ;; *) die "SYSBENCH_SUITE_PASSES: reference, bench or resident, got '$p'" ;; esac
done
[[ " $passes " != *" bench "* && " $passes " != *" resident "* ]] || [ -x "$bench" ] || die "no launcher at $bench (build with ./mvnw package -DskipTests)"

files=${SYSBENCH_SUITE_FILES:-"script_oltp_help.t
script_oltp_read_write_mysql.t script_oltp_read_write_pgsql.t script_oltp_point_select_mysql.t script_oltp_point_select_pgsql.t
script_oltp_insert_mysql.t script_oltp_insert_pgsql.t script_oltp_delete_mysql.t script_oltp_delete_pgsql.t
script_bulk_insert_mysql.t script_bulk_insert_pgsql.t script_select_random_mysql.t script_select_random_pgsql.t
1st.t opt_help.t opt_version.t opt_rate.t opt_report_interval.t opt_report_checkpoints.t opt_histogram.t cmdline.t
commands.t tests.t help_drv_mysql.t help_drv_pgsql.t drivers.t"}

# --- packages and the suite ----------------------------------------------------------------------
missing=()
command -v sysbench >/dev/null || missing+=(sysbench)
command -v cram3 >/dev/null || missing+=(python3-cram)
command -v mariadb-install-db >/dev/null || missing+=(mariadb-server)
command -v psql >/dev/null || missing+=(postgresql-client)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } >&2 \
    || die "apt-get install ${missing[*]} failed"
fi
pg_bin=/usr/lib/postgresql/15/bin
src=${SYSBENCH_SUITE_SRC:-/work/.mirror/akopytov+sysbench/repo}
work=/var/tmp/bench-sysbench-suite
rm -rf "$work"
mkdir -p "$work/suite"
if [ -d "$src/tests/t" ]; then
  cp -r "$src/tests/t" "$src/tests/include" "$work/suite/"
elif git -C "$src" rev-parse -q --verify 1.0.20^{commit} >/dev/null 2>&1; then
  git -C "$src" archive 1.0.20 tests/t tests/include | tar -x -C "$work/suite" --strip-components=1
else
  die "no sysbench 1.0.20 source at $src (set SYSBENCH_SUITE_SRC to a checkout or a git directory with tag 1.0.20)"
fi

# --- the adaptation of the two helpers, the same for both passes -----------------------------------
inc=$work/suite/include
grep -q 'f.attnum > 0$' "$inc/pgsql_common.sh" || die "include/pgsql_common.sh is not 1.0.20's"
sed -i 's/^    AND f.attnum > 0$/    AND f.attnum > 0\nORDER BY f.attnum/' "$inc/pgsql_common.sh"
# MariaDB prints a numeric default bare (DEFAULT 0), MySQL quoted (DEFAULT '0'), as the suite expects; and
# MariaDB's client echoes the failed statement between dashed lines before its ERROR line: left out
python3 - "$inc/mysql_common.sh" <<'EOF'
import sys
path = sys.argv[1]
text = open(path).read()
line = '  mysql -uroot sbtest -Nse "SHOW CREATE TABLE $1\\G"\n'
if line not in text:
    sys.exit("include/mysql_common.sh is not 1.0.20's")
fix = r'''  mysql -uroot sbtest -Nse "SHOW CREATE TABLE $1\G" 2> "$CRAMTMP/show.err" | sed "s/ DEFAULT \([0-9][0-9]*\)\([ ,]\)/ DEFAULT '\1'\2/"
  local rc=${PIPESTATUS[0]}
  grep -v -e '^--------------$' -e '^SHOW CREATE TABLE ' -e '^$' "$CRAMTMP/show.err" >&2 || true
  return $rc
'''
open(path, 'w').write(text.replace(line, fix))
EOF
cat > "$inc/config.sh" <<'EOF'
export SBTEST_VERSION_STRING="sysbench 1.0.20"
export SBTEST_VERSION="1.0.20"
export SBTEST_HAS_MYSQL=1
export SBTEST_HAS_PGSQL=1
EOF

# --- servers of its own ------------------------------------------------------------------------------
user=benchsuite
id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/sh "$user"
pg_port=55433
my_port=53307
home=$work/home
mkdir -p "$home" "$work/pgsock" "$work/mysql"
printf '[client]\nhost=127.0.0.1\nport=%s\n' "$my_port" > "$home/.my.cnf"
chown -R "$user" "$work"
as_user() { runuser -u "$user" -- "$@"; }
# bench's resident process (start|stop) for the resident pass, in the environment cram gives the calls (its
# cleanenv): a call whose locale or TZ differs from the resident's would run in a JVM of its own
resident() { as_user env -i HOME="$home" PATH="/usr/bin:/bin" LANG=C LC_ALL=C LANGUAGE=C TZ=GMT BENCH_RESIDENT_IDLE=900 \
  "$launcher" resident "$1" < /dev/null; }
stop_servers() {
  [ ! -f "$home/.bench-resident/port" ] || resident stop > /dev/null 2>&1 || true
  as_user "$pg_bin/pg_ctl" -D "$work/pgdata" -m immediate stop >/dev/null 2>&1 || true
  [ -f "$work/mysql/pid" ] && kill "$(cat "$work/mysql/pid")" 2>/dev/null || true
}
trap stop_servers EXIT

as_user "$pg_bin/initdb" -D "$work/pgdata" -A trust -U postgres >/dev/null
as_user "$pg_bin/pg_ctl" -D "$work/pgdata" -l "$work/pg.log" -w \
  -o "-p $pg_port -k $work/pgsock -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
psql_admin() { as_user psql -h 127.0.0.1 -p "$pg_port" -U postgres -qAt "$@"; }
psql_admin -c "CREATE ROLE sbtest LOGIN" -c "CREATE DATABASE sbtest OWNER sbtest" postgres

as_user mariadb-install-db --no-defaults --datadir="$work/mysql/data" --auth-root-authentication-method=normal \
  --skip-test-db > "$work/mysql/install.log" 2>&1 || die "mariadb-install-db failed: $work/mysql/install.log"
cat > "$work/mysql/init.sql" <<'EOF'
CREATE DATABASE IF NOT EXISTS sbtest;
CREATE USER IF NOT EXISTS 'sbtest'@'%';
GRANT ALL ON *.* TO 'sbtest'@'%';
CREATE USER IF NOT EXISTS 'root'@'%';
GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;
EOF
chown "$user" "$work/mysql/init.sql"
as_user mariadbd --no-defaults --datadir="$work/mysql/data" --port="$my_port" --bind-address=127.0.0.1 \
  --socket="$work/mysql/sock" --pid-file="$work/mysql/pid" --skip-name-resolve --init-file="$work/mysql/init.sql" \
  --innodb-flush-log-at-trx-commit=0 > "$work/mysql/server.log" 2>&1 &
for _ in $(seq 60); do
  as_user mysql --defaults-file="$home/.my.cnf" -uroot -e 'SELECT 1' sbtest >/dev/null 2>&1 && break
  sleep 1
done
as_user mysql --defaults-file="$home/.my.cnf" -uroot -e 'SELECT 1' sbtest >/dev/null || die "the private MariaDB did not start: $work/mysql/server.log"

# --- each pass: sysbench first on PATH, the suite's variables, cram per file ------------------------
launcher=
if [[ " $passes " == *" bench "* || " $passes " == *" resident "* ]]; then
  dist=$(cd "$(dirname "$bench")/.." && pwd)
  cp -r "$dist" "$work/dist"
  chown -R "$user" "$work/dist"
  launcher=$work/dist/bin/$(basename "$bench")
fi
count_blocks() {  # FILE.t [FILE.t.err]: "passed total" command blocks (no .err: all passed)
  python3 - "$@" <<'EOF'
import sys
def blocks(path):
    out, cur = [], None
    for line in open(path, encoding='utf-8', errors='replace'):
        if line.startswith('  $ '):
            cur = [line]
            out.append(cur)
        elif cur is not None and line.startswith('  ') and not line.startswith('  > '):
            cur.append(line)
        elif cur is not None and line.startswith('  > '):
            cur.append(line)
    return out
want = blocks(sys.argv[1])
got = blocks(sys.argv[2]) if len(sys.argv) > 2 else want
passed = sum(1 for i, b in enumerate(want) if i < len(got) and got[i] == b)
print(passed, len(want))
EOF
}
declare -A result
status=0
for p in $passes; do
  bin=$work/bin-$p
  mkdir -p "$bin"
  if [ "$p" = reference ]; then
    ln -sf "$(command -v sysbench)" "$bin/sysbench"
  else
    printf '#!/bin/sh\nexec %s sysbench "$@"\n' "$launcher" > "$bin/sysbench"
    chmod +x "$bin/sysbench"
  fi
  run=$work/run-$p
  rm -rf "$run"
  cp -r "$work/suite" "$run"
  chown -R "$user" "$run" "$bin"
  rm -rf "$home/.bench-resident"   # an earlier run's, killed: its port file would send calls to a dead port
  [ "$p" != resident ] || resident start >&2
  nf=0; pf=0; nc=0; pc=0; failed=()
  start=$EPOCHREALTIME
  for f in $files; do
    [ -f "$run/t/$f" ] || die "no $f in the suite"
    rm -f "$run/t/$f.err"
    as_user env -i HOME="$home" PATH="$bin:/usr/bin:/bin" LANG=C.UTF-8 \
      PGHOST=127.0.0.1 PGPORT="$pg_port" PGUSER=sbtest \
      SBTEST_ROOTDIR="$run" SBTEST_SCRIPTDIR=/usr/share/sysbench SBTEST_SUITEDIR="$run/t" SBTEST_INCDIR="$run/include" \
      SBTEST_CONFIG="$run/include/config.sh" \
      SBTEST_MYSQL_ARGS="--mysql-host=127.0.0.1 --mysql-port=$my_port --mysql-user=sbtest --mysql-db=sbtest" \
      SBTEST_PGSQL_ARGS="--pgsql-host=127.0.0.1 --pgsql-port=$pg_port --pgsql-user=sbtest --pgsql-db=sbtest" \
      bash -c ". '$run/include/config.sh' && cd '$run/t' && cram3 --shell=/bin/bash -q '$f'" > "$run/$f.log" 2>&1 || true
    nf=$((nf + 1))
    if [ -f "$run/t/$f.err" ]; then
      read -r ok all < <(count_blocks "$run/t/$f" "$run/t/$f.err")
      failed+=("${f%.t}")
    else
      read -r ok all < <(count_blocks "$run/t/$f")
      pf=$((pf + 1))
    fi
    pc=$((pc + ok)); nc=$((nc + all))
  done
  wall=$(( (${EPOCHREALTIME/./} - ${start/./}) / 1000000 ))
  if [ "$p" = resident ]; then
    resident stop >&2 || true
    fallbacks=$(grep -c ': fallback' "$home/.bench-resident/log" 2>/dev/null || true)
    [ "${fallbacks:-0}" = 0 ] || log "resident: ${fallbacks} calls ran in a JVM of their own ($home/.bench-resident/log)"
  fi
  echo "sysbench-suite: $pf/$nf files, $pc/$nc commands ($p, ${wall}s)"
  [ ${#failed[@]} -eq 0 ] || echo "sysbench-suite: failed ($p): ${failed[*]}"
  result[$p]="$pf $pc"
done

# --- the floor: ours may only rise (in a JVM per call and served alike) --------------------------------
if [ -z "${SYSBENCH_SUITE_FILES:-}" ]; then
  read -r files_floor commands_floor < <(grep -v '^#' scripts/sysbench-suite.floor)
  for p in bench resident; do
    [ -n "${result[$p]:-}" ] || continue
    read -r files_now commands_now <<< "${result[$p]}"
    if [ "$files_now" -lt "$files_floor" ] || [ "$commands_now" -lt "$commands_floor" ]; then
      log "below the floor ($p): $files_now files, $commands_now commands; scripts/sysbench-suite.floor says $files_floor, $commands_floor"
      status=1
    fi
  done
fi
exit $status
