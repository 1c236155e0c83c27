"""The listening sockets: HTTP in, a request to the app, its answer back out; a port that can go down and up."""

from __future__ import annotations

import socket
import struct
import sys
import threading
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from socketserver import TCPServer
from typing import Optional

from http_bodies import BodyReader, ProtocolError

LOOPBACK = "127.0.0.1"


class Handler(BaseHTTPRequestHandler):
    """Turns each HTTP request into the app's Request, and its Response back into bytes.

    A fake's handler says how: `make_request`, `error_answer` (a 400 for bad framing, a 500 for
    a bug), `write_response`, and `answered` once a response is written or abandoned. The app
    is `route(req, role)`, and its responses have `reset` (abort with an RST, having written
    `reset_partial`) and `dropped` (close in order without a byte of answer)."""

    protocol_version = "HTTP/1.1"   # keep-alive, like a real server
    # TCP_NODELAY, as servers set on keep-alive connections: the headers and the body go out in
    # separate writes, and with Nagle's algorithm the body would wait for the client's delayed
    # ACK of the headers, 40 ms on every answer of a reused connection.
    disable_nagle_algorithm = True
    body_reader = BodyReader
    internal_error = "internal error"
    reset_partial = b""

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

    def make_request(self, body: BodyReader):
        raise NotImplementedError

    def error_answer(self, status: int, message: str):
        raise NotImplementedError

    def write_response(self, response, head_only: bool) -> None:
        raise NotImplementedError

    def answered(self, response) -> None:
        pass

    def _dispatch(self):
        try:
            body = self.body_reader(self.rfile, self.headers)
        except ProtocolError as exc:
            self.close_connection = True
            self.write_response(self.error_answer(400, str(exc)), False)
            return
        req = self.make_request(body)
        try:
            response = self.server.app.route(req, self.server.role)
        except ProtocolError as exc:
            self.close_connection = True
            response = self.error_answer(400, str(exc))
        except Exception:  # a bug here should be a 500, not a dead socket
            traceback.print_exc(file=sys.stderr)
            response = self.error_answer(500, self.internal_error)
        try:
            if response.reset:
                self._reset(self.reset_partial)
                return
            try:
                body.drain()
            except ProtocolError:
                self.close_connection = True
            if response.dropped:
                self._drop()
                return
            self.write_response(response, self.command == "HEAD")
        finally:
            self.answered(response)

    def _reset(self, partial: bytes):
        """Write `partial` (maybe nothing), then abort the connection with an RST."""
        try:
            if partial:
                self.connection.sendall(partial)
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
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
    """One listening socket on 127.0.0.1 that knows its open connections, and tells `gauge`
    (`opened()`, `closed()`) when one opens and closes."""

    allow_reuse_address = True
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, app, role: str, port: int, handler: type, gauge=None):
        self.app = app
        self.role = role
        self.gauge = gauge
        self._connections: dict = {}   # socket -> handling thread id
        self._conn_lock = threading.Lock()
        super().__init__((LOOPBACK, port), handler)

    def server_bind(self):
        # HTTPServer.server_bind does a reverse DNS lookup; skip it.
        TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]

    def track(self, conn):
        with self._conn_lock:
            self._connections[conn] = threading.get_ident()
        if self.gauge is not None:
            self.gauge.opened()

    def untrack(self, conn):
        with self._conn_lock:
            known = self._connections.pop(conn, None) is not None
        if known and self.gauge is not None:
            self.gauge.closed()

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
    """A Server that can be closed and reopened on the same port (down/up). A fake's listener
    names its `handler` and the `thread_name` its threads start with."""

    handler: type = Handler
    thread_name = "fake"

    def __init__(self, app, role: str, port: int, gauge=None):
        self.app = app
        self.role = role
        self.port = port
        self.gauge = gauge
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
            self._server = Server(self.app, self.role, self.port, self.handler, self.gauge)
            self.port = self._server.server_address[1]
            thread = threading.Thread(target=self._server.serve_forever,
                                      kwargs={"poll_interval": 0.05},
                                      name=f"{self.thread_name}-{self.role}", daemon=True)
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
