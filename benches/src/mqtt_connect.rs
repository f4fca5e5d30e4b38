//! Hand-written CONNECT codec (3.1.1 and 5.0) for the layout of `wire_protocols::mqtt`: the
//! `hand` side of the `mqtt5_connect_props_*` cases in `benches/benches/mqtt.rs`.
//!
//! It accepts and rejects exactly what the derived decoder does for a CONNECT:
//! * fixed header byte `0x10`; minimal remaining length, the body filling exactly that length;
//! * protocol name `MQTT`, protocol level 4 or 5 (the level decides the layout);
//! * Connect Flags: reserved bit 0 clear, will QoS not 3, will QoS and will retain only with the
//!   will flag, and in 3.1.1 the password flag only with the user name flag;
//! * 5.0 properties (CONNECT and will): a minimal Variable Byte Integer length, then only the
//!   identifiers allowed in that list (CONNECT 0x11, 0x15, 0x16, 0x17, 0x19, 0x21, 0x22, 0x26,
//!   0x27; will 0x01, 0x02, 0x03, 0x08, 0x09, 0x18, 0x26) with their types checked (bool 0/1,
//!   strings UTF-8 without U+0000, Receive Maximum and Maximum Packet Size non-zero), none
//!   repeated except User Property, nothing overrunning the section;
//! * client id and user name: UTF-8 without U+0000; the will topic is a topic name, so no
//!   wildcards either (as in the derived decoder); will payload and password: binary data.
//!
//! As in `crate::mqtt_publish`, properties land in typed fields and user properties stay in the
//! validated section, iterated lazily without allocating. The encoder writes properties in
//! mqttbytes' order and derives the Connect Flags from which parts are present.

use crate::mqtt_hand::*;
use crate::mqtt_publish::Version;
use bytes::{BufMut, BytesMut};

/// A CONNECT packet, borrowed from the input.
#[derive(Debug, Clone, Copy)]
pub struct Connect<'a> {
    /// From the protocol level byte.
    pub version: Version,
    pub clean_start: bool,
    pub keep_alive: u16,
    /// Present exactly in 5.0.
    pub properties: Option<ConnectProperties<'a>>,
    pub client_id: &'a str,
    pub will: Option<Will<'a>>,
    pub username: Option<&'a str>,
    pub password: Option<&'a [u8]>,
}

/// The will message and its flags.
#[derive(Debug, Clone, Copy)]
pub struct Will<'a> {
    /// 0, 1 or 2.
    pub qos: u8,
    pub retain: bool,
    /// Present exactly in 5.0.
    pub properties: Option<WillProperties<'a>>,
    pub topic: &'a str,
    pub payload: &'a [u8],
}

/// The properties allowed in a 5.0 CONNECT.
#[derive(Debug, Clone, Copy, Default)]
pub struct ConnectProperties<'a> {
    pub session_expiry_interval: Option<u32>,
    pub receive_maximum: Option<u16>,
    pub maximum_packet_size: Option<u32>,
    pub topic_alias_maximum: Option<u16>,
    pub request_response_information: Option<bool>,
    pub request_problem_information: Option<bool>,
    pub user_properties: UserProperties<'a>,
    pub authentication_method: Option<&'a str>,
    pub authentication_data: Option<&'a [u8]>,
}

/// The properties allowed in a 5.0 will.
#[derive(Debug, Clone, Copy, Default)]
pub struct WillProperties<'a> {
    pub will_delay_interval: Option<u32>,
    pub payload_format_indicator: Option<bool>,
    pub message_expiry_interval: Option<u32>,
    pub content_type: Option<&'a str>,
    pub response_topic: Option<&'a str>,
    pub correlation_data: Option<&'a [u8]>,
    pub user_properties: UserProperties<'a>,
}

/// User properties: given as values (to encode), or a property section the decoder validated
/// with how many it holds.
#[derive(Debug, Clone, Copy)]
pub enum UserProperties<'a> {
    Values(&'a [(&'a str, &'a str)]),
    Decoded { section: &'a [u8], count: u32 },
}

impl Default for UserProperties<'_> {
    fn default() -> Self {
        UserProperties::Values(&[])
    }
}

impl<'a> UserProperties<'a> {
    /// (key, value) pairs in wire order.
    #[inline]
    pub fn iter(&self) -> UserPropertyIter<'a> {
        match *self {
            UserProperties::Values(values) => UserPropertyIter::given(values),
            UserProperties::Decoded { section, count } => UserPropertyIter::decoded(section, count),
        }
    }
}

