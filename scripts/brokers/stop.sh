#!/usr/bin/env bash
# Stop every broker started by scripts/brokers/*.sh: each writes its PID to target/brokers/<name>/pid.
# Newest pid file first (reverse start order: rabbitmq before the epmd it registered with).
# SIGTERM, wait up to 10 s, then SIGKILL. Idempotent: no pid files, nothing to do.
set -euo pipefail
cd "$(dirname "$0")/../.."

alive() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${s#Z}" = "$s" ]; }   # zombie = dead

shopt -s nullglob
pid_files=(target/brokers/*/pid)
[ ${#pid_files[@]} -eq 0 ] || mapfile -t pid_files < <(ls -t "${pid_files[@]}")   # by mtime (ns), newest first
for pid_file in "${pid_files[@]}"; do
  name=$(basename "$(dirname "$pid_file")")
  pid=$(cat "$pid_file")
  # Skip a recycled PID: a process younger than its pid file is not the one we started.
  age=$(( $(date +%s) - $(stat -c %Y "$pid_file") ))
  if [[ "$pid" =~ ^[0-9]+$ ]] && alive "$pid" && [ "$(ps -o etimes= -p "$pid" | tr -d ' ')" -ge $((age - 2)) ]; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.1; done
    if alive "$pid"; then echo "stop.sh: $name (pid $pid) ignored SIGTERM; killing" >&2; kill -KILL "$pid" 2>/dev/null || true; fi
    echo "stop.sh: stopped $name (pid $pid)" >&2
  fi
  rm -f "$pid_file"
  # A directory outside target/ the server kept its data in (the RocketMQ store on tmpfs).
  remove="$(dirname "$pid_file")/remove-on-stop"
  if [ -f "$remove" ]; then rm -rf "$(cat "$remove")"; rm -f "$remove"; fi
done
