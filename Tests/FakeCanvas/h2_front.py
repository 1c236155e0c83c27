#!/usr/bin/python3
"""A TLS front that speaks HTTP/2 (and HTTP/1.1) before a plain HTTP/1.1 server.

Canvas serves HTTP/2 over TLS; the fake Canvas speaks plain HTTP/1.1. This front sits
before it: it listens on 127.0.0.1 with a self-signed certificate (ALPN `h2` and
`http/1.1`), forwards every request to `--upstream`, and relays the answer, so a client
meets the fake as it would meet Canvas. It counts the connections it accepts and records,
for every request, the connection it came on and the protocol spoken.

The upstream's own origin in answers (`Link`, `Location`, URLs in JSON) is rewritten to
the front's, so a client following a next-page link stays on the front. Requests go to the
upstream without `Accept-Encoding`, so bodies arrive plain and can be rewritten.

Once listening it prints, on stdout, then nothing more:

    CA /path/to/cert.pem      # the certificate to trust (CURL_CA_BUNDLE)
    PORT 41234                # the TLS front
    CONTROL 41235             # plain HTTP: GET /log, POST /reset

`--make-certificate DIR` only writes `cert.pem` and `key.pem` into DIR and exits, so several
fronts (`--cert`, `--key`) can share the one certificate a test process trusts.

`GET /log` on the control port answers `{"connections": N, "requests": [{"connection": 1,
"protocol": "h2", "method": "GET", "path": "/api/v1/courses"}, ...]}`; `POST /reset` empties it.

Needs the `h2` module (Debian: `apt-get install python3-h2`, for /usr/bin/python3). Started
by another Python that lacks it, the front runs itself again with /usr/bin/python3.
"""

import argparse
import http.client
import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SYSTEM_PYTHON = "/usr/bin/python3"

try:
    import h2.config
    import h2.connection
    import h2.events
    import h2.exceptions
except ImportError:
    h2 = None

LOOPBACK = "127.0.0.1"
# Hop-by-hop fields (RFC 9110 §7.6.1) and those HTTP/2 forbids (RFC 9113 §8.2.2) stay behind.
HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te",
              "trailer", "content-length", "accept-encoding"}


