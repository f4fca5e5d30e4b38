#!/usr/bin/env python3
"""A second, independent RabbitMQ Stream client (rstream from PyPI, `pip install rstream==1.1.1`) for the interop test.

Usage:
  rstream_peer.py publish --addr HOST:PORT --stream NAME --count N [--sub-entry K [--gzip]] [--amqp]
  rstream_peer.py consume --addr HOST:PORT --stream NAME [--count N] [--idle SECS] [--amqp]

publish: creates the stream if missing (guest/guest, vhost /), publishes N messages and waits until the
broker has confirmed every one. Message i (0-based) is the raw body b"rstream-%06d" % i (14 bytes for i < 10**6).
rstream sends a `bytes` message as-is (utils.RawMessage: no AMQP 1.0 wrapping), so the stream record
*is* those 14 bytes: in the chunk it is a simple entry, u32 big-endian length (top bit 0) + body.
With --sub-entry K, the messages go K at a time into sub-entries (send_sub_entry: one entry of
type 1 holding K records, gzip-compressed with --gzip), so that the broker writes sub-batch entries
into its chunks and computes their CRCs: an independent source for a consumer's sub-batch parsing.
Prints one JSON line: {"published": N, "confirmed": N, "sha256": <hex of the concatenated bodies>}.

consume: reads the stream from the first offset, without a decoder (the callback gets each record's raw
bytes), until N records arrived (with --count) or none came for --idle seconds (default 2).
Prints one JSON line: {"consumed": n, "first_offset", "last_offset", "first_hex", "sha256"} — sha256 over
the records concatenated in offset order, comparable with publish's.

With --amqp, publish sends AMQP 1.0 messages (amqp_message(i) below: properties, application
properties, message annotations, a data body), and consume decodes each record as one (rstream's
amqp_decoder) and adds "messages": [{"offset", "body", "properties", "application_properties",
"message_annotations"}], byte strings as hex (rstream decodes strings, symbols and binary alike as bytes).

Exits non-zero with a message on stderr on any failure (connection, publish error, missing confirms, timeout).
"""
import argparse
import asyncio
import hashlib
import json
import sys

from rstream import (AMQPMessage, CompressionType, ConfirmationStatus, Consumer, ConsumerOffsetSpecification,
                     MessageContext, OffsetType, Producer, Properties, amqp_decoder)

BATCH = 100  # messages per Publish frame (15-byte bodies: far below frame_max)


def body(i: int) -> bytes:
    return b"rstream-%06d" % i


def amqp_message(i: int) -> AMQPMessage:
    """Message i of `publish --amqp`; tests/tests/stream_broker.rs expects exactly these fields.

    rstream's encoder: a str is a string, bytes binary, an int within i32 an int (smallint when it
    fits a byte), a float a double, a bool a boolean; content_type is a symbol, correlation_id an int
    is a ulong, group_sequence a uint, creation_time a timestamp (milliseconds).
    """
    return AMQPMessage(
        body=b"amqp-body-%06d" % i,
        properties=Properties(message_id="msg-%d" % i, user_id=b"wire-user", reply_to="replies",
                              correlation_id=i, content_type="text/plain", subject="subject-%d" % (i % 7),
                              creation_time=1767225600000 + i, group_id="group", group_sequence=i),
        application_properties={"index": i, "name": "name-%d" % i, "even": i % 2 == 0, "ratio": i / 4},
        message_annotations={"x-opt-seq": i, "x-opt-tag": "tag-%d" % i},
    )


