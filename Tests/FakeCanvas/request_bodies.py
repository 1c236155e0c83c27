"""Request bodies read in pieces (Content-Length or chunked), and the form and multipart data in them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Optional
from urllib.parse import parse_qsl

import shared_path  # noqa: F401  (puts Tests/FakeShared on sys.path)
import http_bodies
from http_bodies import MultipartError  # noqa: F401  (uploads and local storage catch it from here)
from http_bodies import FileSink, multipart_parts, parse_header_params
from http_types import ApiError, Request

MAX_JSON_BODY = 1024 * 1024      # control and step-1 bodies are small
MAX_FIELD_BYTES = 64 * 1024      # a multipart text field


class BodyReader(http_bodies.BodyReader):
    """A request body; the bodies read whole (control, step 1) are small, and a longer one is a 413."""

    limit = MAX_JSON_BODY

    def too_large(self) -> Exception:
        return ApiError(413, "request body too large")


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


def parse_multipart(reader: BodyReader, boundary: str, file_out, file_names: tuple = ("file",),
                    fields_after_file: bool = False) -> MultipartResult:
    """Parse a multipart body, streaming the first part named one of `file_names` into `file_out`.

    Like S3's POST policy, fields after the file part are ignored (and
    reported), which is why a client must send the upload_params first.
    With `fields_after_file` they count wherever they are, as Rack reads a
    form for Rails; only another file part after the first is ignored.
    """
    result = MultipartResult()
    for part in multipart_parts(reader, boundary):
        if result.file is not None and (part.name in file_names or not fields_after_file):
            result.ignored_after_file.append(part.name)
            part.skip()
        elif part.name in file_names:
            sink = FileSink(file_out)
            part.stream(sink)
            result.file = FilePart(part.filename or "", part.content_type, sink.size, sink.sha256.hexdigest())
        else:
            result.fields[part.name] = part.text(MAX_FIELD_BYTES)
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
