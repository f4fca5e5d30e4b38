#!/usr/bin/env python3
"""A scripted MQTT session (Eclipse paho-mqtt 2.x from PyPI) for the wiredump samples: one connection, every
common packet type, a few small messages. Usage: mqtt_client.py HOST:PORT 5|3.1.1

Steps (topics under wire/samples/<v>/, v = mqtt5 or mqtt311):
  CONNECT (clean start, keepalive 2 s, user name + password, will; 5.0: properties incl. user properties)
  PUBLISH retained QoS 1 to .../retained                           (before the subscription)
  SUBSCRIBE .../# QoS 2 (5.0: subscription identifier 7, user property) -> the retained message comes back
  3.1.1 only: a second SUBSCRIBE with two filters, one of them .../other/+ at QoS 1
  PUBLISH QoS 0, QoS 1, QoS 2 (5.0: payload format, content type, expiry, response topic, correlation data,
    user properties); each is echoed back by the broker over the subscription (QoS 1 and 2 flows both ways)
  5.0 only: PUBLISH with topic alias 1 (topic + alias), then with the alias alone (empty topic)
  stay quiet until paho's keepalive sends PINGREQ and PINGRESP comes back
  UNSUBSCRIBE, clear the retained message (empty retained PUBLISH QoS 0), DISCONNECT (5.0: reason 0 + props)
Exits non-zero (message on stderr) if any step does not complete within its timeout.
"""
import sys
import threading
import time

import paho.mqtt.client as mqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode
from paho.mqtt.subscribeoptions import SubscribeOptions

STEP = 10.0  # seconds per step


