//! Live captures: a pcap on stdin is dissected as it arrives (`tcpdump -U -w - | wiredump -`),
//! each frame printed once it is complete; against a real mosquitto with a real tcpdump too.

mod common;

use common::{json_lines, sample, text, wiredump};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long a line may take to come out.
const PATIENCE: Duration = Duration::from_secs(20);

/// The lines of a child's stdout, read on a thread, as they come.
fn lines_of(stdout: ChildStdout) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for frames until one satisfies `done`; all the frames seen.
fn frames_until(lines: &Receiver<String>, done: impl Fn(&Value) -> bool) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let line = lines
            .recv_timeout(PATIENCE)
            .unwrap_or_else(|_| panic!("no frame within {PATIENCE:?}; so far: {seen:?}"));
        let frame: Value = serde_json::from_str(&line).unwrap();
        let stop = done(&frame);
        seen.push(frame);
        if stop {
            return seen;
        }
    }
}

/// Where each packet record of a classic pcap ends.
fn record_ends(pcap: &[u8]) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut at = 24;
    while at + 16 <= pcap.len() {
        let len = u32::from_le_bytes(pcap[at + 8..at + 12].try_into().unwrap()) as usize;
        at += 16 + len;
        ends.push(at);
    }
    ends
}

fn spawn_wiredump(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_wiredump"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn a_capture_on_stdin_is_dissected_as_it_arrives() {
    let pcap = std::fs::read(sample("stream.pcap")).unwrap();
    let whole = json_lines(&wiredump(
        &[sample("stream.pcap").to_str().unwrap(), "-f", "json"],
        None,
    ));
    let mut child = spawn_wiredump(&["-", "-f", "json"]);
    let mut input = child.stdin.take().unwrap();
    let lines = lines_of(child.stdout.take().unwrap());
    // Packet by packet: the client's first frame comes out before the capture goes on.
    let ends = record_ends(&pcap);
    let mut sent = 0;
    let mut seen = Vec::new();
    for end in ends {
        input.write_all(&pcap[sent..end]).unwrap();
        input.flush().unwrap();
        sent = end;
        if let Ok(line) = lines.recv_timeout(Duration::from_millis(50)) {
            seen.push(serde_json::from_str::<Value>(&line).unwrap());
            break;
        }
    }
    assert!(
        sent < pcap.len(),
        "nothing came out before the capture ended"
    );
    assert_eq!(seen[0]["message"], "PeerProperties");
    input.write_all(&pcap[sent..]).unwrap();
    drop(input);
    seen.extend(
        lines
            .iter()
            .map(|l| serde_json::from_str::<Value>(&l).unwrap()),
    );
    assert!(child.wait().unwrap().success());
    // The same frames as the file gives, each direction in order (interleaved as they came).
    for side in ["client", "server"] {
        let of = |frames: &[Value]| -> Vec<Value> {
            frames
                .iter()
                .filter(|f| f["direction"] == side)
                .cloned()
                .collect()
        };
        assert_eq!(of(&seen), of(&whole), "{side}");
    }
}

/// A classic pcap of one connection, 127.0.0.1:50000 to the MQTT port 1883: its SYN, then
/// a segment of client bytes per item of `segments`.
fn capture(segments: &[&[u8]]) -> Vec<u8> {
    use etherparse::PacketBuilder;
    use pcap_file::pcap::{PcapPacket, PcapWriter};
    let mut writer = PcapWriter::new(Vec::new()).unwrap();
    let mut seq = 1000u32;
    let mut packet = |payload: &[u8], syn: bool| {
        let tcp = PacketBuilder::ethernet2([0; 6], [0; 6])
            .ipv4([127, 0, 0, 1], [127, 0, 0, 1], 64)
            .tcp(50000, 1883, seq, 65535);
        let tcp = if syn { tcp.syn() } else { tcp.ack(1).psh() };
        let mut data = Vec::new();
        tcp.write(&mut data, payload).unwrap();
        seq = seq.wrapping_add(payload.len() as u32 + u32::from(syn));
        let at = Duration::from_millis(u64::from(seq));
        writer
            .write_packet(&PcapPacket::new(at, data.len() as u32, &data))
            .unwrap();
    };
    packet(&[], true);
    for segment in segments {
        packet(segment, false);
    }
    writer.into_writer()
}

#[test]
fn a_frame_across_segments_is_one_frame_and_a_capture_cut_short_says_what_is_missing() {
    let (head, tail) = CONNECT.split_at(15);
    // Both segments: one CONNECT (the port is MQTT's; its CONNECT says 3.1.1).
    let whole = capture(&[head, tail]);
    let out = wiredump(&["-", "-f", "json"], Some(&whole));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let frames = json_lines(&out);
    assert_eq!(frames.len(), 1, "{frames:?}");
    assert_eq!(frames[0]["message"], "CONNECT");
    assert_eq!(frames[0]["fields"]["connect"]["client_id"], "wiredump-live");
    // The capture stops after the first segment: the frame is reported cut short, status 1.
    let missing = format!("truncated frame: {} more bytes needed", tail.len());
    let out = wiredump(&["-", "-f", "json"], Some(&capture(&[head])));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["error"], missing.as_str());
    // It stops inside the second segment's record: that packet is left out, and said so.
    let out = wiredump(&["-", "-f", "json"], Some(&whole[..whole.len() - 3]));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["error"], missing.as_str());
    assert!(text(&out.stderr).contains("ends inside a packet record"));
}

