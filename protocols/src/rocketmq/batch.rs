//! The body of SEND_BATCH_MESSAGE: the client's batch of messages
//! (`MessageDecoder.encodeMessages` / `decodeMessages`).

use super::properties::Properties;
use wire_runtime::{DecodeError, EncodeError, Reader, WireDecode, WireEncode};

/// One message of a batch body. `total_size` counts the whole record, itself included (on
/// encode it is computed); the client writes `magic` and `body_crc` as 0.
///
/// ```
/// use wire_protocols::rocketmq::{decode_batch, encode_batch, BatchMessage, PropertiesBuf};
///
/// let props = PropertiesBuf::new().with("KEYS", "k1");
/// let batch = [BatchMessage::new(0, b"one", props.as_properties()), BatchMessage::new(0, b"two", Default::default())];
/// let mut body = Vec::new();
/// encode_batch(&batch, &mut body)?;
/// let decoded: Vec<BatchMessage<'_>> = decode_batch(&body).collect::<Result<_, _>>()?;
/// assert_eq!(decoded[1].body, b"two");
/// assert_eq!(decoded[0].properties.get("KEYS"), Some("k1"));
/// assert_eq!(decoded[0].total_size, 20 + 3 + 2 + 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BatchMessage<'a> {
    /// Length of the whole record, this field included.
    #[wire(rest_len, inclusive)]
    pub total_size: i32,
    /// 0 from the client.
    pub magic: i32,
    /// 0 from the client (the broker computes it).
    pub body_crc: i32,
    /// The message's flag.
    pub flag: i32,
    /// The body.
    #[wire(len = i32)]
    #[cfg_attr(
        feature = "serde",
        serde(rename = "body_hex", serialize_with = "crate::hex::serialize")
    )]
    pub body: &'a [u8],
    /// Properties.
    #[wire(len = i16)]
    pub properties: Properties<'a>,
}

impl<'a> BatchMessage<'a> {
    /// A message as the client writes it (magic and CRC 0).
    pub fn new(flag: i32, body: &'a [u8], properties: Properties<'a>) -> Self {
        BatchMessage {
            total_size: 0,
            magic: 0,
            body_crc: 0,
            flag,
            body,
            properties,
        }
    }
}

/// Appends the messages as a batch body.
pub fn encode_batch(messages: &[BatchMessage<'_>], out: &mut Vec<u8>) -> Result<(), EncodeError> {
    out.reserve(messages.iter().map(WireEncode::encoded_len).sum());
    messages.iter().try_for_each(|m| m.encode(out))
}

/// The messages of a batch body, one at a time. The body is complete by declaration: a
/// message cut short is malformed.
pub fn decode_batch(body: &[u8]) -> BatchMessages<'_> {
    BatchMessages {
        reader: Reader::new_section(body),
        done: false,
    }
}

/// Iterator over a batch body (see [`decode_batch`]).
#[derive(Debug, Clone)]
pub struct BatchMessages<'a> {
    reader: Reader<'a>,
    done: bool,
}

impl<'a> Iterator for BatchMessages<'a> {
    type Item = Result<BatchMessage<'a>, DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.reader.is_empty() {
            return None;
        }
        let message = self.reader.read::<BatchMessage<'a>>();
        self.done = message.is_err();
        Some(message)
    }
}
