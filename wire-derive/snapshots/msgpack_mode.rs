#[wire(msgpack)]
struct ResponseHeader<'a> {
    request_id: i64,
    flags: i32,
    #[wire(if = *flags & 1 != 0)]
    max_start_time: Option<i64>,
    #[wire(ext = 3)]
    node_id: Uuid,
    #[wire(counted)]
    names: Vec<&'a str>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for ResponseHeader<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
        ]);
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        let __wire_request_id: i64 = ::wire_runtime::__private::field(
            "ResponseHeader",
            "request_id",
            #[inline(always)]
            || {
                :: wire_runtime :: __private :: Ok (< i64 as :: wire_runtime :: __private :: msgpack :: MsgPackDecode < 'de >> :: decode_msgpack (__r) ?)
            },
        )?;
        let request_id = &__wire_request_id;
        let __wire_flags: i32 = ::wire_runtime::__private::field(
            "ResponseHeader",
            "flags",
            #[inline(always)]
            || {
                :: wire_runtime :: __private :: Ok (< i32 as :: wire_runtime :: __private :: msgpack :: MsgPackDecode < 'de >> :: decode_msgpack (__r) ?)
            },
        )?;
        let flags = &__wire_flags;
        let __wire_max_start_time: Option<i64> = ::wire_runtime::__private::field(
            "ResponseHeader",
            "max_start_time",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok(if *flags & 1 != 0 {
                    :: wire_runtime :: __private :: Some (< i64 as :: wire_runtime :: __private :: msgpack :: MsgPackDecode < 'de >> :: decode_msgpack (__r) ?)
                } else {
                    ::wire_runtime::__private::None
                })
            },
        )?;
        let max_start_time = &__wire_max_start_time;
        let __wire_node_id: Uuid = ::wire_runtime::__private::field(
            "ResponseHeader",
            "node_id",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok({
                    let __s = &mut ::wire_runtime::__private::msgpack::read_ext_section(__r, 3)?;
                    let __v = <Uuid as ::wire_runtime::__private::WireDecode<'de>>::decode(__s)?;
                    __s.expect_end()?;
                    __v
                })
            },
        )?;
        let node_id = &__wire_node_id;
        let __wire_names: Vec<&'a str> = ::wire_runtime::__private::field(
            "ResponseHeader",
            "names",
            #[inline(always)]
            || {
                :: wire_runtime :: __private :: Ok (__r . nested (| __r : & mut :: wire_runtime :: __private :: Reader < 'de > | -> :: wire_runtime :: __private :: Result < Vec < & 'a str > , :: wire_runtime :: __private :: DecodeError > { let __n = :: wire_runtime :: __private :: msgpack :: read_int :: < u32 > (__r) ? as usize ; let __n = __r . check_count (__n as u64 , 1) ? ; let mut __items = :: wire_runtime :: __private :: Vec :: with_capacity (:: wire_runtime :: __private :: capacity_for_count :: < & 'a str > (__n , __r)) ; for _ in 0 .. __n { __items . push (< & 'a str as :: wire_runtime :: __private :: msgpack :: MsgPackDecode < 'de >> :: decode_msgpack (__r) ?) ; } :: wire_runtime :: __private :: Ok (__items) }) ?)
            },
        )?;
        let names = &__wire_names;
        ::wire_runtime::__private::Ok(Self {
            request_id: __wire_request_id,
            flags: __wire_flags,
            max_start_time: __wire_max_start_time,
            node_id: __wire_node_id,
            names: __wire_names,
        })
    }
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::msgpack::MsgPackDecode<'de> for ResponseHeader<'a> {
    #[inline]
    fn decode_msgpack(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        <Self as ::wire_runtime::__private::WireDecode<'de>>::decode(__r)
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for ResponseHeader<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
        ]);
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        let Self {
            request_id,
            flags,
            max_start_time,
            node_id,
            names,
        } = self;
        (<i64 as ::wire_runtime::__private::msgpack::MsgPackEncode>::msgpack_len(request_id))
            + (<i32 as ::wire_runtime::__private::msgpack::MsgPackEncode>::msgpack_len(flags))
            + (match max_start_time {
                ::wire_runtime::__private::Some(__x1) => {
                    <i64 as ::wire_runtime::__private::msgpack::MsgPackEncode>::msgpack_len(__x1)
                }
                ::wire_runtime::__private::None => 0,
            })
            + (::wire_runtime::__private::msgpack::ext_size(
                <Uuid as ::wire_runtime::__private::WireEncode>::encoded_len(node_id),
            ))
            + (::wire_runtime::__private::msgpack::int_size(names.len() as i64)
                + names
                    .iter()
                    .map(
                        <&'a str as ::wire_runtime::__private::msgpack::MsgPackEncode>::msgpack_len,
                    )
                    .sum::<usize>())
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        let Self {
            request_id,
            flags,
            max_start_time,
            node_id,
            names,
        } = self;
        ::wire_runtime::__private::encode_field("ResponseHeader", "request_id", || {
            <i64 as ::wire_runtime::__private::msgpack::MsgPackEncode>::encode_msgpack(
                request_id, __buf,
            )?;
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::encode_field("ResponseHeader", "flags", || {
            <i32 as ::wire_runtime::__private::msgpack::MsgPackEncode>::encode_msgpack(
                flags, __buf,
            )?;
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::encode_field("ResponseHeader", "max_start_time", || {
            ::wire_runtime::__private::check_presence(*flags & 1 != 0, max_start_time.is_some())?;
            if let ::wire_runtime::__private::Some(__x1) = max_start_time {
                <i64 as ::wire_runtime::__private::msgpack::MsgPackEncode>::encode_msgpack(
                    __x1, __buf,
                )?;
            }
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::encode_field("ResponseHeader", "node_id", || {
            ::wire_runtime::__private::msgpack::write_ext_header(
                __buf,
                3,
                <Uuid as ::wire_runtime::__private::WireEncode>::encoded_len(node_id),
            )?;
            <Uuid as ::wire_runtime::__private::WireEncode>::encode(node_id, __buf)?;
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::encode_field("ResponseHeader", "names", || {
            ::wire_runtime::__private::msgpack::write_int(__buf, names.len() as i64);
            for __x1 in names {
                <&'a str as ::wire_runtime::__private::msgpack::MsgPackEncode>::encode_msgpack(
                    __x1, __buf,
                )?;
            }
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::Ok(())
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::msgpack::MsgPackEncode for ResponseHeader<'a> {
    #[inline]
    fn msgpack_len(&self) -> usize {
        <Self as ::wire_runtime::__private::WireEncode>::encoded_len(self)
    }
    #[inline]
    fn encode_msgpack<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        <Self as ::wire_runtime::__private::WireEncode>::encode(self, __buf)
    }
}
