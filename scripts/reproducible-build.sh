#!/usr/bin/env bash
# Two clean builds of this tree must give the same bytes: every module's jar, bench.jar and the
# release archives (project.build.outputTimestamp is the commit's time; see pom.xml).
# Usage: scripts/reproducible-build.sh. Exit 0 identical, 1 a difference (the differing files named).
set -euo pipefail
cd "$(dirname "$0")/.."

artifacts=(bench-core/target/bench-core-*.jar bench-workloads/target/bench-workloads-*.jar
           bench-cli/target/bench.jar bench-cli/target/bench-*.tar.gz bench-cli/target/bench-*.zip)
build() {  # a clean build, then the artifacts' checksums into $1
  ./mvnw -q -B -ntp clean package -DskipTests -pl bench-cli -am >&2
  # shellcheck disable=SC2086 # the globs name the artifacts of this build
  sha256sum ${artifacts[*]} > "$1"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build "$tmp/first"
sleep 1   # a build that used the clock would now write other times
build "$tmp/second"
if ! diff "$tmp/first" "$tmp/second" >&2; then
  echo "reproducible-build.sh: two clean builds differ (lines above: first <, second >)" >&2
  exit 1
fi
echo "reproducible-build.sh: two clean builds are identical:" >&2
cat "$tmp/second" >&2
