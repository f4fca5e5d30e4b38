#!/usr/bin/env python3
"""Validate the wiredump samples without the Rust codec (stdlib only).

  check.py frames PROTO FILE [-v]   split FILE into frames (PROTO: mqtt | stream | rocketmq | rocketmq-message, the
                                    last MessageExt records back to back); the frame lengths must add up to the file
                                    size exactly; -v lists every frame
  check.py pull-body CLIENT.bin SERVER.bin OUT
                                    RocketMQ: write the body of the response to the client's first PULL_MESSAGE
                                    request (matched by opaque) to OUT, after checking its MessageExt records
  check.py pcap FILE.pcap CLIENT.bin SERVER.bin
                                    parse a classic libpcap file (Ethernet or Linux cooked, IPv4, TCP), find the
                                    one TCP connection, reassemble both directions by sequence number and
                                    compare them with the two .bin files byte for byte
  check.py table DIR [--readme README.md]
                                    check every sample in DIR (<proto>.client.bin / .server.bin / .pcap; proto
                                    from the name: mqtt5 and mqtt -> mqtt, stream, rocketmq; <proto>.pull-body.bin
                                    -> rocketmq-message, compared with the body in rocketmq.server.bin) and print a Markdown
                                    table; with --readme, replace the table between the markers
                                    <!-- samples:begin --> and <!-- samples:end --> in that file
Exit status 1 on the first malformed file.
"""
import collections
import json
import os
import re
import struct
import sys


class Bad(Exception):
    pass


# ---- MQTT (3.1.1 and 5.0 share the fixed header) ------------------------------------------------------

MQTT_TYPES = {1: "CONNECT", 2: "CONNACK", 3: "PUBLISH", 4: "PUBACK", 5: "PUBREC", 6: "PUBREL", 7: "PUBCOMP",
              8: "SUBSCRIBE", 9: "SUBACK", 10: "UNSUBSCRIBE", 11: "UNSUBACK", 12: "PINGREQ", 13: "PINGRESP",
              14: "DISCONNECT", 15: "AUTH"}
MQTT_CLIENT_ONLY = {"CONNECT", "SUBSCRIBE", "UNSUBSCRIBE", "PINGREQ"}
MQTT_SERVER_ONLY = {"CONNACK", "SUBACK", "UNSUBACK", "PINGRESP"}


def mqtt_frames(data: bytes) -> list[tuple[int, str, int]]:
    """(offset, name, total length) per packet."""
    out, i = [], 0
    while i < len(data):
        b0 = data[i]
        ptype, flags = b0 >> 4, b0 & 0x0F
        if ptype not in MQTT_TYPES:
            raise Bad(f"offset {i}: packet type {ptype} is reserved")
        name = MQTT_TYPES[ptype]
        if name in ("PUBREL", "SUBSCRIBE", "UNSUBSCRIBE") and flags != 2 or \
                name not in ("PUBREL", "SUBSCRIBE", "UNSUBSCRIBE", "PUBLISH") and flags != 0:
            raise Bad(f"offset {i}: {name} with flags {flags:#x}")
        if name == "PUBLISH" and (flags >> 1) & 3 == 3:
            raise Bad(f"offset {i}: PUBLISH with QoS 3")
        rem, mult, j = 0, 1, i + 1
        while True:  # variable byte integer, at most 4 bytes
            if j >= len(data):
                raise Bad(f"offset {i}: truncated remaining length")
            rem += (data[j] & 0x7F) * mult
            mult *= 128
            j += 1
            if not data[j - 1] & 0x80:
                break
            if j - i > 4:
                raise Bad(f"offset {i}: remaining length longer than 4 bytes")
        total = j - i + rem
        if i + total > len(data):
            raise Bad(f"offset {i}: {name} needs {total} bytes, {len(data) - i} left")
        if name == "PUBLISH":
            name += f" QoS {(flags >> 1) & 3}" + (" retain" if flags & 1 else "") + (" dup" if flags & 8 else "")
        out.append((i, name, total))
        i += total
    return out


