use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode, Clone, Copy)]
#[wire(tag = u8)]
enum QoS {
    #[wire(tagg = 0)]
    AtMostOnce,
    #[wire(tag = 1)]
    AtLeastOnce,
}

#[derive(WireDecode, WireEncode)]
#[wire(bits = u8, uncovered = ignore)]
struct Flags {
    #[wire(bits = 1..3)]
    qos: QoS,
}

fn main() {}
