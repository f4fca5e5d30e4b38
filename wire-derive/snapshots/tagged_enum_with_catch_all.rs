#[wire(tag(key:u16, version:u16))]
enum Command<'a> {
    #[wire(tag = (0x0015, 1))]
    Heartbeat,
    #[wire(tag = (0x0002, 1))]
    Publish { publisher_id: u8, #[wire(count = i32)] messages: Vec<Message<'a>> },
    #[wire(other)]
    Unknown { key: u16, version: u16, #[wire(rest)] body: &'a [u8] },
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Command<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline(always)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<
        Self,
        ::wire_runtime::__private::DecodeError,
    > {
        Self::__decode_sink(
            __r,
            &mut ::wire_runtime::__private::NoSpans,
            |__value, _| __value,
        )
    }
    #[inline(always)]
    fn decode_then<__WireThen>(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __then: impl ::wire_runtime::__private::FnOnce(
            Self,
            &::wire_runtime::__private::Reader<'de>,
        ) -> __WireThen,
    ) -> ::wire_runtime::__private::Result<
        __WireThen,
        ::wire_runtime::__private::DecodeError,
    > {
        Self::__decode_sink(__r, &mut ::wire_runtime::__private::NoSpans, __then)
    }
    #[inline]
    fn decode_spanned(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __spans: &mut ::wire_runtime::__private::Spans,
    ) -> ::wire_runtime::__private::Result<
        Self,
        ::wire_runtime::__private::DecodeError,
    > {
        Self::__decode_sink(__r, __spans, |__value, _| __value)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn __decode_sink<__S: ::wire_runtime::__private::SpanSink, __WireThen>(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __spans: &mut __S,
        __then: impl ::wire_runtime::__private::FnOnce(
            Self,
            &::wire_runtime::__private::Reader<'de>,
        ) -> __WireThen,
    ) -> ::wire_runtime::__private::Result<
        __WireThen,
        ::wire_runtime::__private::DecodeError,
    > {
        use ::wire_runtime::__private as __rt;
        let __at = __r.offset();
        let __span = __spans.open("tag", __at);
        let __tag = __rt::field(
            "Command",
            "tag",
            #[inline(always)]
            || __rt::Ok((
                u16::from_be_bytes(*__r.take_array()?),
                u16::from_be_bytes(*__r.take_array()?),
            )),
        )?;
        __spans.close(__span, __r.offset());
        #[deny(unreachable_patterns)]
        match __tag {
            (0x0015, 1) => __rt::Ok(__then(Self::Heartbeat, &*__r)),
            (0x0002, 1) => {
                __rt::field(
                    "Command",
                    "Publish",
                    #[inline(always)]
                    || {
                        let __run_at = __r.offset();
                        let __span = __spans.open("publisher_id", __run_at);
                        let __run = __r
                            .take_array::<1>()
                            .map_err(|e| e.in_run("Command", &[("publisher_id", 1)]))?;
                        let __wire_publisher_id: u8 = u8::from_be_bytes(*__run);
                        __spans.close_run(__span, &[("publisher_id", 1)], __run_at);
                        let __span = __spans.open("messages", __r.offset());
                        let __wire_messages: Vec<Message<'a>> = __rt::field(
                            "Command",
                            "messages",
                            #[inline(always)]
                            || __rt::Ok(
                                __r
                                    .nested(|
                                        __r: &mut __rt::Reader<'de>,
                                    | -> __rt::Result<Vec<Message<'a>>, __rt::DecodeError> {
                                        __rt::Ok({
                                            let __n = __rt::read_len::<i32>(__r, __rt::ByteOrder::Big)?;
                                            let __n = __r
                                                .check_count(__n as u64, __rt::min_size::<Message<'a>>())?;
                                            let mut __items: Vec<Message<'a>> = __rt::Vec::with_capacity(
                                                __rt::capacity_for_count::<Message<'a>>(__n, __r),
                                            );
                                            for _ in 0..__n {
                                                let __e1 = &mut *__r;
                                                let __item = <Message<
                                                    'a,
                                                > as __rt::WireDecode<'de>>::decode(__e1)?;
                                                __items.push(__item);
                                            }
                                            __items
                                        })
                                    })?,
                            ),
                        )?;
                        __spans.close(__span, __r.offset());
                        __rt::Ok(
                            __then(
                                Self::Publish {
                                    publisher_id: __wire_publisher_id,
                                    messages: __wire_messages,
                                },
                                &*__r,
                            ),
                        )
                    },
                )
            }
            #[allow(unreachable_patterns)]
            __other => {
                __rt::field(
                    "Command",
                    "Unknown",
                    #[inline(always)]
                    || {
                        let __wire_key: u16 = __other.0;
                        let __wire_version: u16 = __other.1;
                        let __span = __spans.open("body", __r.offset());
                        let __wire_body: &'a [u8] = __rt::field(
                            "Command",
                            "body",
                            #[inline(always)]
                            || __rt::Ok(
                                <&'a [u8] as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
                            ),
                        )?;
                        __spans.close(__span, __r.offset());
                        __rt::Ok(
                            __then(
                                Self::Unknown {
                                    key: __wire_key,
                                    version: __wire_version,
                                    body: __wire_body,
                                },
                                &*__r,
                            ),
                        )
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
        use ::wire_runtime::__private as __rt;
        match self {
            Self::Heartbeat => (2 + 2) + 0,
            Self::Publish { messages, .. } => {
                (2 + 2) + 1
                    + (__rt::len_size::<i32>(messages.len())
                        + messages
                            .iter()
                            .map(|__x1| <Message<
                                'a,
                            > as __rt::WireEncode>::encoded_len(__x1))
                            .sum::<usize>())
            }
            Self::Unknown { body, .. } => {
                (2 + 2) + <&'a [u8] as __rt::WireEncode>::encoded_len(body)
            }
        }
    }
    #[inline(always)]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        match self {
            Self::Heartbeat => {
                __rt::encode_field(
                    "Command",
                    "Heartbeat",
                    #[inline(always)]
                    || {
                        __buf.put_slice(&u16::to_be_bytes((0x0015)));
                        __buf.put_slice(&u16::to_be_bytes((1)));
                        __rt::Ok(())
                    },
                )?
            }
            Self::Publish { publisher_id, messages } => {
                __rt::encode_field(
                    "Command",
                    "Publish",
                    #[inline(always)]
                    || {
                        __buf.put_slice(&u16::to_be_bytes((0x0002)));
                        __buf.put_slice(&u16::to_be_bytes((1)));
                        let mut __run = [0u8; 1];
                        __rt::put_chunk::<
                            0,
                            1,
                            1,
                        >(&mut __run, publisher_id.to_be_bytes());
                        __buf.put_slice(&__run);
                        __rt::encode_field(
                            "Command",
                            "messages",
                            #[inline(always)]
                            || {
                                __rt::write_len::<
                                    i32,
                                    _,
                                >(__buf, messages.len(), __rt::ByteOrder::Big)?;
                                for __x1 in messages {
                                    <Message<'a> as __rt::WireEncode>::encode(__x1, __buf)?;
                                }
                                __rt::Ok(())
                            },
                        )?;
                        __rt::Ok(())
                    },
                )?
            }
            Self::Unknown { key, version, body } => {
                __rt::encode_field(
                    "Command",
                    "Unknown",
                    #[inline(always)]
                    || {
                        #[allow(unreachable_patterns, clippy::manual_range_patterns)]
                        if matches!((* key, * version,), (0x0015, 1) | (0x0002, 1)) {
                            return __rt::Err(__rt::known_tag_in_other());
                        }
                        __buf.put_slice(&u16::to_be_bytes((*key)));
                        __buf.put_slice(&u16::to_be_bytes((*version)));
                        __rt::encode_field(
                            "Command",
                            "body",
                            #[inline(always)]
                            || {
                                <&'a [u8] as __rt::WireEncode>::encode(body, __buf)?;
                                __rt::Ok(())
                            },
                        )?;
                        __rt::Ok(())
                    },
                )?
            }
        }
        __rt::Ok(())
    }
}
impl<'a> Command<'a> {
    ///The wire tag of `Command::Heartbeat`.
    pub const HEARTBEAT_TAG: (u16, u16) = (0x0015, 1);
    ///The wire tag of `Command::Publish`.
    pub const PUBLISH_TAG: (u16, u16) = (0x0002, 1);
    ///The wire tag of this `Command` variant.
    #[allow(unused_variables, dead_code)]
    pub fn wire_tag(&self) -> (u16, u16) {
        match self {
            Self::Heartbeat => (0x0015, 1),
            Self::Publish { .. } => (0x0002, 1),
            Self::Unknown { key, version, .. } => (*key, *version),
        }
    }
}
