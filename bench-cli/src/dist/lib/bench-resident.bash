# bench's resident process, client side (bash: /dev/tcp; run by bin/bench, not by hand). docs/pgbench.md,
# docs/install.md (what it guards against).
#   bench resident start|stop|status    a JVM kept running that serves `bench pgbench` and
#                                       `bench sysbench` calls (opt-in)
#   call DIR LAUNCHER JAR ARGS...       bin/bench hands such a call to it when one runs: the call carries
#                                       its arguments, working directory, environment and pid; the resident
#                                       writes to this process's own stdout and stderr (/proc/PID/fd) and
#                                       answers the exit code, which this exits with. Ctrl-C and SIGTERM are
#                                       passed on (the command ends as in a plain run: report, exit 130/143).
# Anything the resident cannot run exactly as a plain run would (another command, jar, locale, umask, a
# stdout it cannot open) comes back as `fallback`: then the launcher runs a JVM of its own, as without one.
# Nothing is sent to a listener before it proves it knows DIR/token (ResidentHandshake.java): DIR must be
# this user's, 0700, no symbolic link, and so each file in it; DIR/port names a live process of this user's.

mode=$1
dir=$2
shift 2
# how long a resident has to answer the handshake before a call runs in a JVM of its own
answer_wait=${BENCH_RESIDENT_WAIT:-3}

# Why DIR or a file in it is not to be trusted, or nothing: another user who made DIR first, or put a
# symbolic link in it, would receive the calls' environments or have a file of the caller's truncated.
dir_problem() {
  local paths=("$dir") f uid mode type name lines=0
  [ -e "$dir" ] || [ -L "$dir" ] || { echo "$dir does not exist"; return; }
  for f in token port lock log start.lock; do
    if [ -e "$dir/$f" ] || [ -L "$dir/$f" ]; then paths+=("$dir/$f"); fi
  done
  while IFS='|' read -r uid mode type name; do
    lines=$((lines + 1))
    if [ "$type" = "symbolic link" ]; then echo "$name is a symbolic link"; return; fi
    if [ "$uid" != "$EUID" ]; then echo "$name is another user's (uid $uid)"; return; fi
    if [ "$name" = "$dir" ] && [ "$type" != directory ]; then echo "$name is not a directory"; return; fi
    if [ "$name" = "$dir" ] && [ "$mode" != 700 ]; then echo "$name has mode $mode, not 700"; return; fi
  done <<< "$(stat -c '%u|%a|%F|%n' -- "${paths[@]}" 2>/dev/null)"
  [ "$lines" = "${#paths[@]}" ] || echo "cannot read the owner and mode of $dir and its files"
}

# sha256(LABEL:TOKEN:CNONCE:SNONCE) in hex, as ResidentHandshake.proof
proof() {
  local h
  h=$(printf '%s:%s:%s:%s' "$1" "$token" "$cnonce" "$snonce" | sha256sum) || return 1
  echo "${h%% *}"
}

