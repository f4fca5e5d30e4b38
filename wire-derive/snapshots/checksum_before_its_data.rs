struct Chunk<'a> {
    #[wire(checksum = Crc32, over = data)]
    crc: u32,
    length: u32,
    #[wire(len = length)]
    data: &'a [u8],
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Chunk<'a> {
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
        __rt::checksum_output::<Crc32, u32>();
        let __ck_field_at = __r.offset();
        let __run_at = __r.offset();
        let __span = __spans.open("crc", __run_at);
        let __run = __r
            .take_array::<8>()
            .map_err(|e| e.in_run("Chunk", &[("crc", 4), ("length", 8)]))?;
        let __wire_crc: u32 = u32::from_be_bytes(__rt::chunk::<0, 4, 8>(__run));
        let __wire_length: u32 = u32::from_be_bytes(__rt::chunk::<4, 4, 8>(__run));
        let length = &__wire_length;
        __spans.close_run(__span, &[("crc", 4), ("length", 8)], __run_at);
        let __ck_field_len = __run_at + 4 - __ck_field_at;
        let __ck_from = __r.peek_rest();
        let __ck_at = __r.offset();
        let __span = __spans.open("data", __r.offset());
        let __wire_data: &'a [u8] = __rt::field(
            "Chunk",
            "data",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::len_value(length, __r)?;
                let __s1 = &mut __r.section(__n)?;
                let __v = <&'a [u8] as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __ck_len = __r.offset() - __ck_at;
        if __r.verifies_checksums() {
            __rt::verify_checksum::<
                Crc32,
            >(&__ck_from[..__ck_len], __rt::None, __wire_crc, __ck_field_at)
                .map_err(|e| e.in_field("Chunk", "crc"))?;
        }
        __rt::Ok(
            __then(
                Self {
                    crc: __wire_crc,
                    length: __wire_length,
                    data: __wire_data,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Chunk<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { data, .. } = self;
        4 + 4 + <&'a [u8] as __rt::WireEncode>::encoded_len(data)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { crc, length, data } = self;
        let __fill_length: u32 = __rt::len_into::<
            u32,
        >(<&'a [u8] as __rt::WireEncode>::encoded_len(data))
            .map_err(|e| e.in_field("Chunk", "length"))?;
        let length = &__fill_length;
        let mut __ck_sink = __rt::Sink;
        let mut __ck = __rt::ChecksumWriter::<_, Crc32>::new(&mut __ck_sink);
        __ck.feed(::core::convert::AsRef::<[u8]>::as_ref(data));
        let __ck_sum = __ck.finish();
        let crc = &__ck_sum;
        let mut __run = [0u8; 4];
        __rt::put_chunk::<0, 4, 4>(&mut __run, crc.to_be_bytes());
        __buf.put_slice(&__run);
        let mut __run = [0u8; 4];
        __rt::put_chunk::<0, 4, 4>(&mut __run, length.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Chunk",
            "data",
            #[inline(always)]
            || {
                <&'a [u8] as __rt::WireEncode>::encode(data, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
