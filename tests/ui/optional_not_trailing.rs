use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Ack {
    packet_id: u16,
    #[wire(optional)]
    reason: u8,
    code: u8,
}

fn main() {}
