#!/usr/bin/env bash
# A PostgreSQL primary + streaming standby on loopback, for the failover tests (docs/replicas.md).
# Private data directories under $BENCH_PAIR_DIR (default /var/lib/postgresql/bench-pair), ports 5441
# and 5442 (or $BENCH_PAIR_PORTS); the shared cluster on 5432 and its configuration are never touched. Run as root: the
# servers run as the postgres user. stdout carries only export lines (or one answer); progress on stderr.
#
#   scripts/replicas.sh [up] [async|sync]  start the pair, creating it if needed (idempotent)
#   scripts/replicas.sh failover [LAG_S]   stop the primary (immediate) and promote the standby; with LAG_S,
#                                          first hold the primary's WAL sender still for LAG_S seconds
#                                          (SIGSTOP, then SIGKILL): async commits of that time are lost, on purpose
#   scripts/replicas.sh reset [async|sync] rebuild the node that is not the primary as its standby
#   scripts/replicas.sh primary            print the port of the node accepting writes
#   scripts/replicas.sh stop               stop both servers (the data stays)
#
# sync means synchronous_standby_names='*' with synchronous_commit=remote_apply on the primary: a
# commit is acknowledged once the standby has applied it. The standby never carries the setting, so
# once promoted it accepts writes alone (there is no standby left to wait for).
set -euo pipefail

