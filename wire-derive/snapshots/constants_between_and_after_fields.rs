#[wire(trailer = [0xce])]
struct Frame {
    kind: u8,
    channel: u16,
    #[wire(magic = b"\r\n", len = u32)]
    payload: Vec<u8>,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Frame {
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
            .take_array::<3>()
            .map_err(|e| e.in_run("Frame", &[("kind", 1), ("channel", 3)]))?;
        let __wire_kind: u8 = u8::from_be_bytes(__rt::chunk::<0, 1, 3>(__run));
        let __wire_channel: u16 = u16::from_be_bytes(__rt::chunk::<1, 2, 3>(__run));
        __spans.close_run(__span, &[("kind", 1), ("channel", 3)], __run_at);
        __r.expect_magic(::core::convert::AsRef::<[u8]>::as_ref(&b"\r\n"))
            .map_err(|e| e.in_field("Frame", "payload"))?;
        let __span = __spans.open("payload", __r.offset());
        let __wire_payload: Vec<u8> = __rt::field(
            "Frame",
            "payload",
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
        __r.expect_magic(::core::convert::AsRef::<[u8]>::as_ref(&[0xce]))
            .map_err(|e| e.in_field("Frame", "trailer"))?;
        __rt::Ok(
            __then(
                Self {
                    kind: __wire_kind,
                    channel: __wire_channel,
                    payload: __wire_payload,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Frame {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { payload, .. } = self;
        3 + ::core::convert::AsRef::<[u8]>::as_ref(&b"\r\n").len()
            + ({
                let __n = payload.len() * 1;
                __rt::len_size::<u32>(__n) + __n
            }) + ::core::convert::AsRef::<[u8]>::as_ref(&[0xce]).len()
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { kind, channel, payload } = self;
        let mut __run = [0u8; 3];
        __rt::put_chunk::<0, 1, 3>(&mut __run, kind.to_be_bytes());
        __rt::put_chunk::<1, 2, 3>(&mut __run, channel.to_be_bytes());
        __buf.put_slice(&__run);
        __buf.put_slice(::core::convert::AsRef::<[u8]>::as_ref(&b"\r\n"));
        __rt::encode_field(
            "Frame",
            "payload",
            #[inline(always)]
            || {
                let __n = payload.len() * 1;
                __rt::write_len::<u32, _>(__buf, __n, __rt::ByteOrder::Big)?;
                __buf.put_slice(payload);
                __rt::Ok(())
            },
        )?;
        __buf.put_slice(::core::convert::AsRef::<[u8]>::as_ref(&[0xce]));
        __rt::Ok(())
    }
}
