struct Frame<'a> {
    #[wire(le)]
    body_len: u32,
    kind: u8,
    #[wire(len = body_len)]
    body: &'a [u8],
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Frame<'a> {
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
        let __run_at = __r.offset();
        let __span = __spans.open("body_len", __run_at);
        let __run = __r
            .take_array::<5>()
            .map_err(|e| e.in_run("Frame", &[("body_len", 4), ("kind", 5)]))?;
        let __wire_body_len: u32 = u32::from_le_bytes(__rt::chunk::<0, 4, 5>(__run));
        let body_len = &__wire_body_len;
        let __wire_kind: u8 = u8::from_be_bytes(__rt::chunk::<4, 1, 5>(__run));
        __spans.close_run(__span, &[("body_len", 4), ("kind", 5)], __run_at);
        let __span = __spans.open("body", __r.offset());
        let __wire_body: &'a [u8] = __rt::field(
            "Frame",
            "body",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::len_value(body_len, __r)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = <&'a [u8] as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        __rt::Ok(
            __then(
                Self {
                    body_len: __wire_body_len,
                    kind: __wire_kind,
                    body: __wire_body,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Frame<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { body, .. } = self;
        5 + <&'a [u8] as __rt::WireEncode>::encoded_len(body)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { body_len, kind, body } = self;
        let __fill_body_len: u32 = __rt::len_into::<
            u32,
        >(<&'a [u8] as __rt::WireEncode>::encoded_len(body))
            .map_err(|e| e.in_field("Frame", "body_len"))?;
        let body_len = &__fill_body_len;
        let mut __run = [0u8; 5];
        __rt::put_chunk::<0, 4, 5>(&mut __run, body_len.to_le_bytes());
        __rt::put_chunk::<4, 1, 5>(&mut __run, kind.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Frame",
            "body",
            #[inline(always)]
            || {
                <&'a [u8] as __rt::WireEncode>::encode(body, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
