#[wire(validate = if *packet_id == 0 { Err("packet id 0") } else { Ok(()) })]
struct PubAck {
    packet_id: u16,
    #[wire(optional)]
    reason: ReasonCode,
    #[wire(optional)]
    properties: Properties,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for PubAck {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::Some(2usize),
            <ReasonCode as ::wire_runtime::__private::WireDecode<'de>>::FIXED_SIZE,
            <Properties as ::wire_runtime::__private::WireDecode<'de>>::FIXED_SIZE,
        ]);
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        let __start = __r.offset();
        let __run = __r
            .take_array::<2usize>()
            .map_err(|e| e.in_run("PubAck", &[("packet_id", 2usize)]))?;
        let __wire_packet_id: u16 = u16::from_be_bytes(*__run);
        let packet_id = &__wire_packet_id;
        let __wire_reason: ReasonCode = if __r.is_empty() {
            ::wire_runtime::__private::Default::default()
        } else {
            ::wire_runtime::__private::field(
                "PubAck",
                "reason",
                #[inline(always)]
                || {
                    ::wire_runtime::__private::Ok(
                        <ReasonCode as ::wire_runtime::__private::WireDecode<'de>>::decode(__r)?,
                    )
                },
            )?
        };
        let reason = &__wire_reason;
        let __wire_properties: Properties = if __r.is_empty() {
            ::wire_runtime::__private::Default::default()
        } else {
            ::wire_runtime::__private::field(
                "PubAck",
                "properties",
                #[inline(always)]
                || {
                    ::wire_runtime::__private::Ok(
                        <Properties as ::wire_runtime::__private::WireDecode<'de>>::decode(__r)?,
                    )
                },
            )?
        };
        let properties = &__wire_properties;
        if let ::wire_runtime::__private::Err(__why) =
            ::wire_runtime::__private::validation(if *packet_id == 0 {
                Err("packet id 0")
            } else {
                Ok(())
            })
        {
            return ::wire_runtime::__private::Err(::wire_runtime::__private::DecodeError::new(
                ::wire_runtime::__private::ErrorKind::InvalidValue(__why),
                __start,
            ));
        }
        ::wire_runtime::__private::Ok(Self {
            packet_id: __wire_packet_id,
            reason: __wire_reason,
            properties: __wire_properties,
        })
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for PubAck {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::Some(2usize),
            <ReasonCode as ::wire_runtime::__private::WireEncode>::FIXED_SIZE,
            <Properties as ::wire_runtime::__private::WireEncode>::FIXED_SIZE,
        ]);
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        let Self {
            packet_id,
            reason,
            properties,
        } = self;
        let __omit___wire_properties = {
            let __default: Properties = ::wire_runtime::__private::Default::default();
            *properties == __default
        };
        let __omit___wire_reason = __omit___wire_properties && {
            let __default: ReasonCode = ::wire_runtime::__private::Default::default();
            *reason == __default
        };
        (2usize)
            + (if __omit___wire_reason {
                0
            } else {
                <ReasonCode as ::wire_runtime::__private::WireEncode>::encoded_len(reason)
            })
            + (if __omit___wire_properties {
                0
            } else {
                <Properties as ::wire_runtime::__private::WireEncode>::encoded_len(properties)
            })
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        let Self {
            packet_id,
            reason,
            properties,
        } = self;
        if let ::wire_runtime::__private::Err(__why) =
            ::wire_runtime::__private::validation(if *packet_id == 0 {
                Err("packet id 0")
            } else {
                Ok(())
            })
        {
            return ::wire_runtime::__private::Err(::wire_runtime::__private::EncodeError::new(
                ::wire_runtime::__private::EncodeErrorKind::Custom(__why),
            ));
        }
        let __omit___wire_properties = {
            let __default: Properties = ::wire_runtime::__private::Default::default();
            *properties == __default
        };
        let __omit___wire_reason = __omit___wire_properties && {
            let __default: ReasonCode = ::wire_runtime::__private::Default::default();
            *reason == __default
        };
        let mut __run = [0u8; 2usize];
        ::wire_runtime::__private::put_chunk::<0usize, 2usize, 2usize>(
            &mut __run,
            packet_id.to_be_bytes(),
        );
        __buf.put_slice(&__run);
        if !__omit___wire_reason {
            ::wire_runtime::__private::encode_field("PubAck", "reason", || {
                <ReasonCode as ::wire_runtime::__private::WireEncode>::encode(reason, __buf)?;
                ::wire_runtime::__private::Ok(())
            })?;
        }
        if !__omit___wire_properties {
            ::wire_runtime::__private::encode_field("PubAck", "properties", || {
                <Properties as ::wire_runtime::__private::WireEncode>::encode(properties, __buf)?;
                ::wire_runtime::__private::Ok(())
            })?;
        }
        ::wire_runtime::__private::Ok(())
    }
}
