#!/usr/bin/env bash
# Start a throwaway RabbitMQ (Debian's rabbitmq-server 3.10, plugin rabbitmq_stream) on 127.0.0.1 for the interop tests.
# Prints `RABBITMQ_STREAM_ADDR=127.0.0.1:<port>` on stdout (nothing else); all diagnostics go to stderr.
# User guest / password guest, vhost / (guest only works over loopback, which is all we listen on).
# Idempotent: if our broker is already running it only prints the address. Stop it with scripts/brokers/stop.sh.
# Two processes, two pid files (stop.sh stops the newest pid file first, so rabbit goes before its epmd):
#   target/brokers/rabbitmq-epmd/pid  our own epmd, in the foreground (erl would otherwise leave a daemonized one behind)
#   target/brokers/rabbitmq/pid       the unwrapped rabbitmq-server: a /bin/sh that turns SIGTERM into a clean shutdown
# Each cold start wipes the node's data (mnesia), so no stream survives a restart.
# Env: RABBITMQ_STREAM_PORT (default 5552), RABBITMQ_WAIT_SECS (default 120), and private ports that must be free:
#   RABBITMQ_EPMD_PORT (default 14369), RABBITMQ_DIST_PORT (Erlang distribution, default 25673).
# CLI, if needed: HOME=target/brokers/rabbitmq RABBITMQ_NODENAME=rabbit-ci@localhost ERL_EPMD_PORT=14369 \
#   /usr/lib/rabbitmq/bin/rabbitmqctl status
set -euo pipefail
cd "$(dirname "$0")/../.."

port="${RABBITMQ_STREAM_PORT:-5552}"
epmd_port="${RABBITMQ_EPMD_PORT:-14369}"
dist_port="${RABBITMQ_DIST_PORT:-25673}"
wait_secs="${RABBITMQ_WAIT_SECS:-120}"
dir="$PWD/target/brokers/rabbitmq"
pid_file="$dir/pid"
log="$dir/server.out"
epmd_dir="$PWD/target/brokers/rabbitmq-epmd"
epmd_pid_file="$epmd_dir/pid"
server=/usr/lib/rabbitmq/bin/rabbitmq-server     # unwrapped: /usr/sbin/rabbitmq-server would `su rabbitmq` and use /var/lib/rabbitmq

