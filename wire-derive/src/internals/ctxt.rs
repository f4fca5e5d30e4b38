//! Collects every error found while reading the attributes, so one compile reports them all.

use quote::ToTokens;
use std::cell::RefCell;
use std::fmt::Display;

/// Error sink threaded through parsing and checking (after serde_derive's `Ctxt`), and the
/// container-wide mode that lowering reads (`#[wire(msgpack)]`).
#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
    /// Fields of this container are msgpack values.
    pub msgpack: std::cell::Cell<bool>,
}

impl Ctxt {
    /// Records an error spanned on `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.errors
            .borrow_mut()
            .push(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// Records an error spanned on `span`.
    pub fn error_at<M: Display>(&self, span: proc_macro2::Span, message: M) {
        self.errors
            .borrow_mut()
            .push(syn::Error::new(span, message));
    }

    /// Records a parse error as it is.
    pub fn syn_error(&self, err: syn::Error) {
        self.errors.borrow_mut().push(err);
    }

    /// True when nothing went wrong so far.
    pub fn is_ok(&self) -> bool {
        self.errors.borrow().is_empty()
    }

    /// All errors combined into one, if any.
    pub fn check(self) -> Result<(), syn::Error> {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for err in errors {
            combined.combine(err);
        }
        Err(combined)
    }
}
