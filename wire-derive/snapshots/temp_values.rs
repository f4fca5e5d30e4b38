struct Message {
    id: u16,
    #[wire(temp(qdcount:u16), count = qdcount)]
    questions: Vec<u32>,
    #[wire(temp(has_name:u8 = name.is_some()), if = *has_name!= 0, len = u8)]
    name: Option<String>,
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
        let __run_at = __r.offset();
        let __span = __spans.open("id", __run_at);
        let __run = __r
            .take_array::<4>()
            .map_err(|e| e.in_run("Message", &[("id", 2), ("qdcount", 4)]))?;
        let __wire_id: u16 = u16::from_be_bytes(__rt::chunk::<0, 2, 4>(__run));
        let __wire_qdcount: u16 = u16::from_be_bytes(__rt::chunk::<2, 2, 4>(__run));
        let qdcount = &__wire_qdcount;
        __spans.close_run(__span, &[("id", 2), ("qdcount", 4)], __run_at);
        let __span = __spans.open("questions", __r.offset());
        let __wire_questions: Vec<u32> = __rt::field(
            "Message",
            "questions",
            #[inline(always)]
            || __rt::Ok({
                let __n = __rt::len_value(qdcount, __r)?;
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
        let __run_at = __r.offset();
        let __span = __spans.open("has_name", __run_at);
        let __run = __r
            .take_array::<1>()
            .map_err(|e| e.in_run("Message", &[("has_name", 1)]))?;
        let __wire_has_name: u8 = u8::from_be_bytes(*__run);
        let has_name = &__wire_has_name;
        __spans.close_run(__span, &[("has_name", 1)], __run_at);
        let __span = __spans.open("name", __r.offset());
        let __wire_name: Option<String> = __rt::field(
            "Message",
            "name",
            #[inline(always)]
            || __rt::Ok(
                if *has_name != 0 {
                    __rt::Some({
                        let __n = __rt::read_len::<u8>(__r, __rt::ByteOrder::Big)?;
                        let __s1 = &mut __r.section(__n)?;
                        let __v = <String as __rt::WireDecode<
                            'de,
                        >>::__decode_sink(__s1, __spans, |__value, _| __value)?;
                        __s1.expect_end()?;
                        __v
                    })
                } else {
                    __rt::None
                },
            ),
        )?;
        __spans.close(__span, __r.offset());
        __rt::Ok(
            __then(
                Self {
                    id: __wire_id,
                    questions: __wire_questions,
                    name: __wire_name,
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
        let Self { questions, name, .. } = self;
        4 + (questions.len() * 4) + 1
            + (match name {
                __rt::Some(__x1) => {
                    let __n = <String as __rt::WireEncode>::encoded_len(__x1);
                    __rt::len_size::<u8>(__n) + __n
                }
                __rt::None => 0,
            })
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { id, questions, name } = self;
        let __fill_has_name: u8 = __rt::calc::<u8, _>(name.is_some())
            .map_err(|e| e.in_field("Message", "has_name"))?;
        let has_name = &__fill_has_name;
        let __fill_qdcount: u16 = __rt::len_into::<u16>(questions.len())
            .map_err(|e| e.in_field("Message", "qdcount"))?;
        let qdcount = &__fill_qdcount;
        let mut __run = [0u8; 4];
        __rt::put_chunk::<0, 2, 4>(&mut __run, id.to_be_bytes());
        __rt::put_chunk::<2, 2, 4>(&mut __run, qdcount.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Message",
            "questions",
            #[inline(always)]
            || {
                for __x1 in questions {
                    __buf.put_slice(&__x1.to_be_bytes());
                }
                __rt::Ok(())
            },
        )?;
        let mut __run = [0u8; 1];
        __rt::put_chunk::<0, 1, 1>(&mut __run, has_name.to_be_bytes());
        __buf.put_slice(&__run);
        __rt::encode_field(
            "Message",
            "name",
            #[inline(always)]
            || {
                __rt::check_presence(*has_name != 0, name.is_some())?;
                if let __rt::Some(__x1) = name {
                    let __n = <String as __rt::WireEncode>::encoded_len(__x1);
                    let __room = __rt::len_size::<u8>(__n) + __n;
                    let __done = __rt::write_in_window(
                        __buf,
                        __room,
                        #[inline(always)]
                        |__buf| {
                            __rt::write_len::<u8, _>(__buf, __n, __rt::ByteOrder::Big)?;
                            <String as __rt::WireEncode>::encode(__x1, __buf)?;
                            __rt::Ok(())
                        },
                    );
                    match __done {
                        __rt::Some(__done) => __done?,
                        __rt::None => {
                            __rt::write_len::<u8, _>(__buf, __n, __rt::ByteOrder::Big)?;
                            <String as __rt::WireEncode>::encode(__x1, __buf)?;
                        }
                    }
                }
                __rt::Ok(())
            },
        )?;
        __rt::Ok(())
    }
}
