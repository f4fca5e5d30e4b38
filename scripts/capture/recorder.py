#!/usr/bin/env python3
"""Record one real TCP connection to a broker: a tiny recording proxy (stdlib only).

Usage: recorder.py --upstream HOST:PORT --out PREFIX [--pcap FILE] [--pcap-mode auto|tcpdump|synth]
                   [--timeout SECS] -- CLIENT_CMD... ({addr} in CLIENT_CMD becomes the proxy's HOST:PORT)

Listens on 127.0.0.1:<ephemeral>, runs CLIENT_CMD, accepts its one connection, opens one connection to
the broker and forwards both ways, unchanged, until both sides have closed. Then writes
  PREFIX.client.bin  every byte the client sent (= what the broker received), in order
  PREFIX.server.bin  every byte the broker sent (= what the client received), in order
With --pcap, FILE also gets a classic libpcap capture of the proxy's connection to the broker (the real
connection: broker port on one side, the proxy's ephemeral source port on the other):
  tcpdump  capture it with `tcpdump -i lo` (needs tcpdump and a loopback that can be captured);
  synth    write it from the recorded bytes: Ethernet/IPv4/TCP headers, handshake, the data in its real
           order and timing, FIN; seq/ack numbers consistent (for machines where tcpdump cannot capture lo);
  auto     tcpdump if it is installed and starts, else synth (default). A tcpdump that starts but captures
           nothing is an error, not a fallback.
Exits non-zero if the client fails, the connection is not seen, or the capture is missing.
"""
import argparse
import atexit
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time


def say(msg: str) -> None:
    print(f"recorder: {msg}", file=sys.stderr, flush=True)


