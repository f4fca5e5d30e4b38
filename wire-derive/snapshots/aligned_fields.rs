struct XdrFile<'a> {
    #[wire(len = u32, align = 4)]
    name: &'a str,
    kind: u32,
    #[wire(len = u32, align = 4, padding = ignore)]
    data: Vec<u8>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for XdrFile<'a> {
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
        let __start = __r.offset();
        let __span = __spans.open("name", __r.offset());
        let __wire_name: &'a str = __rt::field(
            "XdrFile",
            "name",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<u32>(__r, __rt::ByteOrder::Big)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = <&'a str as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        __rt::skip_align(__r, __start, 4, true)
            .map_err(|e| e.in_field("XdrFile", "name"))?;
        let __run_at = __r.offset();
        let __span = __spans.open("kind", __run_at);
        let __run = __r
            .take_array::<4>()
            .map_err(|e| e.in_run("XdrFile", &[("kind", 4)]))?;
        let __wire_kind: u32 = u32::from_be_bytes(*__run);
        __spans.close_run(__span, &[("kind", 4)], __run_at);
        let __span = __spans.open("data", __r.offset());
        let __wire_data: Vec<u8> = __rt::field(
            "XdrFile",
            "data",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::read_len::<u32>(__r, __rt::ByteOrder::Big)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = __s1.take_rest().to_vec();
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        __rt::skip_align(__r, __start, 4, false)
            .map_err(|e| e.in_field("XdrFile", "data"))?;
        __rt::Ok(
            __then(
                Self {
                    name: __wire_name,
                    kind: __wire_kind,
                    data: __wire_data,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for XdrFile<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { name, data, .. } = self;
        {
            let __at1 = ({
                let __n = <&'a str as __rt::WireEncode>::encoded_len(name);
                __rt::len_size::<u32>(__n) + __n
            });
            let __at1 = __at1 + __rt::align_pad(__at1, 4);
            let __at3 = __at1 + 4
                + ({
                    let __n = data.len() * 1;
                    __rt::len_size::<u32>(__n) + __n
                });
            let __at3 = __at3 + __rt::align_pad(__at3, 4);
            __at3
        }
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { name, kind, data } = self;
        let __start = __rt::BufMut::remaining_mut(__buf);
        __rt::encode_field(
            "XdrFile",
            "name",
            #[inline(always)]
            || {
                let __n = <&'a str as __rt::WireEncode>::encoded_len(name);
                __rt::write_len::<u32, _>(__buf, __n, __rt::ByteOrder::Big)?;
                <&'a str as __rt::WireEncode>::encode(name, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::put_align(__buf, __start, 4);
        let mut __run = [0u8; 4];
        __rt::put_chunk::<0, 4, 4>(&mut __run, kind.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "XdrFile",
            "data",
            #[inline(always)]
            || {
                let __n = data.len() * 1;
                __rt::write_len::<u32, _>(__buf, __n, __rt::ByteOrder::Big)?;
                __buf.put_slice(data);
                __rt::Ok(())
            },
        )?;
        __rt::put_align(__buf, __start, 4);
        __rt::Ok(())
    }
}
