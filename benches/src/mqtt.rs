//! MQTT 3.1.1 PUBLISH: fixed header byte, remaining length (VBI), topic, packet id, payload.

use bytes::BufMut;
use wire_runtime::{WireDecode, WireEncode};

/// The fixed header byte of a PUBLISH: type 3 and the flags nibble.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u8, reserved(bits = 4..8, value = 3))]
pub struct PublishFlags {
    #[wire(bit = 3)]
    pub dup: bool,
    #[wire(bits = 1..3)]
    pub qos: u8,
    #[wire(bit = 0)]
    pub retain: bool,
}

/// The derived layout: the body sits in a section of the remaining length.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
pub struct Publish<'a> {
    pub flags: PublishFlags,
    #[wire(len = vbi, ctx = *flags)]
    pub body: PublishBody<'a>,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone)]
#[wire(ctx(flags: PublishFlags))]
pub struct PublishBody<'a> {
    #[wire(len = u16)]
    pub topic: &'a str,
    #[wire(if = flags.qos > 0)]
    pub packet_id: Option<u16>,
    #[wire(rest)]
    pub payload: &'a [u8],
}

/// QoS 1, topic `sensors/room1/temperature`, packet id 10, `payload_len` bytes of payload.
pub fn sample(payload: &[u8]) -> Publish<'_> {
    Publish {
        flags: PublishFlags {
            dup: false,
            qos: 1,
            retain: false,
        },
        body: PublishBody {
            topic: "sensors/room1/temperature",
            packet_id: Some(10),
            payload,
        },
    }
}

/// Hand-written decoder and encoder of the same layout.
pub mod hand {
    use super::*;

    #[inline]
    fn vbi(input: &mut &[u8]) -> Option<usize> {
        let mut value = 0usize;
        for i in 0..4 {
            let (&byte, rest) = input.split_first()?;
            *input = rest;
            value |= usize::from(byte & 0x7f) << (7 * i);
            if byte & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    }

    #[inline(never)]
    pub fn decode(mut input: &[u8]) -> Option<Publish<'_>> {
        let (&first, rest) = input.split_first()?;
        input = rest;
        if first >> 4 != 3 {
            return None;
        }
        let flags = PublishFlags {
            dup: first & 8 != 0,
            qos: (first >> 1) & 3,
            retain: first & 1 != 0,
        };
        let remaining = vbi(&mut input)?;
        if remaining != input.len() {
            return None;
        }
        let (topic_len, rest) = input.split_first_chunk::<2>()?;
        input = rest;
        let topic_len = usize::from(u16::from_be_bytes(*topic_len));
        if topic_len > input.len() {
            return None;
        }
        let (topic, rest) = input.split_at(topic_len);
        input = rest;
        let topic = crate::utf8(topic)?;
        let packet_id = if flags.qos > 0 {
            let (id, rest) = input.split_first_chunk::<2>()?;
            input = rest;
            Some(u16::from_be_bytes(*id))
        } else {
            None
        };
        Some(Publish {
            flags,
            body: PublishBody {
                topic,
                packet_id,
                payload: input,
            },
        })
    }

    /// Encodes `p`, or `None` for what cannot be encoded as the layout says, as wire refuses
    /// it: a QoS wider than its two bits, a packet id present without QoS or missing with it,
    /// a topic longer than its `u16` prefix, or a body longer than a remaining length holds.
    /// Without these checks the encoder writes a wrong frame silently (a 70,000-byte topic's
    /// prefix truncated, QoS 4 overwriting the packet type).
    #[inline(never)]
    pub fn encode(p: &Publish<'_>, out: &mut Vec<u8>) -> Option<()> {
        let body = &p.body;
        let flags = p.flags;
        if flags.qos > 3 || body.packet_id.is_some() != (flags.qos > 0) {
            return None;
        }
        let topic_len = u16::try_from(body.topic.len()).ok()?;
        let remaining = 2
            + body.topic.len()
            + if body.packet_id.is_some() { 2 } else { 0 }
            + body.payload.len();
        if remaining >= 1 << 28 {
            return None;
        }
        out.reserve(5 + remaining);
        out.put_u8(0x30 | u8::from(flags.dup) << 3 | flags.qos << 1 | u8::from(flags.retain));
        let mut n = remaining;
        loop {
            let byte = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                out.put_u8(byte);
                break;
            }
            out.put_u8(byte | 0x80);
        }
        out.put_u16(topic_len);
        out.put_slice(body.topic.as_bytes());
        if let Some(id) = body.packet_id {
            out.put_u16(id);
        }
        out.put_slice(body.payload);
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// wire and hand encode the same bytes for a valid PUBLISH and both refuse the invalid
    /// ones: they are timed doing the same work.
    #[test]
    fn hand_refuses_what_wire_refuses() {
        let payload = [7u8; 10];
        let long_topic = "t".repeat(70_000);
        let valid = sample(&payload);
        let mut qos_4 = valid.clone();
        qos_4.flags.qos = 4;
        let mut id_without_qos = valid.clone();
        id_without_qos.flags.qos = 0;
        let mut qos_without_id = valid.clone();
        qos_without_id.body.packet_id = None;
        let mut long = valid.clone();
        long.body.topic = &long_topic;

        let (mut wire, mut hand) = (Vec::new(), Vec::new());
        valid.encode(&mut wire).unwrap();
        assert_eq!(hand::encode(&valid, &mut hand), Some(()));
        assert_eq!(wire, hand);
        for (name, p) in [
            ("qos 4", qos_4),
            ("id without qos", id_without_qos),
            ("qos without id", qos_without_id),
            ("70,000-byte topic", long),
        ] {
            assert!(p.encode(&mut Vec::new()).is_err(), "wire encodes {name}");
            assert_eq!(
                hand::encode(&p, &mut Vec::new()),
                None,
                "hand encodes {name}"
            );
        }
    }
}
