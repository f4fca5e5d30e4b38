#!/usr/bin/env python3
"""An independent msgpack implementation (`msgpack` from PyPI) for the msgpack interop test.

Usage:
  msgpack_peer.py gen SEED COUNT   COUNT random values, deterministic for SEED, one JSON line each:
                                   {"json": <typed value>, "hex": <msgpack.packb(value) as hex>}
  msgpack_peer.py check            reads {"hex": ...} lines on stdin, unpacks each and prints the
                                   typed value it decoded ({"json": ...}, or {"error": ...} and a
                                   non-zero exit status at the end)

The typed values are those of tests/tests/msgpack_vectors.rs, with these additions:
- an int outside +-(2**53 - 1) is {"type": "int", "big": "<decimal>"} instead of "value";
- a float also has "bits", the 16 hex digits of its IEEE 754 binary64 bits (exact where JSON
  numbers may not be; "value" is null when it is not finite), and in `gen` also "width", 32 or
  64: the msgpack float format Python packed it in (the unpacker cannot tell them apart);
- a timestamp (extension type -1) also has "seconds" and "nanoseconds"; its "hex" is the data
  msgpack.Timestamp.to_bytes() gives, the smallest form (the unpacker keeps no other).

`check` unpacks with unpackb(raw=False, strict_map_key=False) plus an object_pairs_hook, so
that maps keep their pairs in wire order, duplicate keys and unhashable (array or map) keys
included, and an ext_hook, so that the reserved negative extension types other than -1 (which
msgpack.ExtType refuses) are reported rather than rejected.
"""
import json
import math
import random
import struct
import sys

import msgpack
from msgpack import ExtType, Timestamp

MAX_SAFE = 2**53 - 1
MAX_DEPTH = 4

# Lengths around every format boundary of str, bin, ext, array and map, and weights that keep
# the output small (the long ones are rare).
SMALL_LENGTHS = [0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33]
MEDIUM_LENGTHS = [254, 255, 256, 257]
LARGE_LENGTHS = [65535, 65536, 65537]

CHARS_2 = "éßΩжÑ"  # two-byte UTF-8
CHARS_3 = "€中☃ア한"  # three-byte UTF-8
CHARS_4 = "😀𝄞🦀𐍈"  # four-byte UTF-8

INT_EDGES = [
    0, 1, 0x7F, 0x80, 0xFF, 0x100, 0xFFFF, 0x1_0000, 0xFFFF_FFFF, 0x1_0000_0000,
    MAX_SAFE, MAX_SAFE + 1, MAX_SAFE + 2, 2**63 - 1, 2**63, 2**64 - 2, 2**64 - 1,
    -1, -31, -32, -33, -0x7F, -0x80, -0x81, -0x7FFF, -0x8000, -0x8001,
    -(2**31) + 1, -(2**31), -(2**31) - 1, -MAX_SAFE, -MAX_SAFE - 1, -(2**63) + 1, -(2**63),
]
# (low, high) of each msgpack integer form.
INT_RANGES = [
    (0, 0x7F), (0x80, 0xFF), (0x100, 0xFFFF), (0x1_0000, 0xFFFF_FFFF),
    (0x1_0000_0000, 2**64 - 1), (-32, -1), (-0x80, -33), (-0x8000, -0x81),
    (-(2**31), -0x8001), (-(2**63), -(2**31) - 1),
]
FLOAT_EDGES = [
    0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 0.1, -2.5, 1e-7, 1e300, -1e-300, 5e-324, 2.2250738585072014e-308,
    1.7976931348623157e308, -1.7976931348623157e308, 3.4028234663852886e38, 1.401298464324817e-45,
    1.1754943508222875e-38, 16777216.0, 16777217.0, 2.0**64, math.pi,
]


def f32_exact(x: float) -> bool:
    """Whether float 32 holds `x` exactly."""
    try:
        return struct.unpack(">f", struct.pack(">f", x))[0] == x
    except OverflowError:
        return False


