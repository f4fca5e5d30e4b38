#[wire(bits = u8, reserved(bits = 0..1, value = 0))]
struct ConnectFlags {
    #[wire(bit = 7)]
    username: bool,
    #[wire(bit = 6)]
    password: bool,
    #[wire(bit = 5)]
    will_retain: bool,
    #[wire(bits = 3..5)]
    will_qos: QoS,
    #[wire(bit = 2)]
    will: bool,
    #[wire(bit = 1)]
    clean_session: bool,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for ConnectFlags {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::Some(
        1,
    );
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<
        Self,
        ::wire_runtime::__private::DecodeError,
    > {
        use ::wire_runtime::__private as __rt;
        let __at = __r.offset();
        let __word = u8::from_be_bytes(*__r.take_array::<1>()?) as u64;
        __rt::check_reserved(__word, 1u64, 0u64, __at)?;
        let __wire_0: bool = __rt::bits_from::<bool>(__word, 7u32, 1u64, __at)
            .map_err(|e| e.in_field("ConnectFlags", "username"))?;
        let __wire_1: bool = __rt::bits_from::<bool>(__word, 6u32, 1u64, __at)
            .map_err(|e| e.in_field("ConnectFlags", "password"))?;
        let __wire_2: bool = __rt::bits_from::<bool>(__word, 5u32, 1u64, __at)
            .map_err(|e| e.in_field("ConnectFlags", "will_retain"))?;
        let __wire_3: QoS = __rt::bits_from::<QoS>(__word, 3u32, 3u64, __at)
            .map_err(|e| e.in_field("ConnectFlags", "will_qos"))?;
        let __wire_4: bool = __rt::bits_from::<bool>(__word, 2u32, 1u64, __at)
            .map_err(|e| e.in_field("ConnectFlags", "will"))?;
        let __wire_5: bool = __rt::bits_from::<bool>(__word, 1u32, 1u64, __at)
            .map_err(|e| e.in_field("ConnectFlags", "clean_session"))?;
        __rt::Ok(Self {
            username: __wire_0,
            password: __wire_1,
            will_retain: __wire_2,
            will_qos: __wire_3,
            will: __wire_4,
            clean_session: __wire_5,
        })
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for ConnectFlags {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::Some(
        1,
    );
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        1
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self {
            username: __wire_0,
            password: __wire_1,
            will_retain: __wire_2,
            will_qos: __wire_3,
            will: __wire_4,
            clean_session: __wire_5,
        } = self;
        let mut __word: u64 = 0u64;
        __word |= u64::from(*__wire_0) << 7u32;
        __word |= u64::from(*__wire_1) << 6u32;
        __word |= u64::from(*__wire_2) << 5u32;
        __word
            |= __rt::bits_to::<QoS>(__wire_3, 3u32, 3u64)
                .map_err(|e| e.in_field("ConnectFlags", "will_qos"))?;
        __word |= u64::from(*__wire_4) << 2u32;
        __word |= u64::from(*__wire_5) << 1u32;
        __buf.put_slice(&(__word as u8).to_be_bytes());
        __rt::Ok(())
    }
}
