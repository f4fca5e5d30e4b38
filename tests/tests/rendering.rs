//! How values read by people are written (issue 19): socket addresses as `a.b.c.d:port` and
//! `[v6]:port`, UUIDs in canonical form, each parsed back from what it prints.

use proptest::prelude::*;
use std::net::Ipv6Addr;
use wire_protocols::ignite::Uuid;
use wire_protocols::rocketmq::HostAddr;

#[test]
fn hosts_print_as_socket_addresses() {
    let v4 = HostAddr::V4 {
        ip: [127, 0, 0, 1],
        port: 10911,
    };
    assert_eq!(serde_json::to_value(v4).unwrap(), "127.0.0.1:10911");
    let ip = Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1).octets();
    let v6 = HostAddr::V6 { ip, port: 10911 };
    assert_eq!(v6.to_string(), "[2001:db8::1]:10911");
    assert_eq!("[2001:db8::1]:10911".parse::<HostAddr>(), Ok(v6));
    // The wire's port is an i32: what it holds is printed and read back as it is.
    let odd = HostAddr::V4 {
        ip: [10, 0, 0, 1],
        port: -1,
    };
    assert_eq!(odd.to_string().parse::<HostAddr>(), Ok(odd));
    for bad in [
        "10.0.0.1",
        "10.0.0.1:x",
        "[10.0.0.1]:1",
        "::1:80",
        "host:80",
    ] {
        assert!(bad.parse::<HostAddr>().is_err(), "{bad}");
    }
}

#[test]
fn uuids_print_in_canonical_form() {
    let uuid = Uuid::new(0x550e_8400_e29b_41d4, 0xa716_4466_5544_0000);
    assert_eq!(
        serde_json::to_value(uuid).unwrap(),
        "550e8400-e29b-41d4-a716-446655440000"
    );
    let back: Uuid = serde_json::from_str("\"550e8400-e29b-41d4-a716-446655440000\"").unwrap();
    assert_eq!(back, uuid);
    // The halves, as earlier versions printed them, are still read.
    let halves = r#"{"bits": {"msb": 6128981282234515924, "lsb": 12039885860129472512}}"#;
    assert_eq!(serde_json::from_str::<Uuid>(halves).unwrap(), uuid);
    for bad in [
        "550e8400e29b41d4a716446655440000",
        "550e8400-e29b-41d4-a716-44665544000g",
    ] {
        assert!(bad.parse::<Uuid>().is_err(), "{bad}");
    }
}

proptest! {
    #[test]
    fn printed_values_parse_back(v4: [u8; 4], v6: [u8; 16], port: i32, msb: u64, lsb: u64) {
        for host in [HostAddr::V4 { ip: v4, port }, HostAddr::V6 { ip: v6, port }] {
            prop_assert_eq!(host.to_string().parse::<HostAddr>(), Ok(host));
        }
        let uuid = Uuid::new(msb, lsb);
        prop_assert_eq!(uuid.to_string().parse::<Uuid>(), Ok(uuid));
        prop_assert_eq!(uuid.to_string().len(), 36);
    }
}