# A connection on fd 3 to a resident that has proven it knows DIR/token, with $client_proof to send first.
# Else status 1, with $why set when something is wrong beyond "none runs" and $stale set when DIR/port was
# left by a process that has gone (a pid now another process's included).
connect() {
  local port pid start stat fields reply rest
  why= stale=
  [ -e "$dir" ] || [ -L "$dir" ] || return 1   # none was ever started here
  why=$(dir_problem)
  [ -z "$why" ] || return 1
  { read -r port pid start < "$dir/port" && read -r token < "$dir/token"; } 2>/dev/null || return 1
  case "$port:$pid:$start" in *::* | :* | *: | *[!0-9:]*) why="$dir/port is malformed"; return 1 ;; esac
  [[ $token =~ ^[0-9a-f]{64}$ ]] || { why="$dir/token is malformed"; return 1; }
  # the process that wrote them, still running: this user's, started when it said (pids are reused)
  if [ -O "/proc/$pid" ] && read -r stat < "/proc/$pid/stat"; then
    read -ra fields <<< "${stat##*) }"
    [ "${fields[19]}" = "$start" ] || stale=1
  else
    stale=1
  fi 2>/dev/null
  [ -z "$stale" ] || return 1
  resident_pid=$pid
  resident_port=$port
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 1
  if [ -n "$SRANDOM" ]; then
    printf -v cnonce '%08x%08x%08x%08x' "$SRANDOM" "$SRANDOM" "$SRANDOM" "$SRANDOM"
  else
    cnonce=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  fi
  printf 'bench-resident-2\0%s\0' "$cnonce" >&3 2>/dev/null || return 1
  if ! IFS= read -r -t "$answer_wait" -u 3 reply; then
    why="the resident process (pid $pid) did not answer in $answer_wait s"
    return 1
  fi
  case $reply in
    busy) why="the resident process (pid $pid) is busy: too many connections"; return 1 ;;
    "challenge "*) ;;
    *) why="127.0.0.1:$port did not answer as a resident process"; return 1 ;;
  esac
  rest=${reply#challenge }
  snonce=${rest%% *}
  [[ $snonce =~ ^[0-9a-f]{32}$ ]] && [ "${rest#* }" = "$(proof server)" ] || {
    why="127.0.0.1:$port did not prove it knows $dir/token: not this user's resident process"
    return 1
  }
  client_proof=$(proof client)
}

# A request after connect: the client's proof, then the verb and the rest, as fields ended by NUL.
send() {
  printf '%s\0' "$client_proof" "$@" >&3 2>/dev/null
}

# ping: whether the resident answers (its pid in $reply)
ping() {
  connect && send ping && IFS= read -r -t "$answer_wait" -u 3 reply && [ "${reply%% *}" = pong ]
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
  if ! connect; then
    [ -z "$why" ] || echo "bench: not using the resident process: $why; running in a JVM of its own" >&2
    fallback "$@"
  fi
  mapfile -d '' -t environment < /proc/$$/environ
  if [ -t 0 ] && [ -t 1 ]; then terminal=1; else terminal=0; fi
  send run "$jar" "$$" "$(pwd -P)" "$(umask)" "$terminal" "$#" "$@" "${#environment[@]}" "${environment[@]}" || fallback "$@"
  # From here the call may be running: a signal is passed on, never turned into a second run. The resident
  # acknowledges it at once (cancelling); one that does not in 1.5 s (stopped, hung) is not waited for, nor
  # is any after a second signal.
  signalled=0 acked=0 waited=0 running=0
  on_signal() {
    [ "$signalled" = 0 ] || exit "$1"
    signalled=$1 waited=0
    printf '%s' "$2" >&3 2>/dev/null
  }
  trap 'on_signal 130 i' INT
  trap 'on_signal 143 t' TERM
  partial=
  while :; do
    IFS= read -r -t 0.5 -u 3 reply
    rc=$?
    # a read cut short by its timeout or a signal keeps what it had read of a line: the rest comes next
    reply=$partial$reply partial=
    if [ "$rc" = 0 ]; then
      case $reply in
        cancelling) acked=1 waited=0; continue ;;
        running) running=1; continue ;;
      esac
      break
    fi
    [ "$rc" -gt 128 ] || { reply=; break; }   # the connection ended; else a timeout or a signal
    partial=$reply
    [ "$signalled" != 0 ] || continue
    waited=$((waited + 1))
    if [ "$acked" = 0 ] && [ "$waited" -ge 3 ]; then
      echo "bench: the resident process (pid $resident_pid) did not answer the signal in 1.5 s (stopped or hung);" \
        "ending without this run's report" >&2
      exit "$signalled"
    fi
    if [ "$waited" -ge 40 ]; then
      echo "bench: the resident process (pid $resident_pid) did not end the call 20 s after the signal; ending without it" >&2
      exit "$signalled"
    fi
  done
  case $reply in
    "exit "*) exit "${reply#exit }" ;;
    "fallback "* | refused) fallback "$@" ;;
  esac
  if [ "$running" = 0 ] && [ "$signalled" = 0 ]; then
    # it ended before the call left its queue: nothing ran, so a JVM of its own runs it
    echo "bench: the resident process (pid $resident_pid) ended before the call ran; running in a JVM of its own" >&2
    fallback "$@"
  fi
  echo "bench: the resident process (pid $resident_pid) ended during the call (killed?): this run's report and results" \
    "were not written (what it printed above is all there is); see $dir/log, or BENCH_RESIDENT=off for a JVM of its own" >&2
  exit 1
  ;;
