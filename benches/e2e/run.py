#!/usr/bin/env python3
"""End-to-end comparison of wire's example clients with the clients users pick.

One command, stops by itself:

    python3 benches/e2e/run.py                        # every case, 3 runs
    python3 benches/e2e/run.py --case stream --runs 1 --stream-count 100000   # quicker

For each case and run (interleaved: wire first in odd runs, the peer first in even ones) each
client publishes N messages and consumes them, checking each one (position and body). The
client process's CPU time (user + system, from wait4's rusage) is divided by N; messages/s is
what the client prints, timed from its first message to its last confirm or delivery. Medians
of the runs are reported, as Markdown tables.

Brokers: RabbitMQ at RABBITMQ_STREAM_ADDR and RocketMQ at ROCKETMQ_NAMESRV_ADDR, or started
with scripts/brokers/ (and stopped at the end if they were not running before); mosquitto is
the harness's own. Loopback only.
"""

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RELEASE = os.path.join(ROOT, "target", "release")

# (label, binary): the example written with wire, and its twin written with the peer client.
STREAM_CLIENTS = [
    ("wire", "stream-client"),
    ("rabbitmq-stream-client", "stream-peer"),
]
MQTT_CLIENTS = [
    ("wire", "mqtt-client"),
    ("rumqttc", "mqtt-peer"),
]
ROCKETMQ_CLIENTS = [
    ("wire", "rocketmq-client"),
    ("rocketmq-client-rust", "rocketmq-peer"),
]
# rocketmq-client-rust refuses sends past its admission budget when 256 start at once
# ("Transport admission queue is saturated", about half the runs); 64 in flight never did.
ROCKETMQ_WINDOW = 64
PEER_MANIFEST = os.path.join(ROOT, "benches", "e2e", "rocketmq-peer", "Cargo.toml")

# mosquitto for the MQTT case: its own instance, with no limit on the messages it queues for a
# subscriber (by default it drops QoS 1 messages past 1000 queued, and a publisher running
# ahead of its subscriber would lose some by design of the broker).
MOSQUITTO_CONF = """per_listener_settings false
allow_anonymous true
persistence false
log_dest none
max_queued_messages 0
listener {port} 127.0.0.1
protocol mqtt
"""


def say(*args):
    print(*args, file=sys.stderr, flush=True)


def port_open(addr):
    host, port = addr.rsplit(":", 1)
    try:
        with socket.create_connection((host, int(port)), timeout=1):
            return True
    except OSError:
        return False


def broker(script, variable, default_addr):
    """The address a broker script prints as `variable` (from the environment if set, else by
    running the script), and whether this run started the broker."""
    addr = os.environ.get(variable)
    if addr:
        return addr, False
    was_running = port_open(default_addr)
    out = subprocess.run(
        ["bash", os.path.join(ROOT, "scripts", "brokers", script)],
        check=True, capture_output=True, text=True,
    ).stdout
    addr = re.search(variable + r"=(\S+)", out).group(1)
    return addr, not was_running


def stop_brokers():
    subprocess.run(["bash", os.path.join(ROOT, "scripts", "brokers", "stop.sh")],
                   check=False, capture_output=True)


def against_broker(name, script, variable, default_addr, case):
    """Runs `case(addr)` against the broker a script starts (see `broker`), stopping the
    brokers afterwards if this run started it; the results as {(label, ""): phases}."""
    addr, started = broker(script, variable, default_addr)
    say(f"{name} at {addr}")
    try:
        runs = case(addr)
    finally:
        if started:
            stop_brokers()
    return {(label, ""): phases for label, phases in runs.items()}


