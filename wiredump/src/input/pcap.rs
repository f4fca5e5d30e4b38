//! pcap and pcapng captures: TCP streams reassembled per direction.

use super::Stream;
use crate::cli::{Ports, Side};
use etherparse::{NetSlice, SlicedPacket, TransportSlice};
use pcap_file::DataLink;
use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::net::IpAddr;

/// True when `bytes` start like a pcap or pcapng file.
pub fn is_capture(bytes: &[u8]) -> bool {
    matches!(
        bytes.get(..4),
        Some(
            [0xa1, 0xb2, 0xc3, 0xd4]
                | [0xd4, 0xc3, 0xb2, 0xa1]
                | [0xa1, 0xb2, 0x3c, 0x4d]
                | [0x4d, 0x3c, 0xb2, 0xa1]
                | [0x0a, 0x0d, 0x0d, 0x0a]
        )
    )
}

/// An IP address and port.
pub(super) type Endpoint = (IpAddr, u16);

/// One direction of a TCP connection being reassembled.
#[derive(Default)]
pub(super) struct Flow {
    /// Order of first appearance, to keep the output in capture order.
    pub(super) first_seen: usize,
    /// Sequence number of the next byte expected, once known.
    next_seq: Option<u32>,
    /// Segments that arrived ahead of `next_seq`.
    pending: BTreeMap<u32, Vec<u8>>,
    /// The bytes so far, in order (live: those not yet dissected).
    pub(super) bytes: Vec<u8>,
    /// The flow's first bytes, kept once `bytes` starts being dropped (see `Flows::consume`).
    head: Vec<u8>,
    /// This side opened the connection (sent the SYN without ACK).
    opened: bool,
}

impl Flow {
    /// The flow's first bytes (up to 64: what tells an MQTT client's version).
    pub(super) fn head(&self) -> &[u8] {
        if self.head.is_empty() {
            self.head_of_bytes()
        } else {
            &self.head
        }
    }

    fn head_of_bytes(&self) -> &[u8] {
        &self.bytes[..self.bytes.len().min(64)]
    }

    fn segment(&mut self, seq: u32, syn: bool, payload: &[u8]) {
        if syn {
            self.next_seq = Some(seq.wrapping_add(1));
        }
        if payload.is_empty() {
            return;
        }
        let next = *self.next_seq.get_or_insert(seq);
        // Keep what is new of this segment, relative to what we have.
        let ahead = seq.wrapping_sub(next) as i32;
        if ahead > 0 {
            self.pending.entry(seq).or_insert_with(|| payload.to_vec());
            return;
        }
        let skip = ahead.unsigned_abs() as usize;
        if skip < payload.len() {
            self.bytes.extend_from_slice(&payload[skip..]);
            self.next_seq = Some(next.wrapping_add((payload.len() - skip) as u32));
        }
        // Segments that now fit.
        while let Some((&seq, _)) = self.pending.first_key_value() {
            let next = self.next_seq.unwrap_or(seq);
            if (seq.wrapping_sub(next) as i32) > 0 {
                break;
            }
            let data = self.pending.pop_first().map(|(_, d)| d).unwrap_or_default();
            let skip = next.wrapping_sub(seq) as usize;
            if skip < data.len() {
                self.bytes.extend_from_slice(&data[skip..]);
                self.next_seq = Some(next.wrapping_add((data.len() - skip) as u32));
            }
        }
    }
}

/// The TCP flows of a capture (one per direction of each connection), reassembled as its
/// packets are added.
#[derive(Default)]
pub(super) struct Flows {
    map: HashMap<(Endpoint, Endpoint), Flow>,
    seen: usize,
}

impl Flows {
    /// Adds a packet; the flow (source, destination) it belongs to, if it is TCP.
    pub(super) fn add(&mut self, link: DataLink, data: &[u8]) -> Option<(Endpoint, Endpoint)> {
        let Segment {
            src,
            dst,
            seq,
            syn,
            ack,
            payload,
        } = tcp(link, data)?;
        let flow = self.map.entry((src, dst)).or_default();
        if flow.first_seen == 0 {
            self.seen += 1;
            flow.first_seen = self.seen;
        }
        flow.opened |= syn && !ack;
        flow.segment(seq, syn, payload);
        Some((src, dst))
    }

