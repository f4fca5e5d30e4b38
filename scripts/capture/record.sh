#!/usr/bin/env bash
# Re-record wiredump's sample captures (wiredump/samples/) from real connections to the test brokers.
# Usage: scripts/capture/record.sh [PROTO...]    PROTO: mqtt5 mqtt stream rocketmq (default: all that can run)
#
# For each protocol: start (or reuse) its broker with scripts/brokers/<broker>.sh, run a scripted client
# (scripts/capture/<x>_client.py) through scripts/capture/recorder.py (a recording TCP proxy), and write
#   <proto>.client.bin   the bytes the client sent, frames back to back
#   <proto>.server.bin   the bytes the broker sent
#   <proto>.pcap         for the protocols in $PCAPS: a tcpdump capture on lo of the proxy's connection to the broker
#   rocketmq.pull-body.bin  the body of the PULL_MESSAGE response in rocketmq.server.bin (MessageExt records)
# Everything is recorded into a scratch directory first and checked with scripts/capture/check.py (frame lengths
# add up to each file's size; the pcap's reassembled TCP payload equals the two .bin files); only then copied
# over the samples, and the table in wiredump/samples/README.md is regenerated.
# Brokers this script started are stopped at the end; brokers that were already running are left running.
#
# Needs python3 with paho-mqtt 2.x (mqtt5, mqtt) and rstream 1.1.1 (stream) (`pip install paho-mqtt==2.2.0
# rstream==1.1.1`; the RocketMQ client uses only the standard library) and, for
# the pcaps, tcpdump (installed with apt-get when missing, like the broker scripts install their brokers).
# Env: PCAPS (default "mqtt5 stream rocketmq"), CAPTURE_PCAP_MODE (auto | tcpdump | synth, default auto: tcpdump, or a
#   pcap synthesized from the recorded bytes when tcpdump cannot be installed), SAMPLES_DIR (default wiredump/samples).
#
# RocketMQ: scripts/capture/rocketmq_client.py is run as
#   rocketmq_client.py <proxy HOST:PORT>   with ROCKETMQ_NAMESRV_ADDR / ROCKETMQ_BROKER_ADDR in its environment;
# the proxy stands in front of the broker (ROCKETMQ_BROKER_ADDR), so the client must send its broker requests to
# the address it is given (a client that asks the name server for routes would reach the real broker port instead).
set -euo pipefail
cd "$(dirname "$0")/../.."

here=scripts/capture
samples="${SAMPLES_DIR:-wiredump/samples}"
pcaps=" ${PCAPS:-mqtt5 stream rocketmq} "
pcap_mode="${CAPTURE_PCAP_MODE:-auto}"

say() { echo "record.sh: $*" >&2; }
die() { say "$*"; exit 1; }
alive() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${s#Z}" = "$s" ]; }   # zombie = dead
running() { [ -f "target/brokers/$1/pid" ] && alive "$(cat "target/brokers/$1/pid")"; }

# Stop one broker we started (the same steps as scripts/brokers/stop.sh, which would stop every broker).
stop_one() {
  local pid_file="target/brokers/$1/pid" pid
  [ -f "$pid_file" ] || return 0
  pid=$(cat "$pid_file")
  if alive "$pid"; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.1; done
    alive "$pid" && kill -KILL "$pid" 2>/dev/null || true
    say "stopped $1 (pid $pid)"
  fi
  rm -f "$pid_file"
}

# Process names per broker script, in stop order (a broker before the helper it registered with).
declare -A procs=([mosquitto]="mosquitto" [rabbitmq]="rabbitmq rabbitmq-epmd"
                  [rocketmq]="rocketmq-broker rocketmq-namesrv")
declare -A started=() addr=()
scratch=$(mktemp -d)
cleanup() {
  local b p
  for b in "${!started[@]}"; do
    for p in ${procs[$b]}; do stop_one "$p"; done
  done
  rm -rf "$scratch"
}
trap cleanup EXIT

# broker NAME: start it unless it is running; remember its KEY=VALUE lines in addr[]
broker() {
  local b=$1 p up=1 line
  [ -n "${addr[$b]+x}" ] && return 0
  for p in ${procs[$b]}; do running "$p" || up=""; done
  if [ -z "$up" ]; then started[$b]=1; fi
  addr[$b]=$(bash "scripts/brokers/$b.sh") || die "scripts/brokers/$b.sh failed"
  for line in ${addr[$b]}; do say "$b: $line${up:+ (already running, left running)}"; done
}
get() { printf '%s\n' "${addr[$1]}" | sed -n "s/^$2=//p"; }   # get BROKER KEY

# Protocols to record
if [ $# -eq 0 ]; then
  set -- mqtt5 mqtt stream
  if [ -f "$here/rocketmq_client.py" ]; then set -- "$@" rocketmq; else
    say "rocketmq: skipped ($here/rocketmq_client.py does not exist yet)"; fi
fi
for proto in "$@"; do
  case $proto in mqtt5|mqtt|stream|rocketmq) ;; *) die "unknown protocol '$proto' (mqtt5 mqtt stream rocketmq)";; esac