log() { echo "replicas.sh: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (the servers run as the postgres user)"
script=$(readlink -f "$0")
cd /  # the postgres user may not be able to read the caller's cwd

base=${BENCH_PAIR_DIR:-/var/lib/postgresql/bench-pair}
# BENCH_PAIR_PORTS="P1 P2" gives a second pair its own ports; later calls read them from $base/ports
ports=(${BENCH_PAIR_PORTS:-$(cat "$base/ports" 2>/dev/null || echo 5441 5442)})
pg_ver=$(ls /usr/lib/postgresql | sort -V | tail -n1)
bin=/usr/lib/postgresql/$pg_ver/bin
[ -x "$bin/pg_ctl" ] || die "no PostgreSQL server binaries in $bin (run scripts/services.sh first)"

as_pg() { runuser -u postgres -- "$@"; }
data() { echo "$base/$1/data"; }
logfile() { echo "$base/$1/server.log"; }
running() { as_pg "$bin/pg_ctl" -D "$(data "$1")" status >/dev/null 2>&1; }
ready() { "$bin/pg_isready" -q -h 127.0.0.1 -p "$1"; }
sql() { as_pg "$bin/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$1" -d postgres -c "$2"; }
in_recovery() { [ "$(sql "$1" 'SELECT pg_is_in_recovery()')" = t ]; }
other() { if [ "$1" = "${ports[0]}" ]; then echo "${ports[1]}"; else echo "${ports[0]}"; fi; }

# wait_until SECONDS DESCRIPTION COMMAND...: poll every 0.1 s, bounded in time.
wait_until() {
  local limit=$1 what=$2; shift 2
  local deadline=$((SECONDS + limit))
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || die "$what not within ${limit} s"
    sleep 0.1
  done
}

start() {
  running "$1" && return 0
  # -l appends: the tests read the servers' own shutdown and ready lines from this file
  as_pg "$bin/pg_ctl" -D "$(data "$1")" -l "$(logfile "$1")" -w -t 30 start </dev/null >&2 \
    || die "node $1 did not start (see $(logfile "$1"))"
  wait_until 30 "node $1 accepting connections" ready "$1"
}

# The settings both nodes share; the sync ones are set per primary with ALTER SYSTEM (see set_mode).
write_conf() {
  cat >>"$(data "$1")/postgresql.conf" <<EOF
port = $1
listen_addresses = '127.0.0.1'
unix_socket_directories = '$base/$1'
max_connections = 60
shared_buffers = 32MB
wal_level = replica
max_wal_senders = 4
wal_keep_size = 128MB
hot_standby = on
log_line_prefix = '%m [%p] '
log_timezone = 'UTC'
EOF
  cat >"$(data "$1")/pg_hba.conf" <<'EOF'
local all all peer
host all postgres 127.0.0.1/32 trust
host replication postgres 127.0.0.1/32 trust
host all all 127.0.0.1/32 scram-sha-256
EOF
}

create_primary() {
  local port=$1
  log "creating primary on 127.0.0.1:$port"
  rm -rf "${base:?}/$port"
  install -d -o postgres -g postgres -m 700 "$base" "$base/$port"
  as_pg "$bin/initdb" -D "$(data "$port")" -U postgres -A trust --no-sync >/dev/null \
    || die "initdb for node $port failed"
  write_conf "$port"
  start "$port"
  sql "$port" "CREATE ROLE bench LOGIN PASSWORD 'bench'" >&2
  sql "$port" "CREATE DATABASE bench OWNER bench" >&2
}

# Rebuild PORT as a streaming standby of the node on FROM (pg_basebackup -R writes primary_conninfo).
create_standby() {
  local port=$1 from=$2
  log "creating standby on 127.0.0.1:$port from 127.0.0.1:$from"
  if running "$port"; then as_pg "$bin/pg_ctl" -D "$(data "$port")" -m immediate stop >&2 || true; fi
  rm -rf "${base:?}/$port"
  install -d -o postgres -g postgres -m 700 "$base/$port"
  as_pg "$bin/pg_basebackup" -h 127.0.0.1 -p "$from" -U postgres -D "$(data "$port")" -R -X stream \
    --checkpoint=fast --no-sync >&2 || die "pg_basebackup from $from failed"
  # The copy carries the primary's own port and sync settings, and earlier resets' lines: keep the rest and
  # the primary_conninfo -R just wrote (the last), then give the standby its own port and no sync settings.
  local auto; auto="$(data "$port")/postgresql.auto.conf"
  awk '/^primary_conninfo/ { conninfo = $0; next }
       /^(port|unix_socket_directories|synchronous_standby_names|synchronous_commit) / { next }
       { print } END { print conninfo }' "$auto" >"$auto.new" && mv "$auto.new" "$auto"
  chown postgres:postgres "$auto"
  cat >>"$auto" <<EOF
port = $port
unix_socket_directories = '$base/$port'
synchronous_standby_names = ''
synchronous_commit = 'on'
EOF
  start "$port"
}

set_mode() {
  local primary=$1 mode=$2
  if [ "$mode" = sync ]; then
    sql "$primary" "ALTER SYSTEM SET synchronous_standby_names = '*'" >&2
    sql "$primary" "ALTER SYSTEM SET synchronous_commit = 'remote_apply'" >&2
  else
    sql "$primary" "ALTER SYSTEM RESET synchronous_standby_names" >&2
    sql "$primary" "ALTER SYSTEM RESET synchronous_commit" >&2
  fi
  sql "$primary" "SELECT pg_reload_conf()" >/dev/null
  echo "$mode" >"$base/mode"
  echo "${ports[*]}" >"$base/ports"
}

# The node that runs and is not in recovery, or nothing.
find_primary() {
  local p
  for p in "${ports[@]}"; do
    if running "$p" && ready "$p" && ! in_recovery "$p"; then echo "$p"; return 0; fi
  done
  return 1
}

streaming() { [ "$(sql "$1" "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")" -ge 1 ]; }

# A primary with one streaming standby, in MODE: starting what is stopped, rebuilding what is broken.
ensure_pair() {
  local mode=$1 primary standby
  for p in "${ports[@]}"; do
    if [ -f "$(data "$p")/PG_VERSION" ]; then start "$p"; fi
  done
  primary=$(find_primary) || { create_primary "${ports[0]}"; primary=${ports[0]}; }
  standby=$(other "$primary")
  if ! { running "$standby" && in_recovery "$standby" && streaming "$primary"; }; then
    create_standby "$standby" "$primary"
  fi
  set_mode "$primary" "$mode"
  wait_until 30 "standby $standby streaming from $primary" streaming "$primary"
  log "primary 127.0.0.1:$primary, standby 127.0.0.1:$standby streaming ($mode)"
}

print_env() {
  cat <<EOF
export BENCH_PG_PAIR_URL='jdbc:postgresql://127.0.0.1:${ports[0]},127.0.0.1:${ports[1]}/bench?targetServerType=primary&user=bench&password=bench'
export BENCH_PG_PAIR_NODES='127.0.0.1:${ports[0]},127.0.0.1:${ports[1]}'
export BENCH_PG_PAIR_SCRIPT='$script'
export BENCH_PG_PAIR_DIR='$base'
EOF
}

failover() {
  local lag=$1 primary standby sender
  primary=$(find_primary) || die "no primary running: run '$0 up' first"
  standby=$(other "$primary")
  running "$standby" || die "no standby running on $standby: run '$0 reset' first"
  if [ -n "$lag" ]; then
    [[ $lag =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "failover's lag must be seconds, not '$lag'"
    sender=$(sql "$primary" 'SELECT pid FROM pg_stat_replication LIMIT 1')
    [ -n "$sender" ] || die "primary $primary has no WAL sender"
    # a stopped sender sends nothing more (what it wrote before is in the socket and arrives); killed, it makes
    # the postmaster end every backend at once, the same moment the immediate stop below does
    kill -STOP "$sender"
    sleep "$lag"
    kill -KILL "$sender"
  fi
  as_pg "$bin/pg_ctl" -D "$(data "$primary")" -m immediate stop >&2 || die "stopping $primary failed"
  as_pg "$bin/pg_ctl" -D "$(data "$standby")" -w -t 30 promote >&2 || die "promoting $standby failed"
  wait_until 30 "node $standby accepting writes" bash -c "[ \"\$(runuser -u postgres -- $bin/psql -X -At \
-h 127.0.0.1 -p $standby -d postgres -c 'SELECT pg_is_in_recovery()')\" = f ]"
  log "failover: stopped 127.0.0.1:$primary, promoted 127.0.0.1:$standby"
  echo "$standby"
}

cmd=${1:-up}
case "$cmd" in
  async|sync) mode=$cmd; cmd=up ;;
  failover) mode=$(cat "$base/mode" 2>/dev/null || echo async) ;;
  *) mode=${2:-$(cat "$base/mode" 2>/dev/null || echo async)} ;;
esac
case "$mode" in async|sync) ;; *) die "mode must be async or sync, not '$mode'" ;; esac

case "$cmd" in
  up) install -d -o postgres -g postgres -m 700 "$base"; ensure_pair "$mode"; print_env ;;
  reset)
    primary=$(find_primary) || die "no primary running: run '$0 up' first"
    create_standby "$(other "$primary")" "$primary"
    set_mode "$primary" "$mode"
    wait_until 30 "standby streaming from $primary" streaming "$primary"
    log "reset: primary 127.0.0.1:$primary, standby 127.0.0.1:$(other "$primary") ($mode)"
    ;;
  failover) failover "${2:-}" ;;
  primary) find_primary || die "no primary running" ;;
  stop)
    for p in "${ports[@]}"; do
      if running "$p"; then as_pg "$bin/pg_ctl" -D "$(data "$p")" -m fast stop >&2; fi
    done ;;
  *) die "unknown command '$cmd' (up|async|sync|failover|reset|primary|stop)" ;;
esac
