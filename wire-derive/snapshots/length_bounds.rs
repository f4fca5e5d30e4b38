struct Bounded<'a> {
    #[wire(rest_len, inclusive, max = 4096)]
    size: u16,
    #[wire(len = u32, max = 1024)]
    payload: &'a [u8],
    #[wire(count = u16, max = 8)]
    ids: Vec<u32>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Bounded<'a> {
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
        let __span = __spans.open("size", __run_at);
        let __run = __r
            .take_array::<2>()
            .map_err(|e| e.in_run("Bounded", &[("size", 2)]))?;
        let __wire_size: u16 = u16::from_be_bytes(*__run);
        __spans.close_run(__span, &[("size", 2)], __run_at);
        let __rest_len: usize = __rt::field(
            "Bounded",
            "size",
            #[inline(always)]
            || __rt::Ok(
                match {
                    let __n = __rt::len_value(&__wire_size, __r)?;
                    __rt::check_max(__n, 4096, __r)?;
                    __n
                }
                    .checked_sub(2)
                {
                    __rt::Some(len) => len,
                    __rt::None => {
                        return __rt::Err(
                            __r
                                .error(
                                    __rt::ErrorKind::InvalidValue(
                                        "a length that counts itself is smaller than its own field",
                                    ),
                                ),
                        );
                    }
                },
            ),
        )?;
        let __outer = __r;
        let __r = &mut __rt::field(
            "Bounded",
            "size",
            #[inline(always)]
            || __outer.section(__rest_len),
        )?;
        let __span = __spans.open("payload", __r.offset());
        let __wire_payload: &'a [u8] = __rt::field(
            "Bounded",
            "payload",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<u32>(__r, __rt::ByteOrder::Big)?;
                __rt::check_max(__n, 1024, __r)?;
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
        let __wire_ids: Vec<u32> = __rt::field(
            "Bounded",
            "ids",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<u16>(__r, __rt::ByteOrder::Big)?;
                __rt::check_max(__n, 8, __r)?;
                let __n = __r.check_count(__n as u64, 4)?;
                let mut __items: Vec<u32> = __rt::Vec::with_capacity(
                    __rt::capacity_for_count::<u32>(__n, __r),
                );
                for _ in 0..__n {
                    let __e1 = &mut *__r;
                    let __item = {
                        let __run = __e1.take_array::<4>()?;
                        u32::from_be_bytes(*__run)
                    };
                    __items.push(__item);
                }
                __items
            }),
        )?;
        __spans.close(__span, __r.offset());
        __r.expect_end()?;
        __rt::Ok(
            __then(
                Self {
                    size: __wire_size,
                    payload: __wire_payload,
                    ids: __wire_ids,
                },
                &*__outer,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Bounded<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { payload, ids, .. } = self;
        2
            + ({
                let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(payload);
                __rt::len_size::<u32>(__n) + __n
            }) + (__rt::len_size::<u16>(ids.len()) + ids.len() * 4)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { size, payload, ids } = self;
        let __fill_size: u16 = __rt::len_into::<
            u16,
        >(
                2
                    + ({
                        let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(payload);
                        __rt::len_size::<u32>(__n) + __n
                    }) + (__rt::len_size::<u16>(ids.len()) + ids.len() * 4),
            )
            .map_err(|e| e.in_field("Bounded", "size"))?;
        let size = &__fill_size;
        __rt::check_max_len(__rt::AsLen::into_len(size).unwrap_or(usize::MAX), 4096)
            .map_err(|e| e.in_field("Bounded", "size"))?;
        __rt::check_max_len(<&'a [u8] as __rt::WireEncode>::encoded_len(payload), 1024)
            .map_err(|e| e.in_field("Bounded", "payload"))?;
        __rt::check_max_len(ids.len(), 8).map_err(|e| e.in_field("Bounded", "ids"))?;
        let mut __run = [0u8; 2];
        __rt::put_chunk::<0, 2, 2>(&mut __run, size.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Bounded",
            "payload",
            #[inline(always)]
            || {
                let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(payload);
                __rt::write_len::<u32, _>(__buf, __n, __rt::ByteOrder::Big)?;
                <&'a [u8] as __rt::WireEncode>::encode(payload, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Bounded",
            "ids",
            #[inline(always)]
            || {
                __rt::write_len::<u16, _>(__buf, ids.len(), __rt::ByteOrder::Big)?;
                for __x1 in ids {
                    __buf.put_slice(&__x1.to_be_bytes());
                }
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
