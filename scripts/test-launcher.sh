#!/usr/bin/env bash
# The distribution as a user gets it (bench-cli/target/bench/, after package): the launcher finds Java
# through JAVA_HOME or PATH, passes JAVA_OPTS and BENCH_OPTS, refuses a Java older than 17 or none in
# one line; it makes and uses a class archive (CDS, or the AOT cache on JDK 25+); the completion script
# loads in bash and offers every command.
# Usage: scripts/test-launcher.sh. Exit 0 all pass, 1 a failure (printed).
set -euo pipefail
cd "$(dirname "$0")/.."
dist=bench-cli/target/bench
fail() { echo "test-launcher.sh: FAIL: $*" >&2; exit 1; }
[ -x "$dist/bin/bench" ] || fail "no $dist/bin/bench: run ./mvnw package first"
for f in lib/bench.jar bin/bench.cmd completion/bench.bash man/man1/bench.1 man/man1/bench-vote.1 bench-sbom.json NOTICE licenses/postgresql/META-INF/LICENSE; do
  [ -s "$dist/$f" ] || fail "the distribution has no $f"
done
ls "$dist"/examples/*.sh >/dev/null || fail "the distribution has no examples"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export BENCH_CACHE_DIR=$tmp/cache-default   # not the user's ~/.cache/bench
java_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")

# A PATH with only the tools the launcher uses, and no java
mkdir "$tmp/path"
for t in sh dirname readlink sed head pwd; do
  p=$(command -v "$t") && ln -s "$p" "$tmp/path/$t"
done

# PATH, through a symlink to the launcher as an install into a bin directory makes
ln -s "$PWD/$dist/bin/bench" "$tmp/bench"
out=$(env -u JAVA_HOME "$tmp/bench" --version)
grep -q '^bench [0-9]' <<<"$out" || fail "--version through a symlink, java on PATH: $out"
grep -q "^commit [0-9a-f]\{10\}" <<<"$out" || fail "--version names no commit: $out"

# JAVA_HOME wins over PATH; JAVA_OPTS and BENCH_OPTS reach the JVM
err=$(JAVA_HOME=$java_home PATH=$tmp/path JAVA_OPTS=-showversion BENCH_OPTS=-XshowSettings:properties \
      "$dist/bin/bench" --version 2>&1 >/dev/null) || fail "JAVA_HOME=$java_home, no java on PATH: $err"
grep -q 'Server VM' <<<"$err" || fail "JAVA_OPTS=-showversion did not reach the JVM: $err"
grep -q 'java.home = ' <<<"$err" || fail "BENCH_OPTS=-XshowSettings:properties did not reach the JVM"

# Too old a Java: one line naming what was found, exit 1
mkdir -p "$tmp/jdk11/bin"
printf 'JAVA_VERSION="11.0.2"\n' > "$tmp/jdk11/release"
printf '#!/bin/sh\necho should not run >&2\n' > "$tmp/jdk11/bin/java"
chmod +x "$tmp/jdk11/bin/java"
set +e
err=$(JAVA_HOME=$tmp/jdk11 "$dist/bin/bench" --version 2>&1); rc=$?
set -e
[ "$rc" = 1 ] && [ "$(wc -l <<<"$err")" = 1 ] && grep -q "found 11 at JAVA_HOME=$tmp/jdk11" <<<"$err" \
  || fail "an old JAVA_HOME: exit $rc, '$err'"

# No Java at all
set +e
err=$(env -u JAVA_HOME PATH="$tmp/path" "$dist/bin/bench" --version 2>&1); rc=$?
set -e
[ "$rc" = 1 ] && [ "$(wc -l <<<"$err")" = 1 ] && grep -q 'found none' <<<"$err" || fail "no Java: exit $rc, '$err'"

# Start-up archives (bin/bench's comment says why): made by a training run on first use, used from then on
shared() {  # JAVA_HOME: did the second run load bench's own classes and picocli's from an archive?
  JAVA_HOME=$1 BENCH_CACHE_DIR=$tmp/cache "$dist/bin/bench" --version > /dev/null 2>&1
  JAVA_HOME=$1 BENCH_CACHE_DIR=$tmp/cache BENCH_OPTS=-Xlog:class+load "$dist/bin/bench" --version > "$tmp/classes.txt" 2>&1
  grep -q 'dev.bench.cli.BenchMain source: shared objects file' "$tmp/classes.txt" &&
    grep -q 'picocli.CommandLine source: shared objects file' "$tmp/classes.txt"   # compiled for 17: archivable
}
shared "$java_home" || fail "no class archive used on the second run with $java_home"
ls "$tmp"/cache/bench-*.jsa > /dev/null || fail "no CDS archive in the cache after a run on $java_home"
# The training also loads what server runs use (start-up-classes.txt): a run against PostgreSQL finds
# pgjdbc's connection code in the archive (nothing listens on port 1: it fails at once, after loading it)
JAVA_HOME=$java_home BENCH_CACHE_DIR=$tmp/cache BENCH_OPTS=-Xlog:class+load "$dist/bin/bench" oltp-rw run \
  --url 'jdbc:postgresql://127.0.0.1:1/none' > "$tmp/pg-classes.txt" 2>&1 || true
grep -q 'org.postgresql.core.v3.ConnectionFactoryImpl source: shared objects file' "$tmp/pg-classes.txt" ||
  fail "pgjdbc's connection classes are not in the archive made by the training run"
# A rebuilt jar gets a new archive, which replaces the old one
cp -r "$dist" "$tmp/dist2"
JAVA_HOME=$java_home BENCH_CACHE_DIR=$tmp/cache2 "$tmp/dist2/bin/bench" --version > /dev/null 2>&1
touch -d '2001-01-01' "$tmp/dist2/lib/bench.jar"
JAVA_HOME=$java_home BENCH_CACHE_DIR=$tmp/cache2 "$tmp/dist2/bin/bench" --version > /dev/null 2>&1
[ "$(ls "$tmp"/cache2/bench-*.jsa | wc -l)" = 1 ] || fail "a rebuilt jar's archive did not replace the old one: $(ls "$tmp/cache2")"
for jdk25 in /usr/lib/jvm/temurin-25*; do
  [ -x "$jdk25/bin/java" ] || continue
  shared "$jdk25" || fail "no AOT cache used on the second run with $jdk25"
  ls "$tmp"/cache/bench-*.aot > /dev/null || fail "no AOT cache made for $jdk25"
done
env -u JAVA_HOME BENCH_CDS=off BENCH_CACHE_DIR=$tmp/off "$dist/bin/bench" --version > /dev/null
[ ! -e "$tmp/off" ] || fail "BENCH_CDS=off still made a cache directory"

# The resident process (docs/pgbench.md): none runs, status says so (exit 3); one started serves a pgbench
# call (its log names no fallback), and the same call with BENCH_RESIDENT=off or another command runs a JVM
# of its own; stop ends it and removes its port file
export BENCH_RESIDENT_DIR=$tmp/resident
trap '"$dist/bin/bench" resident stop > /dev/null 2>&1; rm -rf "$tmp"' EXIT
set +e
"$dist/bin/bench" resident status > /dev/null; rc=$?
set -e
[ "$rc" = 3 ] || fail "bench resident status with none running: exit $rc, expected 3"
"$dist/bin/bench" resident start > /dev/null || fail "bench resident start: $(cat "$tmp/resident/log")"
[ "$(stat -c %a "$tmp/resident")" = 700 ] && [ "$(stat -c %a "$tmp/resident/token")" = 600 ] || fail "the resident's directory or token is not private"
served=$("$dist/bin/bench" pgbench -V < /dev/null)
plain=$(BENCH_RESIDENT=off "$dist/bin/bench" pgbench -V < /dev/null)
[ "$served" = "$plain" ] || fail "pgbench -V through the resident: '$served', in a JVM of its own: '$plain'"
! grep -q fallback "$tmp/resident/log" || fail "the resident did not serve pgbench -V: $(cat "$tmp/resident/log")"
"$dist/bin/bench" resident status > /dev/null || fail "bench resident status with one running"
"$dist/bin/bench" resident stop > /dev/null
[ ! -e "$tmp/resident/port" ] || fail "bench resident stop left its port file"
unset BENCH_RESIDENT_DIR

# Completion: loads in bash and completes every command the help lists
commands=$("$dist/bin/bench" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && /^  [a-z]/ {print $1}')
[ -n "$commands" ] || fail "no commands in bench --help"
offered=$(bash -c 'source "$1"; COMP_WORDS=(bench ""); COMP_CWORD=1; COMP_LINE="bench "; COMP_POINT=6; _complete_bench; printf "%s\n" "${COMPREPLY[@]}"' _ "$dist/completion/bench.bash")
for c in $commands generate-completion; do
  grep -qx -- "$c" <<<"$offered" || fail "bench <TAB> does not offer $c: $offered"
done
echo "test-launcher.sh: ok (launcher: PATH, symlink, JAVA_HOME, JAVA_OPTS, BENCH_OPTS, old or no Java, start-up archive, resident process; completion: $(wc -w <<<"$commands") commands)" >&2
