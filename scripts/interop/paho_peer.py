#!/usr/bin/env python3
"""A second, independent MQTT client (Eclipse paho-mqtt from PyPI) for the interop test.

Usage: paho_peer.py HOST:PORT RUN_ID COUNT

It subscribes to `wire/interop/<run>/to-paho`, then publishes COUNT QoS 1 messages on
`wire/interop/<run>/from-paho`, then waits for COUNT messages from the wire client and checks
every payload. Payload of message i: i as 4 big-endian bytes, then 60 bytes (i*31 + j*7) % 256.
Exits 0 when all arrived intact and once each; prints what went wrong otherwise.
"""
import sys
import threading

import paho.mqtt.client as mqtt


def payload(i: int) -> bytes:
    return i.to_bytes(4, "big") + bytes((i * 31 + j * 7) % 256 for j in range(60))


def main() -> int:
    host, port = sys.argv[1].rsplit(":", 1)
    run, count = sys.argv[2], int(sys.argv[3])
    to_paho, from_paho = f"wire/interop/{run}/to-paho", f"wire/interop/{run}/from-paho"
    subscribed, done = threading.Event(), threading.Event()
    seen, errors = set(), []

    def on_subscribe(client, userdata, mid, reason_codes, properties):
        subscribed.set()

    def on_message(client, userdata, msg):
        i = int.from_bytes(msg.payload[:4], "big")
        if msg.payload != payload(i):
            errors.append(f"message {i} corrupted")
        elif i in seen:
            errors.append(f"message {i} twice")
        seen.add(i)
        if len(seen) == count:
            done.set()

    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"paho-{run}", protocol=mqtt.MQTTv5)
    client.on_subscribe = on_subscribe
    client.on_message = on_message
    client.connect(host, int(port), keepalive=30)
    client.loop_start()
    client.subscribe(to_paho, qos=1)
    if not subscribed.wait(10):
        print("paho: no SUBACK", file=sys.stderr)
        return 1
    for i in range(count):
        client.publish(from_paho, payload(i), qos=1).wait_for_publish(10)
    if not done.wait(20):
        print(f"paho: received {len(seen)} of {count}", file=sys.stderr)
        return 1
    client.loop_stop()
    client.disconnect()
    if errors:
        print("paho: " + "; ".join(errors[:5]), file=sys.stderr)
        return 1
    print(f"paho: sent {count}, received {count} intact")
    return 0


if __name__ == "__main__":
    sys.exit(main())