#[inline]
fn u8_at(input: &mut &[u8]) -> Option<u8> {
    let (&b, rest) = input.split_first()?;
    *input = rest;
    Some(b)
}

#[inline]
fn u16_at(input: &mut &[u8]) -> Option<u16> {
    let (v, rest) = input.split_first_chunk::<2>()?;
    *input = rest;
    Some(u16::from_be_bytes(*v))
}

#[inline]
fn u32_at(input: &mut &[u8]) -> Option<u32> {
    let (v, rest) = input.split_first_chunk::<4>()?;
    *input = rest;
    Some(u32::from_be_bytes(*v))
}

#[inline]
fn bool_at(input: &mut &[u8]) -> Option<bool> {
    match u8_at(input)? {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    }
}

/// `slot` set to `value`; `None` if it was already set (a repeated property).
#[inline]
fn once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    slot.replace(value).is_none().then_some(())
}

/// The property section at the front of `input`, and its bytes.
#[inline]
fn section<'a>(input: &mut &'a [u8]) -> Option<&'a [u8]> {
    let len = vbi(input)?;
    let (section, rest) = input.split_at_checked(len)?;
    *input = rest;
    Some(section)
}

#[inline]
fn connect_properties<'a>(input: &mut &'a [u8]) -> Option<ConnectProperties<'a>> {
    let section = section(input)?;
    let mut p = ConnectProperties::default();
    let mut users = 0u32;
    let mut s = section;
    while let Some((&id, rest)) = s.split_first() {
        s = rest;
        match id {
            SESSION_EXPIRY => once(&mut p.session_expiry_interval, u32_at(&mut s)?)?,
            RECEIVE_MAXIMUM => {
                let max = u16_at(&mut s)?;
                if max == 0 {
                    return None;
                }
                once(&mut p.receive_maximum, max)?
            }
            MAXIMUM_PACKET_SIZE => {
                let size = u32_at(&mut s)?;
                if size == 0 {
                    return None;
                }
                once(&mut p.maximum_packet_size, size)?
            }
            TOPIC_ALIAS_MAXIMUM => once(&mut p.topic_alias_maximum, u16_at(&mut s)?)?,
            REQUEST_RESPONSE => once(&mut p.request_response_information, bool_at(&mut s)?)?,
            REQUEST_PROBLEM => once(&mut p.request_problem_information, bool_at(&mut s)?)?,
            USER_PROPERTY => {
                string(&mut s)?;
                string(&mut s)?;
                users += 1;
            }
            AUTH_METHOD => once(&mut p.authentication_method, string(&mut s)?)?,
            AUTH_DATA => once(&mut p.authentication_data, prefixed(&mut s)?)?,
            _ => return None,
        }
    }
    if users > 0 {
        p.user_properties = UserProperties::Decoded {
            section,
            count: users,
        };
    }
    Some(p)
}

#[inline]
fn will_properties<'a>(input: &mut &'a [u8]) -> Option<WillProperties<'a>> {
    let section = section(input)?;
    let mut p = WillProperties::default();
    let mut users = 0u32;
    let mut s = section;
    while let Some((&id, rest)) = s.split_first() {
        s = rest;
        match id {
            WILL_DELAY => once(&mut p.will_delay_interval, u32_at(&mut s)?)?,
            PAYLOAD_FORMAT => once(&mut p.payload_format_indicator, bool_at(&mut s)?)?,
            MESSAGE_EXPIRY => once(&mut p.message_expiry_interval, u32_at(&mut s)?)?,
            CONTENT_TYPE => once(&mut p.content_type, string(&mut s)?)?,
            RESPONSE_TOPIC => once(&mut p.response_topic, string(&mut s)?)?,
            CORRELATION_DATA => once(&mut p.correlation_data, prefixed(&mut s)?)?,
            USER_PROPERTY => {
                string(&mut s)?;
                string(&mut s)?;
                users += 1;
            }
            _ => return None,
        }
    }
    if users > 0 {
        p.user_properties = UserProperties::Decoded {
            section,
            count: users,
        };
    }
    Some(p)
}

const PROTOCOL_NAME: &[u8; 6] = b"\x00\x04MQTT";

