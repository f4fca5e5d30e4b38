struct Aligned {
    #[wire(pad_before = 3)]
    a: u8,
    #[wire(pad_after = 2, padding = ignore)]
    b: u16,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Aligned {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<
        Self,
        ::wire_runtime::__private::DecodeError,
    > {
        use ::wire_runtime::__private as __rt;
        __rt::skip_zeros(__r, 3).map_err(|e| e.in_field("Aligned", "a"))?;
        let __run = __r
            .take_array::<3>()
            .map_err(|e| e.in_run("Aligned", &[("a", 1), ("b", 3)]))?;
        let __wire_a: u8 = u8::from_be_bytes(__rt::chunk::<0, 1, 3>(__run));
        let __wire_b: u16 = u16::from_be_bytes(__rt::chunk::<1, 2, 3>(__run));
        __r.take(2).map_err(|e| e.in_field("Aligned", "b"))?;
        __rt::Ok(Self { a: __wire_a, b: __wire_b })
    }
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode_spanned(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __spans: &mut ::wire_runtime::__private::Spans,
    ) -> ::wire_runtime::__private::Result<
        Self,
        ::wire_runtime::__private::DecodeError,
    > {
        use ::wire_runtime::__private as __rt;
        __rt::skip_zeros(__r, 3).map_err(|e| e.in_field("Aligned", "a"))?;
        let __span = __spans.open("a", __r.offset());
        let __wire_a: u8 = __rt::field(
            "Aligned",
            "a",
            #[inline(always)]
            || __rt::Ok({
                let __run = __r.take_array::<1>()?;
                u8::from_be_bytes(*__run)
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("b", __r.offset());
        let __wire_b: u16 = __rt::field(
            "Aligned",
            "b",
            #[inline(always)]
            || __rt::Ok({
                let __run = __r.take_array::<2>()?;
                u16::from_be_bytes(*__run)
            }),
        )?;
        __spans.close(__span, __r.offset());
        __r.take(2).map_err(|e| e.in_field("Aligned", "b"))?;
        __rt::Ok(Self { a: __wire_a, b: __wire_b })
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Aligned {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        3 + 3 + 2
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { a, b } = self;
        __buf.put_bytes(0, 3);
        let mut __run = [0u8; 3];
        __rt::put_chunk::<0, 1, 3>(&mut __run, a.to_be_bytes());
        __rt::put_chunk::<1, 2, 3>(&mut __run, b.to_be_bytes());
        __buf.put_slice(&__run);
        __buf.put_bytes(0, 2);
        __rt::Ok(())
    }
}