def jsonable(value):
    """A decoded AMQP value as JSON: bytes as hex, maps with their keys converted too."""
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, dict):
        return {jsonable(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


class PeerError(Exception):
    pass


def fail(msg: str) -> None:
    raise PeerError(msg)  # not SystemExit: that must not be raised inside an asyncio task


async def publish(host: str, port: int, stream: str, count: int, timeout: float,
                  sub_entry: int | None = None, gzip: bool = False, amqp: bool = False) -> dict:
    make = amqp_message if amqp else body
    confirmed, errors, done = 0, [], asyncio.Event()
    # One confirmation per publishing id: per message, or per sub-entry.
    expected = count if sub_entry is None else -(-count // sub_entry)

    def on_confirm(status: ConfirmationStatus) -> None:  # called once per publishing id
        nonlocal confirmed
        if status.is_confirmed:
            confirmed += 1
        else:
            errors.append(f"publishing id {status.message_id}: response code {status.response_code}")
        if confirmed + len(errors) == expected:
            done.set()

    async with Producer(host, port, username="guest", password="guest", vhost="/", max_retries=3) as producer:
        await producer.create_stream(stream, exists_ok=True)
        if sub_entry is None:
            for start in range(0, count, BATCH):
                await producer.send_batch(stream, [make(i) for i in range(start, min(start + BATCH, count))],
                                          on_publish_confirm=on_confirm)
        else:
            compression = CompressionType.Gzip if gzip else CompressionType.No
            for start in range(0, count, sub_entry):
                await producer.send_sub_entry(stream, [make(i) for i in range(start, min(start + sub_entry, count))],
                                              compression_type=compression, on_publish_confirm=on_confirm)
        if count:
            try:
                await asyncio.wait_for(done.wait(), timeout)
            except asyncio.TimeoutError:
                fail(f"only {confirmed} of {expected} publishing ids confirmed after {timeout} s")
    if errors:
        fail(f"{len(errors)} messages rejected: " + "; ".join(errors[:5]))
    digest = hashlib.sha256(b"".join(bytes(make(i)) for i in range(count))).hexdigest()
    return {"published": count, "confirmed": confirmed, "publishing_ids": expected, "sha256": digest}


async def consume(host: str, port: int, stream: str, count: int | None, idle: float, timeout: float,
                  amqp: bool = False) -> dict:
    records: dict[int, bytes] = {}  # offset -> raw record bytes, or the decoded AMQPMessage with --amqp
    changed, done = asyncio.Event(), asyncio.Event()

    async def on_message(msg: bytes, ctx: MessageContext) -> None:
        records[ctx.offset] = msg
        changed.set()
        if count is not None and len(records) >= count:
            done.set()

    async with Consumer(host, port, username="guest", password="guest", vhost="/", max_retries=3) as consumer:
        if not await consumer.stream_exists(stream):
            fail(f"stream {stream!r} does not exist")
        await consumer.subscribe(stream, on_message, decoder=amqp_decoder if amqp else None,
                                 offset_specification=ConsumerOffsetSpecification(OffsetType.FIRST, None))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not done.is_set():
            changed.clear()
            left = deadline - loop.time()
            if left <= 0:
                fail(f"received {len(records)} of {count} records within {timeout} s")
            try:  # with --count wait for the rest; without it, stop after `idle` seconds of silence
                await asyncio.wait_for(changed.wait(), left if count is not None else min(idle, left))
            except asyncio.TimeoutError:
                if count is None:
                    break
    offsets = sorted(records)
    if offsets and offsets != list(range(offsets[0], offsets[0] + len(offsets))):
        fail(f"gap in offsets {offsets[0]}..{offsets[-1]} ({len(offsets)} records)")
    if amqp:
        return {
            "consumed": len(records),
            "messages": [{
                "offset": o,
                "body": jsonable(records[o].body),
                "properties": jsonable(records[o].properties._asdict()) if records[o].properties else None,
                "application_properties": jsonable(records[o].application_properties),
                "message_annotations": jsonable(records[o].message_annotations),
            } for o in offsets],
        }
    return {
        "consumed": len(records),
        "first_offset": offsets[0] if offsets else None,
        "last_offset": offsets[-1] if offsets else None,
        "first_hex": records[offsets[0]].hex() if offsets else None,
        "sha256": hashlib.sha256(b"".join(records[o] for o in offsets)).hexdigest(),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=["publish", "consume"])
    ap.add_argument("--addr", required=True, help="HOST:PORT of the stream listener, e.g. 127.0.0.1:5552")
    ap.add_argument("--stream", required=True)
    ap.add_argument("--count", type=int, help="publish: messages to send (required); consume: records to wait for")
    ap.add_argument("--idle", type=float, default=2.0, help="consume without --count: stop after this many quiet seconds")
    ap.add_argument("--sub-entry", type=int, help="publish: messages per sub-entry (sub-batch entries)")
    ap.add_argument("--gzip", action="store_true", help="publish with --sub-entry: gzip each sub-entry")
    ap.add_argument("--amqp", action="store_true", help="AMQP 1.0 messages (see amqp_message) instead of raw bodies")
    ap.add_argument("--timeout", type=float, default=60.0, help="overall limit in seconds")
    a = ap.parse_args()
    host, _, port = a.addr.rpartition(":")
    if not host or not port.isdigit():
        ap.error(f"--addr must be HOST:PORT, got {a.addr!r}")
    if a.command == "publish" and (a.count is None or a.count < 0):
        ap.error("publish needs --count N (N >= 0)")
    try:
        if a.command == "publish":
            coro = publish(host, int(port), a.stream, a.count, a.timeout, a.sub_entry, a.gzip, a.amqp)
        else:
            coro = consume(host, int(port), a.stream, a.count, a.idle, a.timeout, a.amqp)
        result = asyncio.run(asyncio.wait_for(coro, a.timeout + 10))
    except PeerError as e:
        sys.exit(f"rstream_peer: {e}")
    except asyncio.TimeoutError:
        sys.exit(f"rstream_peer: {a.command} timed out after {a.timeout} s")
    except Exception as e:  # connection refused, auth, stream errors, ...
        sys.exit(f"rstream_peer: {a.command} failed: {type(e).__name__}: {e}")
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
