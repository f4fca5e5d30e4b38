struct Frame<'a> {
    #[wire(le)]
    body_len: u32,
    kind: u8,
    #[wire(len = body_len)]
    body: &'a [u8],
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Frame<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::Some(4usize),
            ::wire_runtime::__private::Some(1usize),
            ::wire_runtime::__private::None,
        ]);
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        let __run = __r
            .take_array::<5usize>()
            .map_err(|e| e.in_run("Frame", &[("body_len", 4usize), ("kind", 5usize)]))?;
        let __wire_body_len: u32 =
            u32::from_le_bytes(::wire_runtime::__private::chunk::<0usize, 4usize, 5usize>(
                __run,
            ));
        let body_len = &__wire_body_len;
        let __wire_kind: u8 =
            u8::from_be_bytes(::wire_runtime::__private::chunk::<4usize, 1usize, 5usize>(
                __run,
            ));
        let kind = &__wire_kind;
        let __wire_body: &'a [u8] = ::wire_runtime::__private::field(
            "Frame",
            "body",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok({
                    let __n = ::wire_runtime::__private::len_value(body_len, __r)?;
                    {
                        let __s1 = &mut __r.section(__n)?;
                        let __v =
                            <&'a [u8] as ::wire_runtime::__private::WireDecode<'de>>::decode(__s1)?;
                        __s1.expect_end()?;
                        __v
                    }
                })
            },
        )?;
        let body = &__wire_body;
        ::wire_runtime::__private::Ok(Self {
            body_len: __wire_body_len,
            kind: __wire_kind,
            body: __wire_body,
        })
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Frame<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::Some(1usize),
            ::wire_runtime::__private::None,
        ]);
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        let Self {
            body_len,
            kind,
            body,
        } = self;
        (5usize) + (<&'a [u8] as ::wire_runtime::__private::WireEncode>::encoded_len(body))
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        let Self {
            body_len,
            kind,
            body,
        } = self;
        let __fill_body_len: u32 = ::wire_runtime::__private::len_into::<u32>(
            <&'a [u8] as ::wire_runtime::__private::WireEncode>::encoded_len(body),
        )
        .map_err(|e| e.in_field("Frame", "body_len"))?;
        let body_len = &__fill_body_len;
        let mut __run = [0u8; 5usize];
        ::wire_runtime::__private::put_chunk::<0usize, 4usize, 5usize>(
            &mut __run,
            body_len.to_le_bytes(),
        );
        ::wire_runtime::__private::put_chunk::<4usize, 1usize, 5usize>(
            &mut __run,
            kind.to_be_bytes(),
        );
        __buf.put_slice(&__run);
        ::wire_runtime::__private::encode_field("Frame", "body", || {
            <&'a [u8] as ::wire_runtime::__private::WireEncode>::encode(body, __buf)?;
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::Ok(())
    }
}
