struct Compact<'a> {
    #[wire(len = varint+1)]
    topic: &'a str,
    #[wire(len = varint+1, nullable)]
    client_id: Option<&'a str>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Compact<'a> {
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
        let __span = __spans.open("topic", __r.offset());
        let __wire_topic: &'a str = __rt::field(
            "Compact",
            "topic",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<
                    ::wire_runtime::__private::Biased<
                        ::wire_runtime::__private::VarInt,
                        1,
                    >,
                >(__r, __rt::ByteOrder::Big)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = <&'a str as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("client_id", __r.offset());
        let __wire_client_id: Option<&'a str> = __rt::field(
            "Compact",
            "client_id",
            #[inline(always)]
            || __rt::Ok(
                match __rt::read_marked_len::<
                    ::wire_runtime::__private::Biased<
                        ::wire_runtime::__private::VarInt,
                        1,
                    >,
                >(
                    __r,
                    __rt::ByteOrder::Big,
                    __rt::Markers {
                        null: __rt::Some(-1),
                        not_set: __rt::None,
                    },
                )? {
                    __rt::Tristate::Value(__n) => {
                        __rt::Some({
                            let __s1 = &mut __r.section(__n)?;
                            let __v = <&'a str as __rt::WireDecode<
                                'de,
                            >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                            __s1.expect_end()?;
                            __v
                        })
                    }
                    _ => __rt::None,
                },
            ),
        )?;
        __spans.close(__span, __r.offset());
        __rt::Ok(
            __then(
                Self {
                    topic: __wire_topic,
                    client_id: __wire_client_id,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Compact<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { topic, client_id } = self;
        ({
            let __n = <&'a str as __rt::WireEncode>::encoded_len(topic);
            __rt::len_size::<
                ::wire_runtime::__private::Biased<::wire_runtime::__private::VarInt, 1>,
            >(__n) + __n
        })
            + (match client_id {
                __rt::Some(__x1) => {
                    let __n = <&'a str as __rt::WireEncode>::encoded_len(__x1);
                    __rt::len_size::<
                        ::wire_runtime::__private::Biased<
                            ::wire_runtime::__private::VarInt,
                            1,
                        >,
                    >(__n) + __n
                }
                __rt::None => {
                    __rt::marker_size::<
                        ::wire_runtime::__private::Biased<
                            ::wire_runtime::__private::VarInt,
                            1,
                        >,
                    >(-1)
                }
            })
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { topic, client_id } = self;
        __rt::encode_field(
            "Compact",
            "topic",
            #[inline(always)]
            || {
                let __n = <&'a str as __rt::WireEncode>::encoded_len(topic);
                __rt::write_len::<
                    ::wire_runtime::__private::Biased<
                        ::wire_runtime::__private::VarInt,
                        1,
                    >,
                    _,
                >(__buf, __n, __rt::ByteOrder::Big)?;
                <&'a str as __rt::WireEncode>::encode(topic, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Compact",
            "client_id",
            #[inline(always)]
            || {
                match client_id {
                    __rt::Some(__x1) => {
                        let __n = <&'a str as __rt::WireEncode>::encoded_len(__x1);
                        __rt::write_len::<
                            ::wire_runtime::__private::Biased<
                                ::wire_runtime::__private::VarInt,
                                1,
                            >,
                            _,
                        >(__buf, __n, __rt::ByteOrder::Big)?;
                        <&'a str as __rt::WireEncode>::encode(__x1, __buf)?;
                    }
                    __rt::None => {
                        __rt::write_marker::<
                            ::wire_runtime::__private::Biased<
                                ::wire_runtime::__private::VarInt,
                                1,
                            >,
                            _,
                        >(__buf, -1, __rt::ByteOrder::Big)?
                    }
                }
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
