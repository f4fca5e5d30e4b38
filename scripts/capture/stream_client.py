#!/usr/bin/env python3
"""A scripted RabbitMQ Stream session (rstream 1.1.1 from PyPI, its low-level Client) for the wiredump samples:
one connection, most commands, ten small messages. Usage: stream_client.py HOST:PORT

Steps (stream `wiredump-sample`, guest/guest, vhost /):
  PeerProperties, SaslHandshake, SaslAuthenticate (PLAIN), Tune (server, then client), Heartbeat, Open
  ExchangeCommandVersions (only if the broker is 3.11 or later), Create (with arguments), DeclarePublisher 1 (reference `wiredump-pub`),
  QueryPublisherSequence
  Publish 5 raw bodies (publishing ids 1..5), PublishConfirm; Publish 5 AMQP 1.0 messages (6..10), PublishConfirm
  Subscribe 1 from the first offset with credit 1 (property name=wiredump-consumer); each Deliver chunk is
    answered with Credit 1 until all 10 records arrived
  StoreOffset (reference `wiredump-consumer`), QueryOffset, Metadata (the stream, then one that does not exist)
  Unsubscribe, DeletePublisher, Delete, Close
Exits non-zero (message on stderr) if any step fails.
"""
import asyncio
import sys

from rstream import schema
from rstream.amqp import AMQPMessage
from rstream.client import Client
from rstream.constants import Key, OffsetType
from rstream.exceptions import StreamAlreadyExists

STREAM = "wiredump-sample"
PUBLISHER_REF = "wiredump-pub"
CONSUMER_REF = "wiredump-consumer"
STEP = 10.0


async def session(host: str, port: int) -> str:
    # the handler only keeps rstream from logging a traceback when the broker drops the TCP connection after Close
    c = Client(host, port, frame_max=1048576, heartbeat=60, connection_name="wiredump-sample",
               connection_closed_handler=lambda info: None)
    await c.start()
    await c.authenticate(vhost="/", username="guest", password="guest")  # peer props .. open (+ heartbeat)

    # ExchangeCommandVersions exists since RabbitMQ 3.11; 3.10 (Debian 12's) closes the connection on it
    version = c.server_properties.get("version", "0")
    commands = None
    if tuple(int(x) for x in version.split(".")[:2] if x.isdigit()) >= (3, 11):
        resp = await c.sync_request(
            schema.ExchangeCommandVersionRequest(c._corr_id_seq.next(),
                                                 [schema.FrameHandlerInfo(Key.Publish.value, 1, 2)]),
            resp_schema=schema.ExchangeCommandVersionResponse, raise_exception=False)
        commands = len(resp.command_versions)

    args = {"max-length-bytes": 10_000_000, "max-segment-size-bytes": 1_000_000}
    try:
        await c.create_stream(STREAM, arguments=args)
    except StreamAlreadyExists:  # left over from an interrupted run against a broker that kept running
        await c.delete_stream(STREAM)
        await c.create_stream(STREAM, arguments=args)
    await c.declare_publisher(STREAM, PUBLISHER_REF, publisher_id=1)
    seq0 = await c.query_publisher_sequence(STREAM, PUBLISHER_REF)

    confirmed: set[int] = set()
    confirm_event = asyncio.Event()

    def on_confirm(frame: schema.PublishConfirm) -> None:
        confirmed.update(frame.publishing_ids)
        confirm_event.set()

    c.add_handler(schema.PublishConfirm, on_confirm, name="confirm")

    async def wait_confirms(ids: range) -> None:
        async def all_in() -> None:
            while not set(ids) <= confirmed:
                confirm_event.clear()
                await confirm_event.wait()
        await asyncio.wait_for(all_in(), STEP)

    raw = [schema.Message(publishing_id=i, filter_value=None, data=b"wiredump-%02d" % i) for i in range(1, 6)]
    await c.publish(raw, publisher_id=1)
    await wait_confirms(range(1, 6))
    amqp = [schema.Message(publishing_id=i, filter_value=None,
                           data=bytes(AMQPMessage(body=b"amqp-%02d" % i, application_properties={"n": i})))
            for i in range(6, 11)]
    await c.publish(amqp, publisher_id=1)
    await wait_confirms(range(6, 11))

    records = 0
    chunks = 0
    got_all = asyncio.Event()

    async def on_deliver(frame: schema.Deliver) -> None:
        nonlocal records, chunks
        records += frame.num_records
        chunks += 1
        if records >= 10:
            got_all.set()
        else:
            await c.credit(subscription_id=1, credit=1)

    c.add_handler(schema.Deliver, on_deliver, name="1")
    await c.run_queue_listener_task(subscriber_id=1, handler=on_deliver)
    await c.subscribe(STREAM, subscription_id=1, offset_spec=schema.OffsetSpec(OffsetType.FIRST), initial_credit=1,
                      properties={"name": CONSUMER_REF})
    await asyncio.wait_for(got_all.wait(), STEP)
    await asyncio.sleep(0.1)

    await c.store_offset(STREAM, CONSUMER_REF, 9)
    await asyncio.sleep(0.3)  # StoreOffset has no response; give the broker time to apply it
    stored = await c.query_offset(STREAM, CONSUMER_REF)
    leader, replicas = await c.query_leader_and_replicas(STREAM)
    missing = await c.stream_exists("wiredump-no-such-stream")

    await c.unsubscribe(1)
    await c.stop_queue_listener_task(subscriber_id=1)
    await c.delete_publisher(1)
    await c.delete_stream(STREAM)
    # rstream's Client.close() stops the heartbeat task before it checks is_started (= that task exists), so it
    # would drop the connection without a Close: send Close ourselves and wait for the CloseResponse.
    await c.sync_request(schema.Close(c._corr_id_seq.next(), code=1, reason="OK"), resp_schema=schema.CloseResponse)
    await c.close()
    return (f"stream_client: RabbitMQ {version}, {commands} command versions, publisher sequence {seq0}, {len(confirmed)} confirmed, "
            f"{records} records in {chunks} chunks, stored offset {stored}, leader {leader.host}:{leader.port} "
            f"({len(replicas)} replicas), missing stream exists={missing}")


def main() -> int:
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n")[1])
    host, _, port = sys.argv[1].rpartition(":")
    try:
        print(asyncio.run(asyncio.wait_for(session(host, int(port)), 60)))
    except Exception as e:
        sys.exit(f"stream_client: {type(e).__name__}: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
