struct Chosen<'a> {
    flags: u8,
    #[wire(len = if*flags&0x10!= 0{u16}else{u8})]
    value: &'a [u8],
    len7: u8,
    #[wire(len = if*len7 = = 126{u16}else if*len7 = = 127{u64}else{usize::from(*len7)})]
    data: Vec<u8>,
    #[wire(count = if*flags&1!= 0{varint}else{u8})]
    ids: Vec<u16>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Chosen<'a> {
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
        let __span = __spans.open("flags", __run_at);
        let __run = __r
            .take_array::<1>()
            .map_err(|e| e.in_run("Chosen", &[("flags", 1)]))?;
        let __wire_flags: u8 = u8::from_be_bytes(*__run);
        let flags = &__wire_flags;
        __spans.close_run(__span, &[("flags", 1)], __run_at);
        let __span = __spans.open("value", __r.offset());
        let __wire_value: &'a [u8] = __rt::field(
            "Chosen",
            "value",
            #[inline(always)]
            || __rt::Ok({
                let __n = if *flags & 0x10 != 0 {
                    __rt::read_len::<u16>(__r, __rt::ByteOrder::Big)?
                } else {
                    __rt::read_len::<u8>(__r, __rt::ByteOrder::Big)?
                };
                let __s1 = &mut __r.section(__n)?;
                let __v = <&'a [u8] as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __run_at = __r.offset();
        let __span = __spans.open("len7", __run_at);
        let __run = __r
            .take_array::<1>()
            .map_err(|e| e.in_run("Chosen", &[("len7", 1)]))?;
        let __wire_len7: u8 = u8::from_be_bytes(*__run);
        let len7 = &__wire_len7;
        __spans.close_run(__span, &[("len7", 1)], __run_at);
        let __span = __spans.open("data", __r.offset());
        let __wire_data: Vec<u8> = __rt::field(
            "Chosen",
            "data",
            #[inline(always)]
            || __rt::Ok({
                let __n = if *len7 == 126 {
                    __rt::read_len::<u16>(__r, __rt::ByteOrder::Big)?
                } else if *len7 == 127 {
                    __rt::read_len::<u64>(__r, __rt::ByteOrder::Big)?
                } else {
                    __rt::len_value(usize::from(*len7), __r)?
                };
                let __s1 = &mut __r.section(__n)?;
                let __v = __s1.take_rest().to_vec();
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("ids", __r.offset());
        let __wire_ids: Vec<u16> = __rt::field(
            "Chosen",
            "ids",
            #[inline(always)]
            || __rt::Ok({
                let __n = if *flags & 1 != 0 {
                    __rt::read_len::<
                        ::wire_runtime::__private::VarInt,
                    >(__r, __rt::ByteOrder::Big)?
                } else {
                    __rt::read_len::<u8>(__r, __rt::ByteOrder::Big)?
                };
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
        __rt::Ok(
            __then(
                Self {
                    flags: __wire_flags,
                    value: __wire_value,
                    len7: __wire_len7,
                    data: __wire_data,
                    ids: __wire_ids,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Chosen<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { flags, value, len7, data, ids } = self;
        1
            + ({
                let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(value);
                (if *flags & 0x10 != 0 {
                    __rt::len_size::<u16>(__n)
                } else {
                    __rt::len_size::<u8>(__n)
                }) + __n
            }) + 1
            + ({
                let __n = data.len() * 1;
                (if *len7 == 126 {
                    __rt::len_size::<u16>(__n)
                } else if *len7 == 127 {
                    __rt::len_size::<u64>(__n)
                } else {
                    0
                }) + __n
            })
            + ((if *flags & 1 != 0 {
                __rt::len_size::<::wire_runtime::__private::VarInt>(ids.len())
            } else {
                __rt::len_size::<u8>(ids.len())
            }) + ids.len() * 2)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { flags, value, len7, data, ids } = self;
        let mut __run = [0u8; 1];
        __rt::put_chunk::<0, 1, 1>(&mut __run, flags.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Chosen",
            "value",
            #[inline(always)]
            || {
                let __n = <&'a [u8] as __rt::WireEncode>::encoded_len(value);
                if *flags & 0x10 != 0 {
                    __rt::write_len::<u16, _>(__buf, __n, __rt::ByteOrder::Big)?;
                } else {
                    __rt::write_len::<u8, _>(__buf, __n, __rt::ByteOrder::Big)?;
                }
                <&'a [u8] as __rt::WireEncode>::encode(value, __buf)?;
                __rt::Ok(())
            },
        )?;
        let mut __run = [0u8; 1];
        __rt::put_chunk::<0, 1, 1>(&mut __run, len7.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Chosen",
            "data",
            #[inline(always)]
            || {
                let __n = data.len() * 1;
                if *len7 == 126 {
                    __rt::write_len::<u16, _>(__buf, __n, __rt::ByteOrder::Big)?;
                } else if *len7 == 127 {
                    __rt::write_len::<u64, _>(__buf, __n, __rt::ByteOrder::Big)?;
                } else {
                    __rt::check_declared_len(usize::from(*len7), __n)?;
                }
                __buf.put_slice(data);
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Chosen",
            "ids",
            #[inline(always)]
            || {
                if *flags & 1 != 0 {
                    __rt::write_len::<
                        ::wire_runtime::__private::VarInt,
                        _,
                    >(__buf, ids.len(), __rt::ByteOrder::Big)?;
                } else {
                    __rt::write_len::<u8, _>(__buf, ids.len(), __rt::ByteOrder::Big)?;
                }
                for __x1 in ids {
                    __buf.put_slice(&__x1.to_be_bytes());
                }
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
