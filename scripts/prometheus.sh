#!/usr/bin/env bash
# A Prometheus of Debian's package (2.42 on bookworm) on loopback, scraping one bench run's
# --metrics-port every second, for the tests that compare what it stored with summary.json.
# Usage:
#   scripts/prometheus.sh start DIR TARGET_PORT LISTEN_PORT   # config, data and pid in DIR; waits until ready
#   scripts/prometheus.sh stop DIR
# scripts/services.sh installs the package.
set -euo pipefail

die() { echo "prometheus.sh: ERROR: $*" >&2; exit 1; }

case "${1:-}" in
  start)
    [ $# -eq 4 ] || die "usage: $0 start DIR TARGET_PORT LISTEN_PORT"
    dir=$2 target=$3 listen=$4
    command -v prometheus >/dev/null || die "prometheus is not installed (apt-get install prometheus, or scripts/services.sh)"
    mkdir -p "$dir/data"
    cat > "$dir/prometheus.yml" <<YAML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: bench
    static_configs:
      - targets: ['127.0.0.1:$target']
YAML
    promtool check config "$dir/prometheus.yml" >&2
    prometheus --config.file="$dir/prometheus.yml" --storage.tsdb.path="$dir/data" \
      --web.listen-address="127.0.0.1:$listen" >"$dir/prometheus.log" 2>&1 &
    echo $! > "$dir/prometheus.pid"
    for _ in $(seq 60); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$listen") 2>/dev/null && curl -fsS "http://127.0.0.1:$listen/-/ready" >/dev/null 2>&1; then
        exit 0
      fi
      kill -0 "$(cat "$dir/prometheus.pid")" 2>/dev/null || die "prometheus exited (see $dir/prometheus.log)"
      sleep 0.5
    done
    die "prometheus not ready on 127.0.0.1:$listen within 30 s (see $dir/prometheus.log)"
    ;;
  stop)
    [ $# -eq 2 ] || die "usage: $0 stop DIR"
    pid=$(cat "$2/prometheus.pid" 2>/dev/null) || exit 0
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || exit 0; sleep 0.5; done
    kill -9 "$pid" 2>/dev/null || true
    ;;
  *) die "usage: $0 start DIR TARGET_PORT LISTEN_PORT | stop DIR" ;;
esac
