#!/usr/bin/env bash
# Runs PostgreSQL's own pgbench TAP suite (src/bin/pgbench/t/001 and 002, unchanged) with `pgbench`
# resolved to `bench pgbench`, and prints `001: N/M passed; 002: N/M passed` (M: the checks the file
# ran; a file that dies early runs fewer). Exits 1 when a count falls below the floor kept in
# scripts/pgbench-suite.floor (raise it when a change makes more pass; never lower it).
#
#   scripts/pgbench-suite.sh [BENCH]        BENCH: the launcher (default: this build's distribution)
#   PGBENCH_SUITE_REFERENCE=1 ...           run the suite against PostgreSQL's own pgbench instead
#
# Needs root (Debian packages, a private network namespace, a non-root user: initdb refuses root).
# The suite comes from Debian's source package of the installed server, so tests and binaries match.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

log() { echo "pgbench-suite: $*" >&2; }
die() { log "ERROR: $*"; exit 2; }
[ "$(id -u)" = 0 ] || die "must run as root"

bench=${1:-$repo/bench-cli/target/bench/bin/bench}
[ -n "${PGBENCH_SUITE_REFERENCE:-}" ] || [ -x "$bench" ] || die "no launcher at $bench (build with ./mvnw package -DskipTests)"

# --- the server's binaries and the suite of the same version ------------------------------------
pg_bin=$(ls -d /usr/lib/postgresql/15/bin 2>/dev/null) || die "PostgreSQL 15 is not installed (scripts/services.sh installs it)"
version=$(dpkg-query -W -f='${Version}' postgresql-15)          # e.g. 15.18-0+deb12u1
upstream=${version%%-*}
work=/var/tmp/bench-pgbench-suite
src=$work/postgresql-$upstream
missing=()
command -v prove >/dev/null || missing+=(perl)
dpkg-query -W -f='${db:Status-Status}' libipc-run-perl 2>/dev/null | grep -q '^installed$' || missing+=(libipc-run-perl)
command -v ip >/dev/null || missing+=(iproute2)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } >&2 \
    || die "apt-get install ${missing[*]} failed"
fi
if [ ! -d "$src/src/bin/pgbench/t" ]; then
  # Debian keeps the source of the installed version in its security or main suite; a deb-src line for both.
  sources=/etc/apt/sources.list.d/bench-pgbench-suite.sources
  if ! apt-cache showsrc postgresql-15 2>/dev/null | grep -qx "Version: $version"; then
    cat > "$sources" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    apt-get update -q >&2 || die "apt-get update failed"
  fi
  mkdir -p "$work/download"
  (cd "$work/download" && apt-get source --download-only -q "postgresql-15=$version" >&2) \
    || die "no source package postgresql-15=$version"
  tar -C "$work" -xjf "$work/download/postgresql-15_$upstream.orig.tar.bz2" \
    "postgresql-$upstream/src/test/perl" "postgresql-$upstream/src/bin/pgbench"
fi

# --- a user for initdb, a `pgbench` that is ours, a namespace of its own ------------------------
user=benchsuite
id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/sh "$user"
run=$work/run
rm -rf "$run"
mkdir -p "$run/bin"
cp -r "$src/src/test/perl" "$src/src/bin/pgbench" "$run/"
if [ -n "${PGBENCH_SUITE_REFERENCE:-}" ] && [ -z "${PGBENCH_SUITE_CALL_TIMES:-}" ]; then
  ln -s "$pg_bin/pgbench" "$run/bin/pgbench"
else
  if [ -n "${PGBENCH_SUITE_REFERENCE:-}" ]; then
    call=$pg_bin/pgbench
  else
    # the distribution must be readable by the suite's user: use a copy of it
    dist=$(cd "$(dirname "$bench")/.." && pwd)
    cp -r "$dist" "$run/dist"
    call="$run/dist/bin/$(basename "$bench") pgbench"
  fi
  if [ -n "${PGBENCH_SUITE_CALL_TIMES:-}" ]; then
    # each call's start, wall time, exit code and arguments, in $run/calls.log (bash: $EPOCHREALTIME, no fork)
    printf '#!/bin/bash\nt0=$EPOCHREALTIME\n%s "$@"\nrc=$?\necho "$t0 $(( (${EPOCHREALTIME/./} - ${t0/./}) / 1000 )) ms rc $rc: $*" >> %s\nexit $rc\n' \
      "$call" "$run/calls.log" > "$run/bin/pgbench"
  else
    printf '#!/bin/sh\nexec %s "$@"\n' "$call" > "$run/bin/pgbench"
  fi
  chmod +x "$run/bin/pgbench"
fi
chown -R "$user" "$run"

ns=bench-pgsuite
ip netns del "$ns" 2>/dev/null || true
ip netns add "$ns"
trap 'ip netns del "$ns" 2>/dev/null || true' EXIT
ip -n "$ns" link set lo up

# --- run each file, count its TAP lines ---------------------------------------------------------
# Only what prove needs: our pgbench first on PATH, the server's binaries after it, and the
# harness's settings (TESTDIR absolute for its tablespaces; pg_regress only configures Windows' auth).
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
summary=()
status=0
for t in 001_pgbench_with_server 002_pgbench_no_server; do
  tap=$run/$t.tap
  start=$SECONDS
  ip netns exec "$ns" runuser -u "$user" -- env -i HOME="/home/$user" JAVA_HOME="$java_home" \
      PATH="$run/bin:$pg_bin:/usr/bin:/bin" PG_REGRESS=/bin/true TESTDIR="$run/pgbench" LANG=C.UTF-8 \
      sh -c "cd '$run/pgbench' && perl -I ../perl -I . t/$t.pl" > "$tap" 2> "$run/$t.err" || true
  passed=$(grep -c '^ok ' "$tap" || true)
  ran=$(grep -Ec '^(not )?ok ' "$tap" || true)
  n=${t%%_*}
  log "$n: $passed/$ran in $((SECONDS - start)) s (TAP: $tap, log: $run/pgbench/tmp_check/log)"
  summary+=("$n: $passed/$ran passed")
  floor=$(awk -v n="$n" '$1 == n { print $2 }' "$repo/scripts/pgbench-suite.floor")
  if [ -z "${PGBENCH_SUITE_REFERENCE:-}" ] && [ "$passed" -lt "${floor:-0}" ]; then
    log "$n: $passed passed, below the floor of $floor in scripts/pgbench-suite.floor"
    status=1
  fi
done
(IFS=';'; echo "${summary[0]}; ${summary[1]}")
exit $status
