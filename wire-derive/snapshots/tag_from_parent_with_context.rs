#[wire(ctx_tag = u8, ctx(flags:u8))]
enum Payload {
    #[wire(tag = 1)]
    Headers {
        #[wire(if = flags&0x20!= 0)]
        priority: Option<u32>,
        #[wire(rest)]
        block: Vec<u8>,
    },
    #[wire(other)]
    Unknown(u8, #[wire(rest)] Vec<u8>),
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::DecodeWith<'de, (u8, u8)> for Payload {
    #[inline(always)]
    fn decode_with(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __ctx: (u8, u8),
    ) -> ::wire_runtime::__private::Result<
        Self,
        ::wire_runtime::__private::DecodeError,
    > {
        Self::__decode_with_sink(
            __r,
            __ctx,
            &mut ::wire_runtime::__private::NoSpans,
            |__value, _| __value,
        )
    }
    #[inline(always)]
    fn decode_with_then<__WireThen>(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __ctx: (u8, u8),
        __then: impl ::wire_runtime::__private::FnOnce(
            Self,
            &::wire_runtime::__private::Reader<'de>,
        ) -> __WireThen,
    ) -> ::wire_runtime::__private::Result<
        __WireThen,
        ::wire_runtime::__private::DecodeError,
    > {
        Self::__decode_with_sink(
            __r,
            __ctx,
            &mut ::wire_runtime::__private::NoSpans,
            __then,
        )
    }
    #[inline]
    fn decode_with_spanned(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __ctx: (u8, u8),
        __spans: &mut ::wire_runtime::__private::Spans,
    ) -> ::wire_runtime::__private::Result<
        Self,
        ::wire_runtime::__private::DecodeError,
    > {
        Self::__decode_with_sink(__r, __ctx, __spans, |__value, _| __value)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn __decode_with_sink<__S: ::wire_runtime::__private::SpanSink, __WireThen>(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __ctx: (u8, u8),
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
        let (__tag, flags) = __ctx;
        let __at = __r.offset();
        #[deny(unreachable_patterns)]
        match __tag {
            1 => {
                __rt::field(
                    "Payload",
                    "Headers",
                    #[inline(always)]
                    || {
                        let __span = __spans.open("priority", __r.offset());
                        let __wire_priority: Option<u32> = __rt::field(
                            "Payload",
                            "priority",
                            #[inline(always)]
                            || __rt::Ok(
                                if flags & 0x20 != 0 {
                                    __rt::Some({
                                        let __run = __r.take_array::<4>()?;
                                        u32::from_be_bytes(*__run)
                                    })
                                } else {
                                    __rt::None
                                },
                            ),
                        )?;
                        __spans.close(__span, __r.offset());
                        let __span = __spans.open("block", __r.offset());
                        let __wire_block: Vec<u8> = __rt::field(
                            "Payload",
                            "block",
                            #[inline(always)]
                            || __rt::Ok(__r.take_rest().to_vec()),
                        )?;
                        __spans.close(__span, __r.offset());
                        __rt::Ok(
                            __then(
                                Self::Headers {
                                    priority: __wire_priority,
                                    block: __wire_block,
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
                    "Payload",
                    "Unknown",
                    #[inline(always)]
                    || {
                        let __wire_0: u8 = __other;
                        let __span = __spans.open("1", __r.offset());
                        let __wire_1: Vec<u8> = __rt::field(
                            "Payload",
                            "1",
                            #[inline(always)]
                            || __rt::Ok(__r.take_rest().to_vec()),
                        )?;
                        __spans.close(__span, __r.offset());
                        __rt::Ok(__then(Self::Unknown(__wire_0, __wire_1), &*__r))
                    },
                )
            }
        }
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::EncodeWith<(u8, u8)> for Payload {
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len_with(&self, __ctx: (u8, u8)) -> usize {
        use ::wire_runtime::__private as __rt;
        let (__tag, flags) = __ctx;
        match self {
            Self::Headers { priority, block } => {
                0
                    + (match priority {
                        __rt::Some(__x1) => 4,
                        __rt::None => 0,
                    }) + (block.len() * 1)
            }
            Self::Unknown(_, _1) => 0 + (_1.len() * 1),
        }
    }
    #[inline(always)]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode_with<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
        __ctx: (u8, u8),
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let (__tag, flags) = __ctx;
        match self {
            Self::Headers { priority, block } => {
                __rt::encode_field(
                    "Payload",
                    "Headers",
                    #[inline(always)]
                    || {
                        __rt::encode_field(
                            "Payload",
                            "priority",
                            #[inline(always)]
                            || {
                                __rt::check_presence(
                                    flags & 0x20 != 0,
                                    priority.is_some(),
                                )?;
                                if let __rt::Some(__x1) = priority {
                                    __buf.put_slice(&__x1.to_be_bytes());
                                }
                                __rt::Ok(())
                            },
                        )?;
                        __rt::encode_field(
                            "Payload",
                            "block",
                            #[inline(always)]
                            || {
                                __buf.put_slice(block);
                                __rt::Ok(())
                            },
                        )?;
                        __rt::Ok(())
                    },
                )?
            }
            Self::Unknown(_0, _1) => {
                __rt::encode_field(
                    "Payload",
                    "Unknown",
                    #[inline(always)]
                    || {
                        #[allow(unreachable_patterns, clippy::manual_range_patterns)]
                        if matches!(* _0, 1) {
                            return __rt::Err(__rt::known_tag_in_other());
                        }
                        __rt::encode_field(
                            "Payload",
                            "1",
                            #[inline(always)]
                            || {
                                __buf.put_slice(_1);
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
impl Payload {
    ///The wire tag of `Payload::Headers`.
    pub const HEADERS_TAG: u8 = 1;
    ///The wire tag of this `Payload` variant.
    #[allow(unused_variables, dead_code)]
    pub fn wire_tag(&self) -> u8 {
        match self {
            Self::Headers { .. } => 1,
            Self::Unknown(_0, _) => *_0,
        }
    }
}
impl Payload {
    #[doc(hidden)]
    #[allow(dead_code)]
    pub fn encoded_len<'__wire>(&'__wire self) -> usize
    where
        &'__wire Self: ::wire_runtime::__private::EncodedLenNeedsContext,
    {
        0
    }
}