done

# Prerequisites (the RocketMQ client needs only the standard library)
case " $* " in *" mqtt5 "*|*" mqtt "*)
  python3 -c 'import paho.mqtt' 2>/dev/null || die "python3 needs paho-mqtt: pip install paho-mqtt==2.2.0";; esac
case " $* " in *" stream "*)
  python3 -c 'import rstream' 2>/dev/null || die "python3 needs rstream: pip install rstream==1.1.1";; esac
if [ "$pcap_mode" != synth ] && ! command -v tcpdump >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  say "installing Debian package tcpdump"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends tcpdump >/dev/null 2>&1 \
    || { $sudo apt-get update -qq >/dev/null 2>&1 \
         && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends tcpdump >/dev/null 2>&1; } \
    || { [ "$pcap_mode" = tcpdump ] && die "cannot install tcpdump"; say "no tcpdump: pcaps will be synthesized"; }
fi

mkdir -p "$samples"
for proto in "$@"; do
  case $proto in
    mqtt5|mqtt)
      broker mosquitto
      upstream=$(get mosquitto MQTT_ADDR)
      client=(python3 "$here/mqtt_client.py" "{addr}" "$([ "$proto" = mqtt5 ] && echo 5 || echo 3.1.1)")
      check=mqtt ;;
    stream)
      broker rabbitmq
      upstream=$(get rabbitmq RABBITMQ_STREAM_ADDR)
      client=(python3 "$here/stream_client.py" "{addr}")
      check=stream ;;
    rocketmq)
      [ -f "$here/rocketmq_client.py" ] || die "rocketmq: $here/rocketmq_client.py does not exist yet"
      broker rocketmq
      export ROCKETMQ_NAMESRV_ADDR ROCKETMQ_BROKER_ADDR
      ROCKETMQ_NAMESRV_ADDR=$(get rocketmq ROCKETMQ_NAMESRV_ADDR)
      ROCKETMQ_BROKER_ADDR=$(get rocketmq ROCKETMQ_BROKER_ADDR)
      upstream=$ROCKETMQ_BROKER_ADDR
      client=(python3 "$here/rocketmq_client.py" "{addr}")
      check=rocketmq ;;
  esac
  pcap_args=()
  [[ "$pcaps" == *" $proto "* ]] && pcap_args=(--pcap "$scratch/$proto.pcap" --pcap-mode "$pcap_mode")
  say "$proto: recording a session with $upstream"
  python3 "$here/recorder.py" --upstream "$upstream" --out "$scratch/$proto" "${pcap_args[@]}" -- "${client[@]}" \
    || die "$proto: recording failed"
  for side in client server; do
    python3 "$here/check.py" frames "$check" "$scratch/$proto.$side.bin" >&2
  done
  if [ "$proto" = rocketmq ]; then   # the PULL_MESSAGE response's body: MessageExt records, for -p rocketmq-message
    python3 "$here/check.py" pull-body "$scratch/$proto.client.bin" "$scratch/$proto.server.bin" \
      "$scratch/$proto.pull-body.bin" >&2
  fi
  if [ ${#pcap_args[@]} -gt 0 ]; then
    python3 "$here/check.py" pcap "$scratch/$proto.pcap" "$scratch/$proto.client.bin" "$scratch/$proto.server.bin" >&2
    size=$(stat -c %s "$scratch/$proto.pcap")
    [ "$size" -lt 20480 ] || die "$proto.pcap is $size bytes (limit 20 KB)"
  fi
done

# All good: replace the samples and refresh the README's table.
for proto in "$@"; do
  cp "$scratch/$proto.client.bin" "$scratch/$proto.server.bin" "$samples/"
  if [ -f "$scratch/$proto.pcap" ]; then cp "$scratch/$proto.pcap" "$samples/"; fi
  if [ -f "$scratch/$proto.pull-body.bin" ]; then cp "$scratch/$proto.pull-body.bin" "$samples/"; fi
done
chmod 644 "$samples"/*.bin "$samples"/*.pcap 2>/dev/null || true
if [ -f "$samples/README.md" ]; then
  python3 "$here/check.py" table "$samples" --readme "$samples/README.md" >/dev/null
  say "updated the table in $samples/README.md"
fi
python3 "$here/check.py" table "$samples"
