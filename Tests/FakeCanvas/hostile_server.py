#!/usr/bin/env python3
"""A loopback server that misbehaves on purpose, for the HTTP client's tests.

    python3 Tests/FakeCanvas/hostile_server.py

prints `PORT <n>` (the HTTP port) and `FULL <m>` (a port whose accept queue is full, so a
connection attempt hangs until the client's connect timeout), then serves until killed,
its parent dies, or --lifetime passes. Standard library only; binds 127.0.0.1 only.

Paths of the HTTP port:

| path | answer |
| --- | --- |
| `/silent` | reads the request, then never answers (the connection stays open) |
| `/trickle?seconds=S` | 200 with a long `Content-Length`, then one byte every half second for S seconds (default 25), then closes |
| `/huge?bytes=N` | 200 with a body of N bytes (default 64 MiB), sent as fast as the client reads |
| `/gzip` | 200 with a gzip-encoded JSON body (`Content-Encoding: gzip`) |
| `/redirect` | 301 to `/elsewhere` |
| `/echo` | reads the whole body; answers `{"length": L, "sha256": "...", "chunked": bool, "expect": "..."}` |
| `/reset-upload` | reads 64 KiB of the body, then resets the connection |
| `/connections` | `{"open": N}`: connections open right now, this one included |
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import select
import signal
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from socketserver import TCPServer
from urllib.parse import parse_qs, urlsplit

LOOPBACK = "127.0.0.1"
CHUNK = 256 * 1024


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_args):
        pass

    def setup(self):
        super().setup()
        with self.server.lock:
            self.server.open_connections += 1

    def finish(self):
        try:
            super().finish()
        finally:
            with self.server.lock:
                self.server.open_connections -= 1

    def do_GET(self):
        self.route()

    do_POST = do_PUT = do_GET

    def route(self):
        split = urlsplit(self.path)
        name = "path_" + split.path.strip("/").replace("-", "_")
        handler = getattr(self, name, None)
        if handler is None:
            self.answer(404, b'{"errors":[{"message":"no such path"}]}')
            return
        handler(parse_qs(split.query))

    def answer(self, status, body, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def body_reader(self):
        """Yields the request body in pieces, Content-Length or chunked."""
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return
                remaining = size
                while remaining:
                    piece = self.rfile.read(min(CHUNK, remaining))
                    remaining -= len(piece)
                    yield piece
                self.rfile.readline()
        else:
            remaining = int(self.headers.get("Content-Length") or 0)
            while remaining:
                piece = self.rfile.read(min(CHUNK, remaining))
                if not piece:
                    return
                remaining -= len(piece)
                yield piece

    def path_silent(self, _query):
        for _ in self.body_reader():
            pass
        # Hold the connection without answering until the client gives up and closes it.
        while not self.server.stopping:
            readable, _, _ = select.select([self.connection], [], [], 0.1)
            if readable and not self.connection.recv(1, socket.MSG_PEEK):
                self.close_connection = True
                return

    def path_trickle(self, query):
        # Never idle long enough for a stall timeout, never done: only a total limit ends it early.
        seconds = float(query.get("seconds", ["25"])[0])
        for _ in self.body_reader():
            pass
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "1000000")
        self.end_headers()
        self.wfile.flush()
        ends = time.monotonic() + seconds
        try:
            while time.monotonic() < ends and not self.server.stopping:
                self.wfile.write(b"[")
                self.wfile.flush()
                time.sleep(0.5)
        except OSError:
            pass
        self.close_connection = True

    def path_huge(self, query):
        size = int(query.get("bytes", [str(64 * 1024 * 1024)])[0])
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        block = b"[" * CHUNK
        sent = 0
        try:
            while sent < size:
                piece = block[: min(CHUNK, size - sent)]
                self.wfile.write(piece)
                sent += len(piece)
        except OSError:
            pass

    def path_gzip(self, _query):
        body = gzip.compress(json.dumps([{"id": i, "name": "Course %d" % i} for i in range(50)]).encode())
        self.answer(200, body, [("Content-Encoding", "gzip")])

    def path_redirect(self, _query):
        self.send_response(301)
        self.send_header("Location", "/elsewhere")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def path_echo(self, _query):
        digest = hashlib.sha256()
        length = 0
        for piece in self.body_reader():
            digest.update(piece)
            length += len(piece)
        chunked = "chunked" in (self.headers.get("Transfer-Encoding") or "").lower()
        self.answer(200, json.dumps({"length": length, "sha256": digest.hexdigest(), "chunked": chunked,
                                     "expect": self.headers.get("Expect") or ""}).encode())

    def path_reset_upload(self, _query):
        read = 0
        for piece in self.body_reader():
            read += len(piece)
            if read >= 64 * 1024:
                break
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True
        self.rfile.close()
        self.connection.close()

    def path_connections(self, _query):
        with self.server.lock:
            count = self.server.open_connections
        self.answer(200, json.dumps({"open": count}).encode())


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self):
        self.lock = threading.Lock()
        self.open_connections = 0
        self.stopping = False
        super().__init__((LOOPBACK, 0), Handler)

    def server_bind(self):
        TCPServer.server_bind(self)  # no reverse DNS lookup
        self.server_name, self.server_port = self.server_address[:2]


def full_listener():
    """A socket whose accept queue is full: new connection attempts get no answer."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind((LOOPBACK, 0))
    listener.listen(0)
    fillers = []
    for _ in range(4):
        filler = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        filler.setblocking(False)
        try:
            filler.connect(listener.getsockname())
        except BlockingIOError:
            pass
        fillers.append(filler)
    time.sleep(0.2)
    return listener, fillers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lifetime", type=float, default=300.0)
    opts = parser.parse_args()
    stop = {"why": None}
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda s, _f: stop.update(why=s))
    server = Server()
    listener, fillers = full_listener()
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    print(f"PORT {server.server_port}", flush=True)
    print(f"FULL {listener.getsockname()[1]}", flush=True)
    parent = os.getppid()
    deadline = time.monotonic() + opts.lifetime
    while stop["why"] is None and time.monotonic() < deadline and os.getppid() == parent:
        time.sleep(0.1)
    server.stopping = True
    server.shutdown()
    listener.close()
    for filler in fillers:
        filler.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
