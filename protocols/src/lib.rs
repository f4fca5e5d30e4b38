//! Protocol layouts declared with the wire derive (filled in by the protocol issues).
