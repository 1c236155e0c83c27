"""The fake Canvas's listening sockets: a Request to the app, its Response back out as bytes."""

from __future__ import annotations

import os
import shutil
from urllib.parse import parse_qsl, unquote, urlsplit

import shared_path  # noqa: F401  (puts Tests/FakeShared on sys.path)
import listening
from http_bodies import IO_CHUNK
from http_types import JSON_TYPE, Request, Response, error_response
from request_bodies import BodyReader


class Handler(listening.Handler):
    """Writes a Response as bytes: its body, a file, or a stream the route writes itself."""

    server_version = "FakeCanvas/1.0"
    body_reader = BodyReader
    internal_error = "fake canvas internal error"
    # A reset promises a long body, sends a bit of it, then aborts with an RST.
    reset_partial = (b"HTTP/1.1 200 OK\r\nContent-Type: " + JSON_TYPE.encode() +
                     b"\r\nContent-Length: 65536\r\n\r\n" + b'[{"id": 1, "name": "Trunc')

    def make_request(self, body: BodyReader) -> Request:
        split = urlsplit(self.path)
        return Request(self.command, self.path, split.path, unquote(split.path),
                       parse_qsl(split.query, keep_blank_values=True), self.headers, body)

    def error_answer(self, status: int, message: str) -> Response:
        return error_response(status, message)

    def write_response(self, response: Response, head_only: bool) -> None:
        """The whole answer; `head_only` never holds, as this handler answers no HEAD."""
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


class Listener(listening.Listener):
    """A fake Canvas port that can be closed and reopened (down/up)."""

    handler = Handler
    thread_name = "fake-canvas"
