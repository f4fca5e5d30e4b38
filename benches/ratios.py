#!/usr/bin/env python3
"""Print each criterion case's median time per implementation with criterion's 95% confidence
interval for it, its rate (one op per iteration, in million ops per second, as Ignite and Go
report theirs), its ratio to `hand` (wire / hand: below 1 is faster than hand-written code) and,
for every peer crate, its ratio to `wire` (peer / wire: above 1 means wire is faster).

Some impls are not peers doing the same work but floors or references, named in `FLOORS`: their
ratio is printed marked "(floor)" and is no peer comparison (see benches/README.md).

The last column is the same ratio from the interleaved pass (`benches/common/paired.rs`): the
implementations of a case timed in alternating slices after criterion, the median over rounds
of the ratio within a round, and its 95% interval. Criterion's ratio compares windows timed
seconds apart; the interleaved one compares the same rounds, so the machine's drift between
windows does not enter it. The summary at the end gives, for both, the largest wire/hand and
the smallest peer/wire (floors excluded), and the cases beyond 1.10 and below 1.0.

Reads target/criterion/<case>/<impl>/new/estimates.json and target/criterion/<case>/paired.json,
as written by `cargo bench -p wire-benches`.
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
# (measure, kind) -> [(ratio, case, impl)], kind "wire/hand" or "peer/wire"
extremes = {}


def note(measure, kind, ratio, case, impl):
    extremes.setdefault((measure, kind), []).append((ratio, case, impl))


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
    paired_file = case / "paired.json"
    paired = json.loads(paired_file.read_text())["ratios"] if paired_file.exists() else {}
    hand = medians.get("hand", (None,))[0]
    wire = medians.get("wire", (None,))[0]
    for name, (ns, lo, hi) in sorted(medians.items(), key=lambda kv: (kv[0] not in OURS, kv[0])):
        floor = (case.name, name) in FLOORS
        kind = "wire/hand" if name == "wire" else None if name == "hand" else "peer/wire"
        vs_hand = f"{ns / hand:.2f}x" if hand and name in OURS else "-"
        peer = f"{ns / wire:.2f}x" if wire and name not in OURS else "-"
        key = "wire/hand" if name == "wire" else f"{name}/wire"
        inter = paired.get(key) if name != "hand" else None
        interleaved = f"{inter['median']:.3f}x [{inter['lower']:.3f}, {inter['upper']:.3f}]" if inter else "-"
        if floor:
            peer += " (floor)"
            interleaved += " (floor)" if inter else ""
        elif kind == "wire/hand" and hand:
            note("criterion", kind, ns / hand, case.name, name)
        elif kind == "peer/wire" and wire:
            note("criterion", kind, ns / wire, case.name, name)
        if inter and not floor and kind:
            note("interleaved", kind, inter["median"], case.name, name)
        rows.append((case.name, name, f"{ns:.2f} ns", f"[{lo:.2f}, {hi:.2f}]", f"{1e3 / ns:.1f} M/s",
                     vs_hand, peer, interleaved))

head = ("case", "impl", "median", "95% CI", "ops/s", "vs hand", "peer/wire", "interleaved")
width = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
for row in [head] + rows:
    print("  ".join(cell.ljust(w) for cell, w in zip(row, width)))

print()
for measure in ("criterion", "interleaved"):
    for kind, worst, out in (("wire/hand", max, lambda r: r > 1.10), ("peer/wire", min, lambda r: r < 1.0)):
        found = extremes.get((measure, kind), [])
        if not found:
            continue
        ratio, case, impl = worst(found)
        beyond = [f"{c} {i} {r:.3f}" for r, c, i in sorted(found) if out(r)]
        print(f"{measure} {kind}: {len(found)} ratios, {'largest' if worst is max else 'smallest'} "
              f"{ratio:.3f} ({case} {impl}); out of bounds: {', '.join(beyond) or 'none'}")
