struct Handshake {
    msg_type: u8,
    #[wire(int = u24)]
    length: u32,
    #[wire(int = u48, le)]
    millis: u64,
    #[wire(len = u24)]
    body: Vec<u8>,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Handshake {
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
        let __span = __spans.open("msg_type", __run_at);
        let __run = __r
            .take_array::<10>()
            .map_err(|e| {
                e.in_run("Handshake", &[("msg_type", 1), ("length", 4), ("millis", 10)])
            })?;
        let __wire_msg_type: u8 = u8::from_be_bytes(__rt::chunk::<0, 1, 10>(__run));
        let __wire_length: u32 = __rt::uint_from_be::<3>(__rt::chunk::<1, 3, 10>(__run))
            as u32;
        let __wire_millis: u64 = __rt::uint_from_le::<6>(__rt::chunk::<4, 6, 10>(__run));
        __spans
            .close_run(
                __span,
                &[("msg_type", 1), ("length", 4), ("millis", 10)],
                __run_at,
            );
        let __span = __spans.open("body", __r.offset());
        let __wire_body: Vec<u8> = __rt::field(
            "Handshake",
            "body",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<
                    ::wire_runtime::__private::U24,
                >(__r, __rt::ByteOrder::Big)?;
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
                    msg_type: __wire_msg_type,
                    length: __wire_length,
                    millis: __wire_millis,
                    body: __wire_body,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Handshake {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { body, .. } = self;
        10
            + ({
                let __n = body.len() * 1;
                __rt::len_size::<::wire_runtime::__private::U24>(__n) + __n
            })
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { msg_type, length, millis, body } = self;
        let mut __run = [0u8; 10];
        __rt::put_chunk::<0, 1, 10>(&mut __run, msg_type.to_be_bytes());
        __rt::put_chunk::<
            1,
            3,
            10,
        >(
            &mut __run,
            __rt::uint_to_be::<3>(u64::from(*length))
                .map_err(|e| e.in_field("Handshake", "length"))?,
        );
        __rt::put_chunk::<
            4,
            6,
            10,
        >(
            &mut __run,
            __rt::uint_to_le::<6>(u64::from(*millis))
                .map_err(|e| e.in_field("Handshake", "millis"))?,
        );
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Handshake",
            "body",
            #[inline(always)]
            || {
                let __n = body.len() * 1;
                __rt::write_len::<
                    ::wire_runtime::__private::U24,
                    _,
                >(__buf, __n, __rt::ByteOrder::Big)?;
                __buf.put_slice(body);
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