start)
  # "$@": the JVM's command line up to the class, from bin/bench (its Java, start-up cache, JAVA_OPTS, BENCH_OPTS)
  idle=${BENCH_RESIDENT_IDLE:-3600}
  case $idle in '' | *[!0-9]*) echo "bench: BENCH_RESIDENT_IDLE must be whole seconds, got '$idle'" >&2; exit 2 ;; esac
  # Everything is checked before any file is opened: DIR made 0700 here or found so, this user's, and no
  # symbolic link in it (a link `log` would have had its target truncated).
  if [ ! -e "$dir" ] && [ ! -L "$dir" ]; then
    mkdir -p -- "$(dirname -- "$dir")" 2>/dev/null
    mkdir -m 700 -- "$dir" 2>/dev/null
  fi
  why=$(dir_problem)
  if [ -n "$why" ]; then
    echo "bench: will not keep the resident process's files in $dir: $why (BENCH_RESIDENT_DIR names another)" >&2
    exit 2
  fi
  # one start at a time: a second waits for the first, then finds its resident running
  exec 4>>"$dir/start.lock" || exit 1
  if command -v flock >/dev/null 2>&1 && ! flock -w 60 4; then
    echo "bench: another bench resident start has held $dir/start.lock for 60 s" >&2
    exit 1
  fi
  if ping; then
    echo "bench: a resident process already runs (pid ${reply#pong }, 127.0.0.1:$resident_port); bench resident stop ends it"
    exit 0
  fi
  if [ -n "$why" ]; then
    echo "bench: not starting another: $why" >&2   # alive but not answering (stopped?), or busy
    exit 1
  fi
  exec 3>&-
  rm -f -- "$dir/port" "$dir/token" "$dir/log"
  # its own session: a Ctrl-C meant for the shell that started it does not end it
  if command -v setsid >/dev/null 2>&1; then detach=setsid; else detach=nohup; fi
  # noclobber: the log is created new (O_EXCL), never a file that was put there in between
  set -C
  $detach "$@" dev.bench.cli.resident.ResidentMain "$dir" "$(umask)" "$idle" > "$dir/log" 2>&1 < /dev/null 4>&- &
  started=$!
  set +C
  for _ in $(seq 1 600); do
    [ -f "$dir/port" ] && break
    kill -0 "$started" 2>/dev/null || break
    sleep 0.1
  done
  if ping; then
    echo "bench: resident process ${reply#pong } serves bench pgbench and bench sysbench on 127.0.0.1:$resident_port (ends after $idle s idle;" \
      "bench resident stop ends it)"
    exit 0
  fi
  echo "bench: the resident process did not start: $(tail -n 1 "$dir/log" 2>/dev/null)" >&2
  exit 1
  ;;
stop)
  if ! connect || ! send stop || ! IFS= read -r -t "$answer_wait" -u 3 reply; then
    [ -z "$stale" ] || rm -f -- "$dir/port" "$dir/token"   # a resident that died left them
    [ -z "$why" ] || echo "bench: $why" >&2
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
  if ping; then
    echo "bench: resident process ${reply#pong } serves bench pgbench and bench sysbench on 127.0.0.1:$resident_port"
    exit 0
  fi
  [ -z "$why" ] || echo "bench: $why" >&2
  echo "bench: no resident process runs"
  exit 3
  ;;
*)
  echo "bench: resident takes start, stop or status, got '$mode'" >&2
  echo "Try 'bench resident status'." >&2
  exit 2
  ;;
esac
