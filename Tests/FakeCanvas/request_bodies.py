"""Request bodies read in pieces (Content-Length or chunked), and the form and multipart data in them."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Callable, Optional
from urllib.parse import parse_qsl, unquote

from http_types import ApiError, Request

MAX_JSON_BODY = 1024 * 1024      # control and step-1 bodies are small
MAX_FIELD_BYTES = 64 * 1024      # a multipart text field
MAX_PART_HEADERS = 16 * 1024
IO_CHUNK = 64 * 1024             # never hold more than this of an upload at once


class ProtocolError(Exception):
    """The request body could not be read as HTTP framing says it should be."""


class MultipartError(Exception):
    """The upload body is not well-formed multipart/form-data."""


class BodyReader:
    """Reads a request body in pieces so uploads never sit in memory whole.

    Every answer drains what is left first, so a keep-alive connection stays
    in sync even when a route (or a fault) ignored the body.
    """

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

    def read_all(self, limit: int = MAX_JSON_BODY) -> bytes:
        """The whole body, for small bodies only (control, step 1)."""
        parts, total = [], 0
        while True:
            data = self.read()
            if not data:
                return b"".join(parts)
            total += len(data)
            if total > limit:
                raise ApiError(413, "request body too large")
            parts.append(data)

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


@dataclass
class FilePart:
    filename: str
    content_type: str
    size: int
    sha256: str


@dataclass
class MultipartResult:
    fields: dict = field(default_factory=dict)
    file: Optional[FilePart] = None
    ignored_after_file: list = field(default_factory=list)


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


class _FileSink:
    """A sink that writes to disk while hashing, so nothing accumulates."""

    def __init__(self, out):
        self.out = out
        self.size = 0
        self.hasher = hashlib.sha256()

    def __call__(self, chunk: bytes) -> None:
        self.out.write(chunk)
        self.size += len(chunk)
        self.hasher.update(chunk)


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


def parse_multipart(reader: BodyReader, boundary: str, file_out, file_names: tuple = ("file",),
                    fields_after_file: bool = False) -> MultipartResult:
    """Parse a multipart body, streaming the first part named one of `file_names` into `file_out`.

    Like S3's POST policy, fields after the file part are ignored (and
    reported), which is why a client must send the upload_params first.
    With `fields_after_file` they count wherever they are, as Rack reads a
    form for Rails; only another file part after the first is ignored.
    """
    delim = b"\r\n--" + boundary.encode("latin-1")
    # A leading CRLF lets the first boundary match the same delimiter.
    scanner = _Scanner(reader, b"\r\n")
    scanner.stream_until(delim, _discard)  # preamble
    result = MultipartResult()
    while True:
        marker = scanner.read_exact(2)
        if marker == b"--":
            break
        if marker != b"\r\n":
            raise MultipartError("malformed boundary line")
        scanner.push_back(b"\r\n")  # so an empty header block still matches
        header_bytes = _Collector(MAX_PART_HEADERS)
        scanner.stream_until(b"\r\n\r\n", header_bytes)
        headers = _parse_part_headers(bytes(header_bytes.data))
        _, disposition = parse_header_params(headers.get("content-disposition", ""))
        name = disposition.get("name", "")
        if result.file is not None and (name in file_names or not fields_after_file):
            result.ignored_after_file.append(name)
            scanner.stream_until(delim, _discard)
        elif name in file_names:
            sink = _FileSink(file_out)
            scanner.stream_until(delim, sink)
            result.file = FilePart(disposition.get("filename", ""),
                                   headers.get("content-type", "application/octet-stream"),
                                   sink.size, sink.hasher.hexdigest())
        else:
            value = _Collector(MAX_FIELD_BYTES)
            scanner.stream_until(delim, value)
            result.fields[name] = bytes(value.data).decode("utf-8", "replace")
    reader.drain()  # epilogue
    return result


def form_pairs(req: Request) -> list:
    """Query and body as [(name, value)], repeats kept: a form body as sent, a JSON
    body flattened the way Rails reads both (`{"a": {"b": [1]}}` is `a[b][]=1`)."""
    pairs = list(req.query)
    raw = req.body.read_all()
    if not raw.strip():
        return pairs
    kind, _ = parse_header_params(req.headers.get("Content-Type") or "")
    try:
        if kind == "application/json":
            parsed = json.loads(raw.decode("utf-8"))
            if not isinstance(parsed, dict):
                raise ValueError("not an object")
            _flatten_params(parsed, "", pairs)
        else:
            pairs += parse_qsl(raw.decode("utf-8"), keep_blank_values=True)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError(400, f"could not parse the request body: {exc}") from exc
    return pairs


def form_fields(req: Request) -> dict:
    """Each name's first value in `form_pairs(req)`."""
    fields: dict = {}
    for key, value in form_pairs(req):
        fields.setdefault(key, value)
    return fields


def _flatten_params(value, prefix: str, out: list) -> None:
    """JSON into Rails-style form pairs: nested objects become `a[b]`, lists `a[]`."""
    if isinstance(value, dict):
        for key, inner in value.items():
            _flatten_params(inner, f"{prefix}[{key}]" if prefix else str(key), out)
    elif isinstance(value, list):
        for inner in value:
            _flatten_params(inner, f"{prefix}[]", out)
    else:
        out.append((prefix, "" if value is None else str(value)))
