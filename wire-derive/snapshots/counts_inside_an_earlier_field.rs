struct Message {
    header: Header,
    #[wire(count = header.qdcount)]
    questions: Vec<u32>,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Message {
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
        let __span = __spans.open("header", __r.offset());
        let __wire_header: Header = __rt::field(
            "Message",
            "header",
            #[inline(always)]
            || __rt::Ok(
                <Header as __rt::WireDecode<
                    'de,
                >>::__decode_sink(__r, __spans, |__value, _| __value)?,
            ),
        )?;
        __spans.close(__span, __r.offset());
        let header = &__wire_header;
        let __span = __spans.open("questions", __r.offset());
        let __wire_questions: Vec<u32> = __rt::field(
            "Message",
            "questions",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::len_value(header.qdcount, __r)?;
                let __n = __r.check_count(__n as u64, 4)?;
                let mut __items: Vec<u32> = __rt::Vec::with_capacity(
                    __rt::capacity_for_count::<u32>(__n, __r),
                );
                for _ in 0..__n {
                    let __e1 = &mut *__r;
                    let __item = {
                        let __run = __e1.take_array::<4>()?;
                        u32::from_be_bytes(*__run)
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
                    header: __wire_header,
                    questions: __wire_questions,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Message {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { header, questions } = self;
        let mut __fill_header: Header = ::core::clone::Clone::clone(header);
        __fill_header.qdcount = match __rt::len_into(questions.len()) {
            __rt::Ok(value) => value,
            __rt::Err(_) => return 0,
        };
        let header = &__fill_header;
        <Header as __rt::WireEncode>::encoded_len(header) + (questions.len() * 4)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { header, questions } = self;
        let mut __fill_header: Header = ::core::clone::Clone::clone(header);
        __fill_header.qdcount = __rt::len_into(questions.len())
            .map_err(|e| e.in_field("Message", "header"))?;
        let header = &__fill_header;
        __rt::encode_field(
            "Message",
            "header",
            #[inline(always)]
            || {
                <Header as __rt::WireEncode>::encode(header, __buf)?;
                __rt::Ok(())
            },
        )?;
        __rt::encode_field(
            "Message",
            "questions",
            #[inline(always)]
            || {
                __rt::check_declared_len(header.qdcount, questions.len())?;
                for __x1 in questions {
                    __buf.put_slice(&__x1.to_be_bytes());
                }
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
