struct Ipv4 {
    version_ihl: u8,
    ttl: u8,
    #[wire(checksum = InternetChecksum, over = ..)]
    checksum: u16,
    source: [u8; 4],
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Ipv4 {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::Some(
        8,
    );
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
        let __ck_from = __r.peek_rest();
        let __ck_at = __r.offset();
        let __run_at = __r.offset();
        let __span = __spans.open("version_ihl", __run_at);
        let __run = __r
            .take_array::<8>()
            .map_err(|e| {
                e
                    .in_run(
                        "Ipv4",
                        &[("version_ihl", 1), ("ttl", 2), ("checksum", 4), ("source", 8)],
                    )
            })?;
        let __wire_version_ihl: u8 = u8::from_be_bytes(__rt::chunk::<0, 1, 8>(__run));
        let __wire_ttl: u8 = u8::from_be_bytes(__rt::chunk::<1, 1, 8>(__run));
        let __wire_checksum: u16 = u16::from_be_bytes(__rt::chunk::<2, 2, 8>(__run));
        let __wire_source: [u8; 4] = __rt::chunk::<4, 4, 8>(__run);
        __spans
            .close_run(
                __span,
                &[("version_ihl", 1), ("ttl", 2), ("checksum", 4), ("source", 8)],
                __run_at,
            );
        __rt::checksum_output::<InternetChecksum, u16>();
        let __ck_field_at = __run_at + 2;
        let __ck_field_len = __run_at + 4 - __ck_field_at;
        let __ck_len = __run_at + 8 - __ck_at;
        if __r.verifies_checksums() {
            __rt::verify_checksum::<
                InternetChecksum,
            >(
                    &__ck_from[..__ck_len],
                    __rt::Some((__ck_field_at - __ck_at, __ck_field_len)),
                    __wire_checksum,
                    __ck_field_at,
                )
                .map_err(|e| e.in_field("Ipv4", "checksum"))?;
        }
        __rt::Ok(
            __then(
                Self {
                    version_ihl: __wire_version_ihl,
                    ttl: __wire_ttl,
                    checksum: __wire_checksum,
                    source: __wire_source,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Ipv4 {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::Some(
        8,
    );
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        8usize
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { version_ihl, ttl, checksum, source } = self;
        __rt::checksum_output::<InternetChecksum, u16>();
        let mut __run = {
            let checksum = &<u16 as ::core::default::Default>::default();
            let mut __run = [0u8; 8];
            __rt::put_chunk::<0, 1, 8>(&mut __run, version_ihl.to_be_bytes());
            __rt::put_chunk::<1, 1, 8>(&mut __run, ttl.to_be_bytes());
            __rt::put_chunk::<2, 2, 8>(&mut __run, checksum.to_be_bytes());
            __rt::put_chunk::<4, 4, 8>(&mut __run, *source);
            __run
        };
        let __ck_sum = <InternetChecksum as __rt::Checksum>::of(&[&__run[0..8]]);
        let checksum = &__ck_sum;
        __rt::put_chunk::<2, 2, 8>(&mut __run, checksum.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::Ok(())
    }
}