class Session:
    def __init__(self, addr: str, v5: bool) -> None:
        self.v5 = v5
        self.name = "mqtt5" if v5 else "mqtt311"
        self.base = f"wire/samples/{self.name}"
        self.cond = threading.Condition()
        self.received: list[tuple[str, bytes, int, bool]] = []
        self.acks: dict[int, list] = {}  # mid -> reason codes (SUBACK / UNSUBACK)
        self.connected = False
        self.pingresp = 0
        proto = mqtt.MQTTv5 if v5 else mqtt.MQTTv311
        kw = {} if v5 else {"clean_session": True}
        c = self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"wiredump-{self.name}",
                                      protocol=proto, **kw)
        c.on_connect = self.on_connect
        c.on_message = self.on_message
        c.on_subscribe = self.on_subscribe
        c.on_unsubscribe = self.on_unsubscribe
        c.on_log = self.on_log
        c.username_pw_set("wiredump", "sample")
        will_props = None
        if v5:
            will_props = Properties(PacketTypes.WILLMESSAGE)
            will_props.WillDelayInterval = 5
            will_props.ContentType = "text/plain"
            will_props.UserProperty = [("reason", "connection lost")]
        c.will_set(f"{self.base}/will", b"wiredump went away", qos=1, retain=False, properties=will_props)
        self.host, port = addr.rsplit(":", 1)
        self.port = int(port)

    # -- callbacks (paho's network thread) --
    def on_connect(self, client, userdata, flags, reason_code, properties):
        with self.cond:
            self.connected = not reason_code.is_failure
            self.cond.notify_all()

    def on_message(self, client, userdata, msg):
        with self.cond:
            self.received.append((msg.topic, msg.payload, msg.qos, bool(msg.retain)))
            self.cond.notify_all()

    def on_subscribe(self, client, userdata, mid, reason_codes, properties):
        with self.cond:
            self.acks[mid] = list(reason_codes)
            self.cond.notify_all()

    def on_unsubscribe(self, client, userdata, mid, reason_codes, properties):
        with self.cond:
            self.acks[mid] = list(reason_codes)
            self.cond.notify_all()

    def on_log(self, client, userdata, level, buf):
        if buf.startswith("Received PINGRESP"):
            with self.cond:
                self.pingresp += 1
                self.cond.notify_all()

    # -- helpers --
    def wait(self, what: str, pred, timeout: float = STEP) -> None:
        with self.cond:
            if not self.cond.wait_for(pred, timeout):
                raise RuntimeError(f"timed out waiting for {what}")
        time.sleep(0.1)  # let the rest of the exchange (PUBCOMP after an echoed QoS 2, ...) go out first

    def props(self, ptype, **values) -> Properties | None:
        if not self.v5:
            return None
        p = Properties(ptype)
        for k, v in values.items():
            setattr(p, k, v)
        return p

    def publish(self, topic: str, payload: bytes, qos: int, retain: bool = False, echo: bool = True,
                props: Properties | None = None) -> None:
        before = len(self.received)
        info = self.client.publish(topic, payload, qos=qos, retain=retain, properties=props)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            raise RuntimeError(f"publish {topic}: rc {info.rc}")
        info.wait_for_publish(STEP)
        if not info.is_published():
            raise RuntimeError(f"publish {topic} QoS {qos} not acknowledged")
        if echo:
            self.wait(f"the echo of {topic or '<alias>'}", lambda: len(self.received) > before)
        else:
            time.sleep(0.1)

    def run(self) -> None:
        c, base, v5 = self.client, self.base, self.v5
        connect_props = self.props(PacketTypes.CONNECT, SessionExpiryInterval=60, ReceiveMaximum=20,
                                   MaximumPacketSize=65536, TopicAliasMaximum=5, RequestProblemInformation=1,
                                   UserProperty=[("tool", "wiredump"), ("sample", self.name)])
        c.connect(self.host, self.port, keepalive=2, clean_start=True if v5 else mqtt.MQTT_CLEAN_START_FIRST_ONLY,
                  properties=connect_props)
        c.loop_start()
        try:
            self.wait("CONNACK", lambda: self.connected)
            self.publish(f"{base}/retained", b"retained hello", 1, retain=True, echo=False,
                         props=self.props(PacketTypes.PUBLISH, ContentType="text/plain"))

            if v5:
                sub_props = self.props(PacketTypes.SUBSCRIBE, SubscriptionIdentifier=7,
                                       UserProperty=[("purpose", "sample")])
                _, mid = c.subscribe([(f"{base}/#", SubscribeOptions(qos=2))], properties=sub_props)
            else:
                _, mid = c.subscribe(f"{base}/#", qos=2)
            self.wait("SUBACK", lambda: mid in self.acks)
            self.wait("the retained message", lambda: any(r[3] for r in self.received))
            if not v5:
                _, mid2 = c.subscribe([(f"{base}-other/+", 1), (f"{base}-extra", 0)])
                self.wait("the second SUBACK", lambda: mid2 in self.acks)

            self.publish(f"{base}/qos0", b"hello qos0", 0, props=self.props(
                PacketTypes.PUBLISH, PayloadFormatIndicator=1, ContentType="text/plain",
                UserProperty=[("n", "0")]))
            self.publish(f"{base}/qos1", b"hello qos1", 1, props=self.props(
                PacketTypes.PUBLISH, MessageExpiryInterval=300, ResponseTopic=f"{base}/reply",
                CorrelationData=b"\x00\x01corr", UserProperty=[("n", "1"), ("n", "1b")]))
            self.publish(f"{base}/qos2", bytes(range(16)), 2, props=self.props(
                PacketTypes.PUBLISH, PayloadFormatIndicator=0, UserProperty=[("n", "2")]))
            if v5:
                self.publish(f"{base}/alias", b"alias set", 1, props=self.props(PacketTypes.PUBLISH, TopicAlias=1))
                self.publish("", b"alias used", 1, props=self.props(PacketTypes.PUBLISH, TopicAlias=1))
            else:
                self.publish(f"{base}-other/x", b"other topic", 1)

            # quiet: paho's keepalive (2 s) sends PINGREQ, the broker answers PINGRESP
            self.wait("PINGRESP", lambda: self.pingresp > 0, timeout=3 * STEP)

            if v5:
                _, mid = c.unsubscribe(f"{base}/#", properties=self.props(
                    PacketTypes.UNSUBSCRIBE, UserProperty=[("purpose", "sample")]))
            else:
                _, mid = c.unsubscribe([f"{base}/#", f"{base}-other/+", f"{base}-extra"])
            self.wait("UNSUBACK", lambda: mid in self.acks)
            self.publish(f"{base}/retained", b"", 0, retain=True, echo=False)  # clears the retained message

            if v5:
                dprops = self.props(PacketTypes.DISCONNECT, SessionExpiryInterval=0,
                                    ReasonString="sample done", UserProperty=[("bye", "now")])
                c.disconnect(reasoncode=ReasonCode(PacketTypes.DISCONNECT, "Normal disconnection"),
                             properties=dprops)
            else:
                c.disconnect()
        finally:
            c.loop_stop()
        got = [(t, len(p), q) for t, p, q, _ in self.received]
        print(f"mqtt_client {self.name}: received {len(got)} messages: {got}")


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[2] not in ("5", "3.1.1"):
        sys.exit(__doc__.split("\n")[1])
    try:
        Session(sys.argv[1], sys.argv[2] == "5").run()
    except Exception as e:
        sys.exit(f"mqtt_client: {type(e).__name__}: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
