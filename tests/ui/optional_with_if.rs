use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Ack {
    packet_id: u16,
    #[wire(optional, if = *packet_id > 0)]
    reason: Option<u8>,
}

fn main() {}
