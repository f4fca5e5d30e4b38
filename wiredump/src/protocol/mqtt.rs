//! MQTT 3.1.1 and 5.0: packets split by their remaining length, and built back from JSON.

use crate::frames::{Length, Sink, Span, Summary, decode_frame, framed, whole};
use serde::Deserialize;
use std::io;
use wire_protocols::document::{Error as DocumentError, Node};
use wire_protocols::mqtt;
use wire_runtime::DecodeError;

/// Members 3.1.1 packets do not have (decoded as their 5.0 defaults), left out of text.
pub const NOT_IN_V311: &[&str] = &[
    "properties",
    "reason",
    "no_local",
    "retain_as_published",
    "retain_handling",
];

/// Members 5.0 packets do not have: CONNACK's return code is 3.1.1's.
pub const NOT_IN_V5: &[&str] = &["return_code"];

/// MQTT packets of `version`, back to back.
pub fn dissect(bytes: &[u8], version: mqtt::Version, sink: &mut impl Sink) -> io::Result<Summary> {
    framed(bytes, sink, mqtt_len, |f, s, span| {
        mqtt_frame(f, version, s, span)
    })
}

fn mqtt_len(buf: &[u8]) -> Result<Length, DecodeError> {
    Ok(match mqtt::frame_len(buf, usize::MAX)? {
        Some(len) => Length::Whole(len),
        None => Length::Partial(
            wire_runtime::decode_prefix::<wire_runtime::int::Vbi>(buf.get(1..).unwrap_or_default())
                .ok()
                .map(|(remaining, used)| {
                    (1 + used + remaining.0 as usize).saturating_sub(buf.len())
                }),
        ),
    })
}

fn mqtt_frame<S: Sink>(
    frame: &[u8],
    version: mqtt::Version,
    sink: &mut S,
    span: Span,
) -> io::Result<bool> {
    decode_frame(sink, span, frame, |spans| {
        let packet = match spans {
            None => mqtt::decode(frame, version)?.0,
            spans => whole::<mqtt::Packet<'_>, _>(frame, version, true, spans)?,
        };
        Ok((packet.name().into(), packet))
    })
}

/// The bytes of the MQTT packet named `message` with these fields.
pub fn encode(
    message: &str,
    fields: &Node,
    version: mqtt::Version,
) -> Result<Result<Vec<u8>, String>, DocumentError> {
    let packet = mqtt_packet(message, fields)?;
    Ok(mqtt::encode(&packet, version).map_err(|e| e.to_string()))
}

fn field<'v, T: Deserialize<'v>>(fields: &'v Node, name: &str) -> Result<T, DocumentError> {
    T::deserialize(fields.get(name).unwrap_or(&Node::Null))
}

/// The MQTT packet named `name` (as `Packet::name` spells it) with these fields.
fn mqtt_packet<'v>(name: &str, f: &'v Node) -> Result<mqtt::Packet<'v>, DocumentError> {
    use mqtt::Packet as P;
    Ok(match name {
        "CONNECT" => P::Connect {
            header: Default::default(),
            connect: field(f, "connect")?,
        },
        "CONNACK" => P::ConnAck {
            header: Default::default(),
            connack: field(f, "connack")?,
        },
        "PUBLISH" => P::Publish {
            flags: field(f, "flags")?,
            publish: field(f, "publish")?,
        },
        "PUBACK" => P::PubAck {
            header: Default::default(),
            ack: field(f, "ack")?,
        },
        "PUBREC" => P::PubRec {
            header: Default::default(),
            ack: field(f, "ack")?,
        },
        "PUBREL" => P::PubRel {
            header: Default::default(),
            ack: field(f, "ack")?,
        },
        "PUBCOMP" => P::PubComp {
            header: Default::default(),
            ack: field(f, "ack")?,
        },
        "SUBSCRIBE" => P::Subscribe {
            header: Default::default(),
            subscribe: field(f, "subscribe")?,
        },
        "SUBACK" => P::SubAck {
            header: Default::default(),
            suback: field(f, "suback")?,
        },
        "UNSUBSCRIBE" => P::Unsubscribe {
            header: Default::default(),
            unsubscribe: field(f, "unsubscribe")?,
        },
        "UNSUBACK" => P::UnsubAck {
            header: Default::default(),
            unsuback: field(f, "unsuback")?,
        },
        "PINGREQ" => P::PingReq {
            header: Default::default(),
            body: mqtt::Empty,
        },
        "PINGRESP" => P::PingResp {
            header: Default::default(),
            body: mqtt::Empty,
        },
        "DISCONNECT" => P::Disconnect {
            header: Default::default(),
            disconnect: field(f, "disconnect")?,
        },
        "AUTH" => P::Auth {
            header: Default::default(),
            auth: field(f, "auth")?,
        },
        other => {
            return Err(serde::de::Error::custom(format_args!(
                "no MQTT packet is called {other}"
            )));
        }
    })
}
