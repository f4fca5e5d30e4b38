//! `wiredump encode`: the JSON of one frame (as `decode --format json` prints it) back to bytes.

use crate::cli::{EncodeArgs, Protocol, Side};
use serde::Deserialize;
use serde_json::Value;
use std::io::{Read, Write};
use std::process::ExitCode;
use wire_protocols::{ignite, mqtt, stream};
use wire_runtime::WireEncode;

/// Reads one frame's JSON on stdin and writes its bytes as hex on stdout.
pub fn run(args: &EncodeArgs) -> Result<ExitCode, String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("stdin: {e}"))?;
    let frame: Value = serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))?;
    let bytes = encode(args.protocol, args.from, &frame)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", wire_protocols::hex::Hex(&bytes)).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// The bytes of the frame `frame` describes (`{"message": .., "fields": ..}`).
pub fn encode(protocol: Protocol, from: Side, frame: &Value) -> Result<Vec<u8>, String> {
    let message = frame["message"]
        .as_str()
        .ok_or("the JSON has no \"message\" naming the frame's type")?;
    let fields = frame.get("fields").ok_or("the JSON has no \"fields\"")?;
    let side = match frame.get("direction").and_then(Value::as_str) {
        Some("server") => Side::Server,
        Some("client") => Side::Client,
        _ => from,
    };
    let bad = |e: serde_json::Error| format!("{message}: {e}");
    match protocol {
        Protocol::Stream => {
            let tagged = serde_json::json!({ message: fields });
            let command = stream::Command::deserialize(&tagged).map_err(bad)?;
            stream::encode(&command).map_err(|e| e.to_string())
        }
        Protocol::Mqtt | Protocol::Mqtt5 => {
            let version = if protocol == Protocol::Mqtt {
                mqtt::Version::V311
            } else {
                mqtt::Version::V5
            };
            let packet = mqtt_packet(message, fields).map_err(bad)?;
            mqtt::encode(&packet, version).map_err(|e| e.to_string())
        }
        Protocol::Msgpack => {
            let value = wire_protocols::hex::deserialize_msgpack_value(fields).map_err(bad)?;
            value.encode_to_vec().map_err(|e| e.to_string())
        }
        Protocol::Ignite => ignite_message(message, side, fields).map_err(bad)?,
        Protocol::Rocketmq | Protocol::RocketmqMessage | Protocol::RocketmqBatch => {
            crate::rocketmq::encode(protocol, message, fields)
        }
    }
}

fn field<'v, T: Deserialize<'v>>(fields: &'v Value, name: &str) -> Result<T, serde_json::Error> {
    T::deserialize(&fields[name])
}

/// The MQTT packet named `name` (as `Packet::name` spells it) with these fields.
fn mqtt_packet<'v>(name: &str, f: &'v Value) -> Result<mqtt::Packet<'v>, serde_json::Error> {
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

/// An Ignite message: handshakes carry the `IGNI` magic.
fn ignite_message(
    name: &str,
    side: Side,
    f: &Value,
) -> Result<Result<Vec<u8>, String>, serde_json::Error> {
    let encoded = match (name, side) {
        ("HandshakeRequest", _) => ignite::First {
            body: ignite::HandshakeRequest::deserialize(f)?,
        }
        .encode_to_vec(),
        ("HandshakeResponse", _) => ignite::First {
            body: ignite::HandshakeResponse::deserialize(f)?,
        }
        .encode_to_vec(),
        ("Request", _) => ignite::Message {
            body: ignite::Request::deserialize(f)?,
        }
        .encode_to_vec(),
        ("Response", _) => ignite::Message {
            body: ignite::Response::deserialize(f)?,
        }
        .encode_to_vec(),
        (other, _) => {
            return Err(serde::de::Error::custom(format_args!(
                "no Ignite message is called {other}"
            )));
        }
    };
    Ok(encoded.map_err(|e| e.to_string()))
}
