"""Request bodies read in pieces (Content-Length or chunked), and the parts of a multipart/form-data body."""

from __future__ import annotations

import hashlib
import re
from typing import Callable, Iterator, Optional
from urllib.parse import unquote

IO_CHUNK = 64 * 1024             # never hold more than this of an upload at once
MAX_PART_HEADERS = 16 * 1024


class ProtocolError(Exception):
    """The request body could not be read as HTTP framing says it should be."""


class MultipartError(Exception):
    """The body is not well-formed multipart/form-data."""


class BodyReader:
    """Reads a request body in pieces so uploads never sit in memory whole.

    Every answer drains what is left first, so a keep-alive connection stays
    in sync even when a route (or a fault) ignored the body. A fake sets
    `limit`, the most `read_all` takes, and may say what a longer body raises.
    """

    limit = 1024 * 1024

    def __init__(self, rfile, headers):
        self._rfile = rfile
        self.chunked = "chunked" in (headers.get("Transfer-Encoding") or "").lower()
        self._remaining = 0
        if not self.chunked:
            try:
                self._remaining = int(headers.get("Content-Length") or 0)
            except ValueError as exc:
                raise ProtocolError("bad Content-Length") from exc
            if self._remaining < 0:
                raise ProtocolError("negative Content-Length")
        self._chunk_left = 0
        self._done = not self.chunked and self._remaining == 0
        self.bytes_read = 0

    def read(self, size: int = IO_CHUNK) -> bytes:
        """Up to `size` bytes of body; b"" at the end."""
        if self._done:
            return b""
        data = self._read_chunked(size) if self.chunked else self._read_plain(size)
        self.bytes_read += len(data)
        return data

    def read_all(self) -> bytes:
        """The whole body, for small bodies only: more than `limit` bytes raises `too_large()`."""
        parts, total = [], 0
        while True:
            data = self.read()
            if not data:
                return b"".join(parts)
            total += len(data)
            if total > self.limit:
                raise self.too_large()
            parts.append(data)

    def too_large(self) -> Exception:
        """What `read_all` raises for a body over `limit`."""
        return ProtocolError("request body too large")

    def drain(self) -> None:
        """Discard the rest of the body."""
        while self.read():
            pass

    def _read_plain(self, size: int) -> bytes:
        data = self._rfile.read(min(size, self._remaining))
        if not data:
            raise ProtocolError("body ended before Content-Length")
        self._remaining -= len(data)
        self._done = self._remaining == 0
        return data

    def _read_chunked(self, size: int) -> bytes:
        if self._chunk_left == 0 and not self._start_chunk():
            return b""
        data = self._rfile.read(min(size, self._chunk_left))
        if not data:
            raise ProtocolError("body ended inside a chunk")
        self._chunk_left -= len(data)
        if self._chunk_left == 0:
            self._rfile.readline(64)  # the CRLF that ends every chunk
        return data

    def _start_chunk(self) -> bool:
        """Read a chunk-size line; False (and consume trailers) at the last one."""
        line = self._rfile.readline(1024)
        if not line:
            raise ProtocolError("body ended before the last chunk")
        try:
            size = int(line.split(b";", 1)[0].strip(), 16)
        except ValueError as exc:
            raise ProtocolError("bad chunk size line") from exc
        if size == 0:
            while self._rfile.readline(8192) not in (b"\r\n", b"\n", b""):
                pass
            self._done = True
            return False
        self._chunk_left = size
        return True


class _Scanner:
    """Buffered view of a body that streams bytes up to a delimiter.

    Only the unmatched tail of the buffer (shorter than the delimiter) is kept
    between reads, so memory stays at about one IO_CHUNK whatever the size.
    """

    def __init__(self, reader: BodyReader, initial: bytes = b""):
        self._reader = reader
        self._buf = initial

    def stream_until(self, delim: bytes, sink: Callable[[bytes], None]) -> None:
        keep = len(delim) - 1
        while True:
            index = self._buf.find(delim)
            if index >= 0:
                if index:
                    sink(self._buf[:index])
                self._buf = self._buf[index + len(delim):]
                return
            if len(self._buf) > keep:
                sink(self._buf[:-keep])
                self._buf = self._buf[-keep:]
            if not self._fill():
                raise MultipartError("body ended before the closing boundary")

    def read_exact(self, count: int) -> bytes:
        while len(self._buf) < count:
            if not self._fill():
                raise MultipartError("body ended inside a boundary line")
        data, self._buf = self._buf[:count], self._buf[count:]
        return data

    def push_back(self, data: bytes) -> None:
        self._buf = data + self._buf

    def _fill(self) -> bool:
        data = self._reader.read(IO_CHUNK)
        self._buf += data
        return bool(data)


