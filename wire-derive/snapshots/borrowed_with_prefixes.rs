struct RemotingHeader<'a> {
    code: i16,
    flag: i32,
    #[wire(len = i32, empty_is_none)]
    remark: Option<&'a str>,
    #[wire(len = i32, key(len = u16), value(len = i32))]
    ext_fields: BTreeMap<&'a str, &'a str>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for RemotingHeader<'a> {
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
        let __span = __spans.open("code", __run_at);
        let __run = __r
            .take_array::<6>()
            .map_err(|e| e.in_run("RemotingHeader", &[("code", 2), ("flag", 6)]))?;
        let __wire_code: i16 = i16::from_be_bytes(__rt::chunk::<0, 2, 6>(__run));
        let __wire_flag: i32 = i32::from_be_bytes(__rt::chunk::<2, 4, 6>(__run));
        __spans.close_run(__span, &[("code", 2), ("flag", 6)], __run_at);
        let __span = __spans.open("remark", __r.offset());
        let __wire_remark: Option<&'a str> = __rt::field(
            "RemotingHeader",
            "remark",
            #[inline(always)]
            || __rt::Ok(
                match __rt::read_len::<i32>(__r, __rt::ByteOrder::Big)? {
                    0 => __rt::None,
                    __n => {
                        __rt::Some({
                            let __s1 = &mut __r.section(__n)?;
                            let __v = <&'a str as __rt::WireDecode<
                                'de,
                            >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                            __s1.expect_end()?;
                            __v
                        })
                    }
                },
            ),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("ext_fields", __r.offset());
        let __wire_ext_fields: BTreeMap<&'a str, &'a str> = __rt::field(
            "RemotingHeader",
            "ext_fields",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<i32>(__r, __rt::ByteOrder::Big)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = {
                    let mut __items: BTreeMap<&'a str, &'a str> = __rt::Default::default();
                    while !__s1.is_empty() {
                        let __at = __s1.offset();
                        let __item = __rt::decode_progressing(
                            __s1,
                            |__e2| __rt::Ok((
                                {
                                    let __n = __rt::read_len::<
                                        u16,
                                    >(__e2, __rt::ByteOrder::Big)?;
                                    let __s3 = &mut __e2.section(__n)?;
                                    let __v = <&'a str as __rt::WireDecode<'de>>::decode(__s3)?;
                                    __s3.expect_end()?;
                                    __v
                                },
                                {
                                    let __n = __rt::read_len::<
                                        i32,
                                    >(__e2, __rt::ByteOrder::Big)?;
                                    let __s3 = &mut __e2.section(__n)?;
                                    let __v = <&'a str as __rt::WireDecode<'de>>::decode(__s3)?;
                                    __s3.expect_end()?;
                                    __v
                                },
                            )),
                        )?;
                        let (__key, __value) = __item;
                        if __items.insert(__key, __value).is_some() {
                            return __rt::Err(
                                __rt::DecodeError::new(__rt::ErrorKind::DuplicateKey, __at),
                            );
                        }
                    }
                    __items
                };
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        __rt::Ok(
            __then(
                Self {
                    code: __wire_code,
                    flag: __wire_flag,
                    remark: __wire_remark,
                    ext_fields: __wire_ext_fields,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for RemotingHeader<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { remark, ext_fields, .. } = self;
        6
            + (match remark {
                __rt::Some(__x1) => {
                    let __n = <&'a str as __rt::WireEncode>::encoded_len(__x1);
                    __rt::len_size::<i32>(__n) + __n
                }
                __rt::None => __rt::len_size::<i32>(0),
            })
            + ({
                let __n = ext_fields
                    .iter()
                    .map(|(__k2, __v2)| (
                        {
                            let __n = <&'a str as __rt::WireEncode>::encoded_len(__k2);
                            __rt::len_size::<u16>(__n) + __n
                        }
                            + {
                                let __n = <&'a str as __rt::WireEncode>::encoded_len(__v2);
                                __rt::len_size::<i32>(__n) + __n
                            }
                    ))
                    .sum::<usize>();
                __rt::len_size::<i32>(__n) + __n
            })
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { code, flag, remark, ext_fields } = self;
        let mut __run = [0u8; 6];
        __rt::put_chunk::<0, 2, 6>(&mut __run, code.to_be_bytes());
        __rt::put_chunk::<2, 4, 6>(&mut __run, flag.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "RemotingHeader",
            "remark",
            #[inline(always)]
            || {
                match remark {
                    __rt::Some(__x1) => {
                        let __n = <&'a str as __rt::WireEncode>::encoded_len(__x1);
                        __rt::check_not_empty(__n)?;
                        __rt::write_len::<i32, _>(__buf, __n, __rt::ByteOrder::Big)?;
                        <&'a str as __rt::WireEncode>::encode(__x1, __buf)?;
                    }
                    __rt::None => {
                        __rt::write_len::<i32, _>(__buf, 0, __rt::ByteOrder::Big)?
                    }
                }
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "RemotingHeader",
            "ext_fields",
            #[inline(always)]
            || {
                let __n = ext_fields
                    .iter()
                    .map(|(__k2, __v2)| (
                        {
                            let __n = <&'a str as __rt::WireEncode>::encoded_len(__k2);
                            __rt::len_size::<u16>(__n) + __n
                        }
                            + {
                                let __n = <&'a str as __rt::WireEncode>::encoded_len(__v2);
                                __rt::len_size::<i32>(__n) + __n
                            }
                    ))
                    .sum::<usize>();
                __rt::write_len::<i32, _>(__buf, __n, __rt::ByteOrder::Big)?;
                for (__k2, __v2) in ext_fields {
                    let __n = <&'a str as __rt::WireEncode>::encoded_len(__k2);
                    __rt::write_len::<u16, _>(__buf, __n, __rt::ByteOrder::Big)?;
                    <&'a str as __rt::WireEncode>::encode(__k2, __buf)?;
                    let __n = <&'a str as __rt::WireEncode>::encoded_len(__v2);
                    __rt::write_len::<i32, _>(__buf, __n, __rt::ByteOrder::Big)?;
                    <&'a str as __rt::WireEncode>::encode(__v2, __buf)?;
                }
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