/// `MQTT_ADDR` and a tcpdump that can capture on `lo`, or `None` (skipped) outside CI.
fn live_setup() -> Option<(String, u16)> {
    let ci = std::env::var_os("CI").is_some();
    let skip = |why: &str| {
        assert!(!ci, "{why} in CI: .ci/run must provide it");
        eprintln!("skipping: {why}");
        None
    };
    let Ok(addr) = std::env::var("MQTT_ADDR") else {
        return skip("MQTT_ADDR is not set (bash scripts/brokers/mosquitto.sh)");
    };
    let Ok(tcpdump) = which("tcpdump") else {
        return skip("tcpdump is not installed");
    };
    let port = addr.rsplit(':').next().unwrap().parse().unwrap();
    Some((tcpdump, port))
}

fn which(program: &str) -> Result<String, ()> {
    for dir in ["/usr/sbin", "/usr/bin", "/sbin", "/bin"] {
        let path = format!("{dir}/{program}");
        if std::path::Path::new(&path).exists() {
            return Ok(path);
        }
    }
    Err(())
}

/// MQTT 3.1.1 packets, written out here from the specification (3.1, 3.8, 3.3, 3.14).
const CONNECT: &[u8] = b"\x10\x19\x00\x04MQTT\x04\x02\x00\x3c\x00\x0dwiredump-live";
const SUBSCRIBE: &[u8] = b"\x82\x12\x00\x01\x00\x0dwiredump/live\x00";
const PUBLISH: &[u8] = b"\x30\x19\x00\x0dwiredump/livehello live";
const DISCONNECT: &[u8] = b"\xe0\x00";

#[test]
fn tcpdump_into_wiredump_shows_mosquitto_traffic_as_it_happens() {
    let Some((tcpdump, port)) = live_setup() else {
        return;
    };
    let mut capture = Command::new(tcpdump)
        .args(["-i", "lo", "-U", "-w", "-", "-s", "0"])
        .arg(format!("tcp port {port}"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // tcpdump says on stderr when it listens.
    let mut stderr = BufReader::new(capture.stderr.take().unwrap());
    let mut said = String::new();
    while !said.contains("listening on") {
        if stderr.read_line(&mut said).unwrap() == 0 {
            let _ = capture.kill();
            panic!("tcpdump did not start: {said}");
        }
    }
    let mut dump = Command::new(env!("CARGO_BIN_EXE_wiredump"))
        .args(["-", "--port", &format!("{port}=mqtt5"), "-f", "json"])
        .stdin(capture.stdout.take().unwrap())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = lines_of(dump.stdout.take().unwrap());

    let mut client = TcpStream::connect(("127.0.0.1", port)).unwrap();
    client.set_read_timeout(Some(PATIENCE)).unwrap();
    for packet in [CONNECT, SUBSCRIBE, PUBLISH] {
        client.write_all(packet).unwrap();
    }
    // CONNACK (4), SUBACK (5), and our PUBLISH back (27).
    let mut answer = [0u8; 36];
    client.read_exact(&mut answer).unwrap();
    // With the connection still open and tcpdump still running, every frame is out.
    let frames = frames_until(&lines, |f| {
        f["direction"] == "server" && f["message"] == "PUBLISH"
    });
    let names: Vec<(String, String)> = frames
        .iter()
        .map(|f| {
            (
                f["direction"].as_str().unwrap().to_string(),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    for expected in [
        ("client", "CONNECT"),
        ("server", "CONNACK"),
        ("client", "SUBSCRIBE"),
        ("server", "SUBACK"),
        ("client", "PUBLISH"),
        ("server", "PUBLISH"),
    ] {
        assert!(
            names.contains(&(expected.0.to_string(), expected.1.to_string())),
            "{expected:?} missing from {names:?}"
        );
    }
    let echoed = frames.last().unwrap();
    assert_eq!(echoed["fields"]["publish"]["topic"], "wiredump/live");
    assert_eq!(
        echoed["fields"]["publish"]["payload"],
        wire_protocols::hex::Hex(b"hello live").to_string()
    );
    // The CONNECT said 3.1.1: the port's MQTT is read as 3.1.1.
    assert_eq!(frames[0]["fields"]["connect"]["version"], "V311");
    client.write_all(DISCONNECT).unwrap();
    drop(client);
    let _ = frames_until(&lines, |f| f["message"] == "DISCONNECT");
    capture.kill().unwrap();
    capture.wait().unwrap();
    let status = dump.wait().unwrap();
    assert!(status.success(), "wiredump: {status}");
}