class Gen:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def length(self, depth: int) -> int:
        """A str, bin or ext length; 65535 or more only at the top (depth 0), and rarely."""
        r = self.rng.random()
        if depth == 0 and r < 0.02:
            return self.rng.choice(LARGE_LENGTHS)
        if depth <= 1 and r < 0.15 or r < 0.02:
            return self.rng.choice(MEDIUM_LENGTHS)
        return self.rng.choice(SMALL_LENGTHS)

    def int(self) -> int:
        if self.rng.random() < 0.5:
            return self.rng.choice(INT_EDGES)
        low, high = self.rng.choice(INT_RANGES)
        return self.rng.randint(low, high)

    def float(self) -> float:
        r = self.rng.random()
        if r < 0.3:
            return self.rng.choice(FLOAT_EDGES)
        if r < 0.6:  # float 32 representable
            x = struct.unpack(">f", self.rng.randbytes(4))[0]
        else:
            x = struct.unpack(">d", self.rng.randbytes(8))[0]
        return x if math.isfinite(x) else self.rng.uniform(-1e6, 1e6)

    def str(self, depth: int) -> str:
        return self.text(self.length(depth))

    def text(self, n: int) -> str:
        """A string of exactly `n` UTF-8 bytes, ASCII or not."""
        if self.rng.random() < 0.4:
            return "".join(self.rng.choice("abcxyz09 -_~") for _ in range(n))
        out, size = [], 0
        while size < n:
            pool = self.rng.choice(["a", CHARS_2, CHARS_3, CHARS_4])
            c = self.rng.choice(pool)
            width = len(c.encode())
            if size + width > n:
                c, width = "z", 1
            out.append(c)
            size += width
        return "".join(out)

    def bin(self, depth: int) -> bytes:
        return self.rng.randbytes(self.length(depth))

    def ext(self, depth: int):
        r = self.rng.random()
        if r < 0.5:
            return ExtType(self.rng.randint(0, 127), self.bin(depth))
        # timestamps, in their 4-, 8- and 12-byte smallest forms
        form = self.rng.choice([4, 8, 12])
        if form == 4:
            return Timestamp(self.rng.choice([0, 1, 2**31, 2**32 - 1, self.rng.randrange(2**32)]), 0)
        if form == 8:
            secs = self.rng.choice([0, 2**32 - 1, 2**32, 2**34 - 1, self.rng.randrange(2**34)])
            nanos = self.rng.choice([1, 999_999_999, self.rng.randrange(1, 10**9)])
            if secs >= 2**32 and self.rng.random() < 0.3:
                nanos = 0
            return Timestamp(secs, nanos)
        secs = self.rng.choice([
            -1, -(2**63), 2**63 - 1, 2**34, -self.rng.randrange(1, 2**40), self.rng.randrange(2**34, 2**62),
        ])
        return Timestamp(secs, self.rng.choice([0, 999_999_999, self.rng.randrange(10**9)]))

    def scalar(self, depth: int):
        kind = self.rng.choice(["nil", "bool", "int", "int", "int", "float", "float", "str", "str", "bin", "ext"])
        if kind == "nil":
            return None
        if kind == "bool":
            return self.rng.random() < 0.5
        if kind in ("int", "float"):
            return getattr(self, kind)()
        return getattr(self, kind)(depth)

    def key(self, depth: int):
        """A hashable value: a dict key (tuples pack as arrays)."""
        if depth < MAX_DEPTH and self.rng.random() < 0.1:
            return tuple(self.key(depth + 1) for _ in range(self.rng.randint(0, 3)))
        kind = self.rng.choice(["str", "str", "str", "int", "int", "nil", "bool", "float", "bin", "ext"])
        if kind == "nil":
            return None
        if kind == "bool":
            return self.rng.random() < 0.5
        if kind in ("str", "bin", "ext"):
            return getattr(self, kind)(depth)
        return getattr(self, kind)()

    def value(self, depth: int = 0):
        r = self.rng.random()
        if depth >= MAX_DEPTH or r < 0.5 + 0.1 * depth:
            return self.scalar(depth)
        # Lengths around the fix/16-bit boundary, only where the total stays small.
        n = self.rng.choice([0, 1, 2, 3, 15, 16, 17] if depth <= 1 else [0, 1, 2, 3])
        if r < 0.8:
            return [self.value(depth + 1) for _ in range(n)]
        out = {}
        for _ in range(4 * n + 4):  # keys can collide (1 == 1.0 == True in Python)
            if len(out) == n:
                break
            out[self.key(depth + 1)] = self.value(depth + 1)
        return out

    def long_scalar(self, kind: int):
        """A str, bin or ext of 65535 to 65537 bytes: the 16- and 32-bit forms."""
        n = LARGE_LENGTHS[kind // 3 % 3]
        if kind % 3 == 0:
            return self.text(n)
        data = self.rng.randbytes(n)
        return data if kind % 3 == 1 else ExtType(self.rng.randint(0, 127), data)

    def long_container(self, kind: int):
        """An array or map of 65535 or 65536 small items: the 16- and 32-bit forms."""
        n = 65535 + kind % 2
        if kind < 2:
            return [self.rng.randint(-40, 300) for _ in range(n)]
        return {i: self.rng.choice([None, True, i]) for i in range(n)}


class Map:
    """A map as unpacked with object_pairs_hook: its pairs in wire order."""

    def __init__(self, pairs):
        self.pairs = pairs


class Ext:
    """An extension value of any type but -1 (msgpack.ExtType refuses negative types)."""

    def __init__(self, code, data):
        self.code, self.data = code, data


def typed_int(v: int) -> dict:
    if -MAX_SAFE <= v <= MAX_SAFE:
        return {"type": "int", "value": v}
    return {"type": "int", "big": str(v)}


def typed(o, width=None) -> dict:
    """The typed JSON of an object packb packs or unpackb returns; `width` is the float format
    used (gen), or None (check: not known)."""
    if o is None:
        return {"type": "nil"}
    if isinstance(o, bool):
        return {"type": "bool", "value": o}
    if isinstance(o, int):
        return typed_int(o)
    if isinstance(o, float):
        out = {"type": "float", "value": o if math.isfinite(o) else None, "bits": struct.pack(">d", o).hex()}
        if width is not None:
            out["width"] = width
        return out
    if isinstance(o, str):
        return {"type": "str", "value": o}
    if isinstance(o, bytes):
        return {"type": "bin", "hex": o.hex()}
    if isinstance(o, (ExtType, Ext)):  # before tuple: ExtType is a namedtuple
        return {"type": "ext", "ext_type": o.code, "hex": o.data.hex()}
    if isinstance(o, (list, tuple)):
        return {"type": "array", "items": [typed(i, width) for i in o]}
    if isinstance(o, dict):
        return {"type": "map", "entries": [[typed(k, width), typed(v, width)] for k, v in o.items()]}
    if isinstance(o, Map):
        return {"type": "map", "entries": [[typed(k, width), typed(v, width)] for k, v in o.pairs]}
    if isinstance(o, Timestamp):
        return {
            "type": "ext", "ext_type": -1, "hex": o.to_bytes().hex(),
            "seconds": o.seconds, "nanoseconds": o.nanoseconds,
        }
    raise TypeError(f"no typed JSON for {type(o)}")


def floats(o):
    """Every float inside `o`."""
    if isinstance(o, float):
        yield o
    elif isinstance(o, (list, tuple)) and not isinstance(o, ExtType):
        for i in o:
            yield from floats(i)
    elif isinstance(o, dict):
        for k, v in o.items():
            yield from floats(k)
            yield from floats(v)


def gen(seed: int, count: int) -> int:
    g = Gen(seed)
    out = sys.stdout
    for i in range(count):
        # A few long values in every 500 (their JSON is large), with every length form.
        if i % 500 == 250:
            value = g.long_container(i // 500 % 4)
        elif i % 500 in (100, 400):
            value = g.long_scalar(i // 100)
        else:
            value = g.value()
        # A value whose floats all fit float 32 is sometimes packed with them as float 32.
        single = g.rng.random() < 0.3 and all(f32_exact(f) for f in floats(value))
        packed = msgpack.packb(value, use_bin_type=True, use_single_float=single)
        line = {"json": typed(value, 32 if single else 64), "hex": packed.hex()}
        out.write(json.dumps(line, ensure_ascii=False, allow_nan=False) + "\n")
    return 0


def check() -> int:
    failures = 0
    for n, line in enumerate(sys.stdin):
        if not line.strip():
            continue
        try:
            data = bytes.fromhex(json.loads(line)["hex"])
            value = msgpack.unpackb(
                data, raw=False, strict_map_key=False, object_pairs_hook=Map, ext_hook=Ext,
            )
            out = {"json": typed(value)}
        except Exception as e:  # noqa: BLE001 - every failure is reported per line
            failures += 1
            out = {"error": f"line {n}: {type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(out, ensure_ascii=False, allow_nan=False) + "\n")
    sys.stdout.flush()
    if failures:
        print(f"msgpack_peer: {failures} line(s) failed to unpack", file=sys.stderr)
        return 1
    return 0


def main() -> int:
    sys.stdout.reconfigure(encoding="utf-8")
    sys.stdin.reconfigure(encoding="utf-8")
    if len(sys.argv) == 4 and sys.argv[1] == "gen":
        return gen(int(sys.argv[2]), int(sys.argv[3]))
    if len(sys.argv) == 2 and sys.argv[1] == "check":
        return check()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
