struct Aligned {
    #[wire(pad_before = 3)]
    a: u8,
    #[wire(pad_after = 2, padding = ignore)]
    b: u16,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Aligned {
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
        __rt::skip_zeros(__r, 3).map_err(|e| e.in_field("Aligned", "a"))?;
        let __run_at = __r.offset();
        let __span = __spans.open("a", __run_at);
        let __run = __r
            .take_array::<3>()
            .map_err(|e| e.in_run("Aligned", &[("a", 1), ("b", 3)]))?;
        let __wire_a: u8 = u8::from_be_bytes(__rt::chunk::<0, 1, 3>(__run));
        let __wire_b: u16 = u16::from_be_bytes(__rt::chunk::<1, 2, 3>(__run));
        __spans.close_run(__span, &[("a", 1), ("b", 3)], __run_at);
        __r.take(2).map_err(|e| e.in_field("Aligned", "b"))?;
        __rt::Ok(__then(Self { a: __wire_a, b: __wire_b }, &*__r))
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Aligned {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        3 + 3 + 2
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { a, b } = self;
        __buf.put_bytes(0, 3);
        let mut __run = [0u8; 3];
        __rt::put_chunk::<0, 1, 3>(&mut __run, a.to_be_bytes());
        __rt::put_chunk::<1, 2, 3>(&mut __run, b.to_be_bytes());
        __buf.put_slice(&__run);
        __buf.put_bytes(0, 2);
        __rt::Ok(())
    }
}
