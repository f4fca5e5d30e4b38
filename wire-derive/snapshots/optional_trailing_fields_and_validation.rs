#[wire(validate = if*packet_id = = 0{Err("packet id 0")}else{Ok(())})]
struct PubAck {
    packet_id: u16,
    #[wire(optional)]
    reason: ReasonCode,
    #[wire(optional)]
    properties: Properties,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for PubAck {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::sum_fixed(
        &[
            ::wire_runtime::__private::Some(2),
            <ReasonCode as ::wire_runtime::__private::WireDecode<'de>>::FIXED_SIZE,
            <Properties as ::wire_runtime::__private::WireDecode<'de>>::FIXED_SIZE,
        ],
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
        let __start = __r.offset();
        let __run_at = __r.offset();
        let __span = __spans.open("packet_id", __run_at);
        let __run = __r
            .take_array::<2>()
            .map_err(|e| e.in_run("PubAck", &[("packet_id", 2)]))?;
        let __wire_packet_id: u16 = u16::from_be_bytes(*__run);
        let packet_id = &__wire_packet_id;
        __spans.close_run(__span, &[("packet_id", 2)], __run_at);
        let __span = __spans.open("reason", __r.offset());
        let __wire_reason: ReasonCode = if __r.is_empty() {
            __rt::Default::default()
        } else {
            __rt::field(
                "PubAck",
                "reason",
                #[inline(always)]
                || __rt::Ok(
                    <ReasonCode as __rt::WireDecode<
                        'de,
                    >>::__decode_sink(__r, __spans, |__value, _| __value)?,
                ),
            )?
        };
        __spans.close(__span, __r.offset());
        let __span = __spans.open("properties", __r.offset());
        let __wire_properties: Properties = if __r.is_empty() {
            __rt::Default::default()
        } else {
            __rt::field(
                "PubAck",
                "properties",
                #[inline(always)]
                || __rt::Ok(
                    <Properties as __rt::WireDecode<
                        'de,
                    >>::__decode_sink(__r, __spans, |__value, _| __value)?,
                ),
            )?
        };
        __spans.close(__span, __r.offset());
        if let __rt::Err(__why) = __rt::validation(
            if *packet_id == 0 { Err("packet id 0") } else { Ok(()) },
        ) {
            return __rt::Err(
                __rt::DecodeError::new(__rt::ErrorKind::InvalidValue(__why), __start),
            );
        }
        __rt::Ok(
            __then(
                Self {
                    packet_id: __wire_packet_id,
                    reason: __wire_reason,
                    properties: __wire_properties,
                },
                &*__r,
            ),
        )
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for PubAck {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::sum_fixed(
        &[
            ::wire_runtime::__private::Some(2),
            <ReasonCode as ::wire_runtime::__private::WireEncode>::FIXED_SIZE,
            <Properties as ::wire_runtime::__private::WireEncode>::FIXED_SIZE,
        ],
    );
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        use ::wire_runtime::__private as __rt;
        let Self { reason, properties, .. } = self;
        let __omit___wire_properties = {
            let __default: Properties = __rt::Default::default();
            *properties == __default
        };
        let __omit___wire_reason = __omit___wire_properties
            && {
                let __default: ReasonCode = __rt::Default::default();
                *reason == __default
            };
        2
            + (if __omit___wire_reason {
                0
            } else {
                <ReasonCode as __rt::WireEncode>::encoded_len(reason)
            })
            + (if __omit___wire_properties {
                0
            } else {
                <Properties as __rt::WireEncode>::encoded_len(properties)
            })
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { packet_id, reason, properties } = self;
        if let __rt::Err(__why) = __rt::validation(
            if *packet_id == 0 { Err("packet id 0") } else { Ok(()) },
        ) {
            return __rt::Err(
                __rt::EncodeError::new(__rt::EncodeErrorKind::Custom(__why)),
            );
        }
        let __omit___wire_properties = {
            let __default: Properties = __rt::Default::default();
            *properties == __default
        };
        let __omit___wire_reason = __omit___wire_properties
            && {
                let __default: ReasonCode = __rt::Default::default();
                *reason == __default
            };
        let mut __run = [0u8; 2];
        __rt::put_chunk::<0, 2, 2>(&mut __run, packet_id.to_be_bytes());
        __buf.put_slice(&__run);
        if !__omit___wire_reason {
            __rt::encode_field(
                "PubAck",
                "reason",
                #[inline(always)]
                || {
                    <ReasonCode as __rt::WireEncode>::encode(reason, __buf)?;
                    __rt::Ok(())
                },
            )?;
        }
        if !__omit___wire_properties {
            __rt::encode_field(
                "PubAck",
                "properties",
                #[inline(always)]
                || {
                    <Properties as __rt::WireEncode>::encode(properties, __buf)?;
                    __rt::Ok(())
                },
            )?;
        }
        __rt::Ok(())
    }
}