/// Decodes the CONNECT at the front of `input`; returns it and the bytes it took.
#[inline]
pub fn decode(input: &[u8]) -> Option<(Connect<'_>, usize)> {
    let (&first, mut rest) = input.split_first()?;
    if first != 0x10 {
        return None;
    }
    let remaining = vbi(&mut rest)?;
    let used = input.len() - rest.len() + remaining;
    let mut body = rest.get(..remaining)?;
    let (name, rest) = body.split_first_chunk::<6>()?;
    if name != PROTOCOL_NAME {
        return None;
    }
    body = rest;
    let version = match u8_at(&mut body)? {
        4 => Version::V311,
        5 => Version::V5,
        _ => return None,
    };
    let flags = u8_at(&mut body)?;
    let will_flag = flags & 0x04 != 0;
    let will_qos = (flags >> 3) & 3;
    let will_retain = flags & 0x20 != 0;
    let username_flag = flags & 0x80 != 0;
    let password_flag = flags & 0x40 != 0;
    if flags & 1 != 0
        || will_qos == 3
        || (!will_flag && (will_qos != 0 || will_retain))
        || (version == Version::V311 && password_flag && !username_flag)
    {
        return None;
    }
    let keep_alive = u16_at(&mut body)?;
    let properties = match version {
        Version::V5 => Some(connect_properties(&mut body)?),
        Version::V311 => None,
    };
    let client_id = string(&mut body)?;
    let will = if will_flag {
        let properties = match version {
            Version::V5 => Some(will_properties(&mut body)?),
            Version::V311 => None,
        };
        Some(Will {
            qos: will_qos,
            retain: will_retain,
            properties,
            topic: topic_name(prefixed(&mut body)?)?,
            payload: prefixed(&mut body)?,
        })
    } else {
        None
    };
    let username = if username_flag {
        Some(string(&mut body)?)
    } else {
        None
    };
    let password = if password_flag {
        Some(prefixed(&mut body)?)
    } else {
        None
    };
    if !body.is_empty() {
        return None;
    }
    let connect = Connect {
        version,
        clean_start: flags & 0x02 != 0,
        keep_alive,
        properties,
        client_id,
        will,
        username,
        password,
    };
    Some((connect, used))
}

#[inline]
fn bin_len(b: &[u8]) -> Option<usize> {
    (b.len() <= 0xffff).then_some(2 + b.len())
}

#[inline]
fn put_bin<B: BufMut + ?Sized>(out: &mut B, b: &[u8]) {
    out.put_u16(b.len() as u16);
    out.put_slice(b);
}

#[inline]
fn users_len(users: &UserProperties<'_>) -> Option<usize> {
    let mut len = 0;
    for (key, value) in users.iter() {
        len += 1 + str_len(key)? + str_len(value)?;
    }
    Some(len)
}

#[inline]
fn put_users<B: BufMut + ?Sized>(out: &mut B, users: &UserProperties<'_>) {
    for (key, value) in users.iter() {
        out.put_u8(USER_PROPERTY);
        put_bin(out, key.as_bytes());
        put_bin(out, value.as_bytes());
    }
}

impl ConnectProperties<'_> {
    /// The encoded size of the list (without its length), after checking every value.
    #[inline]
    fn checked_len(&self) -> Option<usize> {
        let mut len = 0;
        len += self.session_expiry_interval.map_or(0, |_| 5);
        if let Some(max) = self.receive_maximum {
            if max == 0 {
                return None;
            }
            len += 3;
        }
        if let Some(size) = self.maximum_packet_size {
            if size == 0 {
                return None;
            }
            len += 5;
        }
        len += self.topic_alias_maximum.map_or(0, |_| 3);
        len += self.request_response_information.map_or(0, |_| 2);
        len += self.request_problem_information.map_or(0, |_| 2);
        len += users_len(&self.user_properties)?;
        if let Some(method) = self.authentication_method {
            len += 1 + str_len(method)?;
        }
        if let Some(data) = self.authentication_data {
            len += 1 + bin_len(data)?;
        }
        Some(len)
    }

    #[inline]
    fn write<B: BufMut + ?Sized>(&self, len: usize, out: &mut B) {
        put_vbi(out, len);
        if let Some(v) = self.session_expiry_interval {
            out.put_u8(SESSION_EXPIRY);
            out.put_u32(v);
        }
        if let Some(v) = self.receive_maximum {
            out.put_u8(RECEIVE_MAXIMUM);
            out.put_u16(v);
        }
        if let Some(v) = self.maximum_packet_size {
            out.put_u8(MAXIMUM_PACKET_SIZE);
            out.put_u32(v);
        }
        if let Some(v) = self.topic_alias_maximum {
            out.put_u8(TOPIC_ALIAS_MAXIMUM);
            out.put_u16(v);
        }
        if let Some(v) = self.request_response_information {
            out.put_u8(REQUEST_RESPONSE);
            out.put_u8(u8::from(v));
        }
        if let Some(v) = self.request_problem_information {
            out.put_u8(REQUEST_PROBLEM);
            out.put_u8(u8::from(v));
        }
        put_users(out, &self.user_properties);
        if let Some(method) = self.authentication_method {
            out.put_u8(AUTH_METHOD);
            put_bin(out, method.as_bytes());
        }
        if let Some(data) = self.authentication_data {
            out.put_u8(AUTH_DATA);
            put_bin(out, data);
        }
    }
}

