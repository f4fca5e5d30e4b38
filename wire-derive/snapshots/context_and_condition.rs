#[wire(ctx(flags:PublishFlags))]
struct Publish<'a> {
    #[wire(len = u16)]
    topic: &'a str,
    #[wire(if = flags.qos>0)]
    packet_id: Option<u16>,
    #[wire(rest)]
    payload: &'a [u8],
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::DecodeWith<'de, PublishFlags>
for Publish<'a> {
    #[inline(always)]
    fn decode_with(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __ctx: PublishFlags,
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
        __ctx: PublishFlags,
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
        __ctx: PublishFlags,
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
        __ctx: PublishFlags,
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
        let flags = __ctx;
        let __span = __spans.open("topic", __r.offset());
        let __wire_topic: &'a str = __rt::field(
            "Publish",
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
        let __span = __spans.open("packet_id", __r.offset());
        let __wire_packet_id: Option<u16> = __rt::field(
            "Publish",
            "packet_id",
            #[inline(always)]
            || __rt::Ok(
                if flags.qos > 0 {
                    __rt::Some({
                        let __run = __r.take_array::<2>()?;
                        u16::from_be_bytes(*__run)
                    })
                } else {
                    __rt::None
                },
            ),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("payload", __r.offset());
        let __wire_payload: &'a [u8] = __rt::field(
            "Publish",
            "payload",
            #[inline(always)]
            || __rt::Ok(
                <&'a [u8] as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
            ),
        )?;
        __spans.close(__span, __r.offset());
        __rt::Ok(
            __then(
                Self {
                    topic: __wire_topic,
                    packet_id: __wire_packet_id,
                    payload: __wire_payload,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::EncodeWith<PublishFlags> for Publish<'a> {
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len_with(&self, __ctx: PublishFlags) -> usize {
        use ::wire_runtime::__private as __rt;
        let flags = __ctx;
        let Self { topic, packet_id, payload } = self;
        ({
            let __n = <&'a str as __rt::WireEncode>::encoded_len(topic);
            __rt::len_size::<u16>(__n) + __n
        })
            + (match packet_id {
                __rt::Some(__x1) => 2,
                __rt::None => 0,
            }) + <&'a [u8] as __rt::WireEncode>::encoded_len(payload)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode_with<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
        __ctx: PublishFlags,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let flags = __ctx;
        let Self { topic, packet_id, payload } = self;
        __rt::encode_field(
            "Publish",
            "topic",
            #[inline(always)]
            || {
                let __n = <&'a str as __rt::WireEncode>::encoded_len(topic);
                __rt::write_len::<u16, _>(__buf, __n, __rt::ByteOrder::Big)?;
                <&'a str as __rt::WireEncode>::encode(topic, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Publish",
            "packet_id",
            #[inline(always)]
            || {
                __rt::check_presence(flags.qos > 0, packet_id.is_some())?;
                if let __rt::Some(__x1) = packet_id {
                    __buf.put_slice(&__x1.to_be_bytes());
                }
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Publish",
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
impl<'a> Publish<'a> {
    #[doc(hidden)]
    #[allow(dead_code)]
    pub fn encoded_len<'__wire>(&'__wire self) -> usize
    where
        &'__wire Self: ::wire_runtime::__private::EncodedLenNeedsContext,
    {
        0
    }
}