    /// Drops the first `n` bytes of the flow from `from` to `to` (dissected, live), keeping
    /// its first bytes for [`Flow::head`].
    pub(super) fn consume(&mut self, from: Endpoint, to: Endpoint, n: usize) {
        if let Some(flow) = self.map.get_mut(&(from, to)) {
            if flow.head.is_empty() {
                flow.head = flow.head_of_bytes().to_vec();
            }
            flow.bytes.drain(..n.min(flow.bytes.len()));
        }
    }

    /// The flow from `from` to `to`.
    pub(super) fn get(&self, from: Endpoint, to: Endpoint) -> Option<&Flow> {
        self.map.get(&(from, to))
    }

    /// Whether `a` is the client of the connection between `a` and `b`.
    pub(super) fn is_client(&self, ports: &Ports, a: Endpoint, b: Endpoint) -> bool {
        is_client(&self.map, ports, a, b)
    }
}

/// Every TCP stream of the capture, client side first for each connection.
pub fn streams(bytes: &[u8], ports: &Ports) -> Result<Vec<Stream>, String> {
    let mut all = Flows::default();
    for_each_packet(bytes, is_pcapng(bytes), |link, data| {
        all.add(link, data);
        Ok(())
    })?;
    let flows = &all.map;
    // Pair the two directions of each connection; the client opened it or uses a port that
    // is not well known.
    let mut connections: Vec<((Endpoint, Endpoint), usize)> = flows
        .iter()
        .filter(|((a, b), _)| is_client(flows, ports, *a, *b))
        .map(|(key, flow)| (*key, flow.first_seen))
        .collect();
    connections.sort_by_key(|(_, first)| *first);
    let mut out = Vec::new();
    for ((client, server), _) in connections {
        let client_bytes = flows
            .get(&(client, server))
            .map(|f| f.bytes.clone())
            .unwrap_or_default();
        for (from, to, side) in [
            (client, server, Side::Client),
            (server, client, Side::Server),
        ] {
            let Some(flow) = flows.get(&(from, to)) else {
                continue;
            };
            if flow.bytes.is_empty() {
                continue;
            }
            out.push(Stream {
                label: format!(
                    "{} -> {} ({})",
                    fmt(from),
                    fmt(to),
                    if side == Side::Client {
                        "client"
                    } else {
                        "server"
                    }
                ),
                bytes: flow.bytes.clone(),
                side,
                ports: Some((from.1, to.1)),
                client_start: client_bytes
                    .get(..64.min(client_bytes.len()))
                    .unwrap_or_default()
                    .to_vec(),
            });
        }
    }
    Ok(out)
}

/// `a.b.c.d:port` or `[v6]:port`.
pub(super) fn fmt((ip, port): Endpoint) -> String {
    match ip {
        IpAddr::V4(ip) => format!("{ip}:{port}"),
        IpAddr::V6(ip) => format!("[{ip}]:{port}"),
    }
}

/// Whether `a` is the client of the connection between `a` and `b`.
fn is_client(
    flows: &HashMap<(Endpoint, Endpoint), Flow>,
    ports: &Ports,
    a: Endpoint,
    b: Endpoint,
) -> bool {
    let forward = flows.get(&(a, b)).is_some_and(|f| f.opened);
    let backward = flows.get(&(b, a)).is_some_and(|f| f.opened);
    if forward != backward {
        return forward;
    }
    match (ports.protocol(a.1), ports.protocol(b.1)) {
        (None, Some(_)) => true,
        (Some(_), None) => false,
        // No handshake and no well-known port: the one that spoke first.
        _ => match (flows.get(&(a, b)), flows.get(&(b, a))) {
            (Some(f), Some(g)) => f.first_seen < g.first_seen,
            (Some(_), None) => true,
            _ => false,
        },
    }
}

