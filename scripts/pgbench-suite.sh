#!/usr/bin/env bash
# Runs PostgreSQL's own pgbench TAP suite (src/bin/pgbench/t/001 and 002, unchanged) with `pgbench`
# resolved to `bench pgbench`, and prints `001: N/M passed; 002: N/M passed` (M: the checks the file
# ran; a file that dies early runs fewer). Exits 1 when a count falls below the floor kept in
# scripts/pgbench-suite.floor (raise it when a change makes more pass; never lower it).
#
# Passes, each the whole suite: plain (a JVM per pgbench call, as a user runs it), resident (the same
# calls served by `bench resident`, started in the namespace before and stopped after), reference
# (PostgreSQL's own pgbench). Then one line of wall times:
#   pgbench-suite: wall 001 Xs 002 Ys (plain); 001 Xs 002 Ys (resident); ... (reference); resident/reference R x
#
#   scripts/pgbench-suite.sh [BENCH]        BENCH: the launcher (default: this build's distribution)
#   PGBENCH_SUITE_PASSES="plain resident reference"   the passes to run (the default), in this order
#   PGBENCH_SUITE_REFERENCE=1 ...           the reference pass alone
#   PGBENCH_SUITE_CALL_TIMES=1 ...          each call's wall time, exit code and arguments in run/calls-PASS.log
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
if [ -n "${PGBENCH_SUITE_REFERENCE:-}" ]; then
  passes=reference
else
  passes=${PGBENCH_SUITE_PASSES:-plain resident reference}
fi
for p in $passes; do
  case $p in plain | resident | reference) ;; *) die "PGBENCH_SUITE_PASSES: plain, resident or reference, got '$p'" ;; esac
done
[ "$passes" = reference ] || [ -x "$bench" ] || die "no launcher at $bench (build with ./mvnw package -DskipTests)"

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
mkdir -p "$run"
cp -r "$src/src/test/perl" "$src/src/bin/pgbench" "$run/"
if [ "$passes" != reference ]; then
  # the distribution must be readable by the suite's user: use a copy of it
  dist=$(cd "$(dirname "$bench")/.." && pwd)
  cp -r "$dist" "$run/dist"
  launcher=$run/dist/bin/$(basename "$bench")
fi
# bin-PASS/pgbench: bench pgbench (plain and resident alike: the launcher finds the resident), or the reference
for p in $passes; do
  mkdir -p "$run/bin-$p"
  if [ "$p" = reference ]; then call=$pg_bin/pgbench; else call="$launcher pgbench"; fi
  if [ -n "${PGBENCH_SUITE_CALL_TIMES:-}" ]; then
    # each call's start, wall time, exit code and arguments (bash: $EPOCHREALTIME, no fork)
    printf '#!/bin/bash\nt0=$EPOCHREALTIME\n%s "$@"\nrc=$?\necho "$t0 $(( (${EPOCHREALTIME/./} - ${t0/./}) / 1000 )) ms rc $rc: $*" >> %s\nexit $rc\n' \
      "$call" "$run/calls-$p.log" > "$run/bin-$p/pgbench"
  elif [ "$p" = reference ]; then
    ln -s "$call" "$run/bin-$p/pgbench"
  else
    printf '#!/bin/sh\nexec %s "$@"\n' "$call" > "$run/bin-$p/pgbench"
  fi
  [ -L "$run/bin-$p/pgbench" ] || chmod +x "$run/bin-$p/pgbench"
done
chown -R "$user" "$run"
resident_dir=/home/$user/.bench-resident
rm -rf "$resident_dir"   # an earlier run's, killed: its port file would send calls to a dead port

ns=bench-pgsuite
ip netns del "$ns" 2>/dev/null || true
ip netns add "$ns"
ip -n "$ns" link set lo up

