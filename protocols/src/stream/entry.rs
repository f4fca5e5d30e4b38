//! Entries, as chunks and Publish frames carry them: a simple entry (one record) or a
//! sub-batch (several records, maybe compressed).

use wire_runtime::{DecodeError, DecodeErrorKind, Reader, WireDecode, WireEncode};

/// One entry. The top bit of its first byte tells the two shapes apart.
///
/// ```
/// use wire_protocols::stream::Entry;
///
/// let bytes = wire_runtime::WireEncode::encode_to_vec(&Entry::simple(b"hi"))?;
/// assert_eq!(bytes, [0, 0, 0, 2, b'h', b'i']);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
#[wire(tag = u8, tag_bits = 7..8, peek)]
pub enum Entry<'a> {
    /// Top bit 0: a 31-bit size, then one record.
    #[wire(tag = 0, validate = fits_31_bits(data))]
    Simple {
        /// The record.
        #[wire(len = u32)]
        #[cfg_attr(
            feature = "serde",
            serde(rename = "data_hex", serialize_with = "crate::hex::serialize",)
        )]
        data: &'a [u8],
    },
    /// Top bit 1: a sub-batch of records.
    #[wire(tag = 1)]
    SubBatch(SubBatch<'a>),
}

/// From the form `Serialize` writes (`{"type": "simple", "data_hex": ..}`, or
/// `"sub_batch"` with the sub-batch's fields), read field by field so that the bytes can be
/// borrowed from the input (an internally tagged derive would buffer them as strings).
#[cfg(feature = "serde")]
impl<'de: 'a, 'a> serde::Deserialize<'de> for Entry<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        enum Kind {
            Simple,
            SubBatch,
        }
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Form<'a> {
            r#type: Kind,
            #[serde(borrow, default, deserialize_with = "crate::hex::deserialize_option")]
            data_hex: Option<&'a [u8]>,
            header: Option<SubBatchHeader>,
            record_count: Option<u16>,
            uncompressed_length: Option<u32>,
        }
        let form = Form::deserialize(d)?;
        let data = form
            .data_hex
            .ok_or_else(|| D::Error::missing_field("data_hex"))?;
        Ok(match form.r#type {
            Kind::Simple => Entry::Simple { data },
            Kind::SubBatch => Entry::SubBatch(SubBatch {
                header: form
                    .header
                    .ok_or_else(|| D::Error::missing_field("header"))?,
                record_count: form
                    .record_count
                    .ok_or_else(|| D::Error::missing_field("record_count"))?,
                uncompressed_length: form
                    .uncompressed_length
                    .ok_or_else(|| D::Error::missing_field("uncompressed_length"))?,
                data,
            }),
        })
    }
}

fn fits_31_bits(data: &[u8]) -> Result<(), &'static str> {
    if data.len() < 1 << 31 {
        Ok(())
    } else {
        Err("a simple entry holds at most 2^31 - 1 bytes")
    }
}

impl<'a> Entry<'a> {
    /// A simple entry holding one record.
    pub fn simple(data: &'a [u8]) -> Self {
        Entry::Simple { data }
    }

    /// Records in this entry.
    pub fn record_count(&self) -> u32 {
        match self {
            Entry::Simple { .. } => 1,
            Entry::SubBatch(batch) => u32::from(batch.record_count),
        }
    }
}

/// Compression of a sub-batch (bits 4..7 of its first byte).
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(tag = u8)]
pub enum Compression {
    /// 0
    #[default]
    #[wire(tag = 0)]
    None,
    /// 1
    #[wire(tag = 1)]
    Gzip,
    /// 2
    #[wire(tag = 2)]
    Snappy,
    /// 3
    #[wire(tag = 3)]
    Lz4,
    /// 4
    #[wire(tag = 4)]
    Zstd,
}

/// The first byte of a sub-batch: `1`, the compression, four zero bits.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[wire(bits = u8, reserved(bits = 7..8, value = 1), reserved(bits = 0..4, value = 0))]
pub struct SubBatchHeader {
    /// How `data` is compressed.
    #[wire(bits = 4..7)]
    pub compression: Compression,
}

/// Several records in one entry: `data` holds `record_count` records, each a `u32` size and
/// its bytes, possibly compressed as a whole.
#[derive(WireDecode, WireEncode, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SubBatch<'a> {
    /// Marker bit and compression.
    pub header: SubBatchHeader,
    /// Records in `data`.
    pub record_count: u16,
    /// Length of `data` once decompressed.
    pub uncompressed_length: u32,
    /// The records (compressed or not).
    #[wire(len = u32)]
    #[cfg_attr(
        feature = "serde",
        serde(
            rename = "data_hex",
            serialize_with = "crate::hex::serialize",
            deserialize_with = "crate::hex::deserialize"
        )
    )]
    pub data: &'a [u8],
}