def spawn(binary, args):
    """Starts a client; its stderr goes to a file (rocketmq-client-rust logs a lot there, and a
    full pipe would stop it)."""
    path = os.path.join(RELEASE, binary)
    err = tempfile.TemporaryFile()
    child = subprocess.Popen([path, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=err)
    child.err_file = err
    return child


def finish(child, binary, args, first=b""):
    """Reads what a spawned client prints, reaps it with wait4 (so that its rusage is its own)
    and returns the messages/s it printed and the CPU seconds (user + system) it used."""
    out = first + child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    child.err_file.seek(0)
    err = child.err_file.read()
    child.err_file.close()
    if child.returncode != 0:
        raise SystemExit(f"{binary} {' '.join(args)} failed ({child.returncode}):\n"
                         f"{out.decode()}{err.decode(errors='replace')[-4000:]}")
    line = out.decode().strip().splitlines()[-1]
    rate = float(re.search(r": (\d+) messages/s", line).group(1))
    return rate, usage.ru_utime + usage.ru_stime


def run_client(binary, args):
    """Runs a client to its end: see `finish`."""
    return finish(spawn(binary, args), binary, args)


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


def rocketmq_case(namesrv, count, size, runs):
    """Per client and run: a fresh topic (created by `rocketmq-client create`, not measured),
    `send` of every message, then `pull` of them all."""
    results = {label: {"publish": [], "consume": []} for label, _ in ROCKETMQ_CLIENTS}
    for run in range(runs):
        order = ROCKETMQ_CLIENTS if run % 2 == 0 else list(reversed(ROCKETMQ_CLIENTS))
        for label, binary in order:
            topic = f"e2e-{binary}-{os.getpid()}-{run}-{time.time_ns()}"
            common = ["--namesrv", namesrv]
            subprocess.run([os.path.join(RELEASE, "rocketmq-client"), *common, "create", topic],
                           check=True, stdin=subprocess.DEVNULL, capture_output=True)
            rate, cpu = run_client(binary, common + ["send", topic, "--count", str(count),
                                                     "--size", str(size),
                                                     "--window", str(ROCKETMQ_WINDOW)])
            results[label]["publish"].append((rate, cpu / count))
            rate, cpu = run_client(binary, common + ["pull", topic, "--count", str(count)])
            results[label]["consume"].append((rate, cpu / count))
            say(f"run {run + 1}: {label}: send {results[label]['publish'][-1][0]:.0f}/s, "
                f"pull {rate:.0f}/s")
    return results


def mosquitto():
    """Starts mosquitto on a free loopback port; returns (address, process)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    directory = os.path.join(ROOT, "target", "e2e-mosquitto")
    os.makedirs(directory, exist_ok=True)
    conf = os.path.join(directory, "mosquitto.conf")
    with open(conf, "w") as f:
        f.write(MOSQUITTO_CONF.format(port=port))
    process = subprocess.Popen(["mosquitto", "-c", conf], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    addr = f"127.0.0.1:{port}"
    for _ in range(100):
        if port_open(addr):
            return addr, process
        time.sleep(0.05)
    process.kill()
    raise SystemExit("mosquitto did not start")


def mqtt_case(addr, counts, size, runs):
    """Per QoS: a subscriber (waited for until it says `ready`) and a publisher at once."""
    results = {}
    for qos, count in counts:
        for label, _ in MQTT_CLIENTS:
            results.setdefault((label, qos), {"publish": [], "consume": []})
        for run in range(runs):
            order = MQTT_CLIENTS if run % 2 == 0 else list(reversed(MQTT_CLIENTS))
            for label, binary in order:
                topic = f"e2e/{binary}/{os.getpid()}/{run}/{qos}"
                common = ["--addr", addr]
                sub_args = common + ["subscribe", topic, "--count", str(count), "--qos", str(qos)]
                sub = spawn(binary, sub_args)
                first = sub.stdout.readline()
                if first.strip() != b"ready":
                    finish(sub, binary, sub_args, first)
                    raise SystemExit(f"{binary} subscribe: {first!r}")
                pub_args = common + ["publish", topic, "--count", str(count), "--size",
                                     str(size), "--qos", str(qos)]
                rate, cpu = finish(spawn(binary, pub_args), binary, pub_args)
                results[(label, qos)]["publish"].append((rate, cpu / count))
                rate, cpu = finish(sub, binary, sub_args, first)
                results[(label, qos)]["consume"].append((rate, cpu / count))
                say(f"run {run + 1}: {label} QoS {qos}: publish "
                    f"{results[(label, qos)]['publish'][-1][0]:.0f}/s, receive {rate:.0f}/s")
    return results


def table(title, results, consume="consume"):
    """A Markdown table of medians; `results` maps (client label, case) to its runs, and each
    peer's row is compared with wire's row of the same case."""
    header = (f"| {title} | publish msg/s | publish CPU µs/msg | {consume} msg/s | "
              f"{consume} CPU µs/msg |")
    lines = [header, "|---|---|---|---|---|"]
    med = {}
    for (label, case), phases in results.items():
        row = [f"{label}{case}"]
        for phase in ("publish", "consume"):
            rate = statistics.median(r for r, _ in phases[phase])
            cpu = statistics.median(c for _, c in phases[phase]) * 1e6
            med[(label, case, phase)] = (rate, cpu)
            row += [f"{rate:,.0f}", f"{cpu:.2f}"]
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    for (label, case) in results:
        if label == "wire":
            continue
        for phase, name in (("publish", "publish"), ("consume", consume)):
            (wr, wc) = med[("wire", case, phase)]
            (pr, pc) = med[(label, case, phase)]
            lines.append(f"- {name}{case}: wire {wr / pr:.2f}x the throughput of {label}, "
                         f"{pc / wc:.2f}x less CPU per message")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", choices=["all", "stream", "mqtt", "rocketmq"], default="all")
    parser.add_argument("--stream-count", type=int, default=1_000_000,
                        help="Stream messages per run (400 B)")
    parser.add_argument("--mqtt-qos0-count", type=int, default=200_000,
                        help="MQTT QoS 0 messages per run (64 B)")
    parser.add_argument("--mqtt-qos1-count", type=int, default=100_000,
                        help="MQTT QoS 1 messages per run (64 B)")
    parser.add_argument("--rocketmq-count", type=int, default=100_000,
                        help="RocketMQ messages per run (256 B)")
    parser.add_argument("--runs", type=int, default=3, help="runs per client (median)")
    parser.add_argument("--no-build", action="store_true", help="use the binaries as built")
    args = parser.parse_args()

    if not args.no_build:
        say("building the clients (release)...")
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "wire-examples",
                        "-p", "wire-e2e"], cwd=ROOT, check=True)
        if args.case in ("all", "rocketmq"):
            say("building rocketmq-peer (release; about 5 minutes the first time)...")
            subprocess.run(["cargo", "build", "--release", "-q", "--manifest-path",
                            PEER_MANIFEST, "--target-dir", os.path.join(ROOT, "target")],
                           cwd=ROOT, check=True)
    cpu = open("/proc/cpuinfo").read()
    model = re.search(r"model name\s*:\s*(.*)", cpu)
    print(f"Machine: {os.cpu_count()} CPUs, {model.group(1) if model else 'unknown CPU'}; "
          "every client on tokio's current-thread runtime, the broker on the same machine; "
          f"medians of {args.runs} runs.\n")
    if args.case in ("all", "stream"):
        results = against_broker(
            "RabbitMQ", "rabbitmq.sh", "RABBITMQ_STREAM_ADDR", "127.0.0.1:5552",
            lambda addr: stream_case(addr, args.stream_count, 400, args.runs))
        print(table(f"RabbitMQ Stream, {args.stream_count:,} x 400 B", results) + "\n")
    if args.case in ("all", "mqtt"):
        addr, process = mosquitto()
        say(f"mosquitto at {addr}")
        try:
            counts = [(0, args.mqtt_qos0_count), (1, args.mqtt_qos1_count)]
            runs = mqtt_case(addr, counts, 64, args.runs)
        finally:
            process.terminate()
            process.wait()
        results = {(label, f", QoS {qos}"): phases for (label, qos), phases in runs.items()}
        title = (f"MQTT 5.0, 64 B: QoS 0 x {args.mqtt_qos0_count:,}, "
                 f"QoS 1 x {args.mqtt_qos1_count:,}")
        print(table(title, results, consume="receive") + "\n")
    if args.case in ("all", "rocketmq"):
        results = against_broker(
            "RocketMQ name server", "rocketmq.sh", "ROCKETMQ_NAMESRV_ADDR", "127.0.0.1:19876",
            lambda addr: rocketmq_case(addr, args.rocketmq_count, 256, args.runs))
        title = f"RocketMQ, {args.rocketmq_count:,} x 256 B"
        print(table(title, results, consume="pull") + "\n")


if __name__ == "__main__":
    main()
