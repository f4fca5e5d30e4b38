#[wire(inline, tag = u8, tag_bits = 4..8, peek)]
enum Packet<'a> {
    #[wire(tag = 12)]
    PingReq { header: FixedHeader<12, 0>, #[wire(len = vbi)] body: Empty },
    #[wire(tag = 3)]
    Publish {
        flags: PublishFlags,
        #[wire(len = vbi, ctx = *flags)]
        publish: Publish<'a>,
    },
    #[wire(tag = 13)]
    PingResp { header: FixedHeader<13, 0>, #[wire(len = vbi)] body: Empty },
    #[wire(tag = 14)]
    Disconnect { header: FixedHeader<14, 0>, #[wire(len = vbi)] body: Empty },
    #[wire(tag = 8)]
    Subscribe { header: FixedHeader<8, 2>, #[wire(len = vbi)] body: Subscribe<'a> },
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
    #[inline(always)]
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
        let __tag = __rt::field(
            "Packet",
            "tag",
            #[inline(always)]
            || __rt::Ok((__r.peek_u8()? >> 4u32) & 15u8),
        )?;
        #[deny(unreachable_patterns)]
        match __tag {
            12 => {
                __rt::field(
                    "Packet",
                    "PingReq",
                    #[inline(always)]
                    || {
                        let __span = __spans.open("header", __r.offset());
                        let __wire_header: FixedHeader<12, 0> = __rt::field(
                            "Packet",
                            "header",
                            #[inline(always)]
                            || __rt::Ok(
                                <FixedHeader<
                                    12,
                                    0,
                                > as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
                            ),
                        )?;
                        __spans.close(__span, __r.offset());
                        let __span = __spans.open("body", __r.offset());
                        let __wire_body: Empty = __rt::field(
                            "Packet",
                            "body",
                            #[inline(always)]
                            || __rt::Ok({
                                let __n = __rt::read_len::<
                                    ::wire_runtime::__private::Vbi,
                                >(__r, __rt::ByteOrder::Big)?;
                                let __s1 = &mut __r.section(__n)?;
                                let __v = <Empty as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                                __s1.expect_end()?;
                                __v
                            }),
                        )?;
                        __spans.close(__span, __r.offset());
                        __rt::Ok(
                            __then(
                                Self::PingReq {
                                    header: __wire_header,
                                    body: __wire_body,
                                },
                                &*__r,
                            ),
                        )
                    },
                )
            }
            3 => {
                __rt::field(
                    "Packet",
                    "Publish",
                    #[inline(always)]
                    || {
                        let __span = __spans.open("flags", __r.offset());
                        let __wire_flags: PublishFlags = __rt::field(
                            "Packet",
                            "flags",
                            #[inline(always)]
                            || __rt::Ok(
                                <PublishFlags as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
                            ),
                        )?;
                        __spans.close(__span, __r.offset());
                        let flags = &__wire_flags;
                        let __span = __spans.open("publish", __r.offset());
                        let __wire_publish: Publish<'a> = __rt::field(
                            "Packet",
                            "publish",
                            #[inline(always)]
                            || __rt::Ok({
                                let __n = __rt::read_len::<
                                    ::wire_runtime::__private::Vbi,
                                >(__r, __rt::ByteOrder::Big)?;
                                let __s1 = &mut __r.section(__n)?;
                                let __v = {
                                    use __rt::Ctx as _;
                                    (*flags).decode_as_sink::<Publish<'a>, _>(__s1, __spans)?
                                };
                                __s1.expect_end()?;
                                __v
                            }),
                        )?;
                        __spans.close(__span, __r.offset());
                        __rt::Ok(
                            __then(
                                Self::Publish {
                                    flags: __wire_flags,
                                    publish: __wire_publish,
                                },
                                &*__r,
                            ),
                        )
                    },
                )
            }
            13 => {
                __rt::field(
                    "Packet",
                    "PingResp",
                    #[inline(always)]
                    || {
                        let __span = __spans.open("header", __r.offset());
                        let __wire_header: FixedHeader<13, 0> = __rt::field(
                            "Packet",
                            "header",
                            #[inline(always)]
                            || __rt::Ok(
                                <FixedHeader<
                                    13,
                                    0,
                                > as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
                            ),
                        )?;
                        __spans.close(__span, __r.offset());
                        let __span = __spans.open("body", __r.offset());
                        let __wire_body: Empty = __rt::field(
                            "Packet",
                            "body",
                            #[inline(always)]
                            || __rt::Ok({
                                let __n = __rt::read_len::<
                                    ::wire_runtime::__private::Vbi,
                                >(__r, __rt::ByteOrder::Big)?;
                                let __s1 = &mut __r.section(__n)?;
                                let __v = <Empty as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                                __s1.expect_end()?;
                                __v
                            }),
                        )?;
                        __spans.close(__span, __r.offset());
                        __rt::Ok(
                            __then(
                                Self::PingResp {
                                    header: __wire_header,
                                    body: __wire_body,
                                },
                                &*__r,
                            ),
                        )
                    },
                )
            }
            14 => {
                __rt::field(
                    "Packet",
                    "Disconnect",
                    #[inline(always)]
                    || {
                        let __span = __spans.open("header", __r.offset());
                        let __wire_header: FixedHeader<14, 0> = __rt::field(
                            "Packet",
                            "header",
                            #[inline(always)]
                            || __rt::Ok(
                                <FixedHeader<
                                    14,
                                    0,
                                > as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
                            ),
                        )?;
                        __spans.close(__span, __r.offset());
                        let __span = __spans.open("body", __r.offset());
                        let __wire_body: Empty = __rt::field(
                            "Packet",
                            "body",
                            #[inline(always)]
                            || __rt::Ok({
                                let __n = __rt::read_len::<
                                    ::wire_runtime::__private::Vbi,
                                >(__r, __rt::ByteOrder::Big)?;
                                let __s1 = &mut __r.section(__n)?;
                                let __v = <Empty as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                                __s1.expect_end()?;
                                __v
                            }),
                        )?;
                        __spans.close(__span, __r.offset());
                        __rt::Ok(
                            __then(
                                Self::Disconnect {
                                    header: __wire_header,
                                    body: __wire_body,
                                },
                                &*__r,
                            ),
                        )
                    },
                )
            }
            8 => {
                __rt::field(
                    "Packet",
                    "Subscribe",
                    #[inline(always)]
                    || {
                        let __span = __spans.open("header", __r.offset());
                        let __wire_header: FixedHeader<8, 2> = __rt::field(
                            "Packet",
                            "header",
                            #[inline(always)]
                            || __rt::Ok(
                                <FixedHeader<
                                    8,
                                    2,
                                > as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
                            ),
                        )?;
                        __spans.close(__span, __r.offset());
                        let __span = __spans.open("body", __r.offset());
                        let __wire_body: Subscribe<'a> = __rt::field(
                            "Packet",
                            "body",
                            #[inline(always)]
                            || __rt::Ok({
                                let __n = __rt::read_len::<
                                    ::wire_runtime::__private::Vbi,
                                >(__r, __rt::ByteOrder::Big)?;
                                let __s1 = &mut __r.section(__n)?;
                                let __v = <Subscribe<
                                    'a,
                                > as __rt::WireDecode<
                                    'de,
                                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                                __s1.expect_end()?;
                                __v
                            }),
                        )?;
                        __spans.close(__span, __r.offset());
                        __rt::Ok(
                            __then(
                                Self::Subscribe {
                                    header: __wire_header,
                                    body: __wire_body,
                                },
                                &*__r,
                            ),
                        )
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
impl<'a> ::wire_runtime::__private::WireEncode for Packet<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        match self {
            Self::PingReq { header, body } => {
                0 + <FixedHeader<12, 0> as __rt::WireEncode>::encoded_len(header)
                    + ({
                        let __n = <Empty as __rt::WireEncode>::encoded_len(body);
                        __rt::len_size::<::wire_runtime::__private::Vbi>(__n) + __n
                    })
            }
            Self::Publish { flags, publish } => {
                0 + <PublishFlags as __rt::WireEncode>::encoded_len(flags)
                    + ({
                        let __n = {
                            use __rt::Ctx as _;
                            (*flags).encoded_len_as::<Publish<'a>>(publish)
                        };
                        __rt::len_size::<::wire_runtime::__private::Vbi>(__n) + __n
                    })
            }
            Self::PingResp { header, body } => {
                0 + <FixedHeader<13, 0> as __rt::WireEncode>::encoded_len(header)
                    + ({
                        let __n = <Empty as __rt::WireEncode>::encoded_len(body);
                        __rt::len_size::<::wire_runtime::__private::Vbi>(__n) + __n
                    })
            }
            Self::Disconnect { header, body } => {
                0 + <FixedHeader<14, 0> as __rt::WireEncode>::encoded_len(header)
                    + ({
                        let __n = <Empty as __rt::WireEncode>::encoded_len(body);
                        __rt::len_size::<::wire_runtime::__private::Vbi>(__n) + __n
                    })
            }
            Self::Subscribe { header, body } => {
                0 + <FixedHeader<8, 2> as __rt::WireEncode>::encoded_len(header)
                    + ({
                        let __n = <Subscribe<'a> as __rt::WireEncode>::encoded_len(body);
                        __rt::len_size::<::wire_runtime::__private::Vbi>(__n) + __n
                    })
            }
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
            Self::PingReq { header, body } => {
                __rt::encode_field(
                    "Packet",
                    "PingReq",
                    #[inline(always)]
                    || {
                        {
                            let __n = <Empty as __rt::WireEncode>::encoded_len(body);
                            let __room = <FixedHeader<
                                12,
                                0,
                            > as __rt::WireEncode>::encoded_len(header)
                                + __rt::len_size::<::wire_runtime::__private::Vbi>(__n)
                                + __n;
                            let __done = __rt::write_in_window(
                                __buf,
                                __room,
                                #[inline(always)]
                                |__buf| {
                                    use __rt::BufMut as _;
                                    __rt::encode_field(
                                        "Packet",
                                        "header",
                                        #[inline(always)]
                                        || {
                                            <FixedHeader<
                                                12,
                                                0,
                                            > as __rt::WireEncode>::encode(header, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "body",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            <Empty as __rt::WireEncode>::encode(body, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::Ok(())
                                },
                            );
                            match __done {
                                __rt::Some(__done) => __done?,
                                __rt::None => {
                                    __rt::encode_field(
                                        "Packet",
                                        "header",
                                        #[inline(always)]
                                        || {
                                            <FixedHeader<
                                                12,
                                                0,
                                            > as __rt::WireEncode>::encode(header, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "body",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            <Empty as __rt::WireEncode>::encode(body, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                }
                            }
                        }
                        __rt::Ok(())
                    },
                )?
            }
            Self::Publish { flags, publish } => {
                __rt::encode_field(
                    "Packet",
                    "Publish",
                    #[inline(always)]
                    || {
                        {
                            let __n = {
                                use __rt::Ctx as _;
                                (*flags).encoded_len_as::<Publish<'a>>(publish)
                            };
                            let __room = <PublishFlags as __rt::WireEncode>::encoded_len(
                                flags,
                            ) + __rt::len_size::<::wire_runtime::__private::Vbi>(__n)
                                + __n;
                            let __done = __rt::write_in_window(
                                __buf,
                                __room,
                                #[inline(always)]
                                |__buf| {
                                    use __rt::BufMut as _;
                                    __rt::encode_field(
                                        "Packet",
                                        "flags",
                                        #[inline(always)]
                                        || {
                                            <PublishFlags as __rt::WireEncode>::encode(flags, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "publish",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            {
                                                use __rt::Ctx as _;
                                                (*flags).encode_as::<Publish<'a>, _>(publish, __buf)?;
                                            }
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::Ok(())
                                },
                            );
                            match __done {
                                __rt::Some(__done) => __done?,
                                __rt::None => {
                                    __rt::encode_field(
                                        "Packet",
                                        "flags",
                                        #[inline(always)]
                                        || {
                                            <PublishFlags as __rt::WireEncode>::encode(flags, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "publish",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            {
                                                use __rt::Ctx as _;
                                                (*flags).encode_as::<Publish<'a>, _>(publish, __buf)?;
                                            }
                                            __rt::Ok(())
                                        },
                                    )?;
                                }
                            }
                        }
                        __rt::Ok(())
                    },
                )?
            }
            Self::PingResp { header, body } => {
                __rt::encode_field(
                    "Packet",
                    "PingResp",
                    #[inline(always)]
                    || {
                        {
                            let __n = <Empty as __rt::WireEncode>::encoded_len(body);
                            let __room = <FixedHeader<
                                13,
                                0,
                            > as __rt::WireEncode>::encoded_len(header)
                                + __rt::len_size::<::wire_runtime::__private::Vbi>(__n)
                                + __n;
                            let __done = __rt::write_in_window(
                                __buf,
                                __room,
                                #[inline(always)]
                                |__buf| {
                                    use __rt::BufMut as _;
                                    __rt::encode_field(
                                        "Packet",
                                        "header",
                                        #[inline(always)]
                                        || {
                                            <FixedHeader<
                                                13,
                                                0,
                                            > as __rt::WireEncode>::encode(header, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "body",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            <Empty as __rt::WireEncode>::encode(body, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::Ok(())
                                },
                            );
                            match __done {
                                __rt::Some(__done) => __done?,
                                __rt::None => {
                                    __rt::encode_field(
                                        "Packet",
                                        "header",
                                        #[inline(always)]
                                        || {
                                            <FixedHeader<
                                                13,
                                                0,
                                            > as __rt::WireEncode>::encode(header, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "body",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            <Empty as __rt::WireEncode>::encode(body, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                }
                            }
                        }
                        __rt::Ok(())
                    },
                )?
            }
            Self::Disconnect { header, body } => {
                __rt::encode_field(
                    "Packet",
                    "Disconnect",
                    #[inline(always)]
                    || {
                        {
                            let __n = <Empty as __rt::WireEncode>::encoded_len(body);
                            let __room = <FixedHeader<
                                14,
                                0,
                            > as __rt::WireEncode>::encoded_len(header)
                                + __rt::len_size::<::wire_runtime::__private::Vbi>(__n)
                                + __n;
                            let __done = __rt::write_in_window(
                                __buf,
                                __room,
                                #[inline(always)]
                                |__buf| {
                                    use __rt::BufMut as _;
                                    __rt::encode_field(
                                        "Packet",
                                        "header",
                                        #[inline(always)]
                                        || {
                                            <FixedHeader<
                                                14,
                                                0,
                                            > as __rt::WireEncode>::encode(header, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "body",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            <Empty as __rt::WireEncode>::encode(body, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::Ok(())
                                },
                            );
                            match __done {
                                __rt::Some(__done) => __done?,
                                __rt::None => {
                                    __rt::encode_field(
                                        "Packet",
                                        "header",
                                        #[inline(always)]
                                        || {
                                            <FixedHeader<
                                                14,
                                                0,
                                            > as __rt::WireEncode>::encode(header, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "body",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            <Empty as __rt::WireEncode>::encode(body, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                }
                            }
                        }
                        __rt::Ok(())
                    },
                )?
            }
            Self::Subscribe { header, body } => {
                __rt::encode_field(
                    "Packet",
                    "Subscribe",
                    #[inline(always)]
                    || {
                        {
                            let __n = <Subscribe<
                                'a,
                            > as __rt::WireEncode>::encoded_len(body);
                            let __room = <FixedHeader<
                                8,
                                2,
                            > as __rt::WireEncode>::encoded_len(header)
                                + __rt::len_size::<::wire_runtime::__private::Vbi>(__n)
                                + __n;
                            let __done = __rt::write_in_window(
                                __buf,
                                __room,
                                #[inline(always)]
                                |__buf| {
                                    use __rt::BufMut as _;
                                    __rt::encode_field(
                                        "Packet",
                                        "header",
                                        #[inline(always)]
                                        || {
                                            <FixedHeader<
                                                8,
                                                2,
                                            > as __rt::WireEncode>::encode(header, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "body",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            <Subscribe<'a> as __rt::WireEncode>::encode(body, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::Ok(())
                                },
                            );
                            match __done {
                                __rt::Some(__done) => __done?,
                                __rt::None => {
                                    __rt::encode_field(
                                        "Packet",
                                        "header",
                                        #[inline(always)]
                                        || {
                                            <FixedHeader<
                                                8,
                                                2,
                                            > as __rt::WireEncode>::encode(header, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                    __rt::encode_field(
                                        "Packet",
                                        "body",
                                        #[inline(always)]
                                        || {
                                            __rt::write_len::<
                                                ::wire_runtime::__private::Vbi,
                                                _,
                                            >(__buf, __n, __rt::ByteOrder::Big)?;
                                            <Subscribe<'a> as __rt::WireEncode>::encode(body, __buf)?;
                                            __rt::Ok(())
                                        },
                                    )?;
                                }
                            }
                        }
                        __rt::Ok(())
                    },
                )?
            }
        }
        __rt::Ok(())
    }
}
impl<'a> Packet<'a> {
    ///The wire tag of `Packet::PingReq`.
    pub const PING_REQ_TAG: u8 = 12;
    ///The wire tag of `Packet::Publish`.
    pub const PUBLISH_TAG: u8 = 3;
    ///The wire tag of `Packet::PingResp`.
    pub const PING_RESP_TAG: u8 = 13;
    ///The wire tag of `Packet::Disconnect`.
    pub const DISCONNECT_TAG: u8 = 14;
    ///The wire tag of `Packet::Subscribe`.
    pub const SUBSCRIBE_TAG: u8 = 8;
    ///The wire tag of this `Packet` variant.
    #[allow(unused_variables, dead_code)]
    pub fn wire_tag(&self) -> u8 {
        match self {
            Self::PingReq { .. } => 12,
            Self::Publish { .. } => 3,
            Self::PingResp { .. } => 13,
            Self::Disconnect { .. } => 14,
            Self::Subscribe { .. } => 8,
        }
    }
}
