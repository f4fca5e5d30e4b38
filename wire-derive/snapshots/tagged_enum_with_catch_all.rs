#[wire(tag(key: u16, version: u16))]
enum Command<'a> {
    #[wire(tag = (0x0015, 1))]
    Heartbeat,
    #[wire(tag = (0x0002, 1))]
    Publish {
        publisher_id: u8,
        #[wire(count = i32)]
        messages: Vec<Message<'a>>,
    },
    #[wire(other)]
    Unknown {
        key: u16,
        version: u16,
        #[wire(rest)]
        body: &'a [u8],
    },
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Command<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline(always)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        Self::decode_then(__r, |__value, _| __value)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode_then<__WireThen>(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __then: impl ::wire_runtime::__private::FnOnce(
            Self,
            &::wire_runtime::__private::Reader<'de>,
        ) -> __WireThen,
    ) -> ::wire_runtime::__private::Result<__WireThen, ::wire_runtime::__private::DecodeError> {
        let __at = __r.offset();
        let __tag = ::wire_runtime::__private::field(
            "Command",
            "tag",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok((
                    u16::from_be_bytes(*__r.take_array()?),
                    u16::from_be_bytes(*__r.take_array()?),
                ))
            },
        )?;
        #[deny(unreachable_patterns)]
        match __tag {
            (0x0015, 1) => ::wire_runtime::__private::Ok(__then(Self::Heartbeat, &*__r)),
            (0x0002, 1) => ::wire_runtime::__private::field(
                "Command",
                "Publish",
                #[inline(always)]
                || {
                    let __run = __r
                        .take_array::<1usize>()
                        .map_err(|e| e.in_run("Command", &[("publisher_id", 1usize)]))?;
                    let __wire_publisher_id: u8 = u8::from_be_bytes(*__run);
                    let publisher_id = &__wire_publisher_id;
                    let __wire_messages: Vec<Message<'a>> = ::wire_runtime::__private::field(
                        "Command",
                        "messages",
                        #[inline(always)]
                        || {
                            :: wire_runtime :: __private :: Ok (__r . nested (| __r : & mut :: wire_runtime :: __private :: Reader < 'de > | -> :: wire_runtime :: __private :: Result < Vec < Message < 'a > > , :: wire_runtime :: __private :: DecodeError > { :: wire_runtime :: __private :: Ok ({ let __n = :: wire_runtime :: __private :: read_len :: < i32 > (__r , :: wire_runtime :: __private :: ByteOrder :: Big) ? ; let __n = __r . check_count (__n as u64 , :: wire_runtime :: __private :: min_size :: < Message < 'a > > ()) ? ; let mut __items : Vec < Message < 'a > > = :: wire_runtime :: __private :: Vec :: with_capacity (:: wire_runtime :: __private :: capacity_for_count :: < Message < 'a > > (__n , __r)) ; for _ in 0 .. __n { let __e1 = & mut * __r ; let __item = < Message < 'a > as :: wire_runtime :: __private :: WireDecode < 'de >> :: decode (__e1) ? ; __items . push (__item) ; } __items }) }) ?)
                        },
                    )?;
                    let messages = &__wire_messages;
                    ::wire_runtime::__private::Ok(__then(
                        Self::Publish {
                            publisher_id: __wire_publisher_id,
                            messages: __wire_messages,
                        },
                        &*__r,
                    ))
                },
            ),
            #[allow(unreachable_patterns)]
            __other => {
                ::wire_runtime::__private::field(
                    "Command",
                    "Unknown",
                    #[inline(always)]
                    || {
                        let __wire_key: u16 = __other.0;
                        let key = &__wire_key;
                        let __wire_version: u16 = __other.1;
                        let version = &__wire_version;
                        let __wire_body: &'a [u8] = ::wire_runtime::__private::field(
                            "Command",
                            "body",
                            #[inline(always)]
                            || {
                                :: wire_runtime :: __private :: Ok (< & 'a [u8] as :: wire_runtime :: __private :: WireDecode < 'de >> :: decode (__r) ?)
                            },
                        )?;
                        let body = &__wire_body;
                        ::wire_runtime::__private::Ok(__then(
                            Self::Unknown {
                                key: __wire_key,
                                version: __wire_version,
                                body: __wire_body,
                            },
                            &*__r,
                        ))
                    },
                )
            }
        }
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Command<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        match self {
            Self::Heartbeat => (2usize + 2usize) + (0),
            Self::Publish {
                publisher_id,
                messages,
            } => {
                (2usize + 2usize)
                    + (1usize)
                    + (::wire_runtime::__private::len_size::<i32>(messages.len())
                        + messages
                            .iter()
                            .map(|__x1| {
                                <Message<'a> as ::wire_runtime::__private::WireEncode>::encoded_len(
                                    __x1,
                                )
                            })
                            .sum::<usize>())
            }
            Self::Unknown { key, version, body } => {
                (2usize + 2usize)
                    + (<&'a [u8] as ::wire_runtime::__private::WireEncode>::encoded_len(body))
            }
        }
    }
    #[inline(always)]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        match self {
            Self::Heartbeat => {
                ::wire_runtime::__private::encode_field("Command", "Heartbeat", || {
                    __buf.put_slice(&u16::to_be_bytes((0x0015)));
                    __buf.put_slice(&u16::to_be_bytes((1)));
                    ::wire_runtime::__private::Ok(())
                })?
            }
            Self::Publish {
                publisher_id,
                messages,
            } => ::wire_runtime::__private::encode_field("Command", "Publish", || {
                __buf.put_slice(&u16::to_be_bytes((0x0002)));
                __buf.put_slice(&u16::to_be_bytes((1)));
                let mut __run = [0u8; 1usize];
                ::wire_runtime::__private::put_chunk::<0usize, 1usize, 1usize>(
                    &mut __run,
                    publisher_id.to_be_bytes(),
                );
                __buf.put_slice(&__run);
                ::wire_runtime::__private::encode_field("Command", "messages", || {
                    ::wire_runtime::__private::write_len::<i32, _>(
                        __buf,
                        messages.len(),
                        ::wire_runtime::__private::ByteOrder::Big,
                    )?;
                    for __x1 in messages {
                        <Message<'a> as ::wire_runtime::__private::WireEncode>::encode(
                            __x1, __buf,
                        )?;
                    }
                    ::wire_runtime::__private::Ok(())
                })?;
                ::wire_runtime::__private::Ok(())
            })?,
            Self::Unknown { key, version, body } => {
                ::wire_runtime::__private::encode_field("Command", "Unknown", || {
                    #[allow(unreachable_patterns, clippy::manual_range_patterns)]
                    if matches!((*key, *version,), (0x0015, 1) | (0x0002, 1)) {
                        return ::wire_runtime::__private::Err(
                            ::wire_runtime::__private::known_tag_in_other(),
                        );
                    }
                    __buf.put_slice(&u16::to_be_bytes((*key)));
                    __buf.put_slice(&u16::to_be_bytes((*version)));
                    ::wire_runtime::__private::encode_field("Command", "body", || {
                        <&'a [u8] as ::wire_runtime::__private::WireEncode>::encode(body, __buf)?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::Ok(())
                })?
            }
        }
        ::wire_runtime::__private::Ok(())
    }
}
impl<'a> Command<'a> {
    #[doc = "The wire tag of this `Command` variant."]
    #[allow(unused_variables, dead_code)]
    pub fn wire_tag(&self) -> (u16, u16) {
        match self {
            Self::Heartbeat => (0x0015, 1),
            Self::Publish {
                publisher_id,
                messages,
            } => (0x0002, 1),
            Self::Unknown { key, version, body } => (*key, *version),
        }
    }
}