def make_certificate(directory: str) -> tuple:
    """A self-signed certificate for 127.0.0.1 and localhost, made with `openssl req`."""
    cert = os.path.join(directory, "cert.pem")
    key = os.path.join(directory, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return cert, key


class Log:
    """Connections accepted and requests relayed, for the control port."""

    def __init__(self):
        self._lock = threading.Lock()
        self.connections = 0
        self.requests = []

    def connected(self) -> int:
        with self._lock:
            self.connections += 1
            return self.connections

    def record(self, connection: int, protocol: str, method: str, path: str) -> None:
        with self._lock:
            self.requests.append({"connection": connection, "protocol": protocol, "method": method, "path": path})

    def snapshot(self) -> dict:
        with self._lock:
            return {"connections": self.connections, "requests": list(self.requests)}

    def reset(self) -> None:
        with self._lock:
            self.connections = 0
            self.requests = []


class Relay:
    """Forwards one request to the upstream and rewrites its origin in the answer."""

    def __init__(self, upstream: str, latency: float):
        parsed = urllib.parse.urlsplit(upstream)
        self.host = parsed.hostname or LOOPBACK
        self.port = parsed.port or 80
        self.upstream_origin = f"http://{parsed.hostname}:{self.port}".encode()
        self.front_origin = b""
        self.latency = latency

    def rewrite(self, data: bytes) -> bytes:
        return data.replace(self.upstream_origin, self.front_origin)

    def forward(self, method: str, target: str, headers: list, body: bytes) -> tuple:
        """(status, headers, body) of the upstream's answer; headers as (lower-case name, value)."""
        if self.latency:
            time.sleep(self.latency)
        sent = {name: value for name, value in headers if name.lower() not in HOP_BY_HOP}
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            connection.request(method, target, body=body if body or method not in ("GET", "HEAD") else None,
                               headers=sent)
            answer = connection.getresponse()
            data = answer.read()
            relayed = [(name.lower(), self.rewrite(value.encode("latin-1")).decode("latin-1"))
                       for name, value in answer.getheaders() if name.lower() not in HOP_BY_HOP]
            return answer.status, relayed, self.rewrite(data)
        finally:
            connection.close()


class H2Session:
    """One HTTP/2 connection: streams are answered on threads of their own, concurrently."""

    def __init__(self, sock, number: int, relay: Relay, log: Log):
        self.sock = sock
        self.number = number
        self.relay = relay
        self.log = log
        self.conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
        self.lock = threading.Condition()
        self.streams = {}
        self.closed = False

    def send_pending(self) -> None:
        data = self.conn.data_to_send()
        if data:
            self.sock.sendall(data)

    def run(self) -> None:
        with self.lock:
            self.conn.initiate_connection()
            self.send_pending()
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    break
                with self.lock:
                    events = self.conn.receive_data(data)
                    for event in events:
                        self.handle(event)
                    self.send_pending()
                    self.lock.notify_all()
        except (OSError, h2.exceptions.ProtocolError):
            pass
        finally:
            with self.lock:
                self.closed = True
                self.lock.notify_all()

    def handle(self, event) -> None:
        if isinstance(event, h2.events.RequestReceived):
            self.streams[event.stream_id] = (list(event.headers), bytearray())
        elif isinstance(event, h2.events.DataReceived):
            self.streams[event.stream_id][1].extend(event.data)
            self.conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
        elif isinstance(event, h2.events.StreamEnded):
            headers, body = self.streams.pop(event.stream_id)
            threading.Thread(target=self.answer, args=(event.stream_id, headers, bytes(body)), daemon=True).start()
        elif isinstance(event, h2.events.StreamReset):
            self.streams.pop(event.stream_id, None)

    def answer(self, stream_id: int, headers: list, body: bytes) -> None:
        pseudo = {name: value for name, value in headers if name.startswith(":")}
        fields = [(name, value) for name, value in headers if not name.startswith(":")]
        fields.append(("host", pseudo.get(":authority", "")))
        method, path = pseudo.get(":method", "GET"), pseudo.get(":path", "/")
        self.log.record(self.number, "h2", method, path)
        try:
            status, relayed, data = self.relay.forward(method, path, fields, body)
        except OSError:
            status, relayed, data = 502, [], b""
        relayed = [(":status", str(status))] + relayed + [("content-length", str(len(data)))]
        try:
            with self.lock:
                self.conn.send_headers(stream_id, relayed, end_stream=not data or method == "HEAD")
                self.send_pending()
            if data and method != "HEAD":
                self.send_body(stream_id, data)
        except (OSError, h2.exceptions.ProtocolError, h2.exceptions.StreamClosedError):
            pass

    def send_body(self, stream_id: int, data: bytes) -> None:
        """Sends `data` as far as flow control allows, waiting for window updates between pieces."""
        offset = 0
        with self.lock:
            while offset < len(data):
                if self.closed:
                    return
                window = min(self.conn.local_flow_control_window(stream_id), self.conn.max_outbound_frame_size)
                if window <= 0:
                    self.lock.wait(1)
                    continue
                piece = data[offset:offset + window]
                offset += len(piece)
                self.conn.send_data(stream_id, piece, end_stream=offset >= len(data))
                self.send_pending()


class H1Handler(BaseHTTPRequestHandler):
    """HTTP/1.1 over TLS, for a client that didn't offer `h2`."""

    protocol_version = "HTTP/1.1"

    def relay_request(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.server.log.record(self.connection_number, "http/1.1", self.command, self.path)
        try:
            status, relayed, data = self.server.relay.forward(self.command, self.path, list(self.headers.items()), body)
        except OSError:
            status, relayed, data = 502, [], b""
        self.send_response_only(status)
        for name, value in relayed:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = relay_request

    def log_message(self, *args) -> None:
        pass


class Front:
    """The TLS listener: one thread per connection, HTTP/2 or HTTP/1.1 as ALPN chose."""

    def __init__(self, port: int, relay: Relay, log: Log, cert: str, key: str, protocols: list):
        self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.context.load_cert_chain(cert, key)
        self.context.set_alpn_protocols(protocols)
        self.listener = socket.create_server((LOOPBACK, port))
        self.port = self.listener.getsockname()[1]
        self.relay = relay
        self.log = log
        relay.front_origin = f"https://{LOOPBACK}:{self.port}".encode()

    def serve(self) -> None:
        while True:
            sock, address = self.listener.accept()
            threading.Thread(target=self.connection, args=(sock, address), daemon=True).start()

    def connection(self, raw, address) -> None:
        # A new connection costs TCP's and TLS 1.3's round trips before its first request.
        time.sleep(2 * self.relay.latency)
        try:
            sock = self.context.wrap_socket(raw, server_side=True)
        except (OSError, ssl.SSLError):
            raw.close()
            return
        number = self.log.connected()
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            if sock.selected_alpn_protocol() == "h2":
                H2Session(sock, number, self.relay, self.log).run()
            else:
                handler = type("Handler", (H1Handler,), {"connection_number": number})
                handler(sock, address, self)
        except OSError:
            pass
        finally:
            sock.close()


class ControlHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path != "/log":
            self.send_error(404)
            return
        self.reply(self.server.log.snapshot())

    def do_POST(self) -> None:
        if self.path != "/reset":
            self.send_error(404)
            return
        self.server.log.reset()
        self.reply({})

    def reply(self, value) -> None:
        data = json.dumps(value).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


def watch_parent(lifetime: float) -> None:
    """Ends the process after `lifetime` seconds, or as soon as its parent is gone."""
    parent = os.getppid()
    deadline = time.monotonic() + lifetime
    while time.monotonic() < deadline and os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="TLS front (HTTP/2 and HTTP/1.1) before an HTTP/1.1 server.")
    parser.add_argument("--upstream", help="the plain HTTP server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--port", type=int, default=0, help="TLS port (0 = pick a free one)")
    parser.add_argument("--control-port", type=int, default=0, help="control port (0 = pick a free one)")
    parser.add_argument("--latency-ms", type=float, default=0,
                        help="a round trip: the delay before each answer, and twice it before a new connection's handshake")
    parser.add_argument("--http1-only", action="store_true", help="offer only http/1.1 in ALPN")
    parser.add_argument("--cert", help="certificate (PEM); made at start when absent")
    parser.add_argument("--key", help="the certificate's private key (PEM)")
    parser.add_argument("--lifetime", type=float, default=600.0, help="exits by itself after S seconds")
    parser.add_argument("--make-certificate", metavar="DIR",
                        help="only write cert.pem and key.pem into DIR (for later fronts' --cert and --key)")
    opts = parser.parse_args(argv)
    if opts.make_certificate:
        make_certificate(opts.make_certificate)
        return 0
    if not opts.upstream:
        parser.error("--upstream is required")

    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, lambda *_: os._exit(0))
    if opts.cert and opts.key:
        cert, key = opts.cert, opts.key
    else:
        cert, key = make_certificate(tempfile.mkdtemp(prefix="h2_front_"))
    log = Log()
    protocols = ["http/1.1"] if opts.http1_only else ["h2", "http/1.1"]
    front = Front(opts.port, Relay(opts.upstream, opts.latency_ms / 1000), log, cert, key, protocols)
    control = ThreadingHTTPServer((LOOPBACK, opts.control_port), ControlHandler)
    control.log = log
    threading.Thread(target=control.serve_forever, daemon=True).start()
    threading.Thread(target=watch_parent, args=(opts.lifetime,), daemon=True).start()
    print(f"CA {cert}", flush=True)
    print(f"PORT {front.port}", flush=True)
    print(f"CONTROL {control.server_address[1]}", flush=True)
    front.serve()
    return 0


def run_with_h2() -> None:
    """Runs the front again with the system Python when this one lacks `h2`, else fails loudly."""
    if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) and os.path.exists(SYSTEM_PYTHON):
        os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, os.path.abspath(__file__)] + sys.argv[1:])
    sys.exit("h2_front.py needs the h2 module: apt-get install python3-h2")


if __name__ == "__main__":
    if h2 is None:
        run_with_h2()
    sys.exit(main())
