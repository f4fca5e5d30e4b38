//! [`reject`]: the failure of a `#[wire(validate = ...)]` check, kept off the hot path.

/// `Err(why)`, out of line and marked cold, for the checks of a `validate` hook.
///
/// With `return Err("...")`, the compiler often computes the message on every decode and tests
/// it once (a select per check); with `return reject("...")`, each check stays a branch that
/// is predicted not taken, and the message is only built when the input is bad.
///
/// ```
/// use wire_runtime::{WireDecode, decode, reject};
///
/// fn nonzero(id: u16) -> Result<(), &'static str> {
///     if id == 0 {
///         return reject("packet id 0");
///     }
///     Ok(())
/// }
///
/// #[derive(WireDecode, Debug)]
/// #[wire(validate = nonzero(*id))]
/// struct Ack { id: u16 }
///
/// assert!(decode::<Ack>(&[0, 1]).is_ok());
/// assert_eq!(decode::<Ack>(&[0, 0]).unwrap_err().to_string(), "invalid value: packet id 0 at offset 0");
/// ```
#[cold]
#[inline(never)]
pub fn reject(why: &'static str) -> Result<(), &'static str> {
    Err(why)
}
