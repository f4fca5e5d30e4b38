struct Packet<'a> {
    header: u8,
    #[wire(rest_len)]
    remaining: Vbi,
    #[wire(len = u16)]
    topic: &'a str,
    packet_id: u16,
    #[wire(rest)]
    payload: &'a [u8],
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Packet<'a> {
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
        let __span = __spans.open("header", __run_at);
        let __run = __r
            .take_array::<1>()
            .map_err(|e| e.in_run("Packet", &[("header", 1)]))?;
        let __wire_header: u8 = u8::from_be_bytes(*__run);
        __spans.close_run(__span, &[("header", 1)], __run_at);
        let __span = __spans.open("remaining", __r.offset());
        let __wire_remaining: Vbi = __rt::field(
            "Packet",
            "remaining",
            #[inline(always)]
            || __rt::Ok(
                <Vbi as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
            ),
        )?;
        __spans.close(__span, __r.offset());
        let __rest_len: usize = __rt::field(
            "Packet",
            "remaining",
            #[inline(always)]
            || __rt::Ok(__rt::len_value(&__wire_remaining, __r)?),
        )?;
        let __outer = __r;
        let __r = &mut __rt::field(
            "Packet",
            "remaining",
            #[inline(always)]
            || __outer.section(__rest_len),
        )?;
        let __span = __spans.open("topic", __r.offset());
        let __wire_topic: &'a str = __rt::field(
            "Packet",
            "topic",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<u16>(__r, __rt::ByteOrder::Big)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = <&'a str as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __run_at = __r.offset();
        let __span = __spans.open("packet_id", __run_at);
        let __run = __r
            .take_array::<2>()
            .map_err(|e| e.in_run("Packet", &[("packet_id", 2)]))?;
        let __wire_packet_id: u16 = u16::from_be_bytes(*__run);
        __spans.close_run(__span, &[("packet_id", 2)], __run_at);
        let __span = __spans.open("payload", __r.offset());
        let __wire_payload: &'a [u8] = __rt::field(
            "Packet",
            "payload",
            #[inline(always)]
            || __rt::Ok(
                <&'a [u8] as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
            ),
        )?;
        __spans.close(__span, __r.offset());
        __r.expect_end()?;
        __rt::Ok(
            __then(
                Self {
                    header: __wire_header,
                    remaining: __wire_remaining,
                    topic: __wire_topic,
                    packet_id: __wire_packet_id,
                    payload: __wire_payload,
                },
                &*__outer,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Packet<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { remaining, topic, payload, .. } = self;
        let __fill_remaining: Vbi = match __rt::len_into::<
            Vbi,
        >(
            0
                + ({
                    let __n = <&'a str as __rt::WireEncode>::encoded_len(topic);
                    __rt::len_size::<u16>(__n) + __n
                }) + (2) + (<&'a [u8] as __rt::WireEncode>::encoded_len(payload)),
        ) {
            __rt::Ok(value) => value,
            __rt::Err(_) => return 0,
        };
        let remaining = &__fill_remaining;
        1 + <Vbi as __rt::WireEncode>::encoded_len(remaining)
            + ({
                let __n = <&'a str as __rt::WireEncode>::encoded_len(topic);
                __rt::len_size::<u16>(__n) + __n
            }) + 2 + <&'a [u8] as __rt::WireEncode>::encoded_len(payload)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { header, remaining, topic, packet_id, payload } = self;
        let __fill_remaining: Vbi = __rt::len_into::<
            Vbi,
        >(
                0
                    + ({
                        let __n = <&'a str as __rt::WireEncode>::encoded_len(topic);
                        __rt::len_size::<u16>(__n) + __n
                    }) + (2) + (<&'a [u8] as __rt::WireEncode>::encoded_len(payload)),
            )
            .map_err(|e| e.in_field("Packet", "remaining"))?;
        let remaining = &__fill_remaining;
        let mut __run = [0u8; 1];
        __rt::put_chunk::<0, 1, 1>(&mut __run, header.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Packet",
            "remaining",
            #[inline(always)]
            || {
                <Vbi as __rt::WireEncode>::encode(remaining, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Packet",
            "topic",
            #[inline(always)]
            || {
                let __n = <&'a str as __rt::WireEncode>::encoded_len(topic);
                __rt::write_len::<u16, _>(__buf, __n, __rt::ByteOrder::Big)?;
                <&'a str as __rt::WireEncode>::encode(topic, __buf)?;
                __rt::Ok(())
            },
        )?;
        let mut __run = [0u8; 2];
        __rt::put_chunk::<0, 2, 2>(&mut __run, packet_id.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Packet",
            "payload",
            #[inline(always)]
            || {
                <&'a [u8] as __rt::WireEncode>::encode(payload, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