# ---- RabbitMQ Stream ----------------------------------------------------------------------------------

STREAM_KEYS = {1: "DeclarePublisher", 2: "Publish", 3: "PublishConfirm", 4: "PublishError",
               5: "QueryPublisherSequence", 6: "DeletePublisher", 7: "Subscribe", 8: "Deliver", 9: "Credit",
               10: "StoreOffset", 11: "QueryOffset", 12: "Unsubscribe", 13: "Create", 14: "Delete",
               15: "Metadata", 16: "MetadataUpdate", 17: "PeerProperties", 18: "SaslHandshake",
               19: "SaslAuthenticate", 20: "Tune", 21: "Open", 22: "Close", 23: "Heartbeat", 24: "Route",
               25: "Partitions", 26: "ConsumerUpdate", 27: "ExchangeCommandVersions", 28: "StreamStats",
               29: "CreateSuperStream", 30: "DeleteSuperStream", 31: "ResolveOffsetSpec"}


def stream_frames(data: bytes) -> list[tuple[int, str, int]]:
    out, i = [], 0
    while i < len(data):
        if i + 8 > len(data):
            raise Bad(f"offset {i}: truncated frame header")
        size, key, version = struct.unpack_from(">IHH", data, i)
        if size < 4 or i + 4 + size > len(data):
            raise Bad(f"offset {i}: frame size {size}, {len(data) - i - 4} bytes left")
        base = key & 0x7FFF
        if base not in STREAM_KEYS or version not in (1, 2):
            raise Bad(f"offset {i}: unknown key {key:#06x} version {version}")
        name = STREAM_KEYS[base] + ("Response" if key & 0x8000 else "") + (f" v{version}" if version != 1 else "")
        out.append((i, name, 4 + size))
        i += 4 + size
    return out


# ---- RocketMQ remoting ----------------------------------------------------------------------------------

ROCKETMQ_REQUESTS = {10: "SEND_MESSAGE", 11: "PULL_MESSAGE", 17: "UPDATE_AND_CREATE_TOPIC", 28: "GET_BROKER_RUNTIME_INFO",
                     30: "GET_MAX_OFFSET", 34: "HEART_BEAT", 100: "PUT_KV_CONFIG", 101: "GET_KV_CONFIG",
                     105: "GET_ROUTEINFO_BY_TOPIC", 106: "GET_BROKER_CLUSTER_INFO", 215: "DELETE_TOPIC_IN_BROKER",
                     310: "SEND_MESSAGE_V2", 320: "SEND_BATCH_MESSAGE"}
ROCKETMQ_RESPONSES = {0: "SUCCESS", 1: "SYSTEM_ERROR", 2: "SYSTEM_BUSY", 3: "REQUEST_CODE_NOT_SUPPORTED",
                      17: "TOPIC_NOT_EXIST", 19: "PULL_NOT_FOUND", 20: "PULL_RETRY_IMMEDIATELY"}


def rocketmq_frames(data: bytes) -> list[tuple[int, str, int]]:
    """u32 length (of what follows), u32 serialize type (high byte) + header length, header, body."""
    out, i = [], 0
    while i < len(data):
        if i + 8 > len(data):
            raise Bad(f"offset {i}: truncated frame header")
        length, mark = struct.unpack_from(">II", data, i)
        stype, hlen = mark >> 24, mark & 0xFFFFFF
        if length < 4 + hlen or i + 4 + length > len(data):
            raise Bad(f"offset {i}: frame length {length}, header {hlen}, {len(data) - i - 4} bytes left")
        name = "frame"
        header = data[i + 8:i + 8 + hlen]
        code = flag = None
        if stype == 0:  # JSON header
            try:
                h = json.loads(header)
                code, flag = h.get("code"), h.get("flag", 0)
            except ValueError:
                raise Bad(f"offset {i}: JSON header does not parse")
        elif stype == 1 and len(header) >= 13:  # ROCKETMQ binary header: code i16, language, version, opaque, flag
            code, flag = struct.unpack_from(">h", header, 0)[0], struct.unpack_from(">i", header, 9)[0]
        if code is not None:
            if flag & 1:
                name = "RESPONSE " + ROCKETMQ_RESPONSES.get(code, f"code {code}")
            else:
                name = ROCKETMQ_REQUESTS.get(code, f"request code {code}")
            if stype == 1:
                name += " (binary header)"
        out.append((i, name, 4 + length))
        i += 4 + length
    return out


