struct Header {
    code: i16,
    language: u8,
    version: i16,
    opaque: i32,
    flag: i32,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Header {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::Some(
        13,
    );
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
        let __run_at = __r.offset();
        let __span = __spans.open("code", __run_at);
        let __run = __r
            .take_array::<13>()
            .map_err(|e| {
                e
                    .in_run(
                        "Header",
                        &[
                            ("code", 2),
                            ("language", 3),
                            ("version", 5),
                            ("opaque", 9),
                            ("flag", 13),
                        ],
                    )
            })?;
        let __wire_code: i16 = i16::from_be_bytes(__rt::chunk::<0, 2, 13>(__run));
        let __wire_language: u8 = u8::from_be_bytes(__rt::chunk::<2, 1, 13>(__run));
        let __wire_version: i16 = i16::from_be_bytes(__rt::chunk::<3, 2, 13>(__run));
        let __wire_opaque: i32 = i32::from_be_bytes(__rt::chunk::<5, 4, 13>(__run));
        let __wire_flag: i32 = i32::from_be_bytes(__rt::chunk::<9, 4, 13>(__run));
        __spans
            .close_run(
                __span,
                &[
                    ("code", 2),
                    ("language", 3),
                    ("version", 5),
                    ("opaque", 9),
                    ("flag", 13),
                ],
                __run_at,
            );
        __rt::Ok(
            __then(
                Self {
                    code: __wire_code,
                    language: __wire_language,
                    version: __wire_version,
                    opaque: __wire_opaque,
                    flag: __wire_flag,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Header {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::Some(
        13,
    );
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        13
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { code, language, version, opaque, flag } = self;
        let mut __run = [0u8; 13];
        __rt::put_chunk::<0, 2, 13>(&mut __run, code.to_be_bytes());
        __rt::put_chunk::<2, 1, 13>(&mut __run, language.to_be_bytes());
        __rt::put_chunk::<3, 2, 13>(&mut __run, version.to_be_bytes());
        __rt::put_chunk::<5, 4, 13>(&mut __run, opaque.to_be_bytes());
        __rt::put_chunk::<9, 4, 13>(&mut __run, flag.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::Ok(())
    }
}
