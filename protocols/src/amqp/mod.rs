//! AMQP 1.0 messages, as RabbitMQ Stream records carry them (OASIS AMQP 1.0, part 1 "Types"
//! and part 3 "Messaging" section 3.2).
//!
//! - [`Value`]: every encoding of every primitive type, described values, lists, maps and
//!   arrays, borrowed from the bytes (strings as `&str`, binary as `&[u8]`, compound values
//!   validated once and walked lazily). The constructor-byte dispatch is declared with the
//!   derive ([`Encoded`]); described values and compound contents are read by hand, because
//!   their extent is only known by reading their parts.
//! - [`Message`]: the sections of a message, in the specification's order, each optional;
//!   typed [`Header`] and [`Properties`], annotations and application properties as [`Map`]s.
//! - [`MessageBuilder`]: a body, properties and application properties, for a publisher that
//!   does not want to know the type system.
//!
//! ```
//! use wire_protocols::amqp::{Message, Value};
//! use wire_runtime::{WireDecode, WireEncode};
//!
//! let bytes = Message::builder()
//!     .message_id("order-1")
//!     .content_type("application/json")
//!     .application_property("region", Value::String("eu"))
//!     .body(br#"{"qty": 2}"#)
//!     .encode_to_vec()?;
//! let message = wire_runtime::decode::<Message<'_>>(&bytes)?;
//! assert_eq!(message.body.first_data(), Some(&br#"{"qty": 2}"#[..]));
//! assert_eq!(message.application_property("region"), Some(Value::String("eu")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod array;
mod build;
mod compound;
mod encoding;
mod map;
mod message;
mod properties;
#[cfg(feature = "serde")]
mod serialize;
mod skip;
mod typed;
mod value;

pub use array::Array;
pub use build::MessageBuilder;
pub use compound::{List, ListIter, Values, Width};
pub use encoding::Encoded;
pub use map::{Map, MapIter, StringPairs};
pub use message::{Body, DataSections, Message, SectionCode};
pub use properties::{Header, MessageId, Properties};
pub use value::{Described, Descriptor, Value};

/// The constructor of a described value: a descriptor and a value follow.
pub const DESCRIBED: u8 = 0x00;

/// A UUID in its canonical text form.
fn uuid_text(bytes: &[u8; 16]) -> String {
    let v = u128::from_be_bytes(*bytes);
    crate::ignite::Uuid::new((v >> 64) as u64, v as u64).to_string()
}
