//! Reading the golden vectors in `../shared/vectors/` (never copied into the repo).

use std::path::PathBuf;

/// The vectors of `protocol` (`mqtt`, `stream`, ...), or `None` with a message on stderr when
/// the shared folder is absent. In CI (`CI` set) a missing folder is a failure, not a skip:
/// CI has the vectors, and a test that returns early there would pass without checking any.
pub fn load(protocol: &str) -> Option<serde_json::Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../shared/vectors/{protocol}.json"));
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(serde_json::from_str(&text).expect("vectors file is JSON")),
        Err(err) if std::env::var_os("CI").is_some() => {
            panic!(
                "golden vectors not found at {} ({err}) in CI",
                path.display()
            )
        }
        Err(err) => {
            eprintln!(
                "skipping: golden vectors not found at {} ({err})",
                path.display()
            );
            None
        }
    }
}

/// Decodes lower-case hex.
pub fn hex(text: &str) -> Vec<u8> {
    wire_protocols::hex::parse(text).expect("hex digits")
}

/// Lower-case hex of `bytes`.
pub fn to_hex(bytes: &[u8]) -> String {
    wire_protocols::hex::Hex(bytes).to_string()
}
