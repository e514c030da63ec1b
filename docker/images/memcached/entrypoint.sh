#!/bin/sh
# As the official image: "-m 1024" means "memcached -m 1024".
set -eu
case "${1:-}" in -*) set -- memcached "$@" ;; esac
exec "$@"
