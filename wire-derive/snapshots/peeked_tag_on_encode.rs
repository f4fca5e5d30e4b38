#[wire(tag = u8, tag_bits = 4..8, peek)]
enum Packet {
    #[wire(tag = 12)]
    PingReq(u8, u8),
    #[wire(tag = 13)]
    PingResp(u8, u8),
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Packet {
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
        let __tag = __rt::field(
            "Packet",
            "tag",
            #[inline(always)]
            || __rt::Ok((__r.peek_u8()? >> 4u32) & 15u8),
        )?;
        #[deny(unreachable_patterns)]
        match __tag {
            12 => {
                __rt::field(
                    "Packet",
                    "PingReq",
                    #[inline(always)]
                    || {
                        let __run_at = __r.offset();
                        let __span = __spans.open("0", __run_at);
                        let __run = __r
                            .take_array::<2>()
                            .map_err(|e| e.in_run("Packet", &[("0", 1), ("1", 2)]))?;
                        let __wire_0: u8 = u8::from_be_bytes(
                            __rt::chunk::<0, 1, 2>(__run),
                        );
                        let __wire_1: u8 = u8::from_be_bytes(
                            __rt::chunk::<1, 1, 2>(__run),
                        );
                        __spans.close_run(__span, &[("0", 1), ("1", 2)], __run_at);
                        __rt::Ok(__then(Self::PingReq(__wire_0, __wire_1), &*__r))
                    },
                )
            }
            13 => {
                __rt::field(
                    "Packet",
                    "PingResp",
                    #[inline(always)]
                    || {
                        let __run_at = __r.offset();
                        let __span = __spans.open("0", __run_at);
                        let __run = __r
                            .take_array::<2>()
                            .map_err(|e| e.in_run("Packet", &[("0", 1), ("1", 2)]))?;
                        let __wire_0: u8 = u8::from_be_bytes(
                            __rt::chunk::<0, 1, 2>(__run),
                        );
                        let __wire_1: u8 = u8::from_be_bytes(
                            __rt::chunk::<1, 1, 2>(__run),
                        );
                        __spans.close_run(__span, &[("0", 1), ("1", 2)], __run_at);
                        __rt::Ok(__then(Self::PingResp(__wire_0, __wire_1), &*__r))
                    },
                )
            }
            #[allow(unreachable_patterns)]
            __other => {
                __rt::Err(__rt::invalid_tag(__rt::TagValue::tag_value(__other), __at))
            }
        }
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Packet {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        match self {
            Self::PingReq(..) => 0 + 2,
            Self::PingResp(..) => 0 + 2,
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
            Self::PingReq(_0, _1) => {
                __rt::encode_field(
                    "Packet",
                    "PingReq",
                    #[inline(always)]
                    || {
                        if (*_0 >> 4) & 15 != 12 {
                            return __rt::Err(
                                __rt::EncodeError::new(
                                    __rt::EncodeErrorKind::Custom(
                                        "the peeked tag byte holds another variant's tag",
                                    ),
                                ),
                            );
                        }
                        let mut __run = [0u8; 2];
                        __rt::put_chunk::<0, 1, 2>(&mut __run, _0.to_be_bytes());
                        __rt::put_chunk::<1, 1, 2>(&mut __run, _1.to_be_bytes());
                        __buf.put_slice(&__run);
                        __rt::Ok(())
                    },
                )?
            }
            Self::PingResp(_0, _1) => {
                __rt::encode_field(
                    "Packet",
                    "PingResp",
                    #[inline(always)]
                    || {
                        if (*_0 >> 4) & 15 != 13 {
                            return __rt::Err(
                                __rt::EncodeError::new(
                                    __rt::EncodeErrorKind::Custom(
                                        "the peeked tag byte holds another variant's tag",
                                    ),
                                ),
                            );
                        }
                        let mut __run = [0u8; 2];
                        __rt::put_chunk::<0, 1, 2>(&mut __run, _0.to_be_bytes());
                        __rt::put_chunk::<1, 1, 2>(&mut __run, _1.to_be_bytes());
                        __buf.put_slice(&__run);
                        __rt::Ok(())
                    },
                )?
            }
        }
        __rt::Ok(())
    }
}
impl Packet {
    ///The wire tag of `Packet::PingReq`.
    pub const PING_REQ_TAG: u8 = 12;
    ///The wire tag of `Packet::PingResp`.
    pub const PING_RESP_TAG: u8 = 13;
    ///The wire tag of this `Packet` variant.
    #[allow(unused_variables, dead_code)]
    pub fn wire_tag(&self) -> u8 {
        match self {
            Self::PingReq(..) => 12,
            Self::PingResp(..) => 13,
        }
    }
}
