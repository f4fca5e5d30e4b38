use super::*;

// ---------------------------------------------------------------------------------------------
// Consumers: every decoded field through `black_box`, each read as the scalars it is made of (a
// slice's pointer and length, an option's presence and value), as code that uses the packet
// reads it. `black_box(&str)` by value would copy the slice with one 16-byte load, and whether
// that load waits for the decoder's stores to retire depends on how the decoder happened to
// group them (one 16-byte store, or two 8-byte ones): an accident of code generation, on
// either side, not a cost of decoding.

#[inline(always)]
pub(crate) fn read_bytes(bytes: &[u8]) {
    black_box(bytes.as_ptr());
    black_box(bytes.len());
}

#[inline(always)]
pub(crate) fn read_id(id: Option<u16>) {
    if let Some(id) = id {
        black_box(id);
    }
}

/// A decoded packet read through a reference and then dropped whole: the drop is the generic
/// one of the fifteen-kind `Packet`, out of line (`..._by_ref` cases).
#[inline(always)]
pub(crate) fn consume_wire_by_ref(packet: &Packet<'_>) {
    let Packet::Publish { flags, publish } = packet else {
        unreachable!("not a PUBLISH")
    };
    consume_publish(*flags, publish);
}

#[inline(always)]
pub(crate) fn consume_publish(flags: PublishFlags, publish: &Publish<'_>) {
    black_box((flags.dup, flags.qos, flags.retain));
    read_bytes(publish.topic.as_str().as_bytes());
    read_id(publish.packet_id);
    if let Some(properties) = &publish.properties {
        for property in properties.iter() {
            black_box(property);
        }
    }
    read_bytes(publish.payload);
}

#[inline(always)]
pub(crate) fn consume_hand(p: &mqtt_publish::Publish<'_>) {
    black_box((p.dup, p.qos, p.retain));
    read_bytes(p.topic.as_bytes());
    read_id(p.packet_id);
    if let Some(props) = &p.properties {
        black_box(props.payload_format_indicator);
        black_box(props.message_expiry_interval);
        black_box(props.topic_alias);
        black_box(props.response_topic);
        black_box(props.correlation_data);
        black_box(props.content_type);
        for pair in props.repeatable.user_properties() {
            black_box(pair);
        }
        for id in props.repeatable.subscription_ids() {
            black_box(id);
        }
    }
    read_bytes(p.payload);
}

macro_rules! consume_peer {
    ($p:expr, $topic:expr) => {{
        let p = $p;
        black_box((p.dup, p.qos, p.retain));
        read_bytes(AsRef::<[u8]>::as_ref($topic));
        black_box(p.pkid);
        read_bytes(&p.payload[..]);
    }};
}

macro_rules! consume_peer_props {
    ($props:expr) => {
        if let Some(props) = &$props {
            black_box(props.payload_format_indicator);
            black_box(props.message_expiry_interval);
            black_box(props.topic_alias);
            black_box(props.response_topic.as_deref());
            black_box(props.correlation_data.as_deref());
            black_box(props.content_type.as_deref());
            for (k, v) in &props.user_properties {
                black_box((k.as_str(), v.as_str()));
            }
            for id in &props.subscription_identifiers {
                black_box(id);
            }
        }
    };
}

/// Reads an owned PUBLISH as the peers' are read.
#[inline(always)]
pub(crate) fn consume_owned(p: &OwnedPublish) {
    consume_peer!(p, p.topic.as_str());
    consume_peer_props!(p.properties);
}
