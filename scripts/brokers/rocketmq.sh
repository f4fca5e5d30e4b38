#!/usr/bin/env bash
# Start a throwaway RocketMQ name server and broker (rocketmq-rust 1.0.0 from crates.io) on 127.0.0.1 for the
# interop tests. Prints two lines on stdout (nothing else); all diagnostics go to stderr:
#   ROCKETMQ_NAMESRV_ADDR=127.0.0.1:<port>
#   ROCKETMQ_BROKER_ADDR=127.0.0.1:<port>
# `rocketmq.sh build` only builds (or finds) the binaries and starts nothing.
# The binaries are built once with `cargo install` (unoptimized, no debuginfo: ~4 min on 2 cores; a release build
# takes ~12) and cached in ROCKETMQ_RUST_ROOT (default $HOME/.cache/wire-rocketmq/rocketmq-rust-1.0.0), so a
# second run on the same machine starts in about a second.
# Idempotent: if our servers are already running it only prints the addresses. Stop them with scripts/brokers/stop.sh.
# Two processes, two pid files (stop.sh stops the newest pid file first, so the broker goes before its name server):
#   target/brokers/rocketmq-namesrv/pid, target/brokers/rocketmq-broker/pid
# Each cold start wipes the broker's store and the name server's KV config.
# The store (<parent>/wire-rocketmq-<broker port>) goes on the first of /dev/shm, target/brokers, $TMPDIR or /tmp
# whose file system has 512 MB free and is under 85% used: the broker refuses every write (SERVICE_NOT_AVAILABLE)
# once its store's file system is 90% used, counting the root-reserved blocks as used, which a busy build disk
# reaches, and its files take ~70 MB (more than a container's 64 MB /dev/shm). ROCKETMQ_STORE_DIR chooses the
# parent instead; stop.sh removes the store.
# Env: ROCKETMQ_NAMESRV_PORT (default 19876), ROCKETMQ_BROKER_PORT (default 20911; the broker also listens on
#   PORT-2 and on ROCKETMQ_HA_PORT, default 20912: all must be free), ROCKETMQ_WAIT_SECS (default 60).
set -euo pipefail
cd "$(dirname "$0")/../.."

version=1.0.0
root="${ROCKETMQ_RUST_ROOT:-$HOME/.cache/wire-rocketmq/rocketmq-rust-$version}"
namesrv_port="${ROCKETMQ_NAMESRV_PORT:-19876}"
broker_port="${ROCKETMQ_BROKER_PORT:-20911}"
ha_port="${ROCKETMQ_HA_PORT:-20912}"
wait_secs="${ROCKETMQ_WAIT_SECS:-60}"
ns_dir="$PWD/target/brokers/rocketmq-namesrv"
br_dir="$PWD/target/brokers/rocketmq-broker"
namesrv_bin="$root/bin/rocketmq-namesrv-rust"
broker_bin="$root/bin/rocketmq-broker-rust"
# /proc/PID/comm holds the first 15 bytes of the executable's name
namesrv_comm=rocketmq-namesr
broker_comm=rocketmq-broker

