use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
#[wire(validate = *packet_id != 0)]
struct Ack {
    packet_id: u16,
}

fn main() {}
