//! Checksum fields: the offsets decode records around the covered fields and the check it
//! runs, and how encode computes the value in one pass (a checksumming writer for fields
//! before the checksum, the fields' own bytes or a scratch buffer for fields after it).

use super::runs::{put_in_run, run_array, run_sizes};
use super::{bare, lit, rt, value_ident};
use crate::internals::ast::{ChecksumField, Codec, CodecKind, Field, LenSource, NullMode, Role};
use crate::internals::types;
use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;

/// The checksum field of `all`, with its index.
pub fn find<'f>(all: &'f [Field<'_>]) -> Option<(usize, &'f ChecksumField)> {
    all.iter()
        .enumerate()
        .find_map(|(i, f)| f.checksum.as_ref().map(|ck| (i, ck)))
}

/// Decode, before field `i`'s bytes: where the covered range starts (before its `magic`) or,
/// `at_value`, where the checksum field's own bytes start. `at` is the offset there:
/// `__r.offset()`, or an offset from a run's start when the field is read inside a run.
pub fn decode_before(all: &[Field<'_>], i: usize, at_value: bool, at: &TokenStream) -> TokenStream {
    let Some((c, ck)) = find(all) else {
        return quote!();
    };
    let mut stmts = TokenStream::new();
    if !at_value && i == ck.first {
        stmts.extend(quote!(let __ck_from = __r.peek_rest(); let __ck_at = #at;));
    }
    if at_value && i == c {
        // A field of another type than the algorithm's output is reported on its type.
        let (rt, algo, ty) = (rt(), &ck.algo, &*all[c].ty);
        let check = quote::quote_spanned!(ty.span()=> #rt::checksum_output::<#algo, #ty>(););
        stmts.extend(quote!(#check let __ck_field_at = #at;));
    }
    stmts
}

/// Decode, after field `j` (`at` the offset after it, as for [`decode_before`]): the covered
/// length, the checksum field's size, and the check once both the value and the bytes are
/// read.
pub fn decode_after(name: &str, all: &[Field<'_>], j: usize, at: &TokenStream) -> TokenStream {
    let Some((c, ck)) = find(all) else {
        return quote!();
    };
    let rt = rt();
    let mut stmts = TokenStream::new();
    if j == c {
        stmts.extend(quote!(let __ck_field_len = #at - __ck_field_at;));
    }
    if j == ck.last {
        stmts.extend(quote!(let __ck_len = #at - __ck_at;));
    }
    if j == c.max(ck.last) {
        let (algo, slot, fname) = (&ck.algo, &all[c].slot, &all[c].name);
        let hole = if (ck.first..=ck.last).contains(&c) {
            quote!(#rt::Some((__ck_field_at - __ck_at, __ck_field_len)))
        } else {
            quote!(#rt::None)
        };
        stmts.extend(quote! {
            if __r.verifies_checksums() {
                #rt::verify_checksum::<#algo>(&__ck_from[..__ck_len], #hole, #slot, __ck_field_at)
                    .map_err(|e| e.in_field(#name, #fname))?;
            }
        });
    }
    stmts
}

/// Decode, after a run of fixed-size fields of `all` that starts at field `first`, the size
/// of each in `sizes`: the checksum's offsets for the fields inside it, counted from `__run_at`
/// (where the run starts), and its check if the run completes it. `None` when the checksum
/// field is not in the run (the offsets are then taken around the run, from the reader).
pub fn decode_inside_run(
    name: &str,
    all: &[Field<'_>],
    first: usize,
    sizes: &[usize],
) -> Option<TokenStream> {
    let (c, _) = find(all)?;
    if !(first..first + sizes.len()).contains(&c) {
        return None;
    }
    let mut stmts = TokenStream::new();
    let mut end = 0;
    for (k, size) in (first..).zip(sizes) {
        if k > first {
            let at = lit(end);
            stmts.extend(decode_before(all, k, true, &quote!(__run_at + #at)));
        }
        end += size;
        let at = lit(end);
        stmts.extend(decode_after(name, all, k, &quote!(__run_at + #at)));
    }
    Some(stmts)
}

/// How encode gets at the covered fields written after the checksum field.
pub enum After {
    /// None are.
    Nothing,
    /// One field whose bytes are its value's (`&[u8]` sized by another field): checksummed
    /// in place, written as usual.
    InPlace(TokenStream),
    /// Fixed-size fields of this many bytes in all: encoded into an array first.
    Fixed(usize),
    /// Encoded into a scratch buffer first, checksummed, then copied.
    Scratch,
}

/// The plan for the covered fields after the checksum field `c`.
pub fn after_plan(all: &[Field<'_>], c: usize, ck: &ChecksumField) -> After {
    if ck.last <= c {
        return After::Nothing;
    }
    let first_after = ck.first.max(c + 1);
    let f = &all[first_after];
    // An `optional` field may be left out: only the scratch plan writes what is there.
    if first_after == ck.last && f.magic.is_none() && f.pad_before.is_none() && f.optional.is_none()
    {
        if let Role::Wire(codec) = &f.role {
            if f.pad_after.is_none() && f.align.is_none() && is_raw_bytes(codec) {
                let value = value_ident(f);
                return After::InPlace(quote!(::core::convert::AsRef::<[u8]>::as_ref(#value)));
            }
        }
    }
    let fixed: Option<usize> = all[first_after..=ck.last]
        .iter()
        .map(|f| match &f.role {
            Role::Wire(Codec {
                kind: CodecKind::Prim { prim, .. },
                ..
            }) if f.magic.is_none()
                && f.pad_before.is_none()
                && f.pad_after.is_none()
                && f.optional.is_none() =>
            {
                Some(prim.size)
            }
            _ => None,
        })
        .sum();
    fixed.map_or(After::Scratch, After::Fixed)
}

/// A byte string sized from elsewhere (another field, an expression, the rest): its encoding
/// is its bytes.
fn is_raw_bytes(codec: &Codec) -> bool {
    match &codec.kind {
        CodecKind::Section {
            len: LenSource::Field(_) | LenSource::Expr(_),
            null: NullMode::Never,
            inner,
            ..
        } => types::is_byte_string(&inner.ty) && is_raw_bytes(inner),
        CodecKind::Plain { ctx: None } => types::is_byte_string(&codec.ty),
        CodecKind::Seq {
            count: None, item, ..
        } => {
            matches!(&item.kind, CodecKind::Prim { prim, .. } if prim.is_u8())
        }
        _ => false,
    }
}

/// Encode, just before the checksum field is written: `__ck_sum`, from the writer that the
/// covered fields before it went through (`writer`), the zeros of the field itself when it is
/// covered, and the covered fields after it.
pub fn encode_sum(
    c: usize,
    ck: &ChecksumField,
    size: usize,
    writer: bool,
    after: &After,
    scratch: &TokenStream,
) -> TokenStream {
    let rt = rt();
    let algo = &ck.algo;
    let mut stmts = TokenStream::new();
    if !writer {
        stmts.extend(quote! {
            let mut __ck_sink = #rt::Sink;
            let mut __ck = #rt::ChecksumWriter::<_, #algo>::new(&mut __ck_sink);
        });
    }
    if (ck.first..=ck.last).contains(&c) {
        let size = lit(size);
        stmts.extend(quote!(__ck.skip_zeros(#size);));
    }
    match after {
        After::Nothing => {}
        After::InPlace(bytes) => stmts.extend(quote!(__ck.feed(#bytes);)),
        After::Fixed(size) => {
            let size = lit(*size);
            stmts.extend(quote! {
                let mut __ck_scratch = [0u8; #size];
                {
                    use #rt::BufMut as _;
                    let mut __ck_slice = &mut __ck_scratch[..];
                    let __buf = &mut __ck_slice;
                    #scratch
                }
                __ck.feed(&__ck_scratch);
            })
        }
        After::Scratch => stmts.extend(quote! {
            let mut __ck_scratch: #rt::Vec<u8> = #rt::Vec::new();
            {
                use #rt::BufMut as _;
                let __buf = &mut __ck_scratch;
                #scratch
            }
            __ck.feed(&__ck_scratch);
        }),
    }
    stmts.extend(quote!(let __ck_sum = __ck.finish();));
    stmts
}

/// How encode writes the fields of a struct with a checksum field.
pub struct Plan<'f> {
    /// The checksum field.
    pub c: usize,
    pub ck: &'f ChecksumField,
    /// Covered fields before the checksum field, written through the checksumming writer.
    pub prefix: Option<(usize, usize)>,
    pub after: After,
    /// Its encoded size (an integer's).
    pub size: usize,
}

/// Where a field's encoding goes.
#[derive(PartialEq, Eq)]
pub enum Region {
    /// Into the buffer.
    Main,
    /// Through the checksumming writer.
    Prefix,
    /// Into the scratch buffer, copied to the buffer afterwards.
    Scratch,
}

impl<'f> Plan<'f> {
    pub fn new(all: &'f [Field<'_>]) -> Option<Self> {
        let (c, ck) = find(all)?;
        let prefix = (ck.first < c).then(|| (ck.first, ck.last.min(c - 1)));
        let size = match &all[c].role {
            Role::Wire(Codec {
                kind: CodecKind::Prim { prim, .. },
                ..
            }) => prim.size,
            _ => 0,
        };
        Some(Plan {
            c,
            ck,
            prefix,
            after: after_plan(all, c, ck),
            size,
        })
    }

    pub fn region(&self, i: usize) -> Region {
        match (self.prefix, &self.after) {
            (Some((first, last)), _) if (first..=last).contains(&i) => Region::Prefix,
            (_, After::Scratch | After::Fixed(_))
                if i > self.c && i <= self.ck.last && i >= self.ck.first =>
            {
                Region::Scratch
            }
            _ => Region::Main,
        }
    }

    /// The first covered field after the checksum field, whose place in the buffer the scratch
    /// bytes take.
    pub fn scratch_start(&self) -> Option<usize> {
        matches!(self.after, After::Scratch | After::Fixed(_))
            .then(|| self.ck.first.max(self.c + 1))
    }

    /// After the covered fields before the checksum field: they were written through the
    /// writer; when the checksum covers nothing more, it is complete.
    pub fn close_prefix(&self, covered: &TokenStream) -> TokenStream {
        let (rt, algo) = (rt(), &self.ck.algo);
        let mut stmts = quote! {
            let mut __ck = #rt::ChecksumWriter::<_, #algo>::new(__buf);
            {
                use #rt::BufMut as _;
                let __buf = &mut __ck;
                #covered
            }
        };
        if self.ck.last < self.c {
            stmts.extend(quote!(let __ck_sum = __ck.finish();));
        }
        stmts
    }

    /// Just before the checksum field: the rest of the sum, unless `close_prefix` ended it.
    pub fn before_field(&self, scratch: &TokenStream) -> TokenStream {
        if self.ck.last < self.c {
            return quote!();
        }
        encode_sum(
            self.c,
            self.ck,
            self.size,
            self.prefix.is_some(),
            &self.after,
            scratch,
        )
    }
}

/// Encode, when every field is a primitive with nothing around it (an IPv4 header): one array
/// as for a run, with the checksum field zero; its sum over the covered bytes of the array,
/// put in its place; one copy into the buffer. Returns the size and the statements.
pub fn encode_one_run(
    name: &str,
    all: &[Field<'_>],
    plan: &Plan<'_>,
) -> Option<(usize, TokenStream)> {
    if !all.iter().all(bare_prim) {
        return None;
    }
    let rt = rt();
    let sizes = run_sizes(all);
    let offset = |i: usize| sizes[..i].iter().sum::<usize>();
    let field = &all[plan.c];
    let (value, ty, algo) = (value_ident(field), &*field.ty, &plan.ck.algo);
    let (total, fill) = run_array(name, all);
    let (from, to) = (lit(offset(plan.ck.first)), lit(offset(plan.ck.last + 1)));
    let check = quote::quote_spanned!(ty.span()=> #rt::checksum_output::<#algo, #ty>(););
    let put_sum = put_in_run(name, field, offset(plan.c), total);
    let code = quote! {
        #check
        let mut __run = {
            let #value = &<#ty as ::core::default::Default>::default();
            #fill
            __run
        };
        let __ck_sum = <#algo as #rt::Checksum>::of(&[&__run[#from..#to]]);
        let #value = &__ck_sum;
        #put_sum
        __buf.put_slice(&__run);
    };
    Some((total, code))
}

/// A primitive field with nothing around it: the fields [`encode_one_run`] takes.
fn bare_prim(f: &Field<'_>) -> bool {
    bare(f)
        && matches!(
            &f.role,
            Role::Wire(Codec {
                kind: CodecKind::Prim { .. },
                ..
            })
        )
}