say() { echo "rocketmq.sh: $*" >&2; }
alive() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${s#Z}" = "$s" ]; }   # zombie = dead
ours() { [ -f "$1" ] && alive "$(cat "$1")" && [ "$(cat "/proc/$(cat "$1")/comm" 2>/dev/null)" = "$2" ]; }   # ours PIDFILE COMM
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
die() { say "$*"; exit 1; }
kill_ours() {                                          # kill_ours PIDFILE COMM: TERM, wait up to 10 s, KILL; drop the pid file
  local pid
  if ours "$1" "$2"; then
    pid=$(cat "$1"); kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$1"
}
fail() {                                               # fail LOG MESSAGE: stop what we started, show the log
  say "$2"; say "last lines of $1:"; tail -n 30 "$1" >&2 || true
  kill_ours "$br_dir/pid" "$broker_comm"; kill_ours "$ns_dir/pid" "$namesrv_comm"; rm -f "$ns_dir/port" "$br_dir/port"
  exit 1
}
wait_port() {                                          # wait_port PORT PID LOG NAME
  local deadline=$((SECONDS + wait_secs))
  until port_open "$1"; do
    alive "$2" || fail "$3" "$4 (pid $2) exited during startup"
    [ "$SECONDS" -lt "$deadline" ] || fail "$3" "$4 did not listen on 127.0.0.1:$1 within ${wait_secs} s"
    sleep 0.1
  done
}

build() {
  [ -x "$namesrv_bin" ] && [ -x "$broker_bin" ] && return 0
  command -v cargo >/dev/null || die "cargo is needed to build rocketmq-rust $version"
  mkdir -p "$root"
  say "building rocketmq-namesrv and rocketmq-broker $version into $root (about 4 minutes on 2 cores, once)"
  local start=$SECONDS
  # Outside the repo so its toolchain and cargo config do not apply; one target dir shares the dependencies.
  # --locked: the crates ship their Cargo.lock. Unoptimized without debuginfo: 68 + 122 MB of binaries.
  (cd / && CARGO_TARGET_DIR="$root/target" CARGO_PROFILE_DEV_DEBUG=0 \
     nice -n 10 cargo install --locked --debug --quiet --root "$root" \
     "rocketmq-namesrv@$version" "rocketmq-broker@$version") >&2 || die "cargo install of rocketmq-rust $version failed"
  rm -rf "$root/target"                                # ~1.5 GB of intermediates
  say "built in $((SECONDS - start)) s"
}

if [ "${1:-}" = build ]; then build; exit 0; fi

mkdir -p "$ns_dir" "$br_dir"

# Already running (ours)? Then just report where.
if ours "$ns_dir/pid" "$namesrv_comm" && ours "$br_dir/pid" "$broker_comm" && [ -f "$ns_dir/port" ] && [ -f "$br_dir/port" ] \
   && port_open "$(cat "$ns_dir/port")" && port_open "$(cat "$br_dir/port")"; then
  [ "$(cat "$ns_dir/port")" = "$namesrv_port" ] && [ "$(cat "$br_dir/port")" = "$broker_port" ] \
    || say "already running on $(cat "$ns_dir/port") / $(cat "$br_dir/port") (ports from the environment ignored; run stop.sh first to change them)"
  echo "ROCKETMQ_NAMESRV_ADDR=127.0.0.1:$(cat "$ns_dir/port")"
  echo "ROCKETMQ_BROKER_ADDR=127.0.0.1:$(cat "$br_dir/port")"
  exit 0
fi
# Stale or half-alive: stop what is left, broker before name server.
kill_ours "$br_dir/pid" "$broker_comm"
kill_ours "$ns_dir/pid" "$namesrv_comm"
rm -f "$ns_dir/port" "$br_dir/port"

build

# Never let a readiness probe succeed against someone else's listener.
for p in "$namesrv_port" "$broker_port" "$((broker_port - 2))" "$ha_port"; do
  port_open "$p" && die "127.0.0.1:$p is already in use (another server?); set ROCKETMQ_NAMESRV_PORT / ROCKETMQ_BROKER_PORT / ROCKETMQ_HA_PORT"
done

# Name server: fresh KV config. HOME points into our directory: both servers write under it.
rm -rf "$ns_dir/home"; mkdir -p "$ns_dir/home"
env HOME="$ns_dir/home" "$namesrv_bin" --bindAddress 127.0.0.1 --listenPort "$namesrv_port" \
  --rocketmqHome "$ns_dir/home" --kvConfigPath "$ns_dir/home/kvConfig.json" </dev/null >"$ns_dir/namesrv.log" 2>&1 &
echo "$!" > "$ns_dir/pid"
echo "$namesrv_port" > "$ns_dir/port"
start=$SECONDS
wait_port "$namesrv_port" "$(cat "$ns_dir/pid")" "$ns_dir/namesrv.log" "rocketmq name server"

# Broker: [broker] and [store] sections are mandatory, unknown keys are rejected. The four store sizes keep the
# preallocated files at ~70 MB instead of ~1.5 GB. It refuses to start unless it can register with the name server.
# The broker's own measure of a file system: (size - available) / size, in percent; and megabytes available.
fs_usage() { df -Pk "$1" | awk 'NR == 2 { printf "%d %d\n", ($2 - $4) * 100 / $2, $4 / 1024 }'; }
roomy() { local used avail; read -r used avail < <(fs_usage "$1") && [ "$used" -lt 85 ] && [ "$avail" -ge 512 ]; }
if [ -n "${ROCKETMQ_STORE_DIR:-}" ]; then
  store_parent=$ROCKETMQ_STORE_DIR
else
  store_parent=
  for candidate in /dev/shm "$br_dir" "${TMPDIR:-/tmp}" /tmp; do
    [ -d "$candidate" ] && [ -w "$candidate" ] && roomy "$candidate" && { store_parent=$candidate; break; }
  done
  [ -n "$store_parent" ] || fail "$br_dir/broker.log" "no file system for the store with 512 MB free and under 85% used (the broker refuses writes from 90%); set ROCKETMQ_STORE_DIR"
fi
store_dir=$store_parent/wire-rocketmq-$broker_port
rm -rf "$br_dir/home" "$br_dir/store" "$store_dir"; mkdir -p "$br_dir/home/conf" "$store_dir"
echo "$store_dir" > "$br_dir/remove-on-stop"                 # stop.sh removes the store after the broker
read -r used_pct avail_mb < <(fs_usage "$store_dir")
if [ "$used_pct" -ge 90 ]; then
  fail "$br_dir/broker.log" "the store's file system ($store_dir) is ${used_pct}% used by the broker's measure: it would refuse every message from 90%; set ROCKETMQ_STORE_DIR to a directory on another one"
fi
say "store in $store_dir (its file system ${used_pct}% used, ${avail_mb} MB free; the broker refuses writes from 90%)"
cat > "$br_dir/home/conf/broker.toml" <<EOF
[broker]
namesrvAddr = "127.0.0.1:$namesrv_port"
brokerIp1 = "127.0.0.1"
listenPort = $broker_port
storePathRootDir = "$store_dir"

[broker.brokerServerConfig]
bindAddress = "127.0.0.1"

[broker.brokerIdentity]
brokerName = "broker-wire"
brokerClusterName = "WireCluster"
brokerId = 0

[store]
storeType = "LocalFile"
brokerRole = "ASYNC_MASTER"
storePathRootDir = "$store_dir"
haListenAddress = "127.0.0.1"
haListenPort = $ha_port
mappedFileSizeCommitLog = 67108864
mappedFileSizeConsumeQueue = 600000
maxHashSlotNum = 10000
maxIndexNum = 40000
EOF
env HOME="$br_dir/home" ROCKETMQ_HOME="$br_dir/home" "$broker_bin" -c "$br_dir/home/conf/broker.toml" \
  -n "127.0.0.1:$namesrv_port" </dev/null >"$br_dir/broker.log" 2>&1 &
echo "$!" > "$br_dir/pid"
echo "$broker_port" > "$br_dir/port"
# stop.sh orders by pid file mtime; on a coarse filesystem clock both could get the same one.
until [ "$br_dir/pid" -nt "$ns_dir/pid" ]; do sleep 0.01; touch "$br_dir/pid"; done
wait_port "$broker_port" "$(cat "$br_dir/pid")" "$br_dir/broker.log" "rocketmq broker"
# Clients can use the broker once it has registered with the name server (~0.5 s after the port opens).
deadline=$((SECONDS + wait_secs))
until grep -q 'started successfully' "$br_dir/broker.log"; do
  alive "$(cat "$br_dir/pid")" || fail "$br_dir/broker.log" "rocketmq broker exited during startup"
  [ "$SECONDS" -lt "$deadline" ] || fail "$br_dir/broker.log" "rocketmq broker did not register within ${wait_secs} s"
  sleep 0.1
done
say "ready after $((SECONDS - start)) s"
echo "ROCKETMQ_NAMESRV_ADDR=127.0.0.1:$namesrv_port"
echo "ROCKETMQ_BROKER_ADDR=127.0.0.1:$broker_port"