class Recording:
    """Both directions' bytes plus the order and time of every read: (time, 'c'|'s', bytes); b'' = EOF."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.events: list[tuple[float, str, bytes]] = []

    def add(self, direction: str, data: bytes) -> None:
        with self.lock:
            self.events.append((time.time(), direction, data))

    def stream(self, direction: str) -> bytes:
        return b"".join(d for _, dr, d in self.events if dr == direction)


def pump(src: socket.socket, dst: socket.socket, direction: str, rec: Recording) -> None:
    try:
        while True:
            try:
                data = src.recv(65536)
            except (ConnectionResetError, OSError):
                data = b""
            # Recorded before forwarding: the peer cannot answer bytes it has not seen, so the order of
            # events across the two directions is the real causal order.
            rec.add(direction, data)
            if not data:
                break
            dst.sendall(data)
    except OSError as e:
        say(f"{direction}: {e}")
    finally:
        try:
            dst.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def start_tcpdump(pcap: str, src_port: int, dst_port: int) -> subprocess.Popen:
    # --immediate-mode: hand each packet over at once (otherwise libpcap's ring buffer holds up to a second of
    # packets, which SIGINT then discards: the end of the connection would be missing); -U: write each packet
    # as it arrives; -Z root: keep root's rights (tcpdump otherwise drops to user tcpdump, who may not be able
    # to write the file); the filter picks exactly the proxy's connection.
    filt = f"tcp and host 127.0.0.1 and port {src_port} and port {dst_port}"
    cmd = ["tcpdump", "-i", "lo", "-n", "-s", "0", "--immediate-mode", "-U", "-w", pcap]
    if os.geteuid() == 0:
        cmd[1:1] = ["-Z", "root"]
    proc = subprocess.Popen(cmd + [filt], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    # tcpdump says "listening on lo, ..." on stderr once the capture is armed.
    line = proc.stderr.readline()
    if "listening on" not in line:
        proc.kill()
        rest = proc.stderr.read()
        raise RuntimeError(f"tcpdump did not start: {line.strip()} {rest.strip()}")
    return proc


def stop_tcpdump(proc: subprocess.Popen) -> str:
    time.sleep(1.0)  # let the last FIN/ACK reach the capture
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    return err.strip()


# ---- synthesized pcap (fallback) ----------------------------------------------------------------------

def _csum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def _packet(src: tuple[str, int], dst: tuple[str, int], seq: int, ack: int, flags: int, payload: bytes,
            ip_id: int, mss: bool) -> bytes:
    sip, dip = socket.inet_aton(src[0]), socket.inet_aton(dst[0])
    opts = struct.pack("!BBH", 2, 4, 1460) if mss else b""  # MSS option on SYN / SYN-ACK
    off = (20 + len(opts)) // 4
    tcp = struct.pack("!HHIIBBHHH", src[1], dst[1], seq & 0xFFFFFFFF, ack & 0xFFFFFFFF, off << 4, flags,
                      65535, 0, 0) + opts
    pseudo = sip + dip + struct.pack("!BBH", 0, 6, len(tcp) + len(payload))
    c = _csum(pseudo + tcp + payload)
    tcp = tcp[:16] + struct.pack("!H", c) + tcp[18:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp) + len(payload), ip_id & 0xFFFF, 0x4000, 64, 6, 0,
                     sip, dip)
    ip = ip[:10] + struct.pack("!H", _csum(ip)) + ip[12:]
    eth = b"\0" * 12 + b"\x08\x00"  # loopback: zero MACs, as Linux's lo shows them
    return eth + ip + tcp + payload


def synthesize_pcap(path: str, rec: Recording, client: tuple[str, int], server: tuple[str, int],
                    t_connect: float) -> int:
    FIN, SYN, PSH, ACK = 0x01, 0x02, 0x08, 0x10
    MSS = 1460
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]  # classic pcap, µs, LINKTYPE_ETHERNET
    ends = {"c": client, "s": server}
    seq = {"c": 0x1000_0000, "s": 0x6000_0000}  # initial sequence numbers
    ip_id = {"c": 1, "s": 1}
    n = 0
    last_t = 0.0

    def emit(t: float, frm: str, flags: int, payload: bytes = b"", mss: bool = False) -> None:
        nonlocal n, last_t
        t = last_t = max(t, last_t)  # timestamps never go backwards
        to = "s" if frm == "c" else "c"
        ack = seq[to] if flags & ACK else 0
        pkt = _packet(ends[frm], ends[to], seq[frm], ack, flags, payload, ip_id[frm], mss)
        ip_id[frm] += 1
        sec, usec = int(t), int(round((t - int(t)) * 1e6))
        if usec == 1_000_000:
            sec, usec = sec + 1, 0
        out.append(struct.pack("<IIII", sec, usec, len(pkt), len(pkt)) + pkt)
        seq[frm] += len(payload) + (1 if flags & (SYN | FIN) else 0)
        n += 1

    t = t_connect
    emit(t, "c", SYN, mss=True)
    emit(t + 1e-5, "s", SYN | ACK, mss=True)
    emit(t + 2e-5, "c", ACK)
    events = rec.events
    for i, (t, d, data) in enumerate(events):
        if not data:  # EOF on this direction: that side sent its FIN
            emit(t, d, FIN | ACK)
            continue
        for off in range(0, len(data), MSS):
            seg = data[off:off + MSS]
            last = off + MSS >= len(data)
            emit(t, d, ACK | (PSH if last else 0), seg)
        # the receiver acknowledges, unless its next move is to send data (which carries the ACK)
        other = "s" if d == "c" else "c"
        nxt = events[i + 1] if i + 1 < len(events) else None
        if not (nxt and nxt[1] == other and nxt[2]):
            emit(t + 1e-5, other, ACK)
    # the final ACK of the second FIN
    second = [d for _, d, data in events if not data]
    if len(second) == 2:
        emit(last_t + 1e-5, "s" if second[1] == "c" else "c", ACK)
    with open(path, "wb") as f:
        f.write(b"".join(out))
    return n


# ---- main ---------------------------------------------------------------------------------------------

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--upstream", required=True, help="broker HOST:PORT")
    ap.add_argument("--out", required=True, help="output prefix: PREFIX.client.bin, PREFIX.server.bin")
    ap.add_argument("--pcap", help="also write a classic pcap of the broker connection here")
    ap.add_argument("--pcap-mode", choices=["auto", "tcpdump", "synth"], default="auto")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("cmd", nargs=argparse.REMAINDER, help="-- CLIENT_CMD ... ({addr} = proxy HOST:PORT)")
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
    if not cmd:
        ap.error("no client command")
    up_host, _, up_port = a.upstream.rpartition(":")
    up = (up_host, int(up_port))
    mode = a.pcap_mode
    if a.pcap and mode == "auto":
        mode = "tcpdump" if shutil.which("tcpdump") else "synth"
        if mode == "synth":
            say("tcpdump not installed: the pcap will be synthesized from the recorded bytes")

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(a.timeout)
    addr = "127.0.0.1:%d" % listener.getsockname()[1]

    # The upstream socket is bound before anything starts, so its source port is known to the capture filter.
    upstream = socket.socket()
    upstream.bind(("127.0.0.1", 0))
    src_port = upstream.getsockname()[1]

    tcpdump = None
    tmp_pcap = None
    if a.pcap and mode == "tcpdump":
        fd, tmp_pcap = tempfile.mkstemp(suffix=".pcap")
        os.close(fd)
        atexit.register(lambda: os.path.exists(tmp_pcap) and os.unlink(tmp_pcap))
        os.chmod(tmp_pcap, 0o666)
        try:
            tcpdump = start_tcpdump(tmp_pcap, src_port, up[1])
        except (RuntimeError, OSError) as e:
            os.unlink(tmp_pcap)
            if a.pcap_mode == "tcpdump":
                say(str(e))
                return 1
            say(f"{e}: the pcap will be synthesized from the recorded bytes")
            mode = "synth"

    rec = Recording()
    client = subprocess.Popen([c.replace("{addr}", addr) for c in cmd])
    rc = None
    try:
        try:
            down, peer = listener.accept()
        except socket.timeout:
            say(f"the client did not connect within {a.timeout} s")
            return 1
        t_connect = time.time()
        upstream.settimeout(10)
        upstream.connect(up)
        upstream.settimeout(None)
        down.settimeout(None)
        threads = [threading.Thread(target=pump, args=(down, upstream, "c", rec), daemon=True),
                   threading.Thread(target=pump, args=(upstream, down, "s", rec), daemon=True)]
        for th in threads:
            th.start()
        rc = client.wait(timeout=a.timeout)
        for th in threads:
            th.join(timeout=10)
            if th.is_alive():
                say("a direction did not close within 10 s after the client exited")
                return 1
        down.close()
        upstream.close()
    finally:
        if client.poll() is None:
            client.kill()
        cap_msg = stop_tcpdump(tcpdump) if tcpdump else ""
    c_bytes, s_bytes = rec.stream("c"), rec.stream("s")
    for suffix, data in (("client", c_bytes), ("server", s_bytes)):
        with open(f"{a.out}.{suffix}.bin", "wb") as f:
            f.write(data)
    say(f"{os.path.basename(a.out)}: client {len(c_bytes)} bytes, server {len(s_bytes)} bytes, "
        f"{len(rec.events)} reads (broker {a.upstream}, proxy source port {src_port})")
    if rc != 0:
        say(f"client exited with status {rc} (the .bin files hold what was exchanged until then)")
        return 1

    if a.pcap:
        if mode == "tcpdump":
            say(f"tcpdump: {' / '.join(cap_msg.splitlines())}")
            if os.path.getsize(tmp_pcap) <= 24:
                say("tcpdump captured nothing (loopback not capturable here? try --pcap-mode synth)")
                return 1
            shutil.copyfile(tmp_pcap, a.pcap)
            os.unlink(tmp_pcap)
            os.chmod(a.pcap, 0o644)
        else:
            n = synthesize_pcap(a.pcap, rec, ("127.0.0.1", src_port), up, t_connect)
            say(f"synthesized {n} packets into {a.pcap}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
