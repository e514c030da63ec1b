#!/bin/bash
# First start: a data directory with the official image's users and database (MARIADB_* or MYSQL_*), set up
# through a server that listens on no port; then the server on 3306 for every address. Arguments after
# "mariadbd"/"mysqld" (or starting with "-") go to the server.
set -euo pipefail
case "${1:-mariadbd}" in
  mariadbd | mysqld) [ $# -gt 0 ] && shift ;;
  -*) ;;
  *) exec "$@" ;;
esac
env_of() { local m="MARIADB_$1" y="MYSQL_$1"; printf '%s' "${!m:-${!y:-}}"; }
root_pw=$(env_of ROOT_PASSWORD)
empty_ok=$(env_of ALLOW_EMPTY_ROOT_PASSWORD)$(env_of ALLOW_EMPTY_PASSWORD)
db=$(env_of DATABASE) user=$(env_of USER) pw=$(env_of PASSWORD)
sql_string() { printf "'%s'" "${1//\'/\'\'}"; }
if [ ! -d /var/lib/mysql/mysql ]; then
  [ -n "$root_pw" ] || [ -n "$empty_ok" ] || {
    echo "entrypoint: set MARIADB_ROOT_PASSWORD (or MYSQL_ROOT_PASSWORD, or *_ALLOW_EMPTY_*PASSWORD)" >&2; exit 1; }
  mariadb-install-db --datadir=/var/lib/mysql --skip-test-db --auth-root-authentication-method=normal >/dev/null
  mariadbd --datadir=/var/lib/mysql --skip-networking --socket=/run/mysqld/setup.sock &
  pid=$!
  for _ in $(seq 60); do mariadb-admin --socket=/run/mysqld/setup.sock ping >/dev/null 2>&1 && break; sleep 0.5; done
  {
    echo "DELETE FROM mysql.user WHERE user = '';"
    echo "CREATE USER 'root'@'%' IDENTIFIED BY $(sql_string "$root_pw");"
    echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY $(sql_string "$root_pw");"
    [ -z "$db" ] || echo "CREATE DATABASE IF NOT EXISTS \`$db\`;"
    if [ -n "$user" ] && [ "$user" != root ]; then
      echo "CREATE USER $(sql_string "$user")@'%' IDENTIFIED BY $(sql_string "$pw");"
      [ -z "$db" ] || echo "GRANT ALL ON \`$db\`.* TO $(sql_string "$user")@'%';"
    fi
    echo "FLUSH PRIVILEGES;"
  } | mariadb --socket=/run/mysqld/setup.sock -uroot
  mariadb-admin --socket=/run/mysqld/setup.sock -uroot ${root_pw:+-p"$root_pw"} shutdown
  wait "$pid" || true
fi
exec mariadbd --datadir=/var/lib/mysql --bind-address=0.0.0.0 --port=3306 "$@"
