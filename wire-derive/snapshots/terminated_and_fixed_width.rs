struct Row<'a> {
    #[wire(until = 0)]
    name: &'a str,
    #[wire(until = b"\r\n", max_len = 512)]
    line: String,
    #[wire(width = 8, pad_with = b' ')]
    id: &'a str,
    #[wire(until = |b|b&0x80 = = 0)]
    groups: Vec<u8>,
    #[wire(until = 0)]
    words: Vec<u16>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Row<'a> {
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
        let __span = __spans.open("name", __r.offset());
        let __wire_name: &'a str = __rt::field(
            "Row",
            "name",
            #[inline(always)]
            || __rt::Ok({
                let __s1 = &mut __r.section_until(&[0u8], __rt::None)?;
                let __v = <&'a str as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("line", __r.offset());
        let __wire_line: String = __rt::field(
            "Row",
            "line",
            #[inline(always)]
            || __rt::Ok({
                let __s1 = &mut __r.section_until(b"\r\n", __rt::Some(512))?;
                let __v = <String as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("id", __r.offset());
        let __wire_id: &'a str = __rt::field(
            "Row",
            "id",
            #[inline(always)]
            || __rt::Ok({
                let __s1 = &mut __r.section_padded(8, 32u8, true)?;
                let __v = <&'a str as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                __s1.expect_end()?;
                __v
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("groups", __r.offset());
        let __wire_groups: Vec<u8> = __rt::field(
            "Row",
            "groups",
            #[inline(always)]
            || __rt::Ok({
                let mut __items: __rt::Vec<u8> = __rt::Vec::new();
                loop {
                    let __at = __r.offset();
                    let __item: u8 = {
                        let __run = __r.take_array::<1>()?;
                        u8::from_be_bytes(*__run)
                    };
                    __rt::check_progress(__at, __r)?;
                    let __last = __rt::ends_sequence::<u8>(|b| b & 0x80 == 0, &__item);
                    __items.push(__item);
                    if __last {
                        break;
                    }
                }
                __items
            }),
        )?;
        __spans.close(__span, __r.offset());
        let __span = __spans.open("words", __r.offset());
        let __wire_words: Vec<u16> = __rt::field(
            "Row",
            "words",
            #[inline(always)]
            || __rt::Ok({
                let mut __items: __rt::Vec<u16> = __rt::Vec::new();
                loop {
                    let __at = __r.offset();
                    let __item: u16 = {
                        let __run = __r.take_array::<2>()?;
                        u16::from_be_bytes(*__run)
                    };
                    __rt::check_progress(__at, __r)?;
                    if __item == (0) {
                        break;
                    }
                    __items.push(__item);
                }
                __items
            }),
        )?;
        __spans.close(__span, __r.offset());
        __rt::Ok(
            __then(
                Self {
                    name: __wire_name,
                    line: __wire_line,
                    id: __wire_id,
                    groups: __wire_groups,
                    words: __wire_words,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Row<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        let Self { name, line, groups, words, .. } = self;
        (::core::convert::AsRef::<[u8]>::as_ref(name).len() + (&[0u8]).len())
            + (::core::convert::AsRef::<[u8]>::as_ref(line).len() + (b"\r\n").len()) + 8
            + groups.iter().map(|__x1| 1).sum::<usize>()
            + (words.iter().map(|__x1| 2).sum::<usize>()
                + {
                    let __end: u16 = 0;
                    2
                })
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { name, line, id, groups, words } = self;
        __rt::encode_field(
            "Row",
            "name",
            #[inline(always)]
            || {
                __rt::write_terminated(
                    __buf,
                    ::core::convert::AsRef::<[u8]>::as_ref(name),
                    &[0u8],
                    __rt::None,
                )?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Row",
            "line",
            #[inline(always)]
            || {
                __rt::write_terminated(
                    __buf,
                    ::core::convert::AsRef::<[u8]>::as_ref(line),
                    b"\r\n",
                    __rt::Some(512),
                )?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Row",
            "id",
            #[inline(always)]
            || {
                __rt::write_padded(
                    __buf,
                    ::core::convert::AsRef::<[u8]>::as_ref(id),
                    8,
                    32u8,
                )?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Row",
            "groups",
            #[inline(always)]
            || {
                __rt::check_sequence_end(
                    groups
                        .iter()
                        .map(|__x1| __rt::ends_sequence::<u8>(|b| b & 0x80 == 0, __x1)),
                )?;
                for __x1 in groups.iter() {
                    __buf.put_slice(&__x1.to_be_bytes());
                }
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Row",
            "words",
            #[inline(always)]
            || {
                let __end: u16 = 0;
                __rt::check_no_sentinel(words.iter().map(|__x1| *__x1 == __end))?;
                for __x1 in words.iter() {
                    __buf.put_slice(&__x1.to_be_bytes());
                }
                __buf.put_slice(&(&__end).to_be_bytes());
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
