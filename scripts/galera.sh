#!/usr/bin/env bash
# A three-node MariaDB Galera cluster on loopback, for the cluster tests (docs/galera.md). Debian's
# mariadb-server + galera-4; each node has its own datadir, socket, pid and log under $BENCH_GALERA_DIR
# (default /var/lib/mysql-galera/N), SQL port 331N, gcomm port 457N, IST port 458N, SST (rsync) port 459N.
# The shared MariaDB on 3306 (services.sh) and /etc/mysql are never touched: each node reads only its own
# my.cnf. Run as root: the servers run as the mysql user. stdout carries only export lines (or one answer);
# progress on stderr.
#
#   scripts/galera.sh [up]       start the cluster, creating it if needed (idempotent); waits for
#                                wsrep_ready=ON and cluster size 3 on every node, then prints the exports
#   scripts/galera.sh kill N     SIGKILL node N (1-3): the others go on as a cluster of two
#   scripts/galera.sh restart N  start node N again (recovering its position, so it rejoins by IST)
#                                and wait for cluster size 3
#   scripts/galera.sh status     print wsrep_cluster_size as a running node sees it (0 when none runs)
#   scripts/galera.sh down       stop every node (the data stays)
set -euo pipefail

log() { echo "galera.sh: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (the servers run as the mysql user)"
script=$(readlink -f "$0")
cd /

installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]; }
pkgs=()
for p in mariadb-server galera-4 rsync; do installed "$p" || pkgs+=("$p"); done
if [ ${#pkgs[@]} -gt 0 ]; then
  log "installing ${pkgs[*]}"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${pkgs[@]}"; } >&2 \
    || die "apt-get install ${pkgs[*]} failed"
fi

base=${BENCH_GALERA_DIR:-/var/lib/mysql-galera}
nodes=(1 2 3)
provider=/usr/lib/galera/libgalera_smm.so
[ -f "$provider" ] || die "no Galera provider at $provider (package galera-4)"

port() { echo $((3310 + $1)); }
dir() { echo "$base/$1"; }
cnf() { echo "$base/$1/my.cnf"; }
errlog() { echo "$base/$1/error.log"; }
pidfile() { echo "$base/$1/mariadbd.pid"; }
sock() { echo "$base/$1/mysqld.sock"; }
gcomm_all() { echo "gcomm://127.0.0.1:4571,127.0.0.1:4572,127.0.0.1:4573"; }

pid_of() { local f; f=$(pidfile "$1"); [ -s "$f" ] && cat "$f"; }
running() { local p; p=$(pid_of "$1") && kill -0 "$p" 2>/dev/null; }
# root over the node's socket (unix_socket auth, as Debian sets root@localhost up)
sql() { mariadb --no-defaults --protocol=socket -S "$(sock "$1")" -uroot -N -B -e "$2" 2>/dev/null; }
status_var() { sql "$1" "SHOW GLOBAL STATUS LIKE '$2'" | awk '{print $2}'; }
synced() {
  [ "$(status_var "$1" wsrep_ready)" = ON ] && [ "$(status_var "$1" wsrep_cluster_size)" = "$2" ] \
    && [ "$(status_var "$1" wsrep_local_state_comment)" = Synced ]
}

# wait_until SECONDS DESCRIPTION COMMAND...: poll every 0.2 s, bounded in time.
wait_until() {
  local limit=$1 what=$2; shift 2
  local deadline=$((SECONDS + limit))
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || die "$what not within ${limit} s (see $base/*/error.log)"
    sleep 0.2
  done
}

# The evs timeouts are short so that a killed node leaves the group in about 2 s (the defaults take 5-15 s,
# during which the survivors' commits wait); on loopback nothing else is that slow, even on a loaded machine.
write_conf() {
  local n=$1
  local evs="evs.keepalive_period=PT0.2S;evs.inactive_check_period=PT0.3S;evs.suspect_timeout=PT1S"
  evs+=";evs.inactive_timeout=PT2S;evs.install_timeout=PT2S"
  cat >"$(cnf "$n")" <<EOF
[mysqld]
user = mysql
datadir = $(dir "$n")/data
socket = $(sock "$n")
pid-file = $(pidfile "$n")
log-error = $(errlog "$n")
bind-address = 127.0.0.1
port = $(port "$n")
skip-name-resolve
max_connections = 200
innodb_buffer_pool_size = 64M
innodb_log_file_size = 48M
innodb_flush_log_at_trx_commit = 2
binlog_format = ROW
default_storage_engine = InnoDB
innodb_autoinc_lock_mode = 2
wsrep_on = ON
wsrep_provider = $provider
wsrep_cluster_name = bench_galera
wsrep_cluster_address = $(gcomm_all)
wsrep_node_name = node$n
wsrep_node_address = 127.0.0.1:$((4570 + n))
wsrep_node_incoming_address = 127.0.0.1:$(port "$n")
wsrep_sst_method = rsync
wsrep_sst_receive_address = 127.0.0.1:$((4590 + n))
wsrep_provider_options = "gmcast.listen_addr=tcp://127.0.0.1:$((4570 + n));ist.recv_addr=127.0.0.1:$((4580 + n));$evs;gcache.size=128M"
wsrep_slave_threads = 2

[client]
socket = $(sock "$n")
EOF
}

# create_node N [joiner]: a joiner's datadir stays empty, the SST from its donor fills it.
create_node() {
  local n=$1
  log "creating node $n (127.0.0.1:$(port "$n"))"
  rm -rf "${base:?}/$n"
  install -d -o mysql -g mysql -m 750 "$base/$n" "$base/$n/data"
  write_conf "$n"
  [ "${2:-}" = joiner ] && return 0
  mariadb-install-db --defaults-file="$(cnf "$n")" --user=mysql --auth-root-authentication-method=socket \
    --skip-test-db >/dev/null 2>&1 || die "mariadb-install-db for node $n failed"
}

# start N [--wsrep-new-cluster]: in the background, as mysql; a joiner recovers its position first (a
# crashed node's grastate.dat says seqno -1, which would make it ask for a full SST instead of IST).
start_node() {
  local n=$1; shift
  running "$n" && return 0
  write_conf "$n"
  rm -f "$(pidfile "$n")" "$(sock "$n")"
  local extra=("$@")
  if [ ${#extra[@]} -eq 0 ] && [ -f "$(dir "$n")/data/grastate.dat" ]; then
    local rec; rec="$(dir "$n")/recover.log"
    /usr/sbin/mariadbd --defaults-file="$(cnf "$n")" --wsrep-recover --log-error="$rec" >/dev/null 2>&1 || true
    local pos; pos=$(sed -n 's/.*WSREP: Recovered position: *\([^ ]*\).*/\1/p' "$rec" | tail -n1)
    [ -n "$pos" ] && extra+=(--wsrep-start-position="$pos")
  fi
  log "starting node $n ${extra[*]}"
  local from; from=$(stat -c %s "$(errlog "$n")" 2>/dev/null || echo 0)
  setsid -f /usr/sbin/mariadbd --defaults-file="$(cnf "$n")" "${extra[@]}" </dev/null >/dev/null 2>&1
  wait_until 60 "node $n's pid file" started_or_died "$n" "$from"
}

# true once the node wrote its pid file; dies with the server's own [ERROR] lines if it aborted meanwhile
# (a port in use, a joiner refused), rather than waiting out the limit
started_or_died() {
  test -s "$(pidfile "$1")" && return 0
  local new; new=$(tail -c +"$(($2 + 1))" "$(errlog "$1")" 2>/dev/null || true)
  if grep -q '\[ERROR\] Aborting$' <<<"$new"; then
    grep '\[ERROR\]' <<<"$new" | tail -n 5 >&2
    die "node $1 aborted on start (see $(errlog "$1"))"
  fi
  return 1
}

any_running() { local n; for n in "${nodes[@]}"; do running "$n" && { echo "$n"; return 0; }; done; return 1; }

up() {
  install -d -o mysql -g mysql -m 750 "$base"
  local first
  if ! first=$(any_running); then
    # A new cluster from node 1. Its state is taken as the cluster's: the others get theirs from it (SST),
    # so a node that was ahead can't refuse to join.
    first=1
    [ -f "$(cnf 1)" ] || create_node 1
    local g; g="$(dir 1)/data/grastate.dat"
    [ -f "$g" ] && sed -i 's/^safe_to_bootstrap:.*/safe_to_bootstrap: 1/' "$g"
    for n in 2 3; do rm -f "$(dir "$n")/data/grastate.dat"; done
    start_node 1 --wsrep-new-cluster
    wait_until 60 "node 1 bootstrapped" synced 1 1
  fi
  for n in "${nodes[@]}"; do
    [ -f "$(cnf "$n")" ] || create_node "$n" joiner
    start_node "$n"
  done
  for n in "${nodes[@]}"; do wait_until 120 "node $n synced in a cluster of 3" synced "$n" 3; done
  sql "$first" "CREATE DATABASE IF NOT EXISTS bench;
CREATE USER IF NOT EXISTS 'bench'@'127.0.0.1' IDENTIFIED BY 'bench';
CREATE USER IF NOT EXISTS 'bench'@'localhost' IDENTIFIED BY 'bench';
GRANT ALL PRIVILEGES ON bench.* TO 'bench'@'127.0.0.1', 'bench'@'localhost';" \
    || die "creating database and user bench on node $first failed"
  log "cluster of 3 ready on 127.0.0.1:3311-3313"
  # wsrep_sync_wait=7: a read, insert, update or delete waits until its node has applied what the cluster
  # committed before it (commits and DDL), so a check counting rows right after the run sees the last commits
  # made through the other nodes, and an insert on one node doesn't precede the CREATE TABLE made on another.
  # disablePipeline: with Connector/J 3.5's prepare+execute sent together, 1 oltp-rw run in 5 left a worker
  # waiting forever for an answer the node (idle, by its processlist) never sent; none in 10 without (docs/galera.md)
  cat <<EOF
export BENCH_GALERA_URL='jdbc:mariadb:loadbalance://127.0.0.1:3311,127.0.0.1:3312,127.0.0.1:3313/bench?user=bench&password=bench\
&sessionVariables=wsrep_sync_wait=7&disablePipeline=true'
export BENCH_GALERA_NODES='127.0.0.1:3311,127.0.0.1:3312,127.0.0.1:3313'
export BENCH_GALERA_SCRIPT='$script'
export BENCH_GALERA_DIR='$base'
EOF
}

node_arg() {
  [[ ${1:-} =~ ^[123]$ ]] || die "which node? 1, 2 or 3, not '${1:-}'"
  echo "$1"
}

cmd=${1:-up}
case "$cmd" in
  up) up ;;
  kill)
    n=$(node_arg "${2:-}")
    p=$(pid_of "$n") && kill -KILL "$p" 2>/dev/null || die "node $n is not running"
    while kill -0 "$p" 2>/dev/null; do sleep 0.05; done
    log "killed node $n (pid $p)"
    ;;
  restart)
    n=$(node_arg "${2:-}")
    other=$(for m in "${nodes[@]}"; do [ "$m" != "$n" ] && running "$m" && echo "$m" && break; done) \
      || die "no other node runs: use '$0 up' to start a new cluster"
    start_node "$n"
    wait_until 120 "node $n synced in a cluster of 3" synced "$n" 3
    log "node $n rejoined: cluster of 3"
    ;;
  status)
    if n=$(any_running); then status_var "$n" wsrep_cluster_size; else echo 0; fi ;;
  down)
    for n in "${nodes[@]}"; do
      if p=$(pid_of "$n") && kill -0 "$p" 2>/dev/null; then
        kill -TERM "$p"
        while kill -0 "$p" 2>/dev/null; do sleep 0.1; done
        log "stopped node $n"
      fi
    done ;;
  *) die "unknown command '$cmd' (up|kill N|restart N|status|down)" ;;
esac
