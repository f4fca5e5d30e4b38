#[wire(ctx(flags: PublishFlags))]
struct Publish<'a> {
    #[wire(len = u16)]
    topic: &'a str,
    #[wire(if = flags.qos > 0)]
    packet_id: Option<u16>,
    #[wire(rest)]
    payload: &'a [u8],
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::DecodeWith<'de, PublishFlags> for Publish<'a> {
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode_with(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __ctx: PublishFlags,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        let flags = __ctx;
        let __wire_topic: &'a str = ::wire_runtime::__private::field(
            "Publish",
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
        let __wire_packet_id: Option<u16> = ::wire_runtime::__private::field(
            "Publish",
            "packet_id",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok(if flags.qos > 0 {
                    ::wire_runtime::__private::Some({
                        let __run = __r.take_array::<2usize>()?;
                        u16::from_be_bytes(*__run)
                    })
                } else {
                    ::wire_runtime::__private::None
                })
            },
        )?;
        let packet_id = &__wire_packet_id;
        let __wire_payload: &'a [u8] = ::wire_runtime::__private::field(
            "Publish",
            "payload",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok(
                    <&'a [u8] as ::wire_runtime::__private::WireDecode<'de>>::decode(__r)?,
                )
            },
        )?;
        let payload = &__wire_payload;
        ::wire_runtime::__private::Ok(Self {
            topic: __wire_topic,
            packet_id: __wire_packet_id,
            payload: __wire_payload,
        })
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::EncodeWith<PublishFlags> for Publish<'a> {
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len_with(&self, __ctx: PublishFlags) -> usize {
        let flags = __ctx;
        let Self {
            topic,
            packet_id,
            payload,
        } = self;
        ({
            let __n = <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(topic);
            ::wire_runtime::__private::len_size::<u16>(__n) + __n
        }) + (match packet_id {
            ::wire_runtime::__private::Some(__x1) => 2usize,
            ::wire_runtime::__private::None => 0,
        }) + (<&'a [u8] as ::wire_runtime::__private::WireEncode>::encoded_len(payload))
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode_with<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
        __ctx: PublishFlags,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        let flags = __ctx;
        let Self {
            topic,
            packet_id,
            payload,
        } = self;
        ::wire_runtime::__private::encode_field("Publish", "topic", || {
            ::wire_runtime::__private::write_len::<u16, _>(
                __buf,
                <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(topic),
                ::wire_runtime::__private::ByteOrder::Big,
            )?;
            <&'a str as ::wire_runtime::__private::WireEncode>::encode(topic, __buf)?;
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::encode_field("Publish", "packet_id", || {
            ::wire_runtime::__private::check_presence(flags.qos > 0, packet_id.is_some())?;
            if let ::wire_runtime::__private::Some(__x1) = packet_id {
                __buf.put_slice(&__x1.to_be_bytes());
            }
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::encode_field("Publish", "payload", || {
            <&'a [u8] as ::wire_runtime::__private::WireEncode>::encode(payload, __buf)?;
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::Ok(())
    }
}
