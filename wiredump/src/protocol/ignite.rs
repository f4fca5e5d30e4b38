//! Apache Ignite 3 client protocol: the handshake and the messages after it, and each built
//! back from JSON.

use crate::cli::Side;
use crate::frames::{Length, Sink, Span, Summary, decode_frame, framed, whole};
use serde::Deserialize;
use std::cell::Cell;
use std::io;
use wire_protocols::document::{Error as DocumentError, Node};
use wire_protocols::ignite;
use wire_runtime::WireEncode;

/// Ignite messages: `IGNI` and a handshake first when the stream starts with the magic, then
/// requests (from the client) or responses (from the server).
pub fn dissect<S: Sink>(bytes: &[u8], side: Side, sink: &mut S) -> io::Result<Summary> {
    // Only the first frame can be the handshake.
    let handshake = Cell::new(bytes.starts_with(&ignite::MAGIC));
    framed(
        bytes,
        sink,
        |rest| {
            Ok(match ignite::frame_len(rest, handshake.get())? {
                Some(len) => Length::Whole(len),
                None => Length::Partial(ignite_missing(rest, handshake.get())),
            })
        },
        |frame, sink, span| {
            let first = handshake.replace(false);
            match (first, side) {
                (true, Side::Client) => report(
                    sink,
                    span,
                    frame,
                    "HandshakeRequest",
                    |m: ignite::First<ignite::HandshakeRequest<'_>>| m.body,
                ),
                (true, Side::Server) => report(
                    sink,
                    span,
                    frame,
                    "HandshakeResponse",
                    |m: ignite::First<ignite::HandshakeResponse<'_>>| m.body,
                ),
                (false, Side::Client) => report(
                    sink,
                    span,
                    frame,
                    "Request",
                    |m: ignite::Message<ignite::Request<'_>>| m.body,
                ),
                (false, Side::Server) => report(
                    sink,
                    span,
                    frame,
                    "Response",
                    |m: ignite::Message<ignite::Response<'_>>| m.body,
                ),
            }
        },
    )
}

fn ignite_missing(rest: &[u8], handshake: bool) -> Option<usize> {
    let magic = if handshake { 4 } else { 0 };
    let len = rest.get(magic..magic + 4)?;
    let body = i32::from_be_bytes([len[0], len[1], len[2], len[3]]);
    Some((magic + 4 + usize::try_from(body).ok()?).saturating_sub(rest.len()))
}

/// An Ignite message: handshakes carry the `IGNI` magic.
pub fn encode(name: &str, side: Side, f: &Node) -> Result<Result<Vec<u8>, String>, DocumentError> {
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

/// Decodes `frame` as a `W` (a framing around the message) and reports the message `body`
/// takes out of it, named `message`.
fn report<'f, W, T, S>(
    sink: &mut S,
    span: Span,
    frame: &'f [u8],
    message: &'static str,
    body: impl Fn(W) -> T,
) -> io::Result<bool>
where
    W: wire_runtime::WireDecode<'f>,
    T: serde::Serialize,
    S: Sink,
{
    decode_frame(sink, span, frame, |spans| {
        let framed = whole::<W, ()>(frame, (), true, spans)?;
        Ok((message.into(), body(framed)))
    })
}
