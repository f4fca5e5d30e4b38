//! The hand-written baselines accept what wire accepts and refuse what it refuses (issue 43,
//! item 9): each timed case compares like with like only if both sides do the same checks.
//! Valid frames from the benches' builders, each byte overwritten with three values and every
//! truncation: both sides must give the same result, or both refuse.

use wire_benches::{amqp, rocketmq_remoting, stream};

/// Every single-byte overwrite (with 0x00, 0xff and the byte with its low bit flipped) and
/// every truncation of `frame`.
fn mutations(frame: &[u8]) -> impl Iterator<Item = (String, Vec<u8>)> + '_ {
    let edits = (0..frame.len()).flat_map(move |i| {
        [0x00, 0xff, frame[i] ^ 1].into_iter().map(move |byte| {
            let mut edited = frame.to_vec();
            edited[i] = byte;
            (format!("byte {i} = {byte:#04x}"), edited)
        })
    });
    let cuts = (0..frame.len()).map(move |n| (format!("cut to {n}"), frame[..n].to_vec()));
    edits.chain(cuts)
}

/// Runs `wire` and `hand` on every mutation and the frame itself; returns how many mutations
/// both accepted, and both refused.
fn agree<T: PartialEq + std::fmt::Debug>(
    frame: &[u8],
    wire: impl Fn(&[u8]) -> Option<T>,
    hand: impl Fn(&[u8]) -> Option<T>,
) -> (usize, usize) {
    assert!(wire(frame).is_some(), "wire refuses the valid frame");
    assert_eq!(wire(frame), hand(frame), "the valid frame");
    let (mut accepted, mut refused) = (0, 0);
    for (what, bytes) in mutations(frame) {
        let (w, h) = (wire(&bytes), hand(&bytes));
        assert_eq!(w, h, "{what}: wire and hand disagree");
        if w.is_some() {
            accepted += 1;
        } else {
            refused += 1;
        }
    }
    (accepted, refused)
}

#[test]
fn amqp_deliver_hand_agrees_with_wire() {
    let frame = amqp::deliver_frame(3, 40);
    let read = |parse: fn(&[u8], &mut amqp::Read) -> Option<()>| {
        move |bytes: &[u8]| {
            let mut read = amqp::Read::default();
            parse(bytes, &mut read).map(|()| read)
        }
    };
    let (accepted, refused) = agree(
        &frame,
        read(|b, v| amqp::wire(b, v)),
        read(|b, v| amqp::hand(b, v)),
    );
    assert!(
        accepted > 100 && refused > 100,
        "accepted {accepted}, refused {refused}"
    );
}

#[test]
fn stream_deliver_hand_agrees_with_wire() {
    let frame = stream::deliver_frame(&stream::records(4, 40));
    for verify in [false, true] {
        let (accepted, refused) = agree(
            &frame,
            |b| stream::wire_consume(b, verify),
            |b| stream::hand::consume(b, verify),
        );
        assert!(
            refused > 100,
            "verify {verify}: accepted {accepted}, refused {refused}"
        );
    }
}

#[test]
fn rocketmq_binary_header_hand_agrees_with_wire() {
    let frame = rocketmq_remoting::send_v2_binary_frame(b"hello");
    let (accepted, refused) = agree(
        &frame,
        rocketmq_remoting::wire_typed,
        rocketmq_remoting::hand::typed,
    );
    assert!(
        accepted > 100 && refused > 100,
        "accepted {accepted}, refused {refused}"
    );
}
