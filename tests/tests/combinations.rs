//! Combinations of attributes that once disagreed between decode and encode (issue 40): each
//! layout with bytes worked out by hand, the round trip, and `encoded_len` against the bytes.

use wire_runtime::{WireDecode, WireEncode, decode};

fn round_trip<'a, T>(value: &T, bytes: &'a [u8])
where
    T: WireDecode<'a> + WireEncode + PartialEq + core::fmt::Debug,
{
    assert_eq!(value.encode_to_vec().unwrap(), bytes, "encode");
    assert_eq!(value.encoded_len(), bytes.len(), "encoded_len");
    assert_eq!(&decode::<T>(bytes).unwrap(), value, "decode");
}

/// Issue 40, bug 1: A `rest_len` section ends where the trailer begins, on both sides.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(trailer = [0xee])]
struct RestLenTrailer {
    #[wire(rest_len, inclusive)]
    len: u8,
    a: u8,
}

#[test]
fn rest_len_does_not_count_the_trailer() {
    round_trip(&RestLenTrailer { len: 2, a: 7 }, &[2, 7, 0xee]);
    // The section holds `len` and `a`: a length that counts the trailer leaves a byte over.
    assert!(decode::<RestLenTrailer>(&[3, 7, 0xee]).is_err());
}

/// Issue 40, bug 2: A temp passed down as a later field's context, in decode, encode and `encoded_len`.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(ctx(kind: u8))]
struct Body {
    #[wire(if = kind == 1)]
    extra: Option<u16>,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct TempCtx {
    #[wire(temp(kind: u8 = if body.extra.is_some() { 1 } else { 0 }), ctx = *kind)]
    body: Body,
}

#[test]
fn a_temp_reaches_a_later_fields_context() {
    round_trip(
        &TempCtx {
            body: Body { extra: Some(5) },
        },
        &[1, 0, 5],
    );
    round_trip(
        &TempCtx {
            body: Body { extra: None },
        },
        &[0],
    );
}

/// Issue 40, bug 6: A condition over the whole sequence, where `item(if = ...)` is refused (UI test
/// `item_if`): the count is written only when the sequence is.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct List {
    flag: u8,
    #[wire(if = *flag > 0, count = u8)]
    items: Option<Vec<u16>>,
}

#[test]
fn a_sequence_condition_goes_on_the_field() {
    round_trip(
        &List {
            flag: 0,
            items: None,
        },
        &[0],
    );
    round_trip(
        &List {
            flag: 1,
            items: Some(vec![3]),
        },
        &[1, 1, 0, 3],
    );
    assert!(
        List {
            flag: 0,
            items: Some(vec![])
        }
        .encode_to_vec()
        .is_err()
    );
}

/// Issue 40, bug 3: `fill` on the first field of a `peek` variant that is a bit-field word, not a `u8`:
/// the word carries the tag bits, and encode writes the filled word.
#[derive(WireDecode, WireEncode, Debug, PartialEq, Clone, Copy)]
#[wire(bits = u8)]
struct FirstByte {
    #[wire(bits = 4..8)]
    kind: u8,
    #[wire(bits = 0..4)]
    flags: u8,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = u8, tag_bits = 4..8, peek)]
enum Peeked<'a> {
    #[wire(tag = 1)]
    Short {
        #[wire(fill = FirstByte { kind: 1, flags: u8::from(payload.is_empty()) })]
        first: FirstByte,
        #[wire(len = u8)]
        payload: &'a [u8],
    },
    #[wire(tag = 2)]
    Counted(
        #[wire(fill = FirstByte { kind: 2, flags: 0 })] FirstByte,
        #[wire(rest_len)] u8,
        u16,
    ),
    #[wire(tag = 3)]
    Rest {
        #[wire(fill = FirstByte { kind: 3, ..*first })]
        first: FirstByte,
        #[wire(rest)]
        payload: &'a [u8],
    },
}

