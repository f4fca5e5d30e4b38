#!/usr/bin/env python3
"""A scripted RocketMQ remoting session with a broker (Python stdlib, frames written here) for the wiredump samples.
Usage: rocketmq_client.py HOST:PORT    (the broker, or the recording proxy in front of it)

One connection, one request at a time (each answered before the next is sent), opaques 1, 2, 3, ...; every
request but one has a JSON header in the layout rocketmq-rust writes and requires (every key, in its order, no
spaces, `null` for an absent remark or extFields, `serializeTypeCurrentRPC` last), language PYTHON, version 317.
Steps (topic `wiredump-sample`, one queue):
  GET_BROKER_CLUSTER_INFO   a name-server request the broker does not serve: REQUEST_CODE_NOT_SUPPORTED, remark
  UPDATE_AND_CREATE_TOPIC   the topic, 1 read and 1 write queue, perm 6
  GET_MAX_OFFSET            queue 0: where this run's messages will start (0 unless a run left some behind)
  SEND_MESSAGE              `wiredump-01`, properties KEYS, TAGS, WAIT and a user property
  SEND_MESSAGE_V2           `wiredump-02` (the header's one-letter keys), TAGS TagB
  SEND_MESSAGE_V2           `wiredump-03` with a binary ("ROCKETMQ") header
  GET_MAX_OFFSET            again: 3 more (asked until the broker has dispatched them, at most 10 s)
  PULL_MESSAGE              the three messages from the first offset (group `wiredump-consumers`, subscription *):
                            the response body holds them as MessageExt records
  DELETE_TOPIC_IN_BROKER    the topic, so the next run starts at offset 0 again
Born timestamps are fixed, so a re-recording differs only where the broker puts its clock, its commit log offsets
and the message ids derived from them. Exits non-zero (message on stderr) if any step fails.
"""
import json
import socket
import struct
import sys
import time

TOPIC = "wiredump-sample"
GROUP_P = "wiredump-producers"
GROUP_C = "wiredump-consumers"
BORN = 1767225600000  # 2026-01-01T00:00:00Z
LANGUAGE, LANGUAGE_BYTE, VERSION = "PYTHON", 3, 317
SUCCESS, PULL_NOT_FOUND, PULL_RETRY_IMMEDIATELY = 0, 19, 20


def props(*pairs: tuple[str, str]) -> str:
    """Message properties as Java writes them: name \\x01 value \\x02 per pair."""
    return "".join(f"{k}\x01{v}\x02" for k, v in pairs)


