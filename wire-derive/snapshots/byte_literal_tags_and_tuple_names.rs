#[wire(tag = u16)]
enum Command {
    #[wire(tag = b'Q')]
    Query(u8),
    #[wire(tag = b"MZ", validate = if*_0<= *_1{Ok(())}else{Err("empty")})]
    Range(u8, u8),
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Command {
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
            || __rt::Ok(u16::from_be_bytes(*__r.take_array()?)),
        )?;
        __spans.close(__span, __r.offset());
        #[deny(unreachable_patterns)]
        match __tag {
            0x51 => {
                __rt::field(
                    "Command",
                    "Query",
                    #[inline(always)]
                    || {
                        let __run = __r
                            .take_array::<1>()
                            .map_err(|e| e.in_run("Command", &[("0", 1)]))?;
                        let __wire_0: u8 = u8::from_be_bytes(*__run);
                        __rt::Ok(__then(Self::Query(__wire_0), &*__r))
                    },
                )
            }
            0x4d5a => {
                __rt::field(
                    "Command",
                    "Range",
                    #[inline(always)]
                    || {
                        let __start = __r.offset();
                        let __run_at = __r.offset();
                        let __span = __spans.open("0", __run_at);
                        let __run = __r
                            .take_array::<2>()
                            .map_err(|e| e.in_run("Command", &[("0", 1), ("1", 2)]))?;
                        let __wire_0: u8 = u8::from_be_bytes(
                            __rt::chunk::<0, 1, 2>(__run),
                        );
                        let _0 = &__wire_0;
                        let __wire_1: u8 = u8::from_be_bytes(
                            __rt::chunk::<1, 1, 2>(__run),
                        );
                        let _1 = &__wire_1;
                        __spans.close_run(__span, &[("0", 1), ("1", 2)], __run_at);
                        if let __rt::Err(__why) = __rt::validation(
                            if *_0 <= *_1 { Ok(()) } else { Err("empty") },
                        ) {
                            return __rt::Err(
                                __rt::DecodeError::new(
                                    __rt::ErrorKind::InvalidValue(__why),
                                    __start,
                                ),
                            );
                        }
                        __rt::Ok(__then(Self::Range(__wire_0, __wire_1), &*__r))
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
impl ::wire_runtime::__private::WireEncode for Command {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        match self {
            Self::Query(..) => 2 + 1,
            Self::Range(..) => 2 + 2,
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
            Self::Query(_0) => {
                __rt::encode_field(
                    "Command",
                    "Query",
                    #[inline(always)]
                    || {
                        __buf.put_slice(&u16::to_be_bytes((0x51)));
                        let mut __run = [0u8; 1];
                        __rt::put_chunk::<0, 1, 1>(&mut __run, _0.to_be_bytes());
                        __buf.put_slice(&__run);
                        __rt::Ok(())
                    },
                )?
            }
            Self::Range(_0, _1) => {
                __rt::encode_field(
                    "Command",
                    "Range",
                    #[inline(always)]
                    || {
                        __buf.put_slice(&u16::to_be_bytes((0x4d5a)));
                        if let __rt::Err(__why) = __rt::validation(
                            if *_0 <= *_1 { Ok(()) } else { Err("empty") },
                        ) {
                            return __rt::Err(
                                __rt::EncodeError::new(__rt::EncodeErrorKind::Custom(__why)),
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
impl Command {
    ///The wire tag of `Command::Query`.
    pub const QUERY_TAG: u16 = 0x51;
    ///The wire tag of `Command::Range`.
    pub const RANGE_TAG: u16 = 0x4d5a;
    ///The wire tag of this `Command` variant.
    #[allow(unused_variables, dead_code)]
    pub fn wire_tag(&self) -> u16 {
        match self {
            Self::Query(..) => 0x51,
            Self::Range(..) => 0x4d5a,
        }
    }
}