# Only what prove needs: our pgbench first on PATH, the server's binaries after it, and the
# harness's settings (TESTDIR absolute for its tablespaces; pg_regress only configures Windows' auth).
# stdin is /dev/null: the resident serves a call whose stdin is a device (a pipe's is not its to open).
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
as_user() {  # PASS COMMAND...: in the namespace, as the suite's user, with the suite's environment
  local p=$1
  shift
  ip netns exec "$ns" runuser -u "$user" -- env -i HOME="/home/$user" JAVA_HOME="$java_home" \
      PATH="$run/bin-$p:$pg_bin:/usr/bin:/bin" PG_REGRESS=/bin/true TESTDIR="$run/pgbench" LANG=C.UTF-8 "$@" < /dev/null
}
stop_resident() {
  as_user resident "$launcher" resident stop >&2 || true
  cp "$resident_dir/log" "$run/resident.log" 2>/dev/null || true
}
trap '[ -f "$resident_dir/port" ] && stop_resident; ip netns del "$ns" 2>/dev/null || true' EXIT

# --- each pass runs each file; count its TAP lines ------------------------------------------------
summary=()
walls=()
declare -A wall
status=0
for p in $passes; do
  if [ "$p" = resident ]; then
    # in the harness's locale (PostgreSQL::Test::Utils sets LC_MESSAGES=C for every call): a caller whose
    # locale differs from the resident's gets a JVM of its own
    as_user resident LC_MESSAGES=C BENCH_RESIDENT_IDLE=600 "$launcher" resident start >&2 || die "bench resident start failed"
  fi
  line=()
  times=()
  for t in 001_pgbench_with_server 002_pgbench_no_server; do
    n=${t%%_*}
    tap=$run/$p-$n.tap
    rm -rf "$run/pgbench/tmp_check"
    start=$EPOCHREALTIME
    as_user "$p" sh -c "cd '$run/pgbench' && perl -I ../perl -I . t/$t.pl" > "$tap" 2> "$run/$p-$n.err" || true
    ms=$(( (${EPOCHREALTIME/./} - ${start/./}) / 1000 ))
    wall[$p-$n]=$ms
    mv "$run/pgbench/tmp_check" "$run/$p-tmp_check" 2>/dev/null || rm -rf "$run/pgbench/tmp_check"
    passed=$(grep -c '^ok ' "$tap" || true)
    ran=$(grep -Ec '^(not )?ok ' "$tap" || true)
    log "$p $n: $passed/$ran in $(printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100))) s (TAP: $tap, log: $run/$p-tmp_check/log)"
    line+=("$n: $passed/$ran passed")
    times+=("$n $(printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100)))s")
    floor=$(awk -v n="$n" '$1 == n { print $2 }' "$repo/scripts/pgbench-suite.floor")
    if [ "$p" != reference ] && [ "$passed" -lt "${floor:-0}" ]; then
      log "$p $n: $passed passed, below the floor of $floor in scripts/pgbench-suite.floor"
      status=1
    fi
  done
  if [ "$p" = resident ]; then
    stop_resident
    fell=$(grep -c ': fallback ' "$run/resident.log" || true)
    log "resident: $fell calls fell back to a JVM of their own (log: $run/resident.log)"
  fi
  summary+=("${line[0]}; ${line[1]}$([ "$p" = plain ] || echo " ($p)")")
  walls+=("${times[0]} ${times[1]} ($p)")
done
printf '%s\n' "${summary[@]}"
ratio=
if [ -n "${wall[resident-001]:-}" ] && [ -n "${wall[reference-001]:-}" ]; then
  ratio=$(awk -v a=$(( wall[resident-001] + wall[resident-002] )) -v b=$(( wall[reference-001] + wall[reference-002] )) \
    'BEGIN { printf "; resident/reference %.1fx", a / b }')
fi
printf 'pgbench-suite: wall %s' "${walls[0]}"
[ ${#walls[@]} -lt 2 ] || printf '; %s' "${walls[@]:1}"
echo "$ratio"
exit $status