/// True when a capture starting with `magic` is pcapng (else classic pcap).
pub(super) fn is_pcapng(magic: &[u8]) -> bool {
    magic.starts_with(&[0x0a, 0x0d, 0x0d, 0x0a])
}

/// Calls `f` with the link type and data of every packet of the capture `input` reads, as
/// each packet arrives (a pipe is read as far as the next packet, no further); stops at
/// `f`'s first error.
pub(super) fn for_each_packet<R: Read>(
    input: R,
    pcapng: bool,
    mut f: impl FnMut(DataLink, &[u8]) -> Result<(), String>,
) -> Result<(), String> {
    if pcapng {
        let mut reader = pcap_file::pcapng::PcapNgReader::new(input).map_err(|e| e.to_string())?;
        let mut links = Vec::new();
        while let Some(block) = reader.next_block() {
            let Some(block) = ended_inside(block)? else {
                break;
            };
            match block {
                pcap_file::pcapng::Block::InterfaceDescription(idb) => links.push(idb.linktype),
                pcap_file::pcapng::Block::EnhancedPacket(epb) => {
                    let link = links
                        .get(epb.interface_id as usize)
                        .copied()
                        .unwrap_or(DataLink::ETHERNET);
                    f(link, &epb.data)?;
                }
                pcap_file::pcapng::Block::SimplePacket(spb) => {
                    f(
                        links.first().copied().unwrap_or(DataLink::ETHERNET),
                        &spb.data,
                    )?;
                }
                _ => {}
            }
        }
    } else {
        let mut reader = pcap_file::pcap::PcapReader::new(input).map_err(|e| e.to_string())?;
        let link = reader.header().datalink;
        while let Some(packet) = reader.next_packet() {
            let Some(packet) = ended_inside(packet)? else {
                break;
            };
            f(link, &packet.data)?;
        }
    }
    Ok(())
}

/// A record read, or `None` where the capture ends inside it (a capture stopped while it was
/// written): what came before is still dissected, and the loss is said on stderr.
fn ended_inside<T>(record: Result<T, pcap_file::PcapError>) -> Result<Option<T>, String> {
    match record {
        Ok(record) => Ok(Some(record)),
        Err(pcap_file::PcapError::IncompleteBuffer) => Ok(None),
        Err(pcap_file::PcapError::IoError(e)) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            eprintln!("wiredump: the capture ends inside a packet record; that packet is left out");
            Ok(None)
        }
        Err(e) => Err(e.to_string()),
    }
}

/// What reassembly needs of a TCP packet.
struct Segment<'a> {
    src: Endpoint,
    dst: Endpoint,
    seq: u32,
    syn: bool,
    ack: bool,
    payload: &'a [u8],
}

/// The TCP segment a packet carries, if any.
fn tcp(link: DataLink, data: &[u8]) -> Option<Segment<'_>> {
    let sliced = match link {
        DataLink::ETHERNET => SlicedPacket::from_ethernet(data).ok()?,
        DataLink::LINUX_SLL => SlicedPacket::from_linux_sll(data).ok()?,
        DataLink::RAW | DataLink::IPV4 | DataLink::IPV6 => SlicedPacket::from_ip(data).ok()?,
        // BSD loopback: a 4-byte address family, then IP.
        DataLink::NULL | DataLink::LOOP => SlicedPacket::from_ip(data.get(4..)?).ok()?,
        _ => return None,
    };
    let (src_ip, dst_ip) = match sliced.net? {
        NetSlice::Ipv4(ip) => (
            IpAddr::V4(ip.header().source_addr()),
            IpAddr::V4(ip.header().destination_addr()),
        ),
        NetSlice::Ipv6(ip) => (
            IpAddr::V6(ip.header().source_addr()),
            IpAddr::V6(ip.header().destination_addr()),
        ),
    };
    let TransportSlice::Tcp(tcp) = sliced.transport? else {
        return None;
    };
    Some(Segment {
        src: (src_ip, tcp.source_port()),
        dst: (dst_ip, tcp.destination_port()),
        seq: tcp.sequence_number(),
        syn: tcp.syn(),
        ack: tcp.ack(),
        payload: tcp.payload(),
    })
}