def rocketmq_parts(data: bytes, at: int) -> tuple[int, int, dict | None, bytes]:
    """The serialize type, header length, header fields (code, flag, opaque; None if unreadable) and body of
    the frame at `at` (already split by rocketmq_frames)."""
    length, mark = struct.unpack_from(">II", data, at)
    stype, hlen = mark >> 24, mark & 0xFFFFFF
    header = data[at + 8:at + 8 + hlen]
    body = data[at + 8 + hlen:at + 4 + length]
    fields = None
    if stype == 0:
        h = json.loads(header)
        fields = {"code": h.get("code"), "flag": h.get("flag", 0), "opaque": h.get("opaque")}
    elif stype == 1 and len(header) >= 13:
        code, _, _, opaque, flag = struct.unpack_from(">hBhii", header)
        fields = {"code": code, "flag": flag, "opaque": opaque}
    return stype, hlen, fields, body


def rocketmq_pull_body(client: bytes, server: bytes) -> bytes:
    """The body of the response to the first PULL_MESSAGE (code 11) request, matched by opaque."""
    requests = [rocketmq_parts(client, off)[2] for off, _, _ in rocketmq_frames(client)]
    pull = next((h["opaque"] for h in requests if h and h["code"] == 11 and not h["flag"] & 1), None)
    if pull is None:
        raise Bad("no PULL_MESSAGE request from the client")
    for off, _, _ in rocketmq_frames(server):
        _, _, h, body = rocketmq_parts(server, off)
        if h and h["flag"] & 1 and h["opaque"] == pull:
            if h["code"] != 0:
                raise Bad(f"the PULL_MESSAGE response (opaque {pull}) has code {h['code']}, not SUCCESS")
            return body
    raise Bad(f"no response to the PULL_MESSAGE request (opaque {pull})")


# ---- RocketMQ MessageExt records (a PULL_MESSAGE response body) -----------------------------------------

def message_ext_records(data: bytes) -> list[tuple[int, str, int]]:
    """i32 store size (the whole record), i32 magic code, ...; the topic (u8 length for magic 0xDAA320A7, i16 for
    0xDAA320AB) after the bodies, as `MessageExt topic@queue_offset`."""
    out, i = [], 0
    while i < len(data):
        if i + 8 > len(data):
            raise Bad(f"offset {i}: truncated record header")
        size, magic = struct.unpack_from(">iI", data, i)
        if magic not in (0xDAA320A7, 0xDAA320AB) or size < 91 or i + size > len(data):
            raise Bad(f"offset {i}: store size {size}, magic {magic:#010x}, {len(data) - i} bytes left")
        sys_flag = struct.unpack_from(">i", data, i + 36)[0]
        j = i + 40 + 8 + (20 if sys_flag & 0x10 else 8) + 8 + (20 if sys_flag & 0x20 else 8) + 12
        (body_len,) = struct.unpack_from(">i", data, j)
        j += 4 + body_len
        if magic == 0xDAA320A7:
            tlen, j = data[j], j + 1
        else:
            (tlen,), j = struct.unpack_from(">h", data, j), j + 2
        (queue_offset,) = struct.unpack_from(">q", data, i + 20)
        out.append((i, f"MessageExt {data[j:j + tlen].decode()}@{queue_offset}", size))
        i += size
    return out


