struct Packet<'a> {
    header: u8,
    #[wire(rest_len)]
    remaining: Vbi,
    #[wire(len = u16)]
    topic: &'a str,
    packet_id: u16,
    #[wire(rest)]
    payload: &'a [u8],
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Packet<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::Some(1usize),
            <Vbi as ::wire_runtime::__private::WireDecode<'de>>::FIXED_SIZE,
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::Some(2usize),
            <&'a [u8] as ::wire_runtime::__private::WireDecode<'de>>::FIXED_SIZE,
        ]);
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        let __run = __r
            .take_array::<1usize>()
            .map_err(|e| e.in_run("Packet", &[("header", 1usize)]))?;
        let __wire_header: u8 = u8::from_be_bytes(*__run);
        let header = &__wire_header;
        let __wire_remaining: Vbi = ::wire_runtime::__private::field(
            "Packet",
            "remaining",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok(<Vbi as ::wire_runtime::__private::WireDecode<
                    'de,
                >>::decode(__r)?)
            },
        )?;
        let remaining = &__wire_remaining;
        let __r = &mut ::wire_runtime::__private::field(
            "Packet",
            "remaining",
            #[inline(always)]
            || {
                __r.section(::wire_runtime::__private::len_value(
                    &__wire_remaining,
                    __r,
                )?)
            },
        )?;
        let __wire_topic: &'a str = ::wire_runtime::__private::field(
            "Packet",
            "topic",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok({
                    let __n = ::wire_runtime::__private::read_len::<u16>(
                        __r,
                        ::wire_runtime::__private::ByteOrder::Big,
                    )?;
                    {
                        let __s1 = &mut __r.section(__n)?;
                        let __v =
                            <&'a str as ::wire_runtime::__private::WireDecode<'de>>::decode(__s1)?;
                        __s1.expect_end()?;
                        __v
                    }
                })
            },
        )?;
        let topic = &__wire_topic;
        let __run = __r
            .take_array::<2usize>()
            .map_err(|e| e.in_run("Packet", &[("packet_id", 2usize)]))?;
        let __wire_packet_id: u16 = u16::from_be_bytes(*__run);
        let packet_id = &__wire_packet_id;
        let __wire_payload: &'a [u8] = ::wire_runtime::__private::field(
            "Packet",
            "payload",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok(
                    <&'a [u8] as ::wire_runtime::__private::WireDecode<'de>>::decode(__r)?,
                )
            },
        )?;
        let payload = &__wire_payload;
        __r.expect_end()?;
        ::wire_runtime::__private::Ok(Self {
            header: __wire_header,
            remaining: __wire_remaining,
            topic: __wire_topic,
            packet_id: __wire_packet_id,
            payload: __wire_payload,
        })
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Packet<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::Some(1usize),
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::Some(2usize),
            <&'a [u8] as ::wire_runtime::__private::WireEncode>::FIXED_SIZE,
        ]);
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        let Self {
            header,
            remaining,
            topic,
            packet_id,
            payload,
        } = self;
        let __fill_remaining: Vbi = match ::wire_runtime::__private::len_into::<Vbi>(
            0 + ({
                let __n = <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(topic);
                ::wire_runtime::__private::len_size::<u16>(__n) + __n
            }) + (2usize)
                + (<&'a [u8] as ::wire_runtime::__private::WireEncode>::encoded_len(payload)),
        ) {
            ::wire_runtime::__private::Ok(value) => value,
            ::wire_runtime::__private::Err(_) => return 0,
        };
        let remaining = &__fill_remaining;
        (1usize)
            + (<Vbi as ::wire_runtime::__private::WireEncode>::encoded_len(remaining))
            + ({
                let __n = <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(topic);
                ::wire_runtime::__private::len_size::<u16>(__n) + __n
            })
            + (2usize)
            + (<&'a [u8] as ::wire_runtime::__private::WireEncode>::encoded_len(payload))
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        let Self {
            header,
            remaining,
            topic,
            packet_id,
            payload,
        } = self;
        let __fill_remaining: Vbi = ::wire_runtime::__private::len_into::<Vbi>(
            0 + ({
                let __n = <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(topic);
                ::wire_runtime::__private::len_size::<u16>(__n) + __n
            }) + (2usize)
                + (<&'a [u8] as ::wire_runtime::__private::WireEncode>::encoded_len(payload)),
        )
        .map_err(|e| e.in_field("Packet", "remaining"))?;
        let remaining = &__fill_remaining;
        let mut __run = [0u8; 1usize];
        ::wire_runtime::__private::put_chunk::<0usize, 1usize, 1usize>(
            &mut __run,
            header.to_be_bytes(),
        );
        __buf.put_slice(&__run);
        ::wire_runtime::__private::encode_field("Packet", "remaining", || {
            <Vbi as ::wire_runtime::__private::WireEncode>::encode(remaining, __buf)?;
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::encode_field("Packet", "topic", || {
            ::wire_runtime::__private::write_len::<u16, _>(
                __buf,
                <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(topic),
                ::wire_runtime::__private::ByteOrder::Big,
            )?;
            <&'a str as ::wire_runtime::__private::WireEncode>::encode(topic, __buf)?;
            ::wire_runtime::__private::Ok(())
        })?;
        let mut __run = [0u8; 2usize];
        ::wire_runtime::__private::put_chunk::<0usize, 2usize, 2usize>(
            &mut __run,
            packet_id.to_be_bytes(),
        );
        __buf.put_slice(&__run);
        ::wire_runtime::__private::encode_field("Packet", "payload", || {
            <&'a [u8] as ::wire_runtime::__private::WireEncode>::encode(payload, __buf)?;
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::Ok(())
    }
}
