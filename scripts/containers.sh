#!/usr/bin/env bash
# A container engine for the tests' Testcontainers path and `--container`, on a Debian machine that can pull
# no image: podman (with runc) serving the Docker API, and the servers' images built from Debian's packages
# (docker/images/<server>/), tagged with the names the tests and --container ask for. Usage:
#   env=$(scripts/containers.sh) && eval "$env"    # install, configure, build what changed, serve the API
#   scripts/containers.sh clean                    # remove the containers this project started (by label)
#   scripts/containers.sh stop                     # clean, then stop the API service this script started
# stdout carries only `export` lines; progress goes to stderr. Needs root.
#
# Images: postgres:15, mariadb:10.11, memcached:1.6 (the same servers as the official images, from Debian
# bookworm), plus the Debian root they build on (localhost/bench-debian:bookworm) and JDK/JRE images for
# docker/Dockerfile. Each carries a label with the hash of its definition: unchanged definitions are reused,
# changed ones rebuilt. Debian has no MySQL 8 and no SQL Server: mysql:8.4 and the mssql image are never
# built or tagged here, so what asks for them stays untested on this machine (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

log() { echo "containers.sh: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }
[ "$(id -u)" = 0 ] || die "must run as root (try: sudo $0)"

run_dir=/run/bench-podman
sock=$run_dir/podman.sock
# Every container this project starts carries this label (TestServers, --container, the compose check).
label=dev.bench.owner=bench

clean() {
  local ids
  ids=$(podman ps -aq --filter "label=$label" 2>/dev/null || true)
  if [ -n "$ids" ]; then
    log "removing containers labelled $label: $(echo "$ids" | tr '\n' ' ')"
    # shellcheck disable=SC2086
    podman rm -f $ids >/dev/null
  fi
}

case "${1:-up}" in
  up) ;;
  clean) command -v podman >/dev/null && clean; exit 0 ;;
  stop)
    command -v podman >/dev/null && clean
    if [ -f "$run_dir/service.pid" ] && kill -0 "$(cat "$run_dir/service.pid")" 2>/dev/null; then
      log "stopping podman system service (pid $(cat "$run_dir/service.pid"))"
      kill "$(cat "$run_dir/service.pid")"
    fi
    rm -f "$run_dir/service.pid"
    exit 0 ;;
  *) die "usage: $0 [up|clean|stop]" ;;
esac

# --- install -------------------------------------------------------------------------------------------
installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]; }
pkgs=()
for p in podman runc mmdebstrap curl; do installed "$p" || pkgs+=("$p"); done
if [ ${#pkgs[@]} -gt 0 ]; then
  log "installing ${pkgs[*]}"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${pkgs[@]}"; } >&2 \
    || die "apt-get install ${pkgs[*]} failed"
fi

# --- configure: runc (crun refuses this kernel's hybrid cgroups); limits root can grant here -------------
conf=/etc/containers/containers.conf.d/50-bench.conf
mkdir -p "$(dirname "$conf")"
want_conf='[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"'
if [ "$(cat "$conf" 2>/dev/null)" != "$want_conf" ]; then
  log "writing $conf (runtime runc, default_ulimits)"
  printf '%s\n' "$want_conf" > "$conf"
fi

# --- images ----------------------------------------------------------------------------------------------
definition_of() { podman image inspect --format '{{index .Labels "dev.bench.definition"}}' "$1" 2>/dev/null || true; }
hash_dir() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16); }

base=localhost/bench-debian:bookworm
base_def="mmdebstrap --variant=minbase bookworm $(dpkg-query -W -f='${Version}' mmdebstrap)"
base_hash=$(printf '%s' "$base_def" | sha256sum | cut -c1-16)
if [ "$(definition_of "$base")" != "$base_hash" ]; then
  log "building $base ($base_def)"
  start=$SECONDS
  mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)
  mmdebstrap --variant=minbase --quiet bookworm - ${mirror:+"$mirror"} \
    | podman import -q --change "LABEL dev.bench.definition=$base_hash" - "$base" >/dev/null \
    || die "could not build $base"
  log "built $base in $((SECONDS - start)) s"
fi
base_id=$(podman image inspect --format '{{.Id}}' "$base" | cut -c1-12)

# build_image DIR TAG: DIR's Containerfile on the base, unless TAG already holds that definition
build_image() {
  local dir=$1 tag=$2 hash start
  hash="$(hash_dir "$dir")-$base_id"
  if [ "$(definition_of "$tag")" = "$hash" ]; then
    return
  fi
  log "building $tag from $dir"
  start=$SECONDS
  podman build -q --network host --build-arg "BASE=$base" --label "dev.bench.definition=$hash" \
    -t "$tag" "$dir" >/dev/null || die "could not build $tag from $dir"
  log "built $tag in $((SECONDS - start)) s"
}
# docker.io/library/ is what a short name such as postgres:15 means, so Testcontainers finds them and never pulls.
# The builds run side by side (mostly package downloads and unpacking); any failure stops the script.
images=(postgres:docker.io/library/postgres:15 mariadb:docker.io/library/mariadb:10.11
        memcached:docker.io/library/memcached:1.6)
# docker/Dockerfile's build and run stages where eclipse-temurin can't be pulled (the compose check)
[ -z "${BENCH_CONTAINERS_TOOL_IMAGES:-}" ] \
  || images+=(jdk:localhost/bench-debian-jdk:bookworm jre:localhost/bench-debian-jre:bookworm)
pids=()
for i in "${images[@]}"; do
  build_image "docker/images/${i%%:*}" "${i#*:}" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || die "an image build failed (see above)"; done

# --- the Docker API -----------------------------------------------------------------------------------
mkdir -p "$run_dir"
answers() { curl -sf --max-time 2 --unix-socket "$sock" http://d/_ping >/dev/null 2>&1; }
if ! answers; then
  log "starting podman system service on unix://$sock (log: $run_dir/service.log)"
  setsid podman system service --time=0 "unix://$sock" >"$run_dir/service.log" 2>&1 < /dev/null &
  echo $! > "$run_dir/service.pid"
  for _ in $(seq 50); do answers && break; sleep 0.2; done
  answers || die "podman system service did not answer on $sock (see $run_dir/service.log)"
fi
log "podman $(podman --version | awk '{print $3}') serves the Docker API on unix://$sock"

echo "export DOCKER_HOST='unix://$sock'"
# the ryuk image can't be pulled here: containers are removed by the code that started them, and by `clean`
echo "export TESTCONTAINERS_RYUK_DISABLED=true"
# /.dockerenv exists on these machines, so Testcontainers would think it runs inside a container
echo "export TESTCONTAINERS_HOST_OVERRIDE=localhost"