SPLITTERS = {"mqtt": mqtt_frames, "stream": stream_frames, "rocketmq": rocketmq_frames,
             "rocketmq-message": message_ext_records}


def proto_of(sample: str) -> str:
    name = os.path.basename(sample).split(".")[0]
    if os.path.basename(sample).endswith(".pull-body.bin"):
        return "rocketmq-message"
    if name.startswith("mqtt"):
        return "mqtt"
    if name in SPLITTERS:
        return name
    raise Bad(f"{sample}: cannot tell the protocol from the name")


def check_frames(proto: str, path: str) -> list[tuple[int, str, int]]:
    data = open(path, "rb").read()
    try:
        frames = SPLITTERS[proto](data)
    except Bad as e:
        raise Bad(f"{path}: {e}")
    assert sum(f[2] for f in frames) == len(data)
    names = {f[1] for f in frames}
    direction = "client" if path.endswith(".client.bin") else "server" if path.endswith(".server.bin") else None
    if proto == "mqtt" and direction:
        wrong = names & (MQTT_SERVER_ONLY if direction == "client" else MQTT_CLIENT_ONLY)
        if wrong:
            raise Bad(f"{path}: {', '.join(sorted(wrong))} in the {direction} direction (files swapped?)")
    if proto == "stream" and direction and frames:
        want = "PeerProperties" if direction == "client" else "PeerPropertiesResponse"
        if frames[0][1] != want:
            raise Bad(f"{path}: first frame is {frames[0][1]}, expected {want} (files swapped?)")
    return frames


def summary(frames: list[tuple[int, str, int]]) -> str:
    counts = collections.Counter(re.sub(r" (QoS \d).*", r" \1", f[1]) for f in frames)  # retain/dup folded
    return ", ".join(f"{k} ×{v}" if v > 1 else k for k, v in counts.items())


# ---- pcap ---------------------------------------------------------------------------------------------