say() { echo "rabbitmq.sh: $*" >&2; }
alive() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${s#Z}" = "$s" ]; }   # zombie = dead
ours() { [ -f "$1" ] && alive "$(cat "$1")" && [ "$(cat "/proc/$(cat "$1")/comm" 2>/dev/null)" = "$2" ]; }   # ours PIDFILE COMM
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
die() { say "$*"; exit 1; }
fail() { say "$*"; say "last lines of $log:"; tail -n 30 "$log" >&2 || true; exit 1; }   # broker failed: show its log
kill_ours() {                                          # kill_ours PIDFILE COMM: TERM, wait up to 10 s, KILL; drop the pid file
  local pid
  if ours "$1" "$2"; then
    pid=$(cat "$1"); kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$1"
}
wait_ready() {                                         # wait_ready PID: until the stream port opens (it opens last)
  local deadline=$((SECONDS + wait_secs))
  until port_open "$port"; do
    alive "$1" || { kill_ours "$epmd_pid_file" epmd; rm -f "$pid_file" "$dir/port"; fail "rabbitmq-server (pid $1) exited during startup"; }
    if [ "$SECONDS" -ge "$deadline" ]; then
      kill_ours "$pid_file" rabbitmq-server; kill_ours "$epmd_pid_file" epmd; rm -f "$dir/port"
      fail "rabbitmq did not accept stream connections on 127.0.0.1:$port within ${wait_secs} s"
    fi
    sleep 0.2
  done
}

mkdir -p "$dir" "$epmd_dir"

# Already running (ours)? Then just report where (after waiting, if it is still booting).
if ours "$pid_file" rabbitmq-server && ours "$epmd_pid_file" epmd && [ -f "$dir/port" ]; then
  running=$(cat "$dir/port")
  [ "$running" = "$port" ] || say "already running on $running (RABBITMQ_STREAM_PORT=$port ignored; run stop.sh first to change it)"
  port="$running"
  wait_ready "$(cat "$pid_file")"
  echo "RABBITMQ_STREAM_ADDR=127.0.0.1:$port"
  exit 0
fi
# Stale or half-alive (e.g. rabbit died but our epmd lives on): stop what is left, rabbit before epmd.
kill_ours "$pid_file" rabbitmq-server
kill_ours "$epmd_pid_file" epmd
rm -f "$dir/port"

# Install if missing. policy-rc.d (exit 101) keeps apt from starting the packaged system broker on 5672.
if [ ! -x "$server" ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  own_policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null
    $sudo chmod 755 /usr/sbin/policy-rc.d
    own_policy=1
    trap '$sudo rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt_install() { $sudo env DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq --no-install-recommends rabbitmq-server >/dev/null; }
  say "installing Debian package rabbitmq-server"
  if ! apt_install 2>"$dir/apt.err"; then                  # index missing or stale: update once, retry, show errors
    $sudo apt-get update -qq >/dev/null
    apt_install || die "apt-get install rabbitmq-server failed"
  fi
  rm -f "$dir/apt.err"
  if [ -n "$own_policy" ]; then $sudo rm -f /usr/sbin/policy-rc.d; trap - EXIT; fi
fi

# Never let the readiness probe succeed against someone else's listener (nor share epmd with another node).
for p in "$port" "$epmd_port" "$dist_port"; do
  port_open "$p" && die "127.0.0.1:$p is already in use (another broker?); set RABBITMQ_STREAM_PORT / RABBITMQ_EPMD_PORT / RABBITMQ_DIST_PORT"
done

# Config: fresh node data, stream listener only (no AMQP 0-9-1 listener), clients told to reconnect to 127.0.0.1.
rm -rf "$dir/mnesia" "$dir/log"
mkdir -p "$dir/mnesia" "$dir/log"
cat > "$dir/rabbitmq.conf" <<CONF
listeners.tcp = none
stream.listeners.tcp.1 = 127.0.0.1:$port
stream.advertised_host = 127.0.0.1
stream.advertised_port = $port
log.console = false
CONF
echo '[rabbitmq_stream].' > "$dir/enabled_plugins"     # = `rabbitmq-plugins enable --offline rabbitmq_stream`, without touching /etc
rabbit_env=(
  HOME="$dir"                                          # erlang cookie = $HOME/.erlang.cookie (a CLI must use the same HOME)
  RABBITMQ_NODENAME=rabbit-ci@localhost                # 'localhost' so the machine's hostname need not resolve
  RABBITMQ_CONF_ENV_FILE=/dev/null                     # ignore /etc/rabbitmq/rabbitmq-env.conf
  RABBITMQ_CONFIG_FILE="$dir/rabbitmq.conf" RABBITMQ_ADVANCED_CONFIG_FILE="$dir/advanced.config"
  RABBITMQ_ENABLED_PLUGINS_FILE="$dir/enabled_plugins"
  RABBITMQ_MNESIA_BASE="$dir/mnesia" RABBITMQ_LOG_BASE="$dir/log" RABBITMQ_PID_FILE="$dir/beam.pid"
  RABBITMQ_DIST_PORT="$dist_port" ERL_EPMD_PORT="$epmd_port" ERL_EPMD_ADDRESS=127.0.0.1
  RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
)

# Our own epmd, in the foreground as a background job, so $! is epmd itself and stop.sh can stop it.
epmd -port "$epmd_port" -address 127.0.0.1 </dev/null >"$epmd_dir/epmd.log" 2>&1 &
echo "$!" > "$epmd_pid_file"
for _ in $(seq 1 100); do port_open "$epmd_port" && break; alive "$(cat "$epmd_pid_file")" || break; sleep 0.1; done
port_open "$epmd_port" || { kill_ours "$epmd_pid_file" epmd; tail -n 20 "$epmd_dir/epmd.log" >&2; die "epmd did not start on 127.0.0.1:$epmd_port"; }

# The broker, detached from the caller's stdin/stdout/stderr so `$(scripts/brokers/rabbitmq.sh)` does not hang.
env "${rabbit_env[@]}" "$server" </dev/null >"$log" 2>&1 &
pid=$!
echo "$pid" > "$pid_file"
echo "$port" > "$dir/port"
# stop.sh orders by pid file mtime; on a coarse filesystem clock both could get the same one.
until [ "$pid_file" -nt "$epmd_pid_file" ]; do sleep 0.01; touch "$pid_file"; done

start=$SECONDS
wait_ready "$pid"
say "ready after $((SECONDS - start)) s"
echo "RABBITMQ_STREAM_ADDR=127.0.0.1:$port"
