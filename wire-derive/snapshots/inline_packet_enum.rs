#[wire(inline, tag = u8, tag_bits = 4..8, peek)]
enum Packet<'a> {
    #[wire(tag = 12)]
    PingReq {
        header: FixedHeader<12, 0>,
        #[wire(len = vbi)]
        body: Empty,
    },
    #[wire(tag = 3)]
    Publish {
        flags: PublishFlags,
        #[wire(len = vbi, ctx = *flags)]
        publish: Publish<'a>,
    },
    #[wire(tag = 13)]
    PingResp {
        header: FixedHeader<13, 0>,
        #[wire(len = vbi)]
        body: Empty,
    },
    #[wire(tag = 14)]
    Disconnect {
        header: FixedHeader<14, 0>,
        #[wire(len = vbi)]
        body: Empty,
    },
    #[wire(tag = 8)]
    Subscribe {
        header: FixedHeader<8, 2>,
        #[wire(len = vbi)]
        body: Subscribe<'a>,
    },
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for Packet<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline(always)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        Self::decode_then(__r, |__value, _| __value)
    }
    #[inline(always)]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode_then<__WireThen>(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
        __then: impl ::wire_runtime::__private::FnOnce(
            Self,
            &::wire_runtime::__private::Reader<'de>,
        ) -> __WireThen,
    ) -> ::wire_runtime::__private::Result<__WireThen, ::wire_runtime::__private::DecodeError> {
        let __at = __r.offset();
        let __tag = ::wire_runtime::__private::field(
            "Packet",
            "tag",
            #[inline(always)]
            || ::wire_runtime::__private::Ok((__r.peek_u8()? >> 4u32) & 15u8),
        )?;
        #[deny(unreachable_patterns)]
        match __tag {
            12 => ::wire_runtime::__private::field(
                "Packet",
                "PingReq",
                #[inline(always)]
                || {
                    let __wire_header: FixedHeader<12, 0> = ::wire_runtime::__private::field(
                        "Packet",
                        "header",
                        #[inline(always)]
                        || {
                            ::wire_runtime::__private::Ok(
                                <FixedHeader<12, 0> as ::wire_runtime::__private::WireDecode<
                                    'de,
                                >>::decode(__r)?,
                            )
                        },
                    )?;
                    let header = &__wire_header;
                    let __wire_body: Empty = ::wire_runtime::__private::field(
                        "Packet",
                        "body",
                        #[inline(always)]
                        || {
                            ::wire_runtime::__private::Ok({
                                let __n = ::wire_runtime::__private::read_len::<
                                    ::wire_runtime::__private::Vbi,
                                >(
                                    __r, ::wire_runtime::__private::ByteOrder::Big
                                )?;
                                {
                                    let __s1 = &mut __r.section(__n)?;
                                    let __v = <Empty as ::wire_runtime::__private::WireDecode<
                                        'de,
                                    >>::decode(__s1)?;
                                    __s1.expect_end()?;
                                    __v
                                }
                            })
                        },
                    )?;
                    let body = &__wire_body;
                    ::wire_runtime::__private::Ok(__then(
                        Self::PingReq {
                            header: __wire_header,
                            body: __wire_body,
                        },
                        &*__r,
                    ))
                },
            ),
            3 => ::wire_runtime::__private::field(
                "Packet",
                "Publish",
                #[inline(always)]
                || {
                    let __wire_flags: PublishFlags = ::wire_runtime::__private::field(
                        "Packet",
                        "flags",
                        #[inline(always)]
                        || {
                            :: wire_runtime :: __private :: Ok (< PublishFlags as :: wire_runtime :: __private :: WireDecode < 'de >> :: decode (__r) ?)
                        },
                    )?;
                    let flags = &__wire_flags;
                    let __wire_publish: Publish<'a> = ::wire_runtime::__private::field(
                        "Packet",
                        "publish",
                        #[inline(always)]
                        || {
                            ::wire_runtime::__private::Ok({
                                let __n = ::wire_runtime::__private::read_len::<
                                    ::wire_runtime::__private::Vbi,
                                >(
                                    __r, ::wire_runtime::__private::ByteOrder::Big
                                )?;
                                {
                                    let __s1 = &mut __r.section(__n)?;
                                    let __v = {
                                        use ::wire_runtime::__private::Ctx as _;
                                        (*flags).decode_as::<Publish<'a>>(__s1)?
                                    };
                                    __s1.expect_end()?;
                                    __v
                                }
                            })
                        },
                    )?;
                    let publish = &__wire_publish;
                    ::wire_runtime::__private::Ok(__then(
                        Self::Publish {
                            flags: __wire_flags,
                            publish: __wire_publish,
                        },
                        &*__r,
                    ))
                },
            ),
            13 => ::wire_runtime::__private::field(
                "Packet",
                "PingResp",
                #[inline(always)]
                || {
                    let __wire_header: FixedHeader<13, 0> = ::wire_runtime::__private::field(
                        "Packet",
                        "header",
                        #[inline(always)]
                        || {
                            ::wire_runtime::__private::Ok(
                                <FixedHeader<13, 0> as ::wire_runtime::__private::WireDecode<
                                    'de,
                                >>::decode(__r)?,
                            )
                        },
                    )?;
                    let header = &__wire_header;
                    let __wire_body: Empty = ::wire_runtime::__private::field(
                        "Packet",
                        "body",
                        #[inline(always)]
                        || {
                            ::wire_runtime::__private::Ok({
                                let __n = ::wire_runtime::__private::read_len::<
                                    ::wire_runtime::__private::Vbi,
                                >(
                                    __r, ::wire_runtime::__private::ByteOrder::Big
                                )?;
                                {
                                    let __s1 = &mut __r.section(__n)?;
                                    let __v = <Empty as ::wire_runtime::__private::WireDecode<
                                        'de,
                                    >>::decode(__s1)?;
                                    __s1.expect_end()?;
                                    __v
                                }
                            })
                        },
                    )?;
                    let body = &__wire_body;
                    ::wire_runtime::__private::Ok(__then(
                        Self::PingResp {
                            header: __wire_header,
                            body: __wire_body,
                        },
                        &*__r,
                    ))
                },
            ),
            14 => ::wire_runtime::__private::field(
                "Packet",
                "Disconnect",
                #[inline(always)]
                || {
                    let __wire_header: FixedHeader<14, 0> = ::wire_runtime::__private::field(
                        "Packet",
                        "header",
                        #[inline(always)]
                        || {
                            ::wire_runtime::__private::Ok(
                                <FixedHeader<14, 0> as ::wire_runtime::__private::WireDecode<
                                    'de,
                                >>::decode(__r)?,
                            )
                        },
                    )?;
                    let header = &__wire_header;
                    let __wire_body: Empty = ::wire_runtime::__private::field(
                        "Packet",
                        "body",
                        #[inline(always)]
                        || {
                            ::wire_runtime::__private::Ok({
                                let __n = ::wire_runtime::__private::read_len::<
                                    ::wire_runtime::__private::Vbi,
                                >(
                                    __r, ::wire_runtime::__private::ByteOrder::Big
                                )?;
                                {
                                    let __s1 = &mut __r.section(__n)?;
                                    let __v = <Empty as ::wire_runtime::__private::WireDecode<
                                        'de,
                                    >>::decode(__s1)?;
                                    __s1.expect_end()?;
                                    __v
                                }
                            })
                        },
                    )?;
                    let body = &__wire_body;
                    ::wire_runtime::__private::Ok(__then(
                        Self::Disconnect {
                            header: __wire_header,
                            body: __wire_body,
                        },
                        &*__r,
                    ))
                },
            ),
            8 => {
                ::wire_runtime::__private::field(
                    "Packet",
                    "Subscribe",
                    #[inline(always)]
                    || {
                        let __wire_header: FixedHeader<8, 2> = ::wire_runtime::__private::field(
                            "Packet",
                            "header",
                            #[inline(always)]
                            || {
                                ::wire_runtime::__private::Ok(
                                    <FixedHeader<8, 2> as ::wire_runtime::__private::WireDecode<
                                        'de,
                                    >>::decode(__r)?,
                                )
                            },
                        )?;
                        let header = &__wire_header;
                        let __wire_body: Subscribe<'a> = ::wire_runtime::__private::field(
                            "Packet",
                            "body",
                            #[inline(always)]
                            || {
                                ::wire_runtime::__private::Ok({
                                    let __n = ::wire_runtime::__private::read_len::<
                                        ::wire_runtime::__private::Vbi,
                                    >(
                                        __r, ::wire_runtime::__private::ByteOrder::Big
                                    )?;
                                    {
                                        let __s1 = &mut __r.section(__n)?;
                                        let __v = < Subscribe < 'a > as :: wire_runtime :: __private :: WireDecode < 'de >> :: decode (__s1) ? ;
                                        __s1.expect_end()?;
                                        __v
                                    }
                                })
                            },
                        )?;
                        let body = &__wire_body;
                        ::wire_runtime::__private::Ok(__then(
                            Self::Subscribe {
                                header: __wire_header,
                                body: __wire_body,
                            },
                            &*__r,
                        ))
                    },
                )
            }
            #[allow(unreachable_patterns)]
            __other => ::wire_runtime::__private::Err(::wire_runtime::__private::invalid_tag(
                ::wire_runtime::__private::TagValue::tag_value(__other),
                __at,
            )),
        }
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for Packet<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> = ::wire_runtime::__private::None;
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        match self {
            Self::PingReq { header, body } => {
                0 + (<FixedHeader<12, 0> as ::wire_runtime::__private::WireEncode>::encoded_len(
                    header,
                )) + ({
                    let __n = <Empty as ::wire_runtime::__private::WireEncode>::encoded_len(body);
                    ::wire_runtime::__private::len_size::<::wire_runtime::__private::Vbi>(__n) + __n
                })
            }
            Self::Publish { flags, publish } => {
                0 + (<PublishFlags as ::wire_runtime::__private::WireEncode>::encoded_len(flags))
                    + ({
                        let __n = {
                            use ::wire_runtime::__private::Ctx as _;
                            (*flags).encoded_len_as::<Publish<'a>>(publish)
                        };
                        ::wire_runtime::__private::len_size::<::wire_runtime::__private::Vbi>(__n)
                            + __n
                    })
            }
            Self::PingResp { header, body } => {
                0 + (<FixedHeader<13, 0> as ::wire_runtime::__private::WireEncode>::encoded_len(
                    header,
                )) + ({
                    let __n = <Empty as ::wire_runtime::__private::WireEncode>::encoded_len(body);
                    ::wire_runtime::__private::len_size::<::wire_runtime::__private::Vbi>(__n) + __n
                })
            }
            Self::Disconnect { header, body } => {
                0 + (<FixedHeader<14, 0> as ::wire_runtime::__private::WireEncode>::encoded_len(
                    header,
                )) + ({
                    let __n = <Empty as ::wire_runtime::__private::WireEncode>::encoded_len(body);
                    ::wire_runtime::__private::len_size::<::wire_runtime::__private::Vbi>(__n) + __n
                })
            }
            Self::Subscribe { header, body } => {
                0 + (<FixedHeader<8, 2> as ::wire_runtime::__private::WireEncode>::encoded_len(
                    header,
                )) + ({
                    let __n =
                        <Subscribe<'a> as ::wire_runtime::__private::WireEncode>::encoded_len(body);
                    ::wire_runtime::__private::len_size::<::wire_runtime::__private::Vbi>(__n) + __n
                })
            }
        }
    }
    #[inline(always)]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        match self {
            Self::PingReq { header, body } => {
                ::wire_runtime::__private::encode_field("Packet", "PingReq", || {
                    ::wire_runtime::__private::encode_field("Packet", "header", || {
                        <FixedHeader<12, 0> as ::wire_runtime::__private::WireEncode>::encode(
                            header, __buf,
                        )?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::encode_field("Packet", "body", || {
                        ::wire_runtime::__private::write_len::<::wire_runtime::__private::Vbi, _>(
                            __buf,
                            <Empty as ::wire_runtime::__private::WireEncode>::encoded_len(body),
                            ::wire_runtime::__private::ByteOrder::Big,
                        )?;
                        <Empty as ::wire_runtime::__private::WireEncode>::encode(body, __buf)?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::Ok(())
                })?
            }
            Self::Publish { flags, publish } => {
                ::wire_runtime::__private::encode_field("Packet", "Publish", || {
                    ::wire_runtime::__private::encode_field("Packet", "flags", || {
                        <PublishFlags as ::wire_runtime::__private::WireEncode>::encode(
                            flags, __buf,
                        )?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::encode_field("Packet", "publish", || {
                        ::wire_runtime::__private::write_len::<::wire_runtime::__private::Vbi, _>(
                            __buf,
                            {
                                use ::wire_runtime::__private::Ctx as _;
                                (*flags).encoded_len_as::<Publish<'a>>(publish)
                            },
                            ::wire_runtime::__private::ByteOrder::Big,
                        )?;
                        {
                            use ::wire_runtime::__private::Ctx as _;
                            (*flags).encode_as::<Publish<'a>, _>(publish, __buf)?;
                        }
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::Ok(())
                })?
            }
            Self::PingResp { header, body } => {
                ::wire_runtime::__private::encode_field("Packet", "PingResp", || {
                    ::wire_runtime::__private::encode_field("Packet", "header", || {
                        <FixedHeader<13, 0> as ::wire_runtime::__private::WireEncode>::encode(
                            header, __buf,
                        )?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::encode_field("Packet", "body", || {
                        ::wire_runtime::__private::write_len::<::wire_runtime::__private::Vbi, _>(
                            __buf,
                            <Empty as ::wire_runtime::__private::WireEncode>::encoded_len(body),
                            ::wire_runtime::__private::ByteOrder::Big,
                        )?;
                        <Empty as ::wire_runtime::__private::WireEncode>::encode(body, __buf)?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::Ok(())
                })?
            }
            Self::Disconnect { header, body } => {
                ::wire_runtime::__private::encode_field("Packet", "Disconnect", || {
                    ::wire_runtime::__private::encode_field("Packet", "header", || {
                        <FixedHeader<14, 0> as ::wire_runtime::__private::WireEncode>::encode(
                            header, __buf,
                        )?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::encode_field("Packet", "body", || {
                        ::wire_runtime::__private::write_len::<::wire_runtime::__private::Vbi, _>(
                            __buf,
                            <Empty as ::wire_runtime::__private::WireEncode>::encoded_len(body),
                            ::wire_runtime::__private::ByteOrder::Big,
                        )?;
                        <Empty as ::wire_runtime::__private::WireEncode>::encode(body, __buf)?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::Ok(())
                })?
            }
            Self::Subscribe { header, body } => {
                ::wire_runtime::__private::encode_field("Packet", "Subscribe", || {
                    ::wire_runtime::__private::encode_field("Packet", "header", || {
                        <FixedHeader<8, 2> as ::wire_runtime::__private::WireEncode>::encode(
                            header, __buf,
                        )?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::encode_field("Packet", "body", || {
                        ::wire_runtime::__private::write_len::<::wire_runtime::__private::Vbi, _>(
                            __buf,
                            <Subscribe<'a> as ::wire_runtime::__private::WireEncode>::encoded_len(
                                body,
                            ),
                            ::wire_runtime::__private::ByteOrder::Big,
                        )?;
                        <Subscribe<'a> as ::wire_runtime::__private::WireEncode>::encode(
                            body, __buf,
                        )?;
                        ::wire_runtime::__private::Ok(())
                    })?;
                    ::wire_runtime::__private::Ok(())
                })?
            }
        }
        ::wire_runtime::__private::Ok(())
    }
}
impl<'a> Packet<'a> {
    #[doc = "The wire tag of this `Packet` variant."]
    #[allow(unused_variables, dead_code)]
    pub fn wire_tag(&self) -> u8 {
        match self {
            Self::PingReq { header, body } => 12,
            Self::Publish { flags, publish } => 3,
            Self::PingResp { header, body } => 13,
            Self::Disconnect { header, body } => 14,
            Self::Subscribe { header, body } => 8,
        }
    }
}
