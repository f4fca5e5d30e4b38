struct Bounded {
    version: u8,
    #[wire(validate = if*len<= 1024{Ok(())}else{Err("too long")})]
    len: u32,
    #[wire(len = len)]
    body: Vec<u8>,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Bounded {
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
        let __span = __spans.open("version", __run_at);
        let __run = __r
            .take_array::<1>()
            .map_err(|e| e.in_run("Bounded", &[("version", 1)]))?;
        let __wire_version: u8 = u8::from_be_bytes(*__run);
        __spans.close_run(__span, &[("version", 1)], __run_at);
        let __at = __r.offset();
        let __span = __spans.open("len", __r.offset());
        let __wire_len: u32 = __rt::field(
            "Bounded",
            "len",
            #[inline(always)]
            || __rt::Ok({
                let __run = __r.take_array::<4>()?;
                u32::from_be_bytes(*__run)
            }),
        )?;
        __spans.close(__span, __r.offset());
        let len = &__wire_len;
        if let __rt::Err(__why) = __rt::validation(
            if *len <= 1024 { Ok(()) } else { Err("too long") },
        ) {
            return __rt::Err(
                __rt::DecodeError::new(__rt::ErrorKind::InvalidValue(__why), __at)
                    .in_field("Bounded", "len"),
            );
        }
        let __span = __spans.open("body", __r.offset());
        let __wire_body: Vec<u8> = __rt::field(
            "Bounded",
            "body",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::len_value(len, __r)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = __s1.take_rest().to_vec();
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        __rt::Ok(
            __then(
                Self {
                    version: __wire_version,
                    len: __wire_len,
                    body: __wire_body,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Bounded {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        let Self { len, body, .. } = self;
        1 + 4 + (body.len() * 1)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { version, len, body } = self;
        let __fill_len: u32 = __rt::len_into::<u32>(body.len() * 1)
            .map_err(|e| e.in_field("Bounded", "len"))?;
        let len = &__fill_len;
        if let __rt::Err(__why) = __rt::validation(
            if *len <= 1024 { Ok(()) } else { Err("too long") },
        ) {
            return __rt::Err(
                __rt::EncodeError::new(__rt::EncodeErrorKind::Custom(__why))
                    .in_field("Bounded", "len"),
            );
        }
        let mut __run = [0u8; 1];
        __rt::put_chunk::<0, 1, 1>(&mut __run, version.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Bounded",
            "len",
            #[inline(always)]
            || {
                __buf.put_slice(&len.to_be_bytes());
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Bounded",
            "body",
            #[inline(always)]
            || {
                __buf.put_slice(body);
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
