struct RemotingHeader<'a> {
    code: i16,
    flag: i32,
    #[wire(len = i32, empty_is_none)]
    remark: Option<&'a str>,
    #[wire(len = i32, key(len = u16), value(len = i32))]
    ext_fields: BTreeMap<&'a str, &'a str>,
}
#[automatically_derived]
impl<'de: 'a, 'a> ::wire_runtime::__private::WireDecode<'de> for RemotingHeader<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::Some(2usize),
            ::wire_runtime::__private::Some(4usize),
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
        ]);
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        let __run = __r
            .take_array::<6usize>()
            .map_err(|e| e.in_run("RemotingHeader", &[("code", 2usize), ("flag", 6usize)]))?;
        let __wire_code: i16 =
            i16::from_be_bytes(::wire_runtime::__private::chunk::<0usize, 2usize, 6usize>(
                __run,
            ));
        let code = &__wire_code;
        let __wire_flag: i32 =
            i32::from_be_bytes(::wire_runtime::__private::chunk::<2usize, 4usize, 6usize>(
                __run,
            ));
        let flag = &__wire_flag;
        let __wire_remark: Option<&'a str> = ::wire_runtime::__private::field(
            "RemotingHeader",
            "remark",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok(
                    match ::wire_runtime::__private::read_len::<i32>(
                        __r,
                        ::wire_runtime::__private::ByteOrder::Big,
                    )? {
                        0 => ::wire_runtime::__private::None,
                        __n => ::wire_runtime::__private::Some({
                            let __s1 = &mut __r.section(__n)?;
                            let __v =
                                <&'a str as ::wire_runtime::__private::WireDecode<'de>>::decode(
                                    __s1,
                                )?;
                            __s1.expect_end()?;
                            __v
                        }),
                    },
                )
            },
        )?;
        let remark = &__wire_remark;
        let __wire_ext_fields: BTreeMap<&'a str, &'a str> = ::wire_runtime::__private::field(
            "RemotingHeader",
            "ext_fields",
            #[inline(always)]
            || {
                ::wire_runtime::__private::Ok({
                    let __n = ::wire_runtime::__private::read_len::<i32>(
                        __r,
                        ::wire_runtime::__private::ByteOrder::Big,
                    )?;
                    {
                        let __s1 = &mut __r.section(__n)?;
                        let __v = __s1 . nested (| __s1 : & mut :: wire_runtime :: __private :: Reader < 'de > | -> :: wire_runtime :: __private :: Result < BTreeMap < & 'a str , & 'a str > , :: wire_runtime :: __private :: DecodeError > { :: wire_runtime :: __private :: Ok ({ let mut __items : BTreeMap < & 'a str , & 'a str > = :: wire_runtime :: __private :: Default :: default () ; while ! __s1 . is_empty () { let __at = __s1 . offset () ; let __item = :: wire_runtime :: __private :: decode_progressing (__s1 , | __e2 | :: wire_runtime :: __private :: Ok (({ let __n = :: wire_runtime :: __private :: read_len :: < u16 > (__e2 , :: wire_runtime :: __private :: ByteOrder :: Big) ? ; { let __s3 = & mut __e2 . section (__n) ? ; let __v = < & 'a str as :: wire_runtime :: __private :: WireDecode < 'de >> :: decode (__s3) ? ; __s3 . expect_end () ? ; __v } } , { let __n = :: wire_runtime :: __private :: read_len :: < i32 > (__e2 , :: wire_runtime :: __private :: ByteOrder :: Big) ? ; { let __s3 = & mut __e2 . section (__n) ? ; let __v = < & 'a str as :: wire_runtime :: __private :: WireDecode < 'de >> :: decode (__s3) ? ; __s3 . expect_end () ? ; __v } }))) ? ; let (__key , __value) = __item ; if __items . insert (__key , __value) . is_some () { return :: wire_runtime :: __private :: Err (:: wire_runtime :: __private :: DecodeError :: new (:: wire_runtime :: __private :: ErrorKind :: DuplicateKey , __at)) ; } } __items }) }) ? ;
                        __s1.expect_end()?;
                        __v
                    }
                })
            },
        )?;
        let ext_fields = &__wire_ext_fields;
        ::wire_runtime::__private::Ok(Self {
            code: __wire_code,
            flag: __wire_flag,
            remark: __wire_remark,
            ext_fields: __wire_ext_fields,
        })
    }
}
#[automatically_derived]
impl<'a> ::wire_runtime::__private::WireEncode for RemotingHeader<'a> {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::Some(2usize),
            ::wire_runtime::__private::Some(4usize),
            ::wire_runtime::__private::None,
            ::wire_runtime::__private::None,
        ]);
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        let Self {
            code,
            flag,
            remark,
            ext_fields,
        } = self;
        (6usize)
            + (match remark {
                ::wire_runtime::__private::Some(__x1) => {
                    let __n = <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(__x1);
                    ::wire_runtime::__private::len_size::<i32>(__n) + __n
                }
                ::wire_runtime::__private::None => ::wire_runtime::__private::len_size::<i32>(0),
            })
            + ({
                let __n = ext_fields . iter () . map (| (__k2 , __v2) | { let __n = < & 'a str as :: wire_runtime :: __private :: WireEncode > :: encoded_len (__k2) ; :: wire_runtime :: __private :: len_size :: < u16 > (__n) + __n } + { let __n = < & 'a str as :: wire_runtime :: __private :: WireEncode > :: encoded_len (__v2) ; :: wire_runtime :: __private :: len_size :: < i32 > (__n) + __n }) . sum :: < usize > () ;
                ::wire_runtime::__private::len_size::<i32>(__n) + __n
            })
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        let Self {
            code,
            flag,
            remark,
            ext_fields,
        } = self;
        let mut __run = [0u8; 6usize];
        ::wire_runtime::__private::put_chunk::<0usize, 2usize, 6usize>(
            &mut __run,
            code.to_be_bytes(),
        );
        ::wire_runtime::__private::put_chunk::<2usize, 4usize, 6usize>(
            &mut __run,
            flag.to_be_bytes(),
        );
        __buf.put_slice(&__run);
        ::wire_runtime::__private::encode_field("RemotingHeader", "remark", || {
            match remark {
                ::wire_runtime::__private::Some(__x1) => {
                    ::wire_runtime::__private::check_not_empty(
                        <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(__x1),
                    )?;
                    ::wire_runtime::__private::write_len::<i32, _>(
                        __buf,
                        <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(__x1),
                        ::wire_runtime::__private::ByteOrder::Big,
                    )?;
                    <&'a str as ::wire_runtime::__private::WireEncode>::encode(__x1, __buf)?;
                }
                ::wire_runtime::__private::None => ::wire_runtime::__private::write_len::<i32, _>(
                    __buf,
                    0,
                    ::wire_runtime::__private::ByteOrder::Big,
                )?,
            }
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::encode_field("RemotingHeader", "ext_fields", || {
            :: wire_runtime :: __private :: write_len :: < i32 , _ > (__buf , ext_fields . iter () . map (| (__k2 , __v2) | { let __n = < & 'a str as :: wire_runtime :: __private :: WireEncode > :: encoded_len (__k2) ; :: wire_runtime :: __private :: len_size :: < u16 > (__n) + __n } + { let __n = < & 'a str as :: wire_runtime :: __private :: WireEncode > :: encoded_len (__v2) ; :: wire_runtime :: __private :: len_size :: < i32 > (__n) + __n }) . sum :: < usize > () , :: wire_runtime :: __private :: ByteOrder :: Big) ? ;
            for (__k2, __v2) in ext_fields {
                ::wire_runtime::__private::write_len::<u16, _>(
                    __buf,
                    <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(__k2),
                    ::wire_runtime::__private::ByteOrder::Big,
                )?;
                <&'a str as ::wire_runtime::__private::WireEncode>::encode(__k2, __buf)?;
                ::wire_runtime::__private::write_len::<i32, _>(
                    __buf,
                    <&'a str as ::wire_runtime::__private::WireEncode>::encoded_len(__v2),
                    ::wire_runtime::__private::ByteOrder::Big,
                )?;
                <&'a str as ::wire_runtime::__private::WireEncode>::encode(__v2, __buf)?;
            }
            ::wire_runtime::__private::Ok(())
        })?;
        ::wire_runtime::__private::Ok(())
    }
}
