struct Row<'a> {
    #[wire(len = QuicVarint)]
    token: &'a [u8],
    #[wire(count = quic::Varint+1)]
    ids: Vec<u16>,
    size: Words,
    #[wire(len = size)]
    options: &'a [u8],
    #[wire(len = i32, nullable = negative)]
    bytes: Option<&'a [u8]>,
    #[wire(len = i32, nullable, not_set = -2)]
    value: Tristate<&'a [u8]>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Row<'a> {
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
        let __span = __spans.open("token", __r.offset());
        let __wire_token: &'a [u8] = __rt::field(
            "Row",
            "token",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<QuicVarint>(__r, __rt::ByteOrder::Big)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = <&'a [u8] as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("ids", __r.offset());
        let __wire_ids: Vec<u16> = __rt::field(
            "Row",
            "ids",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<
                    ::wire_runtime::__private::Biased<quic::Varint, 1>,
                >(__r, __rt::ByteOrder::Big)?;
                let __n = __r.check_count(__n as u64, 2)?;
                let mut __items: Vec<u16> = __rt::Vec::with_capacity(
                    __rt::capacity_for_count::<u16>(__n, __r),
                );
                for _ in 0..__n {
                    let __e1 = &mut *__r;
                    let __item = {
                        let __run = __e1.take_array::<2>()?;
                        u16::from_be_bytes(*__run)
                    };
                    __items.push(__item);
                }
                __items
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("size", __r.offset());
        let __wire_size: Words = __rt::field(
            "Row",
            "size",
            #[inline(always)]
            || __rt::Ok(
                <Words as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
            ),
        )?;
        __spans.close(__span, __r.offset());
        let size = &__wire_size;
        let __span = __spans.open("options", __r.offset());
        let __wire_options: &'a [u8] = __rt::field(
            "Row",
            "options",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::len_value(size, __r)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = <&'a [u8] as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("bytes", __r.offset());
        let __wire_bytes: Option<&'a [u8]> = __rt::field(
            "Row",
            "bytes",
            #[inline(always)]
            || __rt::Ok(
                match __rt::read_marked_len::<
                    i32,
                >(
                    __r,
                    __rt::ByteOrder::Big,
                    __rt::Markers {
                        null: __rt::None,
                        not_set: __rt::None,
                    },
                )? {
                    __rt::Tristate::Value(__n) => {
                        __rt::Some({
                            let __s1 = &mut __r.section(__n)?;
                            let __v = <&'a [u8] as __rt::WireDecode<
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
        let __span = __spans.open("value", __r.offset());
        let __wire_value: Tristate<&'a [u8]> = __rt::field(
            "Row",
            "value",
            #[inline(always)]
            || __rt::Ok(
                match __rt::read_marked_len::<
                    i32,
                >(
                    __r,
                    __rt::ByteOrder::Big,
                    __rt::Markers {
                        null: __rt::Some(-1),
                        not_set: __rt::Some(-2),
                    },
                )? {
                    __rt::Tristate::Value(__n) => {
                        __rt::Tristate::Value({
                            let __s1 = &mut __r.section(__n)?;
                            let __v = <&'a [u8] as __rt::WireDecode<
                                'de,
                            >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                            __s1.expect_end()?;
                            __v
                        })
                    }
                    __rt::Tristate::Null => __rt::Tristate::Null,
                    __rt::Tristate::NotSet => __rt::Tristate::NotSet,
                },
            ),
        )?;
        __spans.close(__span, __r.offset());
        __rt::Ok(
            __then(
                Self {
                    token: __wire_token,
                    ids: __wire_ids,
                    size: __wire_size,
                    options: __wire_options,
                    bytes: __wire_bytes,
                    value: __wire_value,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Row<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { token, ids, size, options, bytes, value } = self;
        let __fill_size: Words = match __rt::len_into::<
            Words,
        >(<&'a [u8] as __rt::WireEncode>::encoded_len(options)) {
            __rt::Ok(value) => value,
            __rt::Err(_) => return 0,
        };
        let size = &__fill_size;
        ({
            let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(token);
            __rt::len_size::<QuicVarint>(__n) + __n
        })
            + (__rt::len_size::<
                ::wire_runtime::__private::Biased<quic::Varint, 1>,
            >(ids.len()) + ids.len() * 2)
            + <Words as __rt::WireEncode>::encoded_len(size)
            + <&'a [u8] as __rt::WireEncode>::encoded_len(options)
            + (match bytes {
                __rt::Some(__x1) => {
                    let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(__x1);
                    __rt::len_size::<i32>(__n) + __n
                }
                __rt::None => __rt::marker_size::<i32>(-1),
            })
            + (match value {
                __rt::Tristate::Value(__x1) => {
                    let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(__x1);
                    __rt::len_size::<i32>(__n) + __n
                }
                __rt::Tristate::Null => __rt::marker_size::<i32>(-1),
                __rt::Tristate::NotSet => __rt::marker_size::<i32>(-2),
            })
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { token, ids, size, options, bytes, value } = self;
        let __fill_size: Words = __rt::len_into::<
            Words,
        >(<&'a [u8] as __rt::WireEncode>::encoded_len(options))
            .map_err(|e| e.in_field("Row", "size"))?;
        let size = &__fill_size;
        __rt::encode_field(
            "Row",
            "token",
            #[inline(always)]
            || {
                let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(token);
                __rt::write_len::<QuicVarint, _>(__buf, __n, __rt::ByteOrder::Big)?;
                <&'a [u8] as __rt::WireEncode>::encode(token, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Row",
            "ids",
            #[inline(always)]
            || {
                __rt::write_len::<
                    ::wire_runtime::__private::Biased<quic::Varint, 1>,
                    _,
                >(__buf, ids.len(), __rt::ByteOrder::Big)?;
                for __x1 in ids {
                    __buf.put_slice(&__x1.to_be_bytes());
                }
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Row",
            "size",
            #[inline(always)]
            || {
                <Words as __rt::WireEncode>::encode(size, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Row",
            "options",
            #[inline(always)]
            || {
                <&'a [u8] as __rt::WireEncode>::encode(options, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Row",
            "bytes",
            #[inline(always)]
            || {
                match bytes {
                    __rt::Some(__x1) => {
                        let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(__x1);
                        __rt::write_len::<i32, _>(__buf, __n, __rt::ByteOrder::Big)?;
                        <&'a [u8] as __rt::WireEncode>::encode(__x1, __buf)?;
                    }
                    __rt::None => {
                        __rt::write_marker::<i32, _>(__buf, -1, __rt::ByteOrder::Big)?
                    }
                }
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Row",
            "value",
            #[inline(always)]
            || {
                match value {
                    __rt::Tristate::Value(__x1) => {
                        let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(__x1);
                        __rt::write_len::<i32, _>(__buf, __n, __rt::ByteOrder::Big)?;
                        <&'a [u8] as __rt::WireEncode>::encode(__x1, __buf)?;
                    }
                    __rt::Tristate::Null => {
                        __rt::write_marker::<i32, _>(__buf, -1, __rt::ByteOrder::Big)?
                    }
                    __rt::Tristate::NotSet => {
                        __rt::write_marker::<i32, _>(__buf, -2, __rt::ByteOrder::Big)?
                    }
                }
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
