#!/usr/bin/env bash
# Make PostgreSQL, MariaDB and memcached available on 127.0.0.1 for the
# integration tests, idempotently (Debian). Usage:
#   eval "$(scripts/services.sh)"
# (eval of an empty string succeeds, so to fail fast on errors prefer
#   env=$(scripts/services.sh) && eval "$env")
# stdout carries only `export` lines; all progress goes to stderr.
set -euo pipefail

log() { echo "services.sh: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (try: sudo $0)"
cd /  # runuser'd clients (postgres user) may not be able to read the caller's cwd

# --- install whatever server packages are missing -------------------------
installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]; }
pkgs=()
# Any postgresql-NN server will do (brings pg_ctlcluster & co. along).
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || pkgs+=(postgresql)
# Check the package, not the binary: mariadbd lives in mariadb-server-core,
# but we also need the datadir/config/client that mariadb-server sets up.
installed mariadb-server || pkgs+=(mariadb-server)
installed memcached || pkgs+=(memcached)
# FaultMatrixTest puts its clients in network namespaces (ip netns, veth)
command -v ip >/dev/null || pkgs+=(iproute2)
# PrometheusScrapeTest starts Debian's Prometheus itself (scripts/prometheus.sh) and runs promtool
installed prometheus || pkgs+=(prometheus)
command -v curl >/dev/null || pkgs+=(curl)
if [ ${#pkgs[@]} -gt 0 ]; then
  log "installing ${pkgs[*]}"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${pkgs[@]}"; } >&2 \
    || die "apt-get install ${pkgs[*]} failed"
fi

# --- helpers ---------------------------------------------------------------
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
pg_up() { pg_isready -q -h 127.0.0.1 -p 5432; }
my_up() { mysqladmin --protocol=tcp -h127.0.0.1 -P3306 --connect-timeout=2 ping >/dev/null 2>&1; }
mc_up() { port_open 11211; }
# wait_for NAME CHECK [LOG]: poll CHECK until it succeeds, for at most 60 s
# of wall-clock time (a single check may itself block for a couple of seconds).
wait_for() {
  local deadline=$((SECONDS + 60))
  until "$2"; do
    [ "$SECONDS" -lt "$deadline" ] || die "$1 did not accept connections on 127.0.0.1 within 60 s${3:+ (see $3)}"
    sleep 1
  done
}

# --- PostgreSQL ------------------------------------------------------------
# Use the Debian cluster tools (not /usr/local/bin/pg_ctl, which is just a
# symlink): pg_ctlcluster runs as the cluster owner and picks the right
# binaries. No systemd here, so we start the cluster directly.
pg_ver=$(ls /usr/lib/postgresql | sort -V | tail -n1)
pg_log=/var/log/postgresql/postgresql-$pg_ver-main.log
if pg_up; then
  log "PostgreSQL already running on 127.0.0.1:5432"
else
  # A fresh install normally creates the "main" cluster; create it if not.
  [ -d "/etc/postgresql/$pg_ver/main" ] || pg_createcluster "$pg_ver" main -p 5432 >&2
  log "starting PostgreSQL $pg_ver/main"
  # Override listen_addresses on the command line so only 127.0.0.1 is
  # bound without editing the cluster config. stdio must not leak into the
  # caller's $(...) or it would hang waiting for EOF.
  pg_ctlcluster -o '-c listen_addresses=127.0.0.1' "$pg_ver" main start </dev/null >&2 \
    || die "pg_ctlcluster $pg_ver main start failed (see $pg_log)"
  wait_for PostgreSQL pg_up "$pg_log"
fi
# bench_ts: a tablespace the tests' pgbench -i --tablespace can use (only a superuser makes one).
install -d -o postgres -g postgres -m 700 /var/lib/postgresql/bench_ts
# Password auth over TCP relies on Debian's default pg_hba
# ("host all all 127.0.0.1/32 scram-sha-256").
runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -p 5432 >&2 <<'SQL' || die "PostgreSQL: creating role/database bench failed"
DO $$BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bench') THEN
    CREATE ROLE bench LOGIN PASSWORD 'bench';
  END IF;
END$$;
SELECT 'CREATE DATABASE bench OWNER bench'
 WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'bench')\gexec
-- bench_two may hold two connections: the tests' server that refuses a third (too many clients)
DO $$BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bench_two') THEN
    CREATE ROLE bench_two LOGIN PASSWORD 'bench' CONNECTION LIMIT 2;
  END IF;
END$$;
-- bench_twelve may hold twelve: a pool of exactly its limit opens
DO $$BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bench_twelve') THEN
    CREATE ROLE bench_twelve LOGIN PASSWORD 'bench' CONNECTION LIMIT 12;
  END IF;
END$$;
SELECT 'CREATE TABLESPACE bench_ts OWNER bench LOCATION ''/var/lib/postgresql/bench_ts'''
 WHERE NOT EXISTS (SELECT FROM pg_tablespace WHERE spcname = 'bench_ts')\gexec
SQL

# --- MariaDB ---------------------------------------------------------------
# Started directly (not via mysqld_safe/init script, which log to syslog,
# absent here) with the bind address on the command line.
my_log=/var/log/mysql/error.log
if my_up; then
  log "MariaDB already running on 127.0.0.1:3306"
else
  log "starting MariaDB"
  install -d -o mysql -g root -m 755 /run/mysqld   # /run may be fresh
  install -d -o mysql -g adm -m 2750 /var/log/mysql
  setsid -f /usr/sbin/mariadbd --user=mysql --bind-address=127.0.0.1 --port=3306 \
    --log-error="$my_log" </dev/null >/dev/null 2>&1
  wait_for MariaDB my_up "$my_log"
fi
# Debian's root@localhost uses unix_socket auth: connect as root via the socket.
mysql --protocol=socket -uroot >&2 <<'SQL' || die "MariaDB: creating user/database bench failed"
CREATE DATABASE IF NOT EXISTS bench;
CREATE USER IF NOT EXISTS 'bench'@'127.0.0.1' IDENTIFIED BY 'bench';
CREATE USER IF NOT EXISTS 'bench'@'localhost' IDENTIFIED BY 'bench';
GRANT ALL PRIVILEGES ON bench.* TO 'bench'@'127.0.0.1', 'bench'@'localhost';
-- bench_two may hold two connections: the tests' server that refuses a third (too many clients)
CREATE USER IF NOT EXISTS 'bench_two'@'127.0.0.1' IDENTIFIED BY 'bench' WITH MAX_USER_CONNECTIONS 2;
GRANT SELECT ON bench.* TO 'bench_two'@'127.0.0.1';
SQL

# --- memcached -------------------------------------------------------------
if mc_up; then
  log "memcached already running on 127.0.0.1:11211"
else
  log "starting memcached"
  # -d daemonizes; 64 MB is the Debian default cache size.
  memcached -d -u memcache -l 127.0.0.1 -p 11211 -m 64 </dev/null >/dev/null 2>&1 \
    || die "memcached failed to start"
  wait_for memcached mc_up
fi

log "all services ready"
cat <<'EOF'
export BENCH_POSTGRES_URL='jdbc:postgresql://127.0.0.1:5432/bench?user=bench&password=bench'
export BENCH_MYSQL_URL='jdbc:mysql://127.0.0.1:3306/bench?user=bench&password=bench'
export BENCH_MEMCACHED='127.0.0.1:11211'
EOF
