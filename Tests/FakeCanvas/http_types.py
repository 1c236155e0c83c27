"""Requests and responses as the routes see them, and Canvas's error answers."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Callable, Optional

if TYPE_CHECKING:
    from request_bodies import BodyReader

JSON_TYPE = "application/json; charset=utf-8"
NOT_FOUND_MESSAGE = "The specified resource does not exist."
INVALID_TOKEN_MESSAGE = "Invalid access token."
NOT_AUTHORIZED_MESSAGE = "user not authorized to perform that action"


class ApiError(Exception):
    """Raised by a route to answer with a Canvas-style JSON error body."""

    def __init__(self, status: int, message: str, headers=None, extra=None, bare: bool = False):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = list(headers or [])
        self.extra = dict(extra or {})
        # Canvas's submissions controller answers its 400s as {"message": ...}, not {"errors": [...]}.
        self.bare = bare

    def response(self) -> "Response":
        if self.bare:
            return json_response(self.status, {"message": self.message}, self.headers)
        return error_response(self.status, self.message, self.headers, self.extra)


@dataclass
class Response:
    """What a route answers; the handler writes it (or resets the socket)."""

    status: int
    body: bytes = b""
    content_type: Optional[str] = JSON_TYPE
    headers: list = field(default_factory=list)
    file_path: Optional[str] = None       # stream this file as the body
    stream: Optional[Callable] = None     # writes the body to the socket itself (the file store)
    length: Optional[int] = None          # the Content-Length a `stream` announces
    close_after: bool = False             # close the connection once the body is written
    reset: bool = False                   # abort the connection instead
    dropped: bool = False                 # close the connection without a byte of answer

    def header(self, name: str) -> Optional[str]:
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None


def json_response(status: int, obj, headers=None) -> Response:
    """JSON answers keep non-ASCII text raw (UTF-8), as Canvas does."""
    body = json.dumps(obj, ensure_ascii=False).encode("utf-8")
    return Response(status, body, JSON_TYPE, list(headers or []))


def body_bytes(response: Response) -> int:
    """The bytes of body a response sends: what the request log counts as downloaded."""
    if response.reset or response.dropped:
        return 0
    if response.stream is not None:
        return response.length or 0
    if response.file_path:
        return os.path.getsize(response.file_path)
    return len(response.body)


def weak_etag(body: bytes) -> str:
    """A weak validator of the body, as Rails' Rack::ETag makes one: `W/"<md5 hex>"`."""
    return 'W/"' + hashlib.md5(body).hexdigest() + '"'


def etag_matches(if_none_match: Optional[str], etag: str) -> bool:
    """RFC 9110's weak comparison: `W/` is ignored on both sides, and `*` matches anything."""
    if not if_none_match:
        return False
    opaque = etag[2:] if etag.startswith("W/") else etag
    for candidate in if_none_match.split(","):
        candidate = candidate.strip()
        if candidate == "*" or (candidate[2:] if candidate.startswith("W/") else candidate) == opaque:
            return True
    return False


def conditional_get(req: Request, response: Response) -> Response:
    """A JSON GET answer with an ETag, or `304 Not Modified` without a body when the request's
    `If-None-Match` names it, as Rails' ConditionalGet does behind Rack::ETag; its other headers
    (Link among them) stay. Other answers pass unchanged."""
    if (req.method != "GET" or response.status != 200 or response.content_type != JSON_TYPE
            or response.file_path or response.stream is not None):
        return response
    etag = weak_etag(response.body)
    headers = list(response.headers) + [("ETag", etag)]
    if etag_matches(req.headers.get("If-None-Match"), etag):
        return Response(304, b"", None, headers)
    return replace(response, headers=headers)


def error_response(status: int, message: str, headers=None, extra=None) -> Response:
    """Canvas wraps errors as {"errors": [{"message": ...}]}."""
    obj = {"errors": [{"message": message}]}
    obj.update(extra or {})
    return json_response(status, obj, headers)


def unauthorized_response() -> Response:
    """What Canvas answers for a missing or wrong token."""
    return error_response(401, INVALID_TOKEN_MESSAGE,
                          [("WWW-Authenticate", 'Bearer realm="canvas-lms"')])


def not_permitted_response() -> Response:
    """What Canvas answers when the token is fine but the user may not do this."""
    return error_response(401, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})


@dataclass
class Request:
    """The parts of an HTTP request the routes need, already decoded."""

    method: str
    target: str            # path+query exactly as sent (what faults match)
    raw_path: str          # path as sent, still percent-encoded
    path: str              # percent-decoded path (what routes match)
    query: list            # [(name, value)] in order, repeats kept
    headers: object        # email.message.Message from http.server
    body: "BodyReader"
    auth_present: bool = False
    auth_valid: bool = False

    def param(self, name: str, default: Optional[str] = None) -> Optional[str]:
        for key, value in self.query:
            if key == name:
                return value
        return default

    def includes(self) -> set:
        """Canvas spells it include[]=a&include[]=b; accept include=a too."""
        return {v for k, v in self.query if k in ("include[]", "include")}


def value_to_boolean(value: Optional[str]) -> bool:
    """Canvas::Plugin.value_to_boolean: the words Rails takes for yes; anything else, or nothing, is no."""
    return (value or "").strip().lower() in ("true", "1", "yes", "on", "t", "y")


def iso(moment: Optional[datetime]) -> Optional[str]:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def parse_iso(text: Optional[str]) -> Optional[datetime]:
    if not text:
        return None
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