impl<'a> SubBatch<'a> {
    /// An uncompressed sub-batch over `data` as [`write_records`] builds it.
    pub fn uncompressed(record_count: u16, data: &'a [u8]) -> Self {
        SubBatch {
            header: SubBatchHeader::default(),
            record_count,
            uncompressed_length: data.len() as u32,
            data,
        }
    }

    /// The compression of `data`.
    pub fn compression(&self) -> Compression {
        self.header.compression
    }

    /// The records of an uncompressed sub-batch; an `Unsupported` error for a compressed one
    /// (see [`SubBatch::decompress`]).
    pub fn records(&self) -> Result<SubBatchRecords<'a>, DecodeError> {
        if self.compression() != Compression::None {
            return Err(DecodeError::new(
                DecodeErrorKind::Unsupported("compressed sub-batch: decompress it first"),
                0,
            )
            .in_field("SubBatch", "data"));
        }
        Ok(SubBatchRecords::new(self.data, self.record_count))
    }

    /// The decompressed records (`{Size:u32 Record}*`); iterate them with
    /// [`SubBatchRecords::new`]. Gzip needs the `gzip` feature; snappy, lz4 and zstd are
    /// reported as unsupported. The output never grows past `uncompressed_length`, which it
    /// must match exactly.
    pub fn decompress(&self) -> Result<Vec<u8>, DecodeError> {
        match self.compression() {
            Compression::None => Ok(self.data.to_vec()),
            #[cfg(feature = "gzip")]
            Compression::Gzip => gunzip(self.data, self.uncompressed_length),
            #[cfg(not(feature = "gzip"))]
            Compression::Gzip => Err(unsupported("gzip (enable the `gzip` feature)")),
            Compression::Snappy => Err(unsupported("snappy compression")),
            Compression::Lz4 => Err(unsupported("lz4 compression")),
            Compression::Zstd => Err(unsupported("zstd compression")),
        }
    }
}

fn unsupported(what: &'static str) -> DecodeError {
    DecodeError::new(DecodeErrorKind::Unsupported(what), 0).in_field("SubBatch", "data")
}

#[cfg(feature = "gzip")]
fn gunzip(data: &[u8], uncompressed_length: u32) -> Result<Vec<u8>, DecodeError> {
    use std::io::Read;
    let wanted = uncompressed_length as usize;
    // Deflate expands at most ~1032:1, so the declared length is trusted only that far.
    let mut out = Vec::with_capacity(wanted.min(data.len().saturating_mul(1032)));
    let mut decoder = flate2::read::GzDecoder::new(data).take(wanted as u64 + 1);
    if decoder.read_to_end(&mut out).is_err() {
        return Err(
            DecodeError::new(DecodeErrorKind::InvalidValue("corrupt gzip data"), 0)
                .in_field("SubBatch", "data"),
        );
    }
    if out.len() != wanted {
        return Err(DecodeError::new(
            DecodeErrorKind::InvalidValue("decompressed length differs from uncompressed_length"),
            0,
        )
        .in_field("SubBatch", "uncompressed_length"));
    }
    Ok(out)
}

/// Appends `records` as a sub-batch's data (`{Size:u32 Record}*`) to `out`; returns how many.
///
/// ```
/// use wire_protocols::stream::{write_records, Entry, SubBatch};
///
/// let mut data = Vec::new();
/// let count = write_records([&b"a"[..], b"bc"], &mut data);
/// let entry = Entry::SubBatch(SubBatch::uncompressed(count, &data));
/// assert_eq!(entry.record_count(), 2);
/// ```
pub fn write_records<'r>(records: impl IntoIterator<Item = &'r [u8]>, out: &mut Vec<u8>) -> u16 {
    let mut count = 0u16;
    for record in records {
        out.extend_from_slice(&(record.len() as u32).to_be_bytes());
        out.extend_from_slice(record);
        count += 1;
    }
    count
}

/// Iterator over the records of uncompressed sub-batch data: exactly `count` records that
/// fill the data; anything else is an error.
#[derive(Debug, Clone)]
pub struct SubBatchRecords<'a> {
    reader: Reader<'a>,
    remaining: u16,
    done: bool,
}

impl<'a> SubBatchRecords<'a> {
    /// Records of `data`, which must hold exactly `count` of them.
    pub fn new(data: &'a [u8], count: u16) -> Self {
        SubBatchRecords {
            reader: Reader::new_section(data),
            remaining: count,
            done: false,
        }
    }

    /// True once every record was read (or reading failed).
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.done
    }

    #[inline]
    fn read_one(&mut self) -> Result<&'a [u8], DecodeError> {
        let len = u32::from_be_bytes(*self.reader.take_array::<4>()?);
        self.reader.take(len as usize)
    }
}

impl<'a> Iterator for SubBatchRecords<'a> {
    type Item = Result<&'a [u8], DecodeError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if self.remaining == 0 {
            self.done = true;
            return self.reader.expect_end().err().map(Err);
        }
        self.remaining -= 1;
        let record = self.read_one();
        self.done = record.is_err();
        Some(record)
    }
}