#[test]
fn a_filled_bit_word_carries_a_peeked_tag() {
    let byte = |kind, flags| FirstByte { kind, flags };
    // The fill sets the empty-payload flag, whatever the stored word says.
    let short = Peeked::Short {
        first: byte(1, 0),
        payload: &[],
    };
    assert_eq!(short.encode_to_vec().unwrap(), [0x11, 0]);
    round_trip(
        &Peeked::Short {
            first: byte(1, 1),
            payload: &[],
        },
        &[0x11, 0],
    );
    round_trip(
        &Peeked::Short {
            first: byte(1, 0),
            payload: &[9],
        },
        &[0x10, 1, 9],
    );
    // The stored word is replaced by the filled one: its kind cannot disagree with the tag.
    let counted = Peeked::Counted(byte(7, 0), 0, 5);
    assert_eq!(counted.encode_to_vec().unwrap(), [0x20, 2, 0, 5]);
    round_trip(&Peeked::Counted(byte(2, 0), 2, 5), &[0x20, 2, 0, 5]);
    round_trip(
        &Peeked::Rest {
            first: byte(3, 4),
            payload: &[1, 2],
        },
        &[0x34, 1, 2],
    );
}

/// Issue 40, bug 5: The two meanings `len = size + 2` could have had, each in the spelling that says it
/// (the ambiguous one is refused: UI test `len_field_plus`).
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Biased {
    /// Holds the length plus 2.
    size: u8,
    #[wire(len = size.checked_sub(2))]
    body: Vec<u8>,
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Offset {
    /// The length is 2 more than this.
    size: u8,
    #[wire(len = usize::from(*size) + 2)]
    body: Vec<u8>,
}

#[test]
fn each_meaning_of_plus_n_has_its_spelling() {
    round_trip(
        &Biased {
            size: 3,
            body: vec![7],
        },
        &[3, 7],
    );
    assert!(
        Biased {
            size: 2,
            body: vec![7]
        }
        .encode_to_vec()
        .is_err()
    );
    round_trip(
        &Offset {
            size: 0,
            body: vec![7, 8],
        },
        &[0, 7, 8],
    );
    assert!(
        Offset {
            size: 1,
            body: vec![7, 8]
        }
        .encode_to_vec()
        .is_err()
    );
}

/// Issue 40, bug 4: Types of one's own named like the standard ones: written through a path that is not a
/// known crate's, they are decoded through their own `WireDecode` (a bare `Bytes` is taken for
/// `bytes::Bytes`, and without a length is an error that says so: UI test `own_bytes_type`).
mod own {
    use wire_runtime::{WireDecode, WireEncode};

    /// A fixed pair of bytes that happens to be called `Bytes`.
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    pub struct Bytes {
        pub hi: u8,
        pub lo: u8,
    }

    /// A string of one's own: a count of ASCII digits (`Vec` here is the one below, so the
    /// standard one goes by its path, which the derive knows).
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    pub struct String {
        #[wire(count = u8)]
        pub digits: std::vec::Vec<u8>,
    }

    /// A sequence of one's own, generic like `Vec<T>`.
    #[derive(WireDecode, WireEncode, Debug, PartialEq)]
    pub struct Vec<T> {
        pub first: T,
    }
}

#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct OwnTypes {
    pair: own::Bytes,
    text: own::String,
    one: own::Vec<u16>,
    tail: u8,
}

#[test]
fn types_of_ones_own_are_decoded_by_their_own_impls() {
    let value = OwnTypes {
        pair: own::Bytes { hi: 1, lo: 2 },
        text: own::String { digits: vec![b'7'] },
        one: own::Vec { first: 5 },
        tail: 9,
    };
    round_trip(&value, &[1, 2, 1, b'7', 0, 5, 9]);
}

/// Found by wire-layoutgen (seed 2): an enum whose variants are all `V {}` (named, no fields)
/// got a `BitField` impl that spelled them `Self::V`, which did not compile.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = u8)]
enum Braces {
    #[wire(tag = 1)]
    One {},
    #[wire(tag = 4)]
    Four {},
    #[wire(tag = 5)]
    Five(),
}

#[test]
fn variants_without_fields_keep_their_braces() {
    round_trip(&Braces::One {}, &[1]);
    round_trip(&Braces::Four {}, &[4]);
    round_trip(&Braces::Five(), &[5]);
    use wire_runtime::int::BitField;
    assert_eq!(Braces::from_bits(4), Some(Braces::Four {}));
    assert_eq!(Braces::Five().to_bits(), 5);
}
