struct Record {
    kind: u8,
    #[wire(int = u24)]
    sequence: u32,
    flags: Flags,
    #[wire(len = u16)]
    value: Value,
    trailer: u8,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Record {
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
        let __span = __spans.open("kind", __run_at);
        let __run = __r
            .take_array::<4>()
            .map_err(|e| e.in_run("Record", &[("kind", 1), ("sequence", 4)]))?;
        let __wire_kind: u8 = u8::from_be_bytes(__rt::chunk::<0, 1, 4>(__run));
        let __wire_sequence: u32 = __rt::uint_from_be::<3>(__rt::chunk::<1, 3, 4>(__run))
            as u32;
        __spans.close_run(__span, &[("kind", 1), ("sequence", 4)], __run_at);
        let __span = __spans.open("flags", __r.offset());
        let __wire_flags: Flags = __rt::field(
            "Record",
            "flags",
            #[inline(always)]
            || __rt::Ok(
                <Flags as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
            ),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("value", __r.offset());
        let __wire_value: Value = __rt::field(
            "Record",
            "value",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<u16>(__r, __rt::ByteOrder::Big)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = <Value as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __run_at = __r.offset();
        let __span = __spans.open("trailer", __run_at);
        let __run = __r
            .take_array::<1>()
            .map_err(|e| e.in_run("Record", &[("trailer", 1)]))?;
        let __wire_trailer: u8 = u8::from_be_bytes(*__run);
        __spans.close_run(__span, &[("trailer", 1)], __run_at);
        __rt::Ok(
            __then(
                Self {
                    kind: __wire_kind,
                    sequence: __wire_sequence,
                    flags: __wire_flags,
                    value: __wire_value,
                    trailer: __wire_trailer,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Record {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { flags, value, .. } = self;
        4 + <Flags as __rt::WireEncode>::encoded_len(flags)
            + ({
                let __n = <Value as __rt::WireEncode>::encoded_len(value);
                __rt::len_size::<u16>(__n) + __n
            }) + 1
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { kind, sequence, flags, value, trailer } = self;
        {
            let __n = <Value as __rt::WireEncode>::encoded_len(value);
            let __room = 4 + <Flags as __rt::WireEncode>::encoded_len(flags)
                + __rt::len_size::<u16>(__n) + __n;
            let __done = __rt::write_in_window(
                __buf,
                __room,
                #[inline(always)]
                |__buf| {
                    use __rt::BufMut as _;
                    let mut __run = [0u8; 4];
                    __rt::put_chunk::<0, 1, 4>(&mut __run, kind.to_be_bytes());
                    __rt::put_chunk::<
                        1,
                        3,
                        4,
                    >(
                        &mut __run,
                        __rt::uint_to_be::<3>(u64::from(*sequence))
                            .map_err(|e| e.in_field("Record", "sequence"))?,
                    );
                    __buf.put_slice(&__run);
                    __rt::encode_field(
                        "Record",
                        "flags",
                        #[inline(always)]
                        || {
                            <Flags as __rt::WireEncode>::encode(flags, __buf)?;
                            __rt::Ok(())
                        },
                    )?;
                    __rt::encode_field(
                        "Record",
                        "value",
                        #[inline(always)]
                        || {
                            __rt::write_len::<u16, _>(__buf, __n, __rt::ByteOrder::Big)?;
                            <Value as __rt::WireEncode>::encode(value, __buf)?;
                            __rt::Ok(())
                        },
                    )?;
                    __rt::Ok(())
                },
            );
            match __done {
                __rt::Some(__done) => __done?,
                __rt::None => {
                    let mut __run = [0u8; 4];
                    __rt::put_chunk::<0, 1, 4>(&mut __run, kind.to_be_bytes());
                    __rt::put_chunk::<
                        1,
                        3,
                        4,
                    >(
                        &mut __run,
                        __rt::uint_to_be::<3>(u64::from(*sequence))
                            .map_err(|e| e.in_field("Record", "sequence"))?,
                    );
                    __buf.put_slice(&__run);
                    __rt::encode_field(
                        "Record",
                        "flags",
                        #[inline(always)]
                        || {
                            <Flags as __rt::WireEncode>::encode(flags, __buf)?;
                            __rt::Ok(())
                        },
                    )?;
                    __rt::encode_field(
                        "Record",
                        "value",
                        #[inline(always)]
                        || {
                            __rt::write_len::<u16, _>(__buf, __n, __rt::ByteOrder::Big)?;
                            <Value as __rt::WireEncode>::encode(value, __buf)?;
                            __rt::Ok(())
                        },
                    )?;
                }
            }
        }
        let mut __run = [0u8; 1];
        __rt::put_chunk::<0, 1, 1>(&mut __run, trailer.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::Ok(())
    }
}
