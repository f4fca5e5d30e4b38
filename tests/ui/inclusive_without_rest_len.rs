use wire_runtime::{WireDecode, WireEncode};

#[derive(WireDecode, WireEncode)]
struct Record {
    #[wire(inclusive)]
    store_size: i32,
    queue_id: i32,
}

fn main() {}
