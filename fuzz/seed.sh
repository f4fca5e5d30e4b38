#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ for every fuzz target:
#  - the spec-derived inputs committed in fuzz/seeds/<target>.hex ("name hex" per line), and
#  - the golden vectors of ../shared/vectors/*.json, read at run time and never committed
#    (their bytes come from other projects' test suites), mapped to targets by their variant.
# Generated corpora are gitignored. Safe to run again: files are named by content.
set -euo pipefail
cd "$(dirname "$0")"
python3 - "$@" <<'PY'
import hashlib, json, os, pathlib, sys

corpus = pathlib.Path("corpus")

def put(target, data):
    d = corpus / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)

counts = {}
def count(target):
    counts[target] = counts.get(target, 0) + 1

for seeds in sorted(pathlib.Path("seeds").glob("*.hex")):
    for line in seeds.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            _, hex_ = line.split()
            put(seeds.stem, bytes.fromhex(hex_))
            count(seeds.stem)

shared = pathlib.Path("../../shared/vectors")
if not shared.is_dir():
    print(f"seed.sh: {shared} not found; spec-derived seeds only", file=sys.stderr)
else:
    for path in sorted(shared.glob("*.json")):
        for v in json.loads(path.read_text())["vectors"]:
            data = bytes.fromhex(v["hex"])
            variant = v["variant"]
            targets = {
                "mqtt-3.1.1": ["mqtt_packet"],
                "mqtt-5.0": ["mqtt_packet"],
                "frame": ["stream_frame"],
                "msgpack_value": ["msgpack_value"],
                "ignite_frame": ["ignite_message", "msgpack_value"],
                "ignite_first_frame": ["ignite_message"],
                "ignite_uuid": ["msgpack_value"],
                "remoting_frame": ["rocketmq_remoting"],
                "message_ext": ["rocketmq_messages"],
                "message_ext_list": ["rocketmq_messages"],
                "message_batch": ["rocketmq_messages"],
            }.get(variant, [])
            if variant == "frame" and len(data) >= 17 and data[4:6] == b"\x00\x08":
                # Deliver: the chunk follows the subscription id (and, in v2, the committed id).
                put("stream_chunk", data[9:] if data[6:8] == b"\x00\x01" else data[17:])
                count("stream_chunk")
            for t in targets:
                put(t, data)
                count(t)
for t in sorted(counts):
    print(f"{t}: {counts[t]} seeds")
PY