impl WillProperties<'_> {
    #[inline]
    fn checked_len(&self) -> Option<usize> {
        let mut len = 0;
        len += self.will_delay_interval.map_or(0, |_| 5);
        len += self.payload_format_indicator.map_or(0, |_| 2);
        len += self.message_expiry_interval.map_or(0, |_| 5);
        if let Some(s) = self.content_type {
            len += 1 + str_len(s)?;
        }
        if let Some(s) = self.response_topic {
            len += 1 + str_len(s)?;
        }
        if let Some(data) = self.correlation_data {
            len += 1 + bin_len(data)?;
        }
        len += users_len(&self.user_properties)?;
        Some(len)
    }

    #[inline]
    fn write<B: BufMut + ?Sized>(&self, len: usize, out: &mut B) {
        put_vbi(out, len);
        if let Some(v) = self.will_delay_interval {
            out.put_u8(WILL_DELAY);
            out.put_u32(v);
        }
        if let Some(v) = self.payload_format_indicator {
            out.put_u8(PAYLOAD_FORMAT);
            out.put_u8(u8::from(v));
        }
        if let Some(v) = self.message_expiry_interval {
            out.put_u8(MESSAGE_EXPIRY);
            out.put_u32(v);
        }
        if let Some(s) = self.content_type {
            out.put_u8(CONTENT_TYPE);
            put_bin(out, s.as_bytes());
        }
        if let Some(s) = self.response_topic {
            out.put_u8(RESPONSE_TOPIC);
            put_bin(out, s.as_bytes());
        }
        if let Some(data) = self.correlation_data {
            out.put_u8(CORRELATION_DATA);
            put_bin(out, data);
        }
        put_users(out, &self.user_properties);
    }
}

/// Appends the CONNECT to `out` (reserving once), or `None` if it is not a valid packet
/// (nothing is written then). The Connect Flags follow from which parts are present.
#[inline]
pub fn encode(c: &Connect<'_>, out: &mut BytesMut) -> Option<()> {
    let v5 = c.version == Version::V5;
    if c.properties.is_some() != v5
        || (!v5 && c.password.is_some() && c.username.is_none())
        || c.will
            .is_some_and(|w| w.qos > 2 || w.properties.is_some() != v5)
    {
        return None;
    }
    let properties = match &c.properties {
        Some(p) => {
            let len = p.checked_len()?;
            Some((p, len))
        }
        None => None,
    };
    let will = match &c.will {
        Some(w) => {
            let props = match &w.properties {
                Some(p) => {
                    let len = p.checked_len()?;
                    Some((p, len))
                }
                None => None,
            };
            Some((w, props, str_len(w.topic)? + bin_len(w.payload)?))
        }
        None => None,
    };
    let mut remaining = PROTOCOL_NAME.len() + 1 + 1 + 2 + str_len(c.client_id)?;
    remaining += properties.map_or(0, |(_, len)| vbi_len(len) + len);
    if let Some((_, props, len)) = will {
        remaining += len + props.map_or(0, |(_, len)| vbi_len(len) + len);
    }
    if let Some(username) = c.username {
        remaining += str_len(username)?;
    }
    if let Some(password) = c.password {
        remaining += bin_len(password)?;
    }
    if remaining > VBI_MAX {
        return None;
    }
    let mut flags = u8::from(c.clean_start) << 1;
    if let Some(w) = &c.will {
        flags |= 0x04 | w.qos << 3 | u8::from(w.retain) << 5;
    }
    flags |= u8::from(c.password.is_some()) << 6 | u8::from(c.username.is_some()) << 7;

    out.reserve(1 + vbi_len(remaining) + remaining);
    out.put_u8(0x10);
    put_vbi(out, remaining);
    out.put_slice(PROTOCOL_NAME);
    out.put_u8(if v5 { 5 } else { 4 });
    out.put_u8(flags);
    out.put_u16(c.keep_alive);
    if let Some((p, len)) = properties {
        p.write(len, out);
    }
    put_bin(out, c.client_id.as_bytes());
    if let Some((w, props, _)) = will {
        if let Some((p, len)) = props {
            p.write(len, out);
        }
        put_bin(out, w.topic.as_bytes());
        put_bin(out, w.payload);
    }
    if let Some(username) = c.username {
        put_bin(out, username.as_bytes());
    }
    if let Some(password) = c.password {
        put_bin(out, password);
    }
    Some(())
}

