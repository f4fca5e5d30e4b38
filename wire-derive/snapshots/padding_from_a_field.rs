#[wire(ctx(length:usize))]
struct PaddedData<'a> {
    pad_length: u8,
    #[wire(len = length.checked_sub(1+usize::from(*pad_length)), pad_after = pad_length)]
    data: &'a [u8],
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::DecodeWith<'de, usize> for PaddedData<'a> {
    #[inline(always)]
    fn decode_with(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __ctx: usize,
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
        __ctx: usize,
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
        __ctx: usize,
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
        __ctx: usize,
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
        let length = __ctx;
        let __run_at = __r.offset();
        let __span = __spans.open("pad_length", __run_at);
        let __run = __r
            .take_array::<1>()
            .map_err(|e| e.in_run("PaddedData", &[("pad_length", 1)]))?;
        let __wire_pad_length: u8 = u8::from_be_bytes(*__run);
        let pad_length = &__wire_pad_length;
        __spans.close_run(__span, &[("pad_length", 1)], __run_at);
        let __span = __spans.open("data", __r.offset());
        let __wire_data: &'a [u8] = __rt::field(
            "PaddedData",
            "data",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::len_value(
                    length.checked_sub(1 + usize::from(*pad_length)),
                    __r,
                )?;
                let __s1 = &mut __r.section(__n)?;
                let __v = <&'a [u8] as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        __rt::skip_zeros(__r, __rt::len_value(pad_length, __r)?)
            .map_err(|e| e.in_field("PaddedData", "data"))?;
        __rt::Ok(
            __then(
                Self {
                    pad_length: __wire_pad_length,
                    data: __wire_data,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::EncodeWith<usize> for PaddedData<'a> {
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len_with(&self, __ctx: usize) -> usize {
        use ::wire_runtime::__private as __rt;
        let length = __ctx;
        let Self { pad_length, data } = self;
        1 + <&'a [u8] as __rt::WireEncode>::encoded_len(data)
            + __rt::AsLen::into_len(pad_length).unwrap_or(0)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode_with<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
        __ctx: usize,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let length = __ctx;
        let Self { pad_length, data } = self;
        let mut __run = [0u8; 1];
        __rt::put_chunk::<0, 1, 1>(&mut __run, pad_length.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "PaddedData",
            "data",
            #[inline(always)]
            || {
                __rt::check_declared_len(
                    length.checked_sub(1 + usize::from(*pad_length)),
                    <&'a [u8] as __rt::WireEncode>::encoded_len(data),
                )?;
                <&'a [u8] as __rt::WireEncode>::encode(data, __buf)?;
                __rt::Ok(())
            },
        )?;
        __buf.put_bytes(0, __rt::pad_len(pad_length)?);
        __rt::Ok(())
    }
}
impl<'a> PaddedData<'a> {
    #[doc(hidden)]
    #[allow(dead_code)]
    pub fn encoded_len<'__wire>(&'__wire self) -> usize
    where
        &'__wire Self: ::wire_runtime::__private::EncodedLenNeedsContext,
    {
        0
    }
}
