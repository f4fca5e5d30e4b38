//! Readable forms added beside raw values: timestamps in RFC 3339 UTC.
//!
//! The integer stays where the protocol put it (so `encode` reads back what `decode` printed);
//! a sibling member `<name>_utc` holds the time people read:
//!
//! ```
//! use wiredump::readable::add_times;
//! let mut fields = serde_json::json!({"chunk": {"timestamp": 1796040425759i64}});
//! add_times(&mut fields);
//! assert_eq!(fields["chunk"]["timestamp_utc"], "2026-11-30T12:07:05.759Z");
//! ```

use serde_json::{Map, Value};
use time::OffsetDateTime;
use time::format_description::BorrowedFormatItem;
use time::macros::format_description;

/// RFC 3339 in UTC, always to the millisecond (so times line up in columns).
const RFC3339_MILLIS: &[BorrowedFormatItem<'_>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");

/// How a protocol counts time in a member of this name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Clock {
    /// Milliseconds since the Unix epoch (RocketMQ born/store, Stream chunk timestamps).
    Millis,
    /// An Ignite hybrid timestamp: milliseconds since the epoch in the high 48 bits, a logical
    /// counter in the low 16.
    Hybrid,
}

/// Members that hold times, by name.
const TIMES: &[(&str, Clock)] = &[
    ("born_timestamp", Clock::Millis),
    ("store_timestamp", Clock::Millis),
    ("timestamp", Clock::Millis),
    ("observable_timestamp", Clock::Hybrid),
    // AMQP 1.0 message properties (Stream records).
    ("creation_time", Clock::Millis),
    ("absolute_expiry_time", Clock::Millis),
];

/// True if a message of this protocol can hold a time (so its fields are worth walking).
pub fn may_hold_times(protocol: crate::cli::Protocol, message: &str) -> bool {
    use crate::cli::Protocol as P;
    match protocol {
        P::Stream => message.starts_with("Deliver"),
        P::RocketmqMessage | P::Ignite => true,
        P::Rocketmq | P::RocketmqBatch | P::Mqtt | P::Mqtt5 | P::Msgpack => false,
    }
}

/// Adds `<name>_utc` beside every member that holds a time, at any depth.
pub fn add_times(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for item in map.values_mut() {
                add_times(item);
            }
            add_to_object(map);
        }
        Value::Array(items) => items.iter_mut().for_each(add_times),
        _ => {}
    }
}

/// Adds `"<name>_utc"` after every member that holds a time in `json`, the serialized JSON of
/// a frame, in place: the same as [`add_times`] without building a `Value` (a Deliver of 100
/// records would be rebuilt as a tree only for one member).
///
/// Sound on any JSON: a key is found by its quoted name and colon, `"timestamp":`, which can
/// only be a key (inside a string a quote is escaped, so the name's closing quote would read
/// `\"`), and it is only followed if a whole integer follows (not `1.5`, not `1e3`).
///
/// ```
/// let mut json = br#"{"a":"\"timestamp\":1","timestamp":0,"born_timestamp":1.5}"#.to_vec();
/// wiredump::readable::add_times_to_json(&mut json);
/// assert_eq!(
///     String::from_utf8(json).unwrap(),
///     r#"{"a":"\"timestamp\":1","timestamp":0,"timestamp_utc":"1970-01-01T00:00:00.000Z","born_timestamp":1.5}"#
/// );
/// ```
pub fn add_times_to_json(json: &mut Vec<u8>) {
    for (name, clock) in TIMES {
        let key = format!("\"{name}\":");
        let finder = memchr::memmem::Finder::new(key.as_bytes());
        let mut from = 0;
        while let Some(found) = finder.find(&json[from..]) {
            let value = from + found + key.len();
            let digits = json[value..]
                .iter()
                .enumerate()
                .take_while(|(i, b)| b.is_ascii_digit() || (*i == 0 && **b == b'-'))
                .count();
            from = value + digits;
            // A whole integer: not the start of `1.5` or `1e3`.
            let whole = matches!(json.get(from), Some(b',' | b'}' | b']'));
            let raw = std::str::from_utf8(&json[value..from])
                .ok()
                .filter(|_| whole)
                .and_then(|text| text.parse::<i64>().ok());
            if let Some(text) = raw.and_then(|raw| utc(raw, *clock)) {
                let member = format!(",\"{name}_utc\":\"{text}\"");
                json.splice(from..from, member.bytes());
                from += member.len();
            }
        }
    }
}

fn add_to_object(map: &mut Map<String, Value>) {
    let found: Vec<(String, String)> = TIMES
        .iter()
        .filter_map(|(name, clock)| {
            let raw = map.get(*name)?.as_i64()?;
            Some((format!("{name}_utc"), utc(raw, *clock)?))
        })
        .collect();
    for (key, text) in found {
        // Right after its integer (`preserve_order` keeps members in order).
        let name = key.trim_end_matches("_utc");
        let at = map
            .keys()
            .position(|k| k == name)
            .map_or(map.len(), |i| i + 1);
        map.shift_insert(at, key, Value::String(text));
    }
}

/// The RFC 3339 UTC form of `raw` on `clock`, to the millisecond; `None` out of range.
fn utc(raw: i64, clock: Clock) -> Option<String> {
    let (millis, logical) = match clock {
        Clock::Millis => (raw, None),
        Clock::Hybrid => (raw >> 16, Some(raw & 0xffff)),
    };
    let when = OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000).ok()?;
    let text = when.format(RFC3339_MILLIS).ok()?;
    Some(match logical {
        Some(n) if n != 0 => format!("{text} +{n}"),
        _ => text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn millisecond_and_hybrid_clocks() {
        assert_eq!(utc(0, Clock::Millis).unwrap(), "1970-01-01T00:00:00.000Z");
        assert_eq!(
            utc(1_767_225_600_000, Clock::Millis).unwrap(),
            "2026-01-01T00:00:00.000Z"
        );
        assert_eq!(
            utc(1_767_225_600_123, Clock::Millis).unwrap(),
            "2026-01-01T00:00:00.123Z"
        );
        assert_eq!(utc(-1, Clock::Millis).unwrap(), "1969-12-31T23:59:59.999Z");
        let hybrid = (1_767_225_600_000i64 << 16) | 3;
        assert_eq!(
            utc(hybrid, Clock::Hybrid).unwrap(),
            "2026-01-01T00:00:00.000Z +3"
        );
        assert_eq!(utc(i64::MAX, Clock::Millis), None, "beyond year 9999");
    }

    #[test]
    fn the_json_and_the_tree_get_the_same_members() {
        let v = serde_json::json!({
            "timestamp": 1_796_040_425_759i64,
            "nested": [{"born_timestamp": -5, "store_timestamp": 7, "x": "\"timestamp\":3"}],
            "observable_timestamp": (1_767_225_600_000i64 << 16) | 9,
            "not_a_time": {"timestamp": "text"},
        });
        let mut tree = v.clone();
        add_times(&mut tree);
        let mut json = serde_json::to_vec(&v).unwrap();
        add_times_to_json(&mut json);
        assert_eq!(String::from_utf8(json).unwrap(), tree.to_string());
    }

    #[test]
    fn the_readable_member_follows_its_integer() {
        let mut v = serde_json::json!({"a": 1, "timestamp": 0, "b": [{"store_timestamp": 1000}]});
        add_times(&mut v);
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["a", "timestamp", "timestamp_utc", "b"]);
        assert_eq!(v["b"][0]["store_timestamp_utc"], "1970-01-01T00:00:01.000Z");
    }
}
