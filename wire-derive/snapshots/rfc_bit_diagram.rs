#[wire(bits = u16, msb0)]
struct DnsFlags {
    #[wire(bit = 0)]
    qr: bool,
    #[wire(bits = 1..5)]
    opcode: u8,
    #[wire(other_bits)]
    z: u16,
    #[wire(bits = 12..16)]
    rcode: u8,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for DnsFlags {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::Some(
        2,
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
        let __word = u16::from_be_bytes(*__r.take_array::<2>()?) as u64;
        let __wire_0: bool = __rt::bits_from::<bool>(__word, 15u32, 1u64, __at)
            .map_err(|e| e.in_field("DnsFlags", "qr"))?;
        let __wire_1: u8 = __rt::bits_from::<u8>(__word, 11u32, 15u64, __at)
            .map_err(|e| e.in_field("DnsFlags", "opcode"))?;
        let __wire_2: u16 = __rt::bits_from::<u16>(__word, 0u32, 2032u64, __at)
            .map_err(|e| e.in_field("DnsFlags", "z"))?;
        let __wire_3: u8 = __rt::bits_from::<u8>(__word, 0u32, 15u64, __at)
            .map_err(|e| e.in_field("DnsFlags", "rcode"))?;
        __rt::Ok(Self {
            qr: __wire_0,
            opcode: __wire_1,
            z: __wire_2,
            rcode: __wire_3,
        })
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for DnsFlags {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::Some(
        2,
    );
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        2
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?::core::marker::Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        use ::wire_runtime::__private as __rt;
        let Self { qr: __wire_0, opcode: __wire_1, z: __wire_2, rcode: __wire_3 } = self;
        let mut __word: u64 = 0u64;
        __word |= u64::from(*__wire_0) << 15u32;
        __word
            |= __rt::bits_to::<u8>(__wire_1, 11u32, 15u64)
                .map_err(|e| e.in_field("DnsFlags", "opcode"))?;
        __word
            |= __rt::bits_to::<u16>(__wire_2, 0u32, 2032u64)
                .map_err(|e| e.in_field("DnsFlags", "z"))?;
        __word
            |= __rt::bits_to::<u8>(__wire_3, 0u32, 15u64)
                .map_err(|e| e.in_field("DnsFlags", "rcode"))?;
        __buf.put_slice(&(__word as u16).to_be_bytes());
        __rt::Ok(())
    }
}
