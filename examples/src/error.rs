//! The error the example clients share: what can go wrong talking to a broker, `C` being the
//! protocol's response or reason code.
//!
//! ```
//! use wire_examples::Error;
//!
//! let e: Error<u16> = Error::Refused { request: "SUBSCRIBE".into(), code: 135, remark: None };
//! assert_eq!(e.to_string(), "SUBSCRIBE refused: 135");
//! ```

use std::fmt;
use std::time::Duration;
use wire_runtime::DecodeError;

/// What went wrong talking to a broker.
#[derive(Debug)]
pub enum Error<C> {
    /// The connection failed.
    Io(std::io::Error),
    /// What the broker sent did not decode.
    Decode(DecodeError),
    /// The broker answered a request with a code other than success.
    Refused {
        /// What was asked.
        request: String,
        /// The broker's code.
        code: C,
        /// Its reason or remark, if it gave one.
        remark: Option<String>,
    },
    /// The broker closed the connection, saying why.
    ClosedByBroker {
        /// Its closing code.
        code: C,
        /// Its reason.
        reason: String,
    },
    /// The connection ended.
    Disconnected,
    /// Nothing came from the broker within this long.
    Timeout(Duration),
    /// Something the protocol does not allow here, or a value that cannot be sent.
    Unexpected(String),
}

impl<C: fmt::Debug> fmt::Display for Error<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "connection: {e}"),
            Error::Decode(e) => write!(f, "from the broker: {e}"),
            Error::Refused {
                request,
                code,
                remark,
            } => {
                write!(f, "{request} refused: {code:?}")?;
                remark.iter().try_for_each(|r| write!(f, " ({r})"))
            }
            Error::ClosedByBroker { code, reason } => {
                write!(f, "the broker closed the connection: {code:?} {reason}")
            }
            Error::Disconnected => write!(f, "the broker hung up"),
            Error::Timeout(after) => write!(f, "nothing from the broker within {after:?}"),
            Error::Unexpected(what) => write!(f, "unexpected: {what}"),
        }
    }
}

impl<C: fmt::Debug> std::error::Error for Error<C> {}

impl<C> From<std::io::Error> for Error<C> {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

impl<C> From<DecodeError> for Error<C> {
    fn from(e: DecodeError) -> Self {
        Error::Decode(e)
    }
}