/// The fixture's client id, keep alive, login, user property and will.
pub const CLIENT_ID: &str = "sensor-42";
pub const KEEP_ALIVE: u16 = 60;
pub const USERNAME: &str = "user";
pub const PASSWORD: &str = "secret";
pub const SESSION_EXPIRY_INTERVAL: u32 = 3600;
pub const RECEIVE_MAXIMUM_VALUE: u16 = 20;
pub const MAXIMUM_PACKET_SIZE_VALUE: u32 = 1 << 20;
pub const USER_PROPERTIES: &[(&str, &str)] = &[("region", "eu-west")];
pub const WILL_TOPIC: &str = "sensors/42/status";
pub const WILL_PAYLOAD: &[u8] = b"offline";
pub const WILL_DELAY_INTERVAL: u32 = 5;

/// The 5.0 fixture: clean start, session expiry, receive maximum, maximum packet size, one user
/// property, a QoS 0 non-retained will with a will delay, user name and password.
pub fn sample() -> Connect<'static> {
    Connect {
        version: Version::V5,
        clean_start: true,
        keep_alive: KEEP_ALIVE,
        properties: Some(ConnectProperties {
            session_expiry_interval: Some(SESSION_EXPIRY_INTERVAL),
            receive_maximum: Some(RECEIVE_MAXIMUM_VALUE),
            maximum_packet_size: Some(MAXIMUM_PACKET_SIZE_VALUE),
            user_properties: UserProperties::Values(USER_PROPERTIES),
            ..ConnectProperties::default()
        }),
        client_id: CLIENT_ID,
        will: Some(Will {
            qos: 0,
            retain: false,
            properties: Some(WillProperties {
                will_delay_interval: Some(WILL_DELAY_INTERVAL),
                ..WillProperties::default()
            }),
            topic: WILL_TOPIC,
            payload: WILL_PAYLOAD,
        }),
        username: Some(USERNAME),
        password: Some(PASSWORD.as_bytes()),
    }
}

/// The same fixture as a `wire_protocols::mqtt` packet (properties in mqttbytes' order);
/// `V311` gives its 3.1.1 form (no properties), used to cross-check validation.
pub fn sample_wire(version: Version) -> wire_protocols::mqtt::Packet<'static> {
    use wire_protocols::mqtt::{
        Binary, Connect, ConnectFlags, FixedHeader, Packet, Properties, Property, PropertyScope,
        QoS, Will,
    };
    let v5 = version == Version::V5;
    let (key, value) = USER_PROPERTIES[0];
    Packet::Connect {
        header: FixedHeader,
        connect: Box::new(Connect {
            version: match version {
                Version::V311 => wire_protocols::mqtt::Version::V311,
                Version::V5 => wire_protocols::mqtt::Version::V5,
            },
            flags: ConnectFlags {
                username: true,
                password: true,
                will_retain: false,
                will_qos: QoS::AtMostOnce,
                will: true,
                clean_start: true,
            },
            keep_alive: KEEP_ALIVE,
            properties: v5.then(|| {
                Properties::checked(
                    PropertyScope::Connect,
                    vec![
                        Property::SessionExpiryInterval(SESSION_EXPIRY_INTERVAL),
                        Property::ReceiveMaximum {
                            max: RECEIVE_MAXIMUM_VALUE,
                        },
                        Property::MaximumPacketSize {
                            size: MAXIMUM_PACKET_SIZE_VALUE,
                        },
                        Property::UserProperty(key.try_into().unwrap(), value.try_into().unwrap()),
                    ],
                )
                .expect("allowed in a CONNECT")
            }),
            client_id: CLIENT_ID.try_into().unwrap(),
            will: Some(Will {
                properties: v5.then(|| {
                    Properties::checked(
                        PropertyScope::Will,
                        vec![Property::WillDelayInterval(WILL_DELAY_INTERVAL)],
                    )
                    .expect("allowed in a will")
                }),
                topic: WILL_TOPIC.try_into().unwrap(),
                payload: Binary::from(WILL_PAYLOAD),
            }),
            username: Some(USERNAME.try_into().unwrap()),
            password: Some(Binary::from(PASSWORD.as_bytes())),
        }),
    }
}
