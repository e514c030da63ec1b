# bench's resident process, client side (bash: /dev/tcp; run by bin/bench, not by hand). docs/pgbench.md.
#   bench resident start|stop|status    a JVM kept running that serves `bench pgbench` calls (opt-in)
#   call DIR LAUNCHER JAR ARGS...       bin/bench hands a pgbench call to it when one runs: the call carries
#                                       its arguments, working directory, environment and pid; the resident
#                                       writes to this process's own stdout and stderr (/proc/PID/fd) and
#                                       answers the exit code, which this exits with. Ctrl-C and SIGTERM are
#                                       passed on (the command ends as in a plain run: report, exit 130/143).
# Anything the resident cannot run exactly as a plain run would (another command, jar, locale, umask, a
# stdout it cannot open) comes back as `fallback`: then the launcher runs a JVM of its own, as without one.
# Each request carries the token of DIR/token (DIR is 0700, the token file 0600); the port is 127.0.0.1's.

mode=$1
dir=$2
shift 2

# A connection to the resident on fd 3; fails quietly when there is none.
connect() {
  local port pid
  { read -r port pid < "$dir/port" && read -r token < "$dir/token"; } 2>/dev/null || return 1
  [ -n "$port" ] && [ -n "$token" ] || return 1
  resident_pid=$pid
  resident_port=$port
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null
}

case $mode in
call)
  launcher=$1 jar=$2
  shift 2
  fallback() { exec 3>&- 7<&- 8>&- 9>&-; BENCH_RESIDENT=off exec "$launcher" "$@"; }
  # The resident opens this process's stdin, stdout and stderr through copies on 7, 8 and 9 (/proc/PID/fd/7...):
  # while a builtin here runs with a redirection (printf >&3), bash has fd 0, 1 or 2 pointing elsewhere.
  # (9 outside the group: inside its 2>/dev/null, fd 2 is /dev/null)
  exec 9>&2 || fallback "$@"
  { exec 7<&0 8>&1; } 2>/dev/null || fallback "$@"
  connect || fallback "$@"
  mapfile -d '' -t environment < /proc/$$/environ
  if [ -t 0 ] && [ -t 1 ]; then terminal=1; else terminal=0; fi
  printf '%s\0' "$token" run "$jar" "$$" "$(pwd -P)" "$(umask)" "$terminal" "$#" "$@" \
    "${#environment[@]}" "${environment[@]}" >&3 2>/dev/null || fallback "$@"
  # from here the call may be running: a signal is passed on, never turned into a second run
  trap 'printf i >&3 2>/dev/null' INT
  trap 'printf t >&3 2>/dev/null' TERM
  while :; do
    IFS= read -r -u 3 reply
    rc=$?
    [ "$rc" -gt 128 ] && continue   # read interrupted by a signal the trap passed on: wait for the exit code
    break
  done
  case $reply in
    "exit "*) exit "${reply#exit }" ;;
    "fallback "* | refused) fallback "$@" ;;
  esac
  echo "bench: the resident process (pid $resident_pid) ended during the call; see $dir/log" >&2
  exit 1
  ;;
start)
  # "$@": the JVM's command line up to the class, from bin/bench (its Java, start-up cache, JAVA_OPTS, BENCH_OPTS)
  if connect && printf '%s\0' "$token" ping >&3 && IFS= read -r reply <&3 && [ "${reply%% *}" = pong ]; then
    echo "bench: a resident process already runs (pid ${reply#pong }, 127.0.0.1:$resident_port); bench resident stop ends it"
    exit 0
  fi
  mkdir -p "$dir" && chmod 700 "$dir" || { echo "bench: cannot make $dir (BENCH_RESIDENT_DIR)" >&2; exit 1; }
  rm -f "$dir/port" "$dir/token"
  idle=${BENCH_RESIDENT_IDLE:-3600}
  case $idle in '' | *[!0-9]*) echo "bench: BENCH_RESIDENT_IDLE must be whole seconds, got '$idle'" >&2; exit 2 ;; esac
  # its own session: a Ctrl-C meant for the shell that started it does not end it
  if command -v setsid >/dev/null 2>&1; then detach=setsid; else detach=nohup; fi
  $detach "$@" dev.bench.cli.resident.ResidentMain "$dir" "$(umask)" "$idle" > "$dir/log" 2>&1 < /dev/null &
  started=$!
  for _ in $(seq 1 600); do
    [ -f "$dir/port" ] && break
    kill -0 "$started" 2>/dev/null || break
    sleep 0.1
  done
  if connect && printf '%s\0' "$token" ping >&3 && IFS= read -r reply <&3 && [ "${reply%% *}" = pong ]; then
    echo "bench: resident process ${reply#pong } serves bench pgbench on 127.0.0.1:$resident_port (ends after $idle s idle;" \
      "bench resident stop ends it)"
    exit 0
  fi
  echo "bench: the resident process did not start: $(tail -n 1 "$dir/log" 2>/dev/null)" >&2
  exit 1
  ;;
stop)
  if ! connect || ! printf '%s\0' "$token" stop >&3 || ! IFS= read -r reply <&3; then
    rm -f "$dir/port" "$dir/token"   # a resident that died left them
    echo "bench: no resident process runs"
    exit 0
  fi
  for _ in $(seq 1 100); do
    [ -f "$dir/port" ] || break
    sleep 0.1
  done
  echo "bench: resident process $resident_pid stopped"
  ;;
status)
  if connect && printf '%s\0' "$token" ping >&3 && IFS= read -r reply <&3 && [ "${reply%% *}" = pong ]; then
    echo "bench: resident process ${reply#pong } serves bench pgbench on 127.0.0.1:$resident_port"
    exit 0
  fi
  echo "bench: no resident process runs"
  exit 3
  ;;
*)
  echo "bench: resident takes start, stop or status, got '$mode'" >&2
  echo "Try 'bench resident status'." >&2
  exit 2
  ;;
esac
