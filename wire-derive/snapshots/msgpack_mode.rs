#[wire(msgpack)]
struct ResponseHeader<'a> {
    request_id: i64,
    flags: i32,
    #[wire(if = *flags&1!= 0)]
    max_start_time: Option<i64>,
    #[wire(ext = 3)]
    node_id: Uuid,
    #[wire(counted)]
    names: Vec<&'a str>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for ResponseHeader<'a> {
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
        let __span = __spans.open("request_id", __r.offset());
        let __wire_request_id: i64 = __rt::field(
            "ResponseHeader",
            "request_id",
            #[inline(always)]
            || __rt::Ok(<i64 as __rt::msgpack::MsgPackDecode<'de>>::decode_msgpack(__r)?),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("flags", __r.offset());
        let __wire_flags: i32 = __rt::field(
            "ResponseHeader",
            "flags",
            #[inline(always)]
            || __rt::Ok(<i32 as __rt::msgpack::MsgPackDecode<'de>>::decode_msgpack(__r)?),
        )?;
        __spans.close(__span, __r.offset());
        let flags = &__wire_flags;
        let __span = __spans.open("max_start_time", __r.offset());
        let __wire_max_start_time: Option<i64> = __rt::field(
            "ResponseHeader",
            "max_start_time",
            #[inline(always)]
            || __rt::Ok(
                if *flags & 1 != 0 {
                    __rt::Some(
                        <i64 as __rt::msgpack::MsgPackDecode<'de>>::decode_msgpack(__r)?,
                    )
                } else {
                    __rt::None
                },
            ),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("node_id", __r.offset());
        let __wire_node_id: Uuid = __rt::field(
            "ResponseHeader",
            "node_id",
            #[inline(always)]
            || __rt::Ok({
                let __s = &mut __rt::msgpack::read_ext_section(__r, 3)?;
                let __v = <Uuid as __rt::WireDecode<'de>>::decode(__s)?;
                __s.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("names", __r.offset());
        let __wire_names: Vec<&'a str> = __rt::field(
            "ResponseHeader",
            "names",
            #[inline(always)]
            || __rt::Ok(
                __r
                    .nested(|
                        __r: &mut __rt::Reader<'de>,
                    | -> __rt::Result<Vec<&'a str>, __rt::DecodeError> {
                        let __n = __rt::msgpack::read_int::<u32>(__r)? as usize;
                        let __n = __r.check_count(__n as u64, 1)?;
                        let mut __items = __rt::Vec::with_capacity(
                            __rt::capacity_for_count::<&'a str>(__n, __r),
                        );
                        for _ in 0..__n {
                            __items
                                .push(
                                    <&'a str as __rt::msgpack::MsgPackDecode<
                                        'de,
                                    >>::decode_msgpack(__r)?,
                                );
                        }
                        __rt::Ok(__items)
                    })?,
            ),
        )?;
        __spans.close(__span, __r.offset());
        __rt::Ok(
            __then(
                Self {
                    request_id: __wire_request_id,
                    flags: __wire_flags,
                    max_start_time: __wire_max_start_time,
                    node_id: __wire_node_id,
                    names: __wire_names,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::msgpack::MsgPackDecode<'de>
for ResponseHeader<'a> {
    #[inline]
    fn decode_msgpack(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<
        Self,
        ::wire_runtime::__private::DecodeError,
    > {
        <Self as ::wire_runtime::__private::WireDecode<'de>>::decode(__r)
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for ResponseHeader<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { request_id, flags, max_start_time, node_id, names } = self;
        <i64 as __rt::msgpack::MsgPackEncode>::msgpack_len(request_id)
            + <i32 as __rt::msgpack::MsgPackEncode>::msgpack_len(flags)
            + (match max_start_time {
                __rt::Some(__x1) => {
                    <i64 as __rt::msgpack::MsgPackEncode>::msgpack_len(__x1)
                }
                __rt::None => 0,
            })
            + __rt::msgpack::ext_size(<Uuid as __rt::WireEncode>::encoded_len(node_id))
            + (__rt::msgpack::int_size(names.len() as i64)
                + names
                    .iter()
                    .map(<&'a str as __rt::msgpack::MsgPackEncode>::msgpack_len)
                    .sum::<usize>())
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { request_id, flags, max_start_time, node_id, names } = self;
        __rt::encode_field(
            "ResponseHeader",
            "request_id",
            #[inline(always)]
            || {
                <i64 as __rt::msgpack::MsgPackEncode>::encode_msgpack(
                    request_id,
                    __buf,
                )?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "ResponseHeader",
            "flags",
            #[inline(always)]
            || {
                <i32 as __rt::msgpack::MsgPackEncode>::encode_msgpack(flags, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "ResponseHeader",
            "max_start_time",
            #[inline(always)]
            || {
                __rt::check_presence(*flags & 1 != 0, max_start_time.is_some())?;
                if let __rt::Some(__x1) = max_start_time {
                    <i64 as __rt::msgpack::MsgPackEncode>::encode_msgpack(__x1, __buf)?;
                }
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "ResponseHeader",
            "node_id",
            #[inline(always)]
            || {
                __rt::msgpack::write_ext_value::<Uuid, _>(__buf, 3, node_id)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "ResponseHeader",
            "names",
            #[inline(always)]
            || {
                __rt::msgpack::write_int(__buf, names.len() as i64);
                for __x1 in names {
                    <&'a str as __rt::msgpack::MsgPackEncode>::encode_msgpack(
                        __x1,
                        __buf,
                    )?;
                }
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::msgpack::MsgPackEncode for ResponseHeader<'a> {
    #[inline]
    fn msgpack_len(&self) -> usize {
        <Self as ::wire_runtime::__private::WireEncode>::encoded_len(self)
    }
    #[inline]
    fn encode_msgpack<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        <Self as ::wire_runtime::__private::WireEncode>::encode(self, __buf)
    }
}
