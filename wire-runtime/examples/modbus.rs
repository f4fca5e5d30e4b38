//! Modbus TCP (Modbus Application Protocol V1.1b3 and the Messaging on TCP/IP Implementation
//! Guide V1.0b): the MBAP header and the PDUs of functions 03 and 06, decoding the examples of
//! the specification's sections 6.3 (read registers 108 to 110) and 6.6 (write register 2).
//!
//! The MBAP length counts the bytes after it (the unit id and the PDU): a `rest_len` field.
//! A request and its response share a function code but not a layout, so each direction has
//! its own enum; an exception response sets the code's high bit.
//!
//! Run with `cargo run --example modbus -p wire-runtime`.

use wire_runtime::{WireDecode, WireEncode, decode};

/// One Modbus TCP frame: the MBAP header and a PDU of type `P`.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
struct Adu<P> {
    transaction: u16,
    #[wire(validate = if *protocol == 0 { Ok(()) } else { Err("protocol id is 0 for Modbus") })]
    protocol: u16,
    #[wire(rest_len)]
    length: u16,
    unit: u8,
    pdu: P,
}

/// Client to server.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = u8)]
enum Request {
    #[wire(tag = 0x03)]
    ReadHoldingRegisters { start: u16, quantity: u16 },
    #[wire(tag = 0x06)]
    WriteSingleRegister { address: u16, value: u16 },
}

/// Server to client.
#[derive(WireDecode, WireEncode, Debug, PartialEq)]
#[wire(tag = u8)]
enum Response {
    #[wire(tag = 0x03)]
    ReadHoldingRegisters {
        #[wire(len = u8)]
        registers: Vec<u16>,
    },
    #[wire(tag = 0x06)]
    WriteSingleRegister { address: u16, value: u16 },
    /// Function code + 0x80, then the exception code.
    #[wire(other)]
    Exception(u8, u8),
}

/// Wraps a PDU from the specification in the MBAP header a client or server sends with it.
fn mbap(transaction: u16, pdu: &[u8]) -> Vec<u8> {
    let mut frame = transaction.to_be_bytes().to_vec();
    frame.extend([0, 0]);
    frame.extend(((pdu.len() + 1) as u16).to_be_bytes());
    frame.push(0x01);
    frame.extend(pdu);
    frame
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Section 6.3: read registers 108 to 110 (addresses 0x006B, quantity 3); the response holds
    // 0x022B, 0x0000 and 0x0064 (555, 0, 100).
    let read = mbap(1, &[0x03, 0x00, 0x6b, 0x00, 0x03]);
    let read_answer = mbap(1, &[0x03, 0x06, 0x02, 0x2b, 0x00, 0x00, 0x00, 0x64]);
    // Section 6.6: write 0x0003 to register 2 (address 0x0001); the response echoes it.
    let write = mbap(2, &[0x06, 0x00, 0x01, 0x00, 0x03]);
    // Section 7: an exception response, illegal data address (02) to function 03.
    let refused = mbap(3, &[0x83, 0x02]);

    for bytes in [&read, &write] {
        let adu: Adu<Request> = decode(bytes)?;
        assert_eq!(&adu.encode_to_vec()?, bytes);
        println!("request  {:?}", adu.pdu);
    }
    for bytes in [&read_answer, &refused] {
        let adu: Adu<Response> = decode(bytes)?;
        assert_eq!(&adu.encode_to_vec()?, bytes);
        println!("response {:?}", adu.pdu);
    }
    let answer: Adu<Response> = decode(&read_answer)?;
    assert_eq!(
        answer.pdu,
        Response::ReadHoldingRegisters {
            registers: vec![555, 0, 100]
        }
    );
    Ok(())
}
