#!/usr/bin/env python3
"""Print each criterion case's median time per implementation with criterion's 95% confidence
interval for it, its rate (one op per iteration, in million ops per second, as Ignite and Go
report theirs), its ratio to `hand` (wire / hand: below 1 is faster than hand-written code) and,
for every peer crate, its ratio to `wire` (peer / wire: above 1 means wire is faster).

Some impls are not peers doing the same work but floors or references, named in `FLOORS`: their
ratio is printed marked "(floor)" and is no peer comparison (see benches/README.md).

Reads target/criterion/<case>/<impl>/new/estimates.json, as written by `cargo bench -p wire-benches`.
Usage: ratios.py [criterion dir] [case filter substring]
"""
import json
import pathlib
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
only = sys.argv[2] if len(sys.argv) > 2 else ""
OURS = ("wire", "hand")
# (case, impl) pairs that time part of the work only: the CRC alone over the chunk's data, and
# serde_json serializing decoded commands (wiredump dissects every record, AMQP messages too,
# and writes a different document).
FLOORS = {("stream_deliver_crc_100x400", "crc32fast"), ("wiredump_json_4mb", "serde_json")}
rows = []
for case in sorted(p for p in root.iterdir() if p.is_dir() and p.name != "report"):
    if only not in case.name:
        continue
    medians = {}
    for impl in sorted(p for p in case.iterdir() if p.is_dir() and p.name != "report"):
        est = impl / "new" / "estimates.json"
        if est.exists():
            median = json.loads(est.read_text())["median"]
            ci = median["confidence_interval"]
            medians[impl.name] = (median["point_estimate"], ci["lower_bound"], ci["upper_bound"])
    hand = medians.get("hand", (None,))[0]
    wire = medians.get("wire", (None,))[0]
    for name, (ns, lo, hi) in sorted(medians.items(), key=lambda kv: (kv[0] not in OURS, kv[0])):
        vs_hand = f"{ns / hand:.2f}x" if hand and name in OURS else "-"
        peer = f"{ns / wire:.2f}x" if wire and name not in OURS else "-"
        if (case.name, name) in FLOORS:
            peer += " (floor)"
        rows.append((case.name, name, f"{ns:.2f} ns", f"[{lo:.2f}, {hi:.2f}]", f"{1e3 / ns:.1f} M/s",
                     vs_hand, peer))

head = ("case", "impl", "median", "95% CI", "ops/s", "vs hand", "peer/wire")
width = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
for row in [head] + rows:
    print("  ".join(cell.ljust(w) for cell, w in zip(row, width)))
