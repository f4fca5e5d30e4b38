#!/usr/bin/env bash
# Start a throwaway MQTT broker (Debian's mosquitto, 3.1.1 + 5.0) on 127.0.0.1 for the interop tests.
# Prints `MQTT_ADDR=127.0.0.1:<port>` on stdout (nothing else); all diagnostics go to stderr.
# Idempotent: if our broker is already running it only prints the address. Stop it with scripts/brokers/stop.sh.
# Env: MQTT_PORT (default 18830, not the well-known 1883), MQTT_WAIT_SECS (default 10).
set -euo pipefail
cd "$(dirname "$0")/../.."

port="${MQTT_PORT:-18830}"
wait_secs="${MQTT_WAIT_SECS:-10}"
dir="$PWD/target/brokers/mosquitto"
pid_file="$dir/pid"
log="$dir/mosquitto.log"

say() { echo "mosquitto.sh: $*" >&2; }
alive() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${s#Z}" = "$s" ]; }   # zombie = dead
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
die() { say "$*"; exit 1; }
fail() { say "$*"; say "last lines of $log:"; tail -n 20 "$log" >&2 || true; exit 1; }   # broker failed: show its log

mkdir -p "$dir"

# Already running (ours)? Then just report where.
if [ -f "$pid_file" ]; then
  pid=$(cat "$pid_file")
  if alive "$pid" && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mosquitto ] && [ -f "$dir/port" ] \
     && port_open "$(cat "$dir/port")"; then
    running=$(cat "$dir/port")
    [ "$running" = "$port" ] || say "already running on $running (MQTT_PORT=$port ignored; run stop.sh first to change it)"
    echo "MQTT_ADDR=127.0.0.1:$running"
    exit 0
  fi
  rm -f "$pid_file" "$dir/port"                        # stale
fi

# Install if missing. policy-rc.d (exit 101) keeps apt from starting the packaged system broker on 1883.
if ! command -v mosquitto >/dev/null && [ ! -x /usr/sbin/mosquitto ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  own_policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null
    $sudo chmod 755 /usr/sbin/policy-rc.d
    own_policy=1
    trap '$sudo rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt_install() { $sudo env DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq --no-install-recommends mosquitto >/dev/null; }
  say "installing Debian package mosquitto"
  if ! apt_install 2>"$dir/apt.err"; then                  # index missing or stale: update once, retry, show errors
    $sudo apt-get update -qq >/dev/null
    apt_install || die "apt-get install mosquitto failed"
  fi
  rm -f "$dir/apt.err"
  if [ -n "$own_policy" ]; then $sudo rm -f /usr/sbin/policy-rc.d; trap - EXIT; fi
fi
bin=$(command -v mosquitto || echo /usr/sbin/mosquitto)

# Never let the readiness probe succeed against someone else's listener.
port_open "$port" && die "127.0.0.1:$port is already in use (another broker?); set MQTT_PORT to a free port"

# Config. Logging goes to stderr, redirected by us into $log: as root mosquitto drops to user
# 'mosquitto' after reading the config, so it could not open a file in this root-owned dir itself.
cat > "$dir/mosquitto.conf" <<CONF
per_listener_settings false
allow_anonymous true
persistence false
log_dest stderr
listener $port 127.0.0.1
protocol mqtt
CONF

# Background start (no -d, so $! is the broker itself). stdin/stdout/stderr detached from the caller,
# so `$(scripts/brokers/mosquitto.sh)` does not hang on the broker holding the pipe.
"$bin" -c "$dir/mosquitto.conf" </dev/null >"$log" 2>&1 &
pid=$!
echo "$pid" > "$pid_file"
echo "$port" > "$dir/port"

deadline=$((SECONDS + wait_secs))
until port_open "$port"; do
  alive "$pid" || { rm -f "$pid_file" "$dir/port"; fail "mosquitto (pid $pid) exited during startup"; }
  if [ "$SECONDS" -ge "$deadline" ]; then
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$pid_file" "$dir/port"
    fail "mosquitto did not accept connections on 127.0.0.1:$port within ${wait_secs} s"
  fi
  sleep 0.1
done
echo "MQTT_ADDR=127.0.0.1:$port"
