"""The listening sockets: HTTP in, a Request to the app, its Response back out as bytes."""

from __future__ import annotations

import os
import shutil
import socket
import struct
import sys
import threading
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from socketserver import TCPServer
from typing import TYPE_CHECKING, Optional
from urllib.parse import parse_qsl, unquote, urlsplit

import shared_path  # noqa: F401  (puts Tests/FakeShared on sys.path)
from http_bodies import IO_CHUNK, ProtocolError
from http_types import JSON_TYPE, Request, Response, error_response
from request_bodies import BodyReader

if TYPE_CHECKING:
    from fake_canvas import FakeCanvas

LOOPBACK = "127.0.0.1"


class Handler(BaseHTTPRequestHandler):
    """Turns each HTTP request into a Request, and a Response back into bytes."""

    protocol_version = "HTTP/1.1"   # keep-alive, like a real server
    server_version = "FakeCanvas/1.0"
    # TCP_NODELAY, as nginx sets on keep-alive connections: the headers and the body go out in
    # two writes, and with Nagle's algorithm the body would wait for the client's delayed ACK of
    # the headers, 40 ms on every answer of a reused connection, which no real Canvas costs.
    disable_nagle_algorithm = True

    def version_string(self):
        return self.server_version

    def setup(self):
        super().setup()
        self.server.track(self.connection)

    def finish(self):
        try:
            super().finish()
        finally:
            self.server.untrack(self.connection)

    def log_message(self, fmt, *args):
        if self.server.app.verbose:
            sys.stderr.write(f"[{self.server.role}] {self.address_string()} {fmt % args}\n")

    def do_GET(self):
        self._dispatch()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_GET

    def _dispatch(self):
        try:
            body = BodyReader(self.rfile, self.headers)
        except ProtocolError as exc:
            self.close_connection = True
            self._write(error_response(400, str(exc)))
            return
        split = urlsplit(self.path)
        req = Request(self.command, self.path, split.path, unquote(split.path),
                      parse_qsl(split.query, keep_blank_values=True), self.headers, body)
        try:
            response = self.server.app.route(req, self.server.role)
        except ProtocolError as exc:
            self.close_connection = True
            response = error_response(400, str(exc))
        except Exception:  # a bug here should be a 500, not a dead socket
            traceback.print_exc(file=sys.stderr)
            response = error_response(500, "fake canvas internal error")
        if response.reset:
            self._reset()
            return
        try:
            body.drain()
        except ProtocolError:
            self.close_connection = True
        if response.dropped:
            self._drop()
            return
        self._write(response)

    def _write(self, response: Response):
        if response.stream is not None:
            self._stream(response)
            return
        size = os.path.getsize(response.file_path) if response.file_path else len(response.body)
        self.send_response(response.status)
        if response.content_type:
            self.send_header("Content-Type", response.content_type)
        for name, value in response.headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(size))
        self.end_headers()
        if response.file_path:
            with open(response.file_path, "rb") as source:
                shutil.copyfileobj(source, self.wfile, IO_CHUNK)
        else:
            self.wfile.write(response.body)
        self.wfile.flush()

    def _stream(self, response: Response):
        """Headers, then the body straight to the socket in large writes; with `close_after`,
        the connection closes once what the route wrote is out (a body cut short)."""
        self.send_response(response.status)
        if response.content_type:
            self.send_header("Content-Type", response.content_type)
        for name, value in response.headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(response.length or 0))
        self.end_headers()
        try:
            response.stream(self.connection)
        except OSError:
            self.close_connection = True
            return
        if response.close_after:
            self._drop()

    def _reset(self):
        """Promise a long body, send a bit of it, then abort with an RST."""
        partial = b'[{"id": 1, "name": "Trunc'
        head = (b"HTTP/1.1 200 OK\r\nContent-Type: " + JSON_TYPE.encode() +
                b"\r\nContent-Length: 65536\r\n\r\n")
        try:
            self.wfile.write(head + partial)
            self.wfile.flush()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                       struct.pack("ii", 1, 0))
        except OSError:
            pass
        self.close_connection = True
        self.rfile.close()       # drop the makefile reference so close() is real
        self.connection.close()


    def _drop(self):
        """Close the connection in order (a FIN, not an RST), having written nothing."""
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.rfile.close()       # drop the makefile reference so close() is real
        self.connection.close()


class Server(ThreadingHTTPServer):
    """One listening socket on 127.0.0.1 that knows its open connections."""

    allow_reuse_address = True
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, app: FakeCanvas, role: str, port: int):
        self.app = app
        self.role = role
        self._connections: dict = {}   # socket -> handling thread id
        self._conn_lock = threading.Lock()
        super().__init__((LOOPBACK, port), Handler)

    def server_bind(self):
        # HTTPServer.server_bind does a reverse DNS lookup; skip it.
        TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]

    def track(self, conn):
        with self._conn_lock:
            self._connections[conn] = threading.get_ident()
        if self.role == "api":
            self.app.connections.opened()

    def untrack(self, conn):
        with self._conn_lock:
            known = self._connections.pop(conn, None) is not None
        if known and self.role == "api":
            self.app.connections.closed()

    def drop_connections(self):
        """Down means down: kept-alive connections are cut too (all but the
        calling thread's own, which still has to carry its answer)."""
        me = threading.get_ident()
        with self._conn_lock:
            connections = [c for c, owner in self._connections.items() if owner != me]
        for conn in connections:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class Listener:
    """A Server that can be closed and reopened on the same port (down/up)."""

    def __init__(self, app: FakeCanvas, role: str, port: int):
        self.app = app
        self.role = role
        self.port = port
        self._server: Optional[Server] = None
        # While down, a socket bound to the port but not listening: connections are
        # refused, and no other server (another test's, asking for any free port) can
        # take the port meanwhile and answer in this one's place.
        self._holder: Optional[socket.socket] = None
        self._lock = threading.Lock()

    @property
    def is_open(self) -> bool:
        return self._server is not None

    def open(self) -> None:
        with self._lock:
            if self._server is not None:
                return
            if self._holder is not None:
                self._holder.close()
                self._holder = None
            self._server = Server(self.app, self.role, self.port)
            self.port = self._server.server_address[1]
            thread = threading.Thread(target=self._server.serve_forever,
                                      kwargs={"poll_interval": 0.05},
                                      name=f"fake-canvas-{self.role}", daemon=True)
            thread.start()

    def close(self) -> None:
        """Returns once the port refuses connections (safe from a handler)."""
        with self._lock:
            server, self._server = self._server, None
            if server is not None:
                server.shutdown()
                server.server_close()
                server.drop_connections()
                self._holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                self._holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                self._holder.bind((LOOPBACK, self.port))
