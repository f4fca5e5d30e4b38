struct Header {
    code: i16,
    language: u8,
    version: i16,
    opaque: i32,
    flag: i32,
}
#[automatically_derived]
impl<'de> ::wire_runtime::__private::WireDecode<'de> for Header {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::Some(2usize),
            ::wire_runtime::__private::Some(1usize),
            ::wire_runtime::__private::Some(2usize),
            ::wire_runtime::__private::Some(4usize),
            ::wire_runtime::__private::Some(4usize),
        ]);
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn decode(
        __r: &mut ::wire_runtime::__private::Reader<'de>,
    ) -> ::wire_runtime::__private::Result<Self, ::wire_runtime::__private::DecodeError> {
        let __run = __r.take_array::<13usize>().map_err(|e| {
            e.in_run(
                "Header",
                &[
                    ("code", 2usize),
                    ("language", 3usize),
                    ("version", 5usize),
                    ("opaque", 9usize),
                    ("flag", 13usize),
                ],
            )
        })?;
        let __wire_code: i16 =
            i16::from_be_bytes(::wire_runtime::__private::chunk::<0usize, 2usize, 13usize>(
                __run,
            ));
        let code = &__wire_code;
        let __wire_language: u8 =
            u8::from_be_bytes(::wire_runtime::__private::chunk::<2usize, 1usize, 13usize>(
                __run,
            ));
        let language = &__wire_language;
        let __wire_version: i16 =
            i16::from_be_bytes(::wire_runtime::__private::chunk::<3usize, 2usize, 13usize>(
                __run,
            ));
        let version = &__wire_version;
        let __wire_opaque: i32 =
            i32::from_be_bytes(::wire_runtime::__private::chunk::<5usize, 4usize, 13usize>(
                __run,
            ));
        let opaque = &__wire_opaque;
        let __wire_flag: i32 =
            i32::from_be_bytes(::wire_runtime::__private::chunk::<9usize, 4usize, 13usize>(
                __run,
            ));
        let flag = &__wire_flag;
        ::wire_runtime::__private::Ok(Self {
            code: __wire_code,
            language: __wire_language,
            version: __wire_version,
            opaque: __wire_opaque,
            flag: __wire_flag,
        })
    }
}
#[automatically_derived]
impl ::wire_runtime::__private::WireEncode for Header {
    const FIXED_SIZE: ::wire_runtime::__private::Option<usize> =
        ::wire_runtime::__private::sum_fixed(&[
            ::wire_runtime::__private::Some(2usize),
            ::wire_runtime::__private::Some(1usize),
            ::wire_runtime::__private::Some(2usize),
            ::wire_runtime::__private::Some(4usize),
            ::wire_runtime::__private::Some(4usize),
        ]);
    #[inline]
    #[allow(unused_variables)]
    fn encoded_len(&self) -> usize {
        let Self {
            code,
            language,
            version,
            opaque,
            flag,
        } = self;
        (13usize)
    }
    #[inline]
    #[allow(unused_variables, clippy::needless_question_mark)]
    fn encode<__B: ::wire_runtime::__private::BufMut + ?Sized>(
        &self,
        __buf: &mut __B,
    ) -> ::wire_runtime::__private::Result<(), ::wire_runtime::__private::EncodeError> {
        let Self {
            code,
            language,
            version,
            opaque,
            flag,
        } = self;
        let mut __run = [0u8; 13usize];
        ::wire_runtime::__private::put_chunk::<0usize, 2usize, 13usize>(
            &mut __run,
            code.to_be_bytes(),
        );
        ::wire_runtime::__private::put_chunk::<2usize, 1usize, 13usize>(
            &mut __run,
            language.to_be_bytes(),
        );
        ::wire_runtime::__private::put_chunk::<3usize, 2usize, 13usize>(
            &mut __run,
            version.to_be_bytes(),
        );
        ::wire_runtime::__private::put_chunk::<5usize, 4usize, 13usize>(
            &mut __run,
            opaque.to_be_bytes(),
        );
        ::wire_runtime::__private::put_chunk::<9usize, 4usize, 13usize>(
            &mut __run,
            flag.to_be_bytes(),
        );
        __buf.put_slice(&__run);
        ::wire_runtime::__private::Ok(())
    }
}