def read_pcap(path: str) -> dict:
    raw = open(path, "rb").read()
    if len(raw) < 24:
        raise Bad(f"{path}: shorter than a pcap global header")
    magic = raw[:4]
    if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1"):
        e = "<"
    elif magic in (b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d"):
        e = ">"
    elif magic == b"\x0a\x0d\x0d\x0a":
        raise Bad(f"{path}: pcapng, not classic libpcap")
    else:
        raise Bad(f"{path}: not a pcap file (magic {magic.hex()})")
    nano = magic in (b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d")
    vmaj, vmin, _, _, snap, link = struct.unpack_from(e + "HHiIII", raw, 4)
    if (vmaj, vmin) != (2, 4):
        raise Bad(f"{path}: pcap version {vmaj}.{vmin}")
    if link not in (1, 113):
        raise Bad(f"{path}: link type {link} (expected 1 Ethernet or 113 Linux cooked)")
    pkts, i = [], 24
    while i < len(raw):
        if i + 16 > len(raw):
            raise Bad(f"{path}: truncated record header at {i}")
        sec, frac, incl, orig = struct.unpack_from(e + "IIII", raw, i)
        if i + 16 + incl > len(raw):
            raise Bad(f"{path}: truncated packet at {i}")
        if incl != orig:
            raise Bad(f"{path}: packet at {i} truncated by the snap length ({incl} of {orig})")
        frame = raw[i + 16:i + 16 + incl]
        i += 16 + incl
        l2 = 14 if link == 1 else 16
        etype = struct.unpack_from(">H", frame, l2 - 2)[0]
        if etype != 0x0800:
            continue  # not IPv4
        ip = frame[l2:]
        ihl = (ip[0] & 0x0F) * 4
        tot = struct.unpack_from(">H", ip, 2)[0]
        if ip[0] >> 4 != 4 or ip[9] != 6:
            continue
        src, dst = ip[12:16], ip[16:20]
        tcp = ip[ihl:tot]
        sport, dport, seq, ack, off, flags = struct.unpack_from(">HHIIBB", tcp, 0)
        payload = tcp[(off >> 4) * 4:]
        pkts.append({"t": sec + frac / (1e9 if nano else 1e6), "src": (src, sport), "dst": (dst, dport),
                     "seq": seq, "ack": ack, "flags": flags, "payload": payload})
    return {"packets": pkts, "size": len(raw), "link": link, "nano": nano, "snaplen": snap}


def reassemble(pkts: list[dict]) -> dict:
    SYN, FIN, RST, ACK = 0x02, 0x01, 0x04, 0x10
    syn = [p for p in pkts if p["flags"] & SYN and not p["flags"] & ACK]
    synack = [p for p in pkts if p["flags"] & SYN and p["flags"] & ACK]
    if len(syn) != 1 or len(synack) != 1:
        raise Bad(f"expected one connection (one SYN, one SYN-ACK), found {len(syn)} SYN, {len(synack)} SYN-ACK")
    cli, srv = syn[0]["src"], syn[0]["dst"]
    isn = {cli: syn[0]["seq"], srv: synack[0]["seq"]}
    if synack[0]["ack"] != (isn[cli] + 1) & 0xFFFFFFFF:
        raise Bad("SYN-ACK does not acknowledge the SYN")
    result = {"client_addr": cli, "server_addr": srv, "fin": set(), "rst": False, "max_seg": 0}
    for side, name in ((cli, "client"), (srv, "server")):
        chunks: dict[int, bytes] = {}
        for p in pkts:
            if p["src"] != side or (p["dst"] != (srv if side == cli else cli)):
                if p["src"] not in (cli, srv):
                    raise Bad(f"packet from {p['src']} outside the connection")
                continue
            if p["flags"] & FIN:
                result["fin"].add(name)
            if p["flags"] & RST:
                result["rst"] = True
            if p["payload"]:
                rel = (p["seq"] - isn[side] - 1) & 0xFFFFFFFF
                prev = chunks.get(rel)
                if prev is not None and prev != p["payload"][:len(prev)]:
                    raise Bad(f"{name}: retransmission at {rel} with different bytes")
                if prev is None or len(p["payload"]) > len(prev):
                    chunks[rel] = p["payload"]
                result["max_seg"] = max(result["max_seg"], len(p["payload"]))
        buf = bytearray()
        for rel in sorted(chunks):
            if rel > len(buf):
                raise Bad(f"{name}: gap in the byte stream at {len(buf)} (next segment at {rel})")
            buf[rel:rel + len(chunks[rel])] = chunks[rel]
        result[name] = bytes(buf)
    return result


def check_pcap(pcap: str, client_bin: str, server_bin: str) -> str:
    cap = read_pcap(pcap)
    try:
        r = reassemble(cap["packets"])
    except Bad as e:
        raise Bad(f"{pcap}: {e}")
    for name, path in (("client", client_bin), ("server", server_bin)):
        want = open(path, "rb").read()
        if r[name] != want:
            n = next((k for k in range(min(len(want), len(r[name]))) if want[k] != r[name][k]),
                     min(len(want), len(r[name])))
            raise Bad(f"{pcap}: the {name} byte stream ({len(r[name])} bytes) differs from {path} "
                      f"({len(want)} bytes) at byte {n}")
    syn = next(p for p in cap["packets"] if p["flags"] & 0x12 == 0x02)
    synack = next(p for p in cap["packets"] if p["flags"] & 0x12 == 0x12)
    # recorder.py's synthesized pcaps: snap length 65535 and fixed initial sequence numbers
    synthesized = cap["snaplen"] == 65535 and syn["seq"] == 0x1000_0000 and synack["seq"] == 0x6000_0000
    origin = "synthesized from the recorded bytes" if synthesized else "captured on lo"
    fins = "FIN both ways" if r["fin"] == {"client", "server"} else f"FIN from {sorted(r['fin'])}"
    ip = lambda a: ".".join(map(str, a[0])) + f":{a[1]}"
    pkts = cap["packets"]
    return (f"{len(pkts)} packets {origin}, {pkts[-1]['t'] - pkts[0]['t']:.2f} s, client {ip(r['client_addr'])} "
            f"-> broker {ip(r['server_addr'])}, SYN .. {fins}{', RST' if r['rst'] else ''}, largest segment "
            f"{r['max_seg']} B; TCP payload = the two .bin files")


# ---- table --------------------------------------------------------------------------------------------

def table(d: str) -> str:
    rows = ["| file | bytes | contents |", "|---|---:|---|"]
    order = {"mqtt5": 0, "mqtt": 1, "stream": 2, "rocketmq": 3}
    kind = {"client.bin": 0, "server.bin": 1, "pcap": 2, "pull-body.bin": 3}
    names = sorted((n for n in os.listdir(d) if n.split(".", 1)[-1] in kind),
                   key=lambda n: (order.get(n.split(".")[0], 9), n.split(".")[0], kind[n.split(".", 1)[1]]))
    for n in names:
        path = os.path.join(d, n)
        if n.endswith(".pull-body.bin"):
            records = check_frames(proto_of(n), path)
            stem = path[:-len(".pull-body.bin")]
            if os.path.exists(stem + ".server.bin"):
                if open(path, "rb").read() != rocketmq_pull_body(open(stem + ".client.bin", "rb").read(),
                                                                 open(stem + ".server.bin", "rb").read()):
                    raise Bad(f"{path} is not the PULL_MESSAGE response body in {stem}.server.bin")
            rows.append(f"| `{n}` | {os.path.getsize(path)} | {len(records)} MessageExt records "
                        f"({', '.join(r[1].split(' ', 1)[1] for r in records)}): the body of the PULL_MESSAGE "
                        f"response in `{os.path.basename(stem)}.server.bin` |")
        elif n.endswith(".bin"):
            frames = check_frames(proto_of(n), path)
            rows.append(f"| `{n}` | {os.path.getsize(path)} | {len(frames)} frames: {summary(frames)} |")
        elif n.endswith(".pcap"):
            stem = path[:-len(".pcap")]
            rows.append(f"| `{n}` | {os.path.getsize(path)} | "
                        f"{check_pcap(path, stem + '.client.bin', stem + '.server.bin')} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    try:
        if len(argv) >= 3 and argv[0] == "frames":
            frames = check_frames(argv[1], argv[2])
            if "-v" in argv[3:]:
                for off, name, size in frames:
                    print(f"{off:6d} {size:6d}  {name}")
            print(f"{argv[2]}: {os.path.getsize(argv[2])} bytes, {len(frames)} frames: {summary(frames)}")
        elif len(argv) == 4 and argv[0] == "pull-body":
            body = rocketmq_pull_body(open(argv[1], "rb").read(), open(argv[2], "rb").read())
            records = message_ext_records(body)
            with open(argv[3], "wb") as f:
                f.write(body)
            print(f"{argv[3]}: {len(body)} bytes, {len(records)} records: {summary(records)}")
        elif len(argv) == 4 and argv[0] == "pcap":
            print(f"{argv[1]}: {os.path.getsize(argv[1])} bytes, " + check_pcap(argv[1], argv[2], argv[3]))
        elif len(argv) in (2, 4) and argv[0] == "table":
            t = table(argv[1])
            print(t)
            if len(argv) == 4 and argv[2] == "--readme":
                text = open(argv[3]).read()
                begin, end = "<!-- samples:begin -->", "<!-- samples:end -->"
                if begin not in text or end not in text:
                    raise Bad(f"{argv[3]}: markers {begin} / {end} missing")
                head, rest = text.split(begin, 1)
                _, tail = rest.split(end, 1)
                with open(argv[3], "w") as f:
                    f.write(f"{head}{begin}\n{t}\n{end}{tail}")
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except Bad as e:
        print(f"check: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