class Remoting:
    def __init__(self, host: str, port: int) -> None:
        self.sock = socket.create_connection((host, port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.opaque = 0

    def json_frame(self, code: int, ext: dict | None, body: bytes) -> bytes:
        header = {"code": code, "language": LANGUAGE, "version": VERSION, "opaque": self.opaque, "flag": 0,
                  "remark": None, "extFields": ext, "serializeTypeCurrentRPC": "JSON"}
        h = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode()
        return struct.pack(">iI", 4 + len(h) + len(body), len(h)) + h + body

    def binary_frame(self, code: int, ext: dict | None, body: bytes) -> bytes:
        # RocketMQSerializable: code i16, language u8, version i16, opaque i32, flag i32, remark (i32 length),
        # extFields (i32 length of entries: i16 key length, key, i32 value length, value)
        entries = b"".join(struct.pack(">h", len(k.encode())) + k.encode() + struct.pack(">i", len(v.encode()))
                           + v.encode() for k, v in (ext or {}).items())
        h = struct.pack(">hBhii", code, LANGUAGE_BYTE, VERSION, self.opaque, 0) + struct.pack(">i", 0) \
            + struct.pack(">i", len(entries)) + entries
        return struct.pack(">iI", 4 + len(h) + len(body), (1 << 24) | len(h)) + h + body

    def recv_exact(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("the broker closed the connection")
            buf += chunk
        return buf

    def call(self, code: int, ext: dict | None = None, body: bytes = b"", binary: bool = False) \
            -> tuple[dict, bytes]:
        """Sends a request, returns the response's header (as a dict) and body."""
        self.opaque += 1
        frame = (self.binary_frame if binary else self.json_frame)(code, ext, body)
        self.sock.sendall(frame)
        (length,) = struct.unpack(">i", self.recv_exact(4))
        rest = self.recv_exact(length)
        (word,) = struct.unpack(">I", rest[:4])
        stype, hlen = word >> 24, word & 0xFFFFFF
        raw, body = rest[4:4 + hlen], rest[4 + hlen:]
        if stype == 0:
            header = json.loads(raw)
        else:  # a binary header: the fields this script looks at
            code_, _, _, opaque, flag = struct.unpack_from(">hBhii", raw)
            (rlen,) = struct.unpack_from(">i", raw, 13)
            remark = raw[17:17 + rlen].decode() if rlen > 0 else None
            (elen,) = struct.unpack_from(">i", raw, 17 + max(rlen, 0))
            ext_raw, ext_out = raw[21 + max(rlen, 0):21 + max(rlen, 0) + elen], {}
            while ext_raw:
                (kl,) = struct.unpack_from(">h", ext_raw)
                (vl,) = struct.unpack_from(">i", ext_raw, 2 + kl)
                ext_out[ext_raw[2:2 + kl].decode()] = ext_raw[6 + kl:6 + kl + vl].decode()
                ext_raw = ext_raw[6 + kl + vl:]
            header = {"code": code_, "opaque": opaque, "flag": flag, "remark": remark, "extFields": ext_out or None}
        if header.get("opaque") != self.opaque or not header.get("flag", 0) & 1:
            raise RuntimeError(f"expected the response to request {self.opaque}, got {header}")
        return header, body

    def ok(self, what: str, code: int, ext: dict | None = None, body: bytes = b"", binary: bool = False) \
            -> tuple[dict, bytes]:
        header, body = self.call(code, ext, body, binary)
        if header["code"] != SUCCESS:
            raise RuntimeError(f"{what}: response code {header['code']} ({header.get('remark')})")
        return header, body

    def close(self) -> None:
        self.sock.shutdown(socket.SHUT_WR)
        while self.sock.recv(65536):  # until the broker closes its side too
            pass
        self.sock.close()


def session(host: str, port: int) -> str:
    r = Remoting(host, port)

    # A name-server request sent to the broker: answered, with an error code and a remark.
    cluster, _ = r.call(106)
    if cluster["code"] == SUCCESS:
        raise RuntimeError("the broker answered GET_BROKER_CLUSTER_INFO; expected REQUEST_CODE_NOT_SUPPORTED")

    r.ok("UPDATE_AND_CREATE_TOPIC", 17, {
        "topic": TOPIC, "defaultTopic": "TBW102", "readQueueNums": "1", "writeQueueNums": "1", "perm": "6",
        "topicFilterType": "SINGLE_TAG", "topicSysFlag": "0", "order": "false"})

    def max_offset() -> int:
        h, _ = r.ok("GET_MAX_OFFSET", 30, {"topic": TOPIC, "queueId": "0", "committed": "true"})
        return int(h["extFields"]["offset"])

    start = max_offset()

    sent = []
    h, _ = r.ok("SEND_MESSAGE", 10, {
        "producerGroup": GROUP_P, "topic": TOPIC, "defaultTopic": "TBW102", "defaultTopicQueueNums": "4",
        "queueId": "0", "sysFlag": "0", "bornTimestamp": str(BORN), "flag": "0",
        "properties": props(("KEYS", "order-1 customer-7"), ("TAGS", "TagA"), ("WAIT", "true"), ("origin", "wiredump")),
        "reconsumeTimes": "0", "unitMode": "false", "batch": "false"}, b"wiredump-01")
    sent.append(h["extFields"]["msgId"])
    v2 = {"a": GROUP_P, "b": TOPIC, "c": "TBW102", "d": "4", "e": "0", "f": "0", "g": str(BORN + 1), "h": "0",
          "i": props(("TAGS", "TagB"), ("WAIT", "true")), "j": "0", "k": "false", "m": "false"}
    h, _ = r.ok("SEND_MESSAGE_V2", 310, v2, b"wiredump-02")
    sent.append(h["extFields"]["msgId"])
    h, _ = r.ok("SEND_MESSAGE_V2 (binary header)", 310, dict(v2, g=str(BORN + 2)), b"wiredump-03", binary=True)
    sent.append(h["extFields"]["msgId"])

    deadline = time.monotonic() + 10
    end = max_offset()
    while end < start + 3:
        if time.monotonic() > deadline:
            raise RuntimeError(f"max offset {end} 10 s after sending, expected {start + 3}")
        time.sleep(0.2)
        end = max_offset()

    records = b""
    while not records:
        h, body = r.call(11, {
            "consumerGroup": GROUP_C, "topic": TOPIC, "queueId": "0", "queueOffset": str(start), "maxMsgNums": "32",
            "sysFlag": "4", "commitOffset": "0", "suspendTimeoutMillis": "0", "subVersion": "0", "subscription": "*",
            "expressionType": "TAG"})
        if h["code"] == SUCCESS:
            records = body
        elif h["code"] not in (PULL_NOT_FOUND, PULL_RETRY_IMMEDIATELY) or time.monotonic() > deadline:
            raise RuntimeError(f"PULL_MESSAGE: response code {h['code']} ({h.get('remark')})")
        else:
            time.sleep(0.2)
    n, at = 0, 0
    while at < len(records):  # MessageExt records back to back, each starting with its store size
        at += struct.unpack_from(">i", records, at)[0]
        n += 1
    if at != len(records) or n != 3:
        raise RuntimeError(f"the pull body holds {n} records over {at} of {len(records)} bytes, expected 3")

    r.ok("DELETE_TOPIC_IN_BROKER", 215, {"topic": TOPIC})
    r.close()
    return (f"rocketmq_client: {r.opaque} requests; queue 0 offsets {start}..{end}, sent {', '.join(sent)}; pulled "
            f"{n} records ({len(records)} bytes); GET_BROKER_CLUSTER_INFO at the broker: code {cluster['code']} "
            f"({cluster.get('remark')})")


def main() -> int:
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n")[1])
    host, _, port = sys.argv[1].rpartition(":")
    try:
        print(session(host, int(port)))
    except Exception as e:
        sys.exit(f"rocketmq_client: {type(e).__name__}: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
