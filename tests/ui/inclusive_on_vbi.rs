use wire_runtime::{int::Vbi, WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Record {
    #[wire(rest_len, inclusive)]
    size: Vbi,
    queue_id: i32,
}

fn main() {}
