#!/usr/bin/env python3
"""Print each criterion case's median time per implementation, its rate (one op per iteration,
in million ops per second, as Ignite and Go report theirs) and its ratio to `hand`.

Reads target/criterion/<case>/<impl>/new/estimates.json, as written by `cargo bench -p wire-benches`.
"""
import json
import pathlib
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
rows = []
for case in sorted(p for p in root.iterdir() if p.is_dir() and p.name != "report"):
    medians = {}
    for impl in sorted(p for p in case.iterdir() if p.is_dir() and p.name != "report"):
        est = impl / "new" / "estimates.json"
        if est.exists():
            medians[impl.name] = json.loads(est.read_text())["median"]["point_estimate"]
    hand = medians.get("hand")
    for name, ns in sorted(medians.items()):
        ratio = f"{ns / hand:.2f}x" if hand else "-"
        rows.append((case.name, name, f"{ns:.2f} ns", f"{1e3 / ns:.1f} M/s", ratio))

head = ("case", "impl", "median", "ops/s", "vs hand")
width = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
for row in [head] + rows:
    print("  ".join(cell.ljust(w) for cell, w in zip(row, width)))