class _Collector:
    """A sink that keeps bytes in memory, up to a limit (text fields, headers)."""

    def __init__(self, limit: int):
        self.limit = limit
        self.data = bytearray()

    def __call__(self, chunk: bytes) -> None:
        self.data += chunk
        if len(self.data) > self.limit:
            raise MultipartError("multipart field or header block too large")


class FileSink:
    """A sink that writes to a file while hashing (SHA-256, and SHA-1 when asked), so nothing accumulates."""

    def __init__(self, out, sha1: bool = False):
        self.out = out
        self.size = 0
        self.sha256 = hashlib.sha256()
        self.sha1 = hashlib.sha1() if sha1 else None

    def __call__(self, chunk: bytes) -> None:
        self.out.write(chunk)
        self.size += len(chunk)
        self.sha256.update(chunk)
        if self.sha1 is not None:
            self.sha1.update(chunk)


def _discard(_chunk: bytes) -> None:
    pass


_PARAM_RE = re.compile(r';\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)')


def parse_header_params(value: str) -> tuple[str, dict]:
    """Split `type; a=1; b="x y"` into ("type", {"a": "1", "b": "x y"})."""
    head, _, _ = value.partition(";")
    params = {}
    for name, raw in _PARAM_RE.findall(value):
        raw = raw.strip()
        if raw.startswith('"') and raw.endswith('"') and len(raw) >= 2:
            raw = re.sub(r"\\(.)", r"\1", raw[1:-1])
        params[name.lower()] = raw
    if "filename*" in params:  # RFC 5987: utf-8''percent-encoded
        _, _, encoded = params["filename*"].partition("''")
        params["filename"] = unquote(encoded)
    return head.strip().lower(), params


def _parse_part_headers(block: bytes) -> dict:
    headers = {}
    for line in block.decode("utf-8", "replace").split("\r\n"):
        name, sep, value = line.partition(":")
        if sep:
            headers[name.strip().lower()] = value.strip()
    return headers


class Part:
    """One part of a multipart body: its field name, its file name (None when it has none) and
    its type. Its bytes are read once, with `stream`, `text` or `skip`, before the next part."""

    def __init__(self, scanner: _Scanner, delim: bytes, headers: dict):
        self._scanner = scanner
        self._delim = delim
        _, disposition = parse_header_params(headers.get("content-disposition", ""))
        self.name: str = disposition.get("name", "")
        self.filename: Optional[str] = disposition.get("filename")
        self.content_type: str = headers.get("content-type", "application/octet-stream")
        self.read = False

    def stream(self, sink: Callable[[bytes], None]) -> None:
        """The part's bytes into `sink`, a piece at a time."""
        self.read = True
        self._scanner.stream_until(self._delim, sink)

    def text(self, limit: int) -> str:
        """The part's bytes as text; more than `limit` bytes is a MultipartError."""
        value = _Collector(limit)
        self.stream(value)
        return bytes(value.data).decode("utf-8", "replace")

    def skip(self) -> None:
        self.stream(_discard)


def multipart_parts(reader: BodyReader, boundary: str) -> Iterator[Part]:
    """The parts of a multipart body in order, streamed; the preamble and the epilogue are
    discarded, and a part the caller did not read is skipped."""
    delim = b"\r\n--" + boundary.encode("latin-1")
    # A leading CRLF lets the first boundary match the same delimiter.
    scanner = _Scanner(reader, b"\r\n")
    scanner.stream_until(delim, _discard)  # preamble
    while True:
        marker = scanner.read_exact(2)
        if marker == b"--":
            break
        if marker != b"\r\n":
            raise MultipartError("malformed boundary line")
        scanner.push_back(b"\r\n")  # so an empty header block still matches
        header_bytes = _Collector(MAX_PART_HEADERS)
        scanner.stream_until(b"\r\n\r\n", header_bytes)
        part = Part(scanner, delim, _parse_part_headers(bytes(header_bytes.data)))
        yield part
        if not part.read:
            part.skip()
    reader.drain()  # epilogue
