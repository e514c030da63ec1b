#!/usr/bin/env bash
# Two clean builds of this tree must give the same bytes: every module's jar, bench.jar and the
# release archives (project.build.outputTimestamp is the commit's time; see pom.xml).
# Usage: scripts/reproducible-build.sh [--record FILE | --first FILE]. Exit 0 identical, 1 a difference (the
# differing files named). --record FILE writes the checksums of the artifacts a clean build (CI's own, of a fresh
# clone) just made, and builds nothing; --first FILE takes them as the first build, so only one more is made.
set -euo pipefail
cd "$(dirname "$0")/.."

artifacts=(bench-core/target/bench-core-*.jar bench-workloads/target/bench-workloads-*.jar
           bench-cli/target/bench.jar bench-cli/target/bench-*.tar.gz bench-cli/target/bench-*.zip)
checksums() {  # the artifacts' checksums into $1
  # shellcheck disable=SC2086 # the globs name the artifacts of this build
  sha256sum ${artifacts[*]} > "$1"
}
build() {  # a clean build, then its checksums into $1
  ./mvnw -q -B -ntp clean package -DskipTests -pl bench-cli -am >&2
  checksums "$1"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case "${1:-}" in
  --record) checksums "$2"; exit 0 ;;
  --first) cp "$2" "$tmp/first" ;;
  "") build "$tmp/first" ;;
  *) echo "reproducible-build.sh: usage: $0 [--record FILE | --first FILE]" >&2; exit 1 ;;
esac
sleep 1   # a build that used the clock would now write other times
build "$tmp/second"
if ! diff "$tmp/first" "$tmp/second" >&2; then
  echo "reproducible-build.sh: two clean builds differ (lines above: first <, second >)" >&2
  exit 1
fi
echo "reproducible-build.sh: two clean builds are identical:" >&2
cat "$tmp/second" >&2
