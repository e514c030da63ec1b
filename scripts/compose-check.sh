#!/usr/bin/env bash
# docker/compose.yaml and docker/Dockerfile, run for real through podman's Docker API with Debian's
# docker-compose (1.29): the stack's PostgreSQL and memcached come up, the tool's own image is built from
# docker/Dockerfile (on the Debian JDK/JRE images, as nothing can be pulled here), and it runs `vote` against
# the stack's PostgreSQL with its exact after-run check, then `bench verify` on the results. Then the stack is
# taken down. Needs root; run after the build (the image build reuses ~/.m2, so it is offline).
#   scripts/compose-check.sh
# The ports are moved off the defaults (services.sh's servers may hold 5432 and 11211).
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "compose-check.sh: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

command -v docker-compose >/dev/null || {
  log "installing docker-compose"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q docker-compose; } >&2 \
    || die "apt-get install docker-compose failed"
}
env=$(BENCH_CONTAINERS_TOOL_IMAGES=1 bash scripts/containers.sh) || die "scripts/containers.sh failed"
eval "$env"

export BENCH_POSTGRES_PORT=15432 BENCH_MEMCACHED_PORT=11311
export BENCH_IMAGE=localhost/bench:compose-check
export BENCH_BUILD_IMAGE=localhost/bench-debian-jdk:bookworm BENCH_RUN_IMAGE=localhost/bench-debian-jre:bookworm
compose=(docker-compose -p bench-compose-check -f docker/compose.yaml)
results=$(mktemp -d /tmp/bench-compose-check.XXXXXX)
down() {
  log "taking down compose project bench-compose-check (containers, network, volumes)"
  "${compose[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
  rm -rf "$results"
}
trap down EXIT

start=$SECONDS
log "building $BENCH_IMAGE from docker/Dockerfile (BUILD_IMAGE=$BENCH_BUILD_IMAGE, RUN_IMAGE=$BENCH_RUN_IMAGE)"
# podman build, not compose's: it can lend the build ~/.m2 (-v), so the wrapper and the dependencies aren't
# fetched again; compose then finds the image under the service's name and builds nothing.
# --layers=false keeps no stage images behind; the image this replaces is removed by its id below.
old_id=$(podman image inspect --format '{{.Id}}' "$BENCH_IMAGE" 2>/dev/null || true)
podman build -q --layers=false --network host -v "$HOME/.m2:/root/.m2" -f docker/Dockerfile \
  --build-arg "BUILD_IMAGE=$BENCH_BUILD_IMAGE" --build-arg "RUN_IMAGE=$BENCH_RUN_IMAGE" \
  --label dev.bench.owner=bench -t "$BENCH_IMAGE" . >/dev/null || die "docker/Dockerfile did not build"
log "built $BENCH_IMAGE in $((SECONDS - start)) s"
new_id=$(podman image inspect --format '{{.Id}}' "$BENCH_IMAGE")
if [ -n "$old_id" ] && [ "$old_id" != "$new_id" ]; then
  log "removing the previous $BENCH_IMAGE (${old_id:0:12})"
  podman rmi "$old_id" >/dev/null 2>&1 || log "the previous $BENCH_IMAGE (${old_id:0:12}) is still in use; left"
fi

log "starting compose services postgres (127.0.0.1:$BENCH_POSTGRES_PORT) and memcached (127.0.0.1:$BENCH_MEMCACHED_PORT)"
"${compose[@]}" up -d postgres memcached >&2
# podman runs no healthchecks without systemd: wait on the server itself
for _ in $(seq 60); do
  pg_isready -q -h 127.0.0.1 -p "$BENCH_POSTGRES_PORT" -U cloudsuite -d sbtest && break
  sleep 1
done
pg_isready -q -h 127.0.0.1 -p "$BENCH_POSTGRES_PORT" -U cloudsuite -d sbtest \
  || { "${compose[@]}" logs --tail 20 postgres >&2; die "the stack's PostgreSQL did not accept connections in 60 s"; }

url="jdbc:postgresql://127.0.0.1:$BENCH_POSTGRES_PORT/sbtest?user=cloudsuite&password=cloudsuite"
log "the tool's image: bench vote postgres against the stack's PostgreSQL"
"${compose[@]}" run --rm -v "$results:/work/results" bench \
  vote --target 2000 --runtime 3 --warmup 1 --results /work/results/vote postgres --url "$url" \
  | tee "$results/vote.out" >&2
grep -q 'integrity: ok' "$results/vote.out" || die "the vote run's after-run check did not print 'integrity: ok'"
"${compose[@]}" run --rm -v "$results:/work/results" bench verify /work/results/vote >&2
log "ok: the stack came up, the tool's image ran vote on its PostgreSQL (integrity: ok) and verify passed,"\
" $((SECONDS - start)) s"
