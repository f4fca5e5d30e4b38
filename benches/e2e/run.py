#!/usr/bin/env python3
"""End-to-end comparison of wire's example clients with the clients users pick.

One command, stops by itself:

    python3 benches/e2e/run.py                 # 1,000,000 x 400 B, 3 runs
    python3 benches/e2e/run.py --count 100000  # quicker

For each run (interleaved: wire first in odd runs, the peer first in even ones) every client
publishes N messages to a fresh stream and then consumes them, checking each one (offset and
body). The client process's CPU time (user + system, from wait4's rusage) is divided by N;
messages/s is what the client prints, timed from its first message to its last confirm or
delivery. Medians of the runs are reported, as a Markdown table.

Uses the broker at RABBITMQ_STREAM_ADDR, or starts one with scripts/brokers/rabbitmq.sh (and
stops it at the end if it was not running before). Loopback only.
"""

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RELEASE = os.path.join(ROOT, "target", "release")

# (label, binary): the example written with wire, and its twin written with the peer client.
STREAM_CLIENTS = [
    ("wire", "stream-client"),
    ("rabbitmq-stream-client", "stream-peer"),
]


def say(*args):
    print(*args, file=sys.stderr, flush=True)


def port_open(addr):
    host, port = addr.rsplit(":", 1)
    try:
        with socket.create_connection((host, int(port)), timeout=1):
            return True
    except OSError:
        return False


def broker():
    """The broker's address, and whether this run started it."""
    addr = os.environ.get("RABBITMQ_STREAM_ADDR")
    if addr:
        return addr, False
    was_running = port_open("127.0.0.1:5552")
    out = subprocess.run(
        ["bash", os.path.join(ROOT, "scripts", "brokers", "rabbitmq.sh")],
        check=True, capture_output=True, text=True,
    ).stdout
    addr = re.search(r"RABBITMQ_STREAM_ADDR=(\S+)", out).group(1)
    return addr, not was_running


def run_client(binary, args):
    """Runs a client, reaping it with wait4 so that its rusage is its own; returns the
    messages/s it printed and the CPU seconds (user + system) it used."""
    path = os.path.join(RELEASE, binary)
    with open(os.devnull, "rb") as stdin:
        child = subprocess.Popen([path, *args], stdin=stdin, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
    # Read everything first (the pipes must not fill), then reap with wait4 ourselves.
    out = child.stdout.read()
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{binary} {' '.join(args)} failed ({child.returncode}):\n"
                         f"{out.decode()}{err.decode()}")
    line = out.decode().strip()
    rate = float(re.search(r": (\d+) messages/s", line).group(1))
    return rate, usage.ru_utime + usage.ru_stime


def stream_case(addr, count, size, runs):
    results = {label: {"publish": [], "consume": []} for label, _ in STREAM_CLIENTS}
    for run in range(runs):
        order = STREAM_CLIENTS if run % 2 == 0 else list(reversed(STREAM_CLIENTS))
        for label, binary in order:
            stream = f"e2e-{binary}-{os.getpid()}-{run}-{time.time_ns()}"
            common = ["--addr", addr]
            rate, cpu = run_client(binary, common + ["publish", stream, "--count", str(count),
                                                     "--size", str(size)])
            results[label]["publish"].append((rate, cpu / count))
            rate, cpu = run_client(binary, common + ["consume", stream, "--count", str(count),
                                                     "--delete"])
            results[label]["consume"].append((rate, cpu / count))
            say(f"run {run + 1}: {label}: publish {results[label]['publish'][-1][0]:.0f}/s, "
                f"consume {rate:.0f}/s")
    return results


def table(title, results, count, size):
    wire = results["wire"]
    lines = [f"### {title}: {count:,} messages of {size} B, medians of "
             f"{len(wire['publish'])} runs", "",
             "| client | publish msg/s | publish CPU µs/msg | consume msg/s | "
             "consume CPU µs/msg |",
             "|---|---|---|---|---|"]
    med = {}
    for label, phases in results.items():
        row = [label]
        for phase in ("publish", "consume"):
            rate = statistics.median(r for r, _ in phases[phase])
            cpu = statistics.median(c for _, c in phases[phase]) * 1e6
            med[(label, phase)] = (rate, cpu)
            row += [f"{rate:,.0f}", f"{cpu:.2f}"]
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    for label in results:
        if label == "wire":
            continue
        for phase in ("publish", "consume"):
            (wr, wc), (pr, pc) = med[("wire", phase)], med[(label, phase)]
            lines.append(f"- {phase}: wire {wr / pr:.2f}x the throughput of {label}, "
                         f"{pc / wc:.2f}x less CPU per message")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1_000_000, help="messages per run")
    parser.add_argument("--size", type=int, default=400, help="body size in bytes")
    parser.add_argument("--runs", type=int, default=3, help="runs per client (median)")
    parser.add_argument("--no-build", action="store_true", help="use the binaries as built")
    args = parser.parse_args()

    if not args.no_build:
        say("building the clients (release)...")
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "wire-examples",
                        "-p", "wire-e2e"], cwd=ROOT, check=True)
    addr, started = broker()
    say(f"broker at {addr}")
    try:
        results = stream_case(addr, args.count, args.size, args.runs)
    finally:
        if started:
            subprocess.run(["bash", os.path.join(ROOT, "scripts", "brokers", "stop.sh")],
                           check=False, capture_output=True)
    cpu = open("/proc/cpuinfo").read()
    model = re.search(r"model name\s*:\s*(.*)", cpu)
    print(f"Machine: {os.cpu_count()} CPUs, {model.group(1) if model else 'unknown CPU'}; "
          "both clients on tokio's current-thread runtime, the broker on the same machine.\n")
    print(table("RabbitMQ Stream", results, args.count, args.size))


if __name__ == "__main__":
    main()
