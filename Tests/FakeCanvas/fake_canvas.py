#!/usr/bin/env python3
"""A loopback-only fake Canvas LMS server for coursebrowser's tests.

Why it exists: the client must cope with the things a real Canvas and a real
network do -- opaque pagination links, fields that are omitted, throttling,
resets, slow answers, a file store that is not Canvas -- and tests need those
on demand and deterministically.  Everything here is Python 3.11 standard
library only, so a test can start it with nothing but `python3`.

    python3 Tests/FakeCanvas/fake_canvas.py --port 0 --token SECRET

prints `PORT <n>` then `CONTROL <m>` on stdout once both sockets listen.
See README.md next to this file for the control API.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import html
import itertools
import json
import mimetypes
import os
import posixpath
import re
import secrets
import shutil
import signal
import socket
import struct
import sys
import tempfile
import threading
import time
import traceback
import unicodedata
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from socketserver import TCPServer
from typing import Callable, Iterator, Optional
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit

LOOPBACK = "127.0.0.1"
JSON_TYPE = "application/json; charset=utf-8"
SPECIAL_COURSE_ID = 4242
SPECIAL_SIS_ID = "ABC-101"
EMBEDS_COURSE_ID = 4             # its syllabus embeds a recording and a video
ITEMS_INLINE_LIMIT = 10          # modules with more items come without `items`
DEFAULT_PER_PAGE = 10            # Canvas's documented default page size
MAX_JSON_BODY = 1024 * 1024      # control and step-1 bodies are small
MAX_FIELD_BYTES = 64 * 1024      # a multipart text field
MAX_PART_HEADERS = 16 * 1024
IO_CHUNK = 64 * 1024             # never hold more than this of an upload at once
NOT_FOUND_MESSAGE = "The specified resource does not exist."
INVALID_TOKEN_MESSAGE = "Invalid access token."
NOT_AUTHORIZED_MESSAGE = "user not authorized to perform that action"
FAULT_KINDS = ("reset", "slow", "hold", "500", "503", "throttle403", "throttle429",
               "malformed", "unauthorized", "expired_token", "unauthenticated",
               "not_permitted", "link_loop", "lost_reply", "drop_reply", "locked_redirect",
               "link_loop_respelled", "store_ignore_range", "store_expired", "store_short",
               "store_long", "store_drop_after")
STORE_FAULTS = ("store_ignore_range", "store_expired", "store_short", "store_long", "store_drop_after")
ROLES = ("teacher", "student")


# --------------------------------------------------------------------------
# Errors and small HTTP value types
# --------------------------------------------------------------------------

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


class InitialPostRequired(ApiError):
    """DiscussionTopicsApiController's `require_initial_post` filter: 403 with the bare JSON
    string "require_initial_post" to a student who must post in the topic before reading it."""

    def __init__(self):
        super().__init__(403, "require_initial_post")

    def response(self) -> "Response":
        return json_response(403, "require_initial_post")


class ProtocolError(Exception):
    """The request body could not be read as HTTP framing says it should be."""


class MultipartError(Exception):
    """The upload body is not well-formed multipart/form-data."""


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


# --------------------------------------------------------------------------
# Request bodies: Content-Length or chunked, read incrementally
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Streaming multipart/form-data parser
# --------------------------------------------------------------------------

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


def parse_multipart(reader: BodyReader, boundary: str, file_out) -> MultipartResult:
    """Parse a multipart body, streaming the `file` part into `file_out`.

    Like S3's POST policy, fields after the file part are ignored (and
    reported), which is why a client must send the upload_params first.
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
        if result.file is not None:
            result.ignored_after_file.append(name)
            scanner.stream_until(delim, _discard)
        elif name == "file":
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


# --------------------------------------------------------------------------
# The deterministic data set
# --------------------------------------------------------------------------

def _today() -> datetime:
    now = datetime.now(timezone.utc)
    return datetime(now.year, now.month, now.day, tzinfo=timezone.utc)


def make_terms(today: datetime) -> dict:
    """Two past terms, the current one and Canvas's undated "Default Term", dated from today
    so that "current" means the same on every run."""
    def term(tid, name, start_days, end_days):
        return {"id": tid, "name": name, "start_at": _iso(today + timedelta(days=start_days)),
                "end_at": _iso(today + timedelta(days=end_days)), "workflow_state": "active"}
    return {
        1: term(1, "Past Term A", -700, -580),
        2: term(2, "Past Term B", -330, -220),
        3: term(3, "Current Term", -60, 60),
        4: {"id": 4, "name": "Default Term", "start_at": None, "end_at": None,
            "workflow_state": "active"},
    }


SUBJECTS = [("CS", "Computer Science"), ("MATH", "Calculus"), ("BIO", "Biology"),
            ("HIST", "World History"), ("PHYS", "Physics"), ("ECON", "Economics"),
            ("ART", "Art History"), ("CHEM", "Chemistry")]
SPECIAL_COURSE_NAMES = {
    3: "Lập trình hướng đối tượng",                        # Vietnamese, NFC
    4: "情報科学入門",                                       # Japanese
    5: "Evil \u001b[31mRed\u001b[0m Course",               # terminal escape
    7: unicodedata.normalize("NFD", "Cơ sở dữ liệu"),       # Vietnamese, NFD
    8: "日本語の文法と表現（上級）",                           # Japanese, fullwidth parens
    9: "Interdisciplinary Perspectives on " + "Very " * 30 + "Long Course Names",
    SPECIAL_COURSE_ID: "Introduction to Accounting",
}
TEACHER_NAMES = ["Ada Lovelace", "Nguyễn Văn An", "山田 太郎", "Grace Hopper",
                 "Trần Thị Bình", "佐藤 花子", "Alan Turing"]
TOPICS = ["Getting Started", "Foundations", "Practice", "Review", "Projects", "Wrap-up"]
ITEM_TYPES = ["Page", "Assignment", "File", "Discussion", "Quiz", "ExternalUrl", "SubHeader"]
ITEM_LABELS = {"Page": "Reading", "Assignment": "Homework", "File": "Slides",
               "Discussion": "Discussion", "Quiz": "Quiz",
               "ExternalUrl": "External resource", "SubHeader": "Section"}
ITEM_PATHS = {"Page": "pages", "Assignment": "assignments", "File": "files",
              "Discussion": "discussion_topics", "Quiz": "quizzes"}
# (course, module position) -> item count; everything else is 1..8.
ITEM_COUNT_OVERRIDES = {(1, 2): 14, (1, 3): 10, (2, 1): 25, (2, 3): 0}
# Every course's assignments: (number, name, due in days, submission_types,
# allowed_extensions, locked for a student).
ASSIGNMENT_SPECS = [
    (1, "Homework 1", -5, ["online_upload"], ["pdf"], False),
    (2, "Essay", 2, ["online_upload"], ["pdf", "docx"], False),
    (3, "Final Project", 20, ["online_upload"], [], True),
]
# The course whose Essay takes a text entry or a link as well as files (a current one no test hands files in to).
TEXT_COURSE = 52
# The one course with discussions (see DISCUSSION_TOPICS); its graded one, "Reflection post", is
# assignment 4 of the course (500524), which only this course has: it is handed in by posting.
DISCUSSION_COURSE = TEXT_COURSE
DISCUSSION_ASSIGNMENT_SPECS = [(4, "Reflection post", 3, ["discussion_topic"], [], False)]


def course_assignment_specs(cid: int) -> list:
    """The data set's assignments of course `cid` (before any /__control/changes): the three every
    course has, and in course 52 the graded discussion's assignment too."""
    return ASSIGNMENT_SPECS + (DISCUSSION_ASSIGNMENT_SPECS if cid == DISCUSSION_COURSE else [])
# How a course grades its assignments and where a student's Homework 1 stands, by
# course id: "points" (id % 5 == 1 or 3, courses 1 and 43 among them: nothing beyond the
# three above), "letter" (id % 5 == 2: graded B and posted), "unposted" (id % 5 == 4:
# graded, not posted, so Canvas strips the score and grade), "missing_policy" (id % 10 == 0:
# the missing policy's automatic zero) and "pass_fail" (id % 10 == 5: complete).
GRADING_VARIANTS = {1: "points", 2: "letter", 3: "points", 4: "unposted"}
# Courses with grading periods (id % 12 == 7): the enrollment's totals are then the current
# period's beside the whole course's, as `include[]=current_grading_period_scores` gives them;
# course 7 lets students see the total over every period, course 19 does not.
GRADING_PERIOD_TITLE = "Fall Q2"
# Homework 1's rubric where the course has feedback (`Dataset.has_feedback`), as the assignment carries it,
# and the marks its 8.5 came from: one rating picked, one scored freely with a comment.
RUBRIC = {
    "use_rubric_for_grading": True, "free_form_criterion_comments": False,
    "rubric_settings": {"id": 61, "title": "Homework rubric", "points_possible": 10.0,
                        "free_form_criterion_comments": False, "hide_score_total": False, "hide_points": False},
    "rubric": [
        {"id": "_c1", "description": "Correctness", "long_description": None, "points": 6.0, "criterion_use_range": False,
         "ratings": [{"id": "_r1", "description": "Full marks", "long_description": "", "points": 6.0},
                     {"id": "_r2", "description": "Partly right", "long_description": "", "points": 3.0},
                     {"id": "_r3", "description": "Not attempted", "long_description": "", "points": 0.0}]},
        {"id": "_c2", "description": "Clarity", "long_description": None, "points": 4.0, "criterion_use_range": False,
         "ratings": [{"id": "_r4", "description": "Clear", "long_description": "", "points": 4.0},
                     {"id": "_r5", "description": "Hard to follow", "long_description": "", "points": 1.0}]},
    ],
}
RUBRIC_MARKS = {"_c1": {"rating_id": "_r1", "comments": None, "points": 6.0},
                "_c2": {"rating_id": None, "comments": "Step 3 skips a case.", "points": 2.5}}



# Canvas's default grading scheme: the lowest percentage of each letter.
DEFAULT_GRADING_SCHEME = [("A", 94), ("A-", 90), ("B+", 87), ("B", 84), ("B-", 80), ("C+", 77),
                          ("C", 74), ("C-", 70), ("D+", 67), ("D", 64), ("D-", 61), ("F", 0)]


def letter_grade(score: Optional[float]) -> Optional[str]:
    if score is None:
        return None
    return next(letter for letter, lowest in DEFAULT_GRADING_SCHEME if score >= lowest)


def _iso(moment: Optional[datetime]) -> Optional[str]:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def _parse_iso(text: Optional[str]) -> Optional[datetime]:
    if not text:
        return None
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


# --------------------------------------------------------------------------
# The student's planner: overrides (done marks) and notes (to-dos of their own)
# --------------------------------------------------------------------------

PLANNABLE_TYPES = ("announcement", "assignment", "discussion_topic", "quiz", "wiki_page", "planner_note",
                   "calendar_event", "assessment_request")


def value_to_boolean(value: Optional[str]) -> bool:
    """Canvas::Plugin.value_to_boolean: the words Rails takes for yes; anything else, or nothing, is no."""
    return (value or "").strip().lower() in ("true", "1", "yes", "on", "t", "y")


def taken_response(attribute: str) -> Response:
    """A model validation failure as Canvas renders it: {"errors": {attr: [{attribute, type, message}]}}."""
    return json_response(400, {"errors": {attribute: [{"attribute": attribute, "type": "taken",
                                                        "message": "taken"}]}})


class PlannerStore:
    """The user's planner overrides and notes (planner_overrides_controller.rb, planner_notes_controller.rb).

    An override is unique per (plannable_type, plannable_id) whatever its state, as the model's
    uniqueness check and the table's unique index are: a second POST for the same item fails with
    400 `taken`, a deleted one included (DELETE only soft-deletes). Notes have no such key: every
    POST makes a new one."""

    def __init__(self, today: datetime):
        self.today = today
        self.reset()

    def reset(self) -> None:
        self.overrides: dict = {}
        self.notes: dict = {}
        self.next_override = 70001
        self.next_note = 80001
        note_at = self.today + timedelta(days=1, hours=12)
        self.notes[900003] = self._note(900003, "Buy lab goggles", note_at, None, None)

    @staticmethod
    def now() -> str:
        return _iso(datetime.now(timezone.utc))

    # ---- overrides

    def override_for(self, kind: str, pid: int) -> Optional[dict]:
        """The item's override as planner items carry it: none where it was deleted."""
        found = next((o for o in self.overrides.values()
                      if (o["plannable_type"], o["plannable_id"]) == (kind, pid)), None)
        return dict(found) if found and found["workflow_state"] != "deleted" else None

    def create_override(self, kind: str, pid: int, complete: bool, dismissed: bool) -> Optional[dict]:
        if any((o["plannable_type"], o["plannable_id"]) == (kind, pid) for o in self.overrides.values()):
            return None
        now = self.now()
        oid = self.next_override
        self.next_override += 1
        self.overrides[oid] = {"id": oid, "plannable_type": kind, "plannable_id": pid, "user_id": 1,
                               "assignment_id": pid if kind == "assignment" else None, "workflow_state": "active",
                               "marked_complete": complete, "dismissed": dismissed, "created_at": now,
                               "updated_at": now, "deleted_at": None}
        return dict(self.overrides[oid])

    # ---- notes

    def _note(self, nid: int, title: str, when: datetime, details: Optional[str], course: Optional[int]) -> dict:
        now = self.now()
        return {"id": nid, "todo_date": _iso(when), "title": title, "details": details, "user_id": 1,
                "course_id": course, "workflow_state": "active", "created_at": now, "updated_at": now}

    def create_note(self, title: str, when: datetime, details: Optional[str], course: Optional[int]) -> dict:
        nid = self.next_note
        self.next_note += 1
        self.notes[nid] = self._note(nid, title, when, details, course)
        return dict(self.notes[nid])

    def active_notes(self) -> list:
        return [dict(n) for n in sorted(self.notes.values(), key=lambda n: (n["todo_date"], n["id"]))
                if n["workflow_state"] == "active"]



class Dataset:
    """Courses, modules and items computed from ids and today's date, so every run is identical.

    The user the token belongs to is enrolled in every course. As a teacher (the default
    role) they see every course; as a student they see what Canvas shows a student: only
    published courses, date-restricted ones as bare stubs, module progress and locks.
    """

    def __init__(self, course_count: int, today: Optional[datetime] = None):
        self.course_count = course_count
        self.today = today or _today()
        self.terms = make_terms(self.today)
        self.changes = DataChanges()

    # ---- courses

    def course_ids(self) -> list:
        return list(range(1, self.course_count + 1)) + [SPECIAL_COURSE_ID]

    def resolve_course(self, key: str) -> Optional[int]:
        """A numeric id, or `sis_course_id:ABC-101` as Canvas allows."""
        if key == f"sis_course_id:{SPECIAL_SIS_ID}":
            return SPECIAL_COURSE_ID
        if key.isdigit():
            cid = int(key)
            if 1 <= cid <= self.course_count or cid == SPECIAL_COURSE_ID:
                return cid
        return None

    @staticmethod
    def term_id(cid: int) -> int:
        return 1 + cid % 4

    @staticmethod
    def enrollment_state(cid: int) -> str:
        """The user's enrollment: concluded with the course, an invitation, or active."""
        if cid % 9 == 0:
            return "completed"
        return "invited" if cid % 10 == 7 else "active"

    @staticmethod
    def is_restricted(cid: int, role: str) -> bool:
        """A student's course that is closed to them by date: Canvas lists it as a stub."""
        return role == "student" and cid % 25 == 11

    @staticmethod
    def is_favorite(cid: int) -> bool:
        return cid % 6 == 1

    def is_concluded(self, cid: int) -> bool:
        """Canvas's `concluded`: the course is completed, or its term has ended."""
        end = _parse_iso(self.terms[self.term_id(cid)]["end_at"])
        return self.workflow_state(cid) == "completed" or (end is not None and end <= self.today)

    def visible(self, cid: int, role: str) -> bool:
        """Whether the course is in the user's default list: a student never sees unpublished
        or completed courses there."""
        if role == "student":
            return self.workflow_state(cid) == "available" and self.enrollment_state(cid) != "completed"
        return True

    def course_json(self, cid: int, includes: set, base: str, single: bool, role: str = "teacher") -> dict:
        if not single and self.is_restricted(cid, role):
            return {"id": cid, "access_restricted_by_date": True}
        term_id = self.term_id(cid)
        start, end = self._course_dates(cid, term_id)
        course = {
            "id": cid,
            "name": self._course_name(cid),
            "course_code": self._course_code(cid),
            "workflow_state": self.workflow_state(cid),
            "account_id": 1,
            "uuid": f"fakecanvascourse{cid:08d}",
            "start_at": _iso(start),
            "end_at": _iso(end),
            "enrollment_term_id": term_id,
            "sis_course_id": SPECIAL_SIS_ID if cid == SPECIAL_COURSE_ID else None,
            "default_view": "modules",
            "time_zone": "Asia/Ho_Chi_Minh" if cid % 2 else "America/Denver",
            "enrollments": [{"type": role, "role": f"{role.capitalize()}Enrollment",
                             "role_id": 3 if role == "student" else 4, "user_id": 1,
                             "enrollment_state": self.enrollment_state(cid)}],
        }
        if cid % 12 == 10:
            # The user set a nickname: Canvas shows it as the name and adds the real one.
            course["original_name"] = course["name"]
            course["name"] = f"My {self._course_code(cid)}"
        if "term" in includes:
            course["term"] = dict(self.terms[term_id])
        if "teachers" in includes:
            course["teachers"] = self._teachers(cid, base)
        if "favorites" in includes:
            course["is_favorite"] = self.is_favorite(cid)
        if "concluded" in includes:
            course["concluded"] = self.is_concluded(cid)
        course["hide_final_grades"] = self.hides_final_grades(cid)
        course["apply_assignment_group_weights"] = self.weights_groups(cid)
        # Letters where the course uses Canvas's default scheme (0), none where it has no scheme.
        course["grading_standard_id"] = 0 if cid % 5 != 4 else None
        if "grading_scheme" in includes:
            # The course's scheme, else Canvas's default: `[name, lowest share]` pairs.
            course["grading_scheme"] = [[letter, lowest / 100] for letter, lowest in DEFAULT_GRADING_SCHEME]
        if "total_scores" in includes and role == "student" and not self.hides_final_grades(cid):
            course["enrollments"][0].update(self.total_scores(cid))
        if {"total_scores", "current_grading_period_scores"} <= includes and role == "student":
            course["has_grading_periods"] = self.has_grading_periods(cid)
            course["enrollments"][0].update(self.period_scores(cid))
        if single and "syllabus_body" in includes:
            course["syllabus_body"] = self._syllabus(cid, base)
        return course

    @staticmethod
    def hides_final_grades(cid: int) -> bool:
        """The course hides its totals from students: Canvas then sends no scores at all."""
        return cid % 8 == 3

    def has_feedback(self, cid: int) -> bool:
        """Homework 1 has a rubric and the teacher's comment in courses 7, 9, 17, 19, … (graded by
        letter, or not posted yet); the other courses keep their assignments as short as before."""
        return cid % 10 in (7, 9) and self.grading_variant(cid) in ("letter", "unposted")

    @staticmethod
    def weights_groups(cid: int) -> bool:
        """The course counts its assignment groups by weight (`apply_assignment_group_weights`)."""
        return cid % 3 == 1

    @staticmethod
    def has_grading_periods(cid: int) -> bool:
        return cid % 12 == 7

    def period_scores(self, cid: int) -> dict:
        """What `current_grading_period_scores` adds to a student's enrollment: the period's
        id and title even where totals are hidden, its scores only where they are not."""
        periods = self.has_grading_periods(cid)
        scores = {
            "has_grading_periods": periods, "multiple_grading_periods_enabled": periods,
            "totals_for_all_grading_periods_option": cid == 7,
            "current_grading_period_id": str(7000 + cid) if periods else None,
            "current_grading_period_title": GRADING_PERIOD_TITLE if periods else None,
        }
        if not self.hides_final_grades(cid):
            current = 68.2 if periods else None
            scores.update({
                "current_period_computed_current_score": current,
                "current_period_computed_final_score": round(current * 0.6, 2) if current else None,
                "current_period_computed_current_grade": letter_grade(current),
                "current_period_computed_final_grade": letter_grade(round(current * 0.6, 2)) if current else None,
            })
        return scores

    def assignment_groups_json(self, cid: int, assignments: list, with_statistics: bool) -> list:
        """The course's assignments in three groups, as `GET …/assignment_groups` gives them:
        weighted 30/30/40 where the course weights groups (its first group dropping the lowest
        score), each assignment with `score_statistics` once its grade is posted."""
        weighted = self.weights_groups(cid)
        groups = [
            {"id": 900000 + cid * 10 + 1, "name": "Assignments", "position": 1, "group_weight": 30.0 if weighted else 0.0,
             "rules": {"drop_lowest": 1} if weighted else {}, "assignments": []},
            {"id": 900000 + cid * 10 + 2, "name": "Essays", "position": 2, "group_weight": 30.0 if weighted else 0.0,
             "rules": {}, "assignments": []},
            {"id": 900000 + cid * 10 + 3, "name": "Projects", "position": 3, "group_weight": 40.0 if weighted else 0.0,
             "rules": {}, "assignments": []},
        ]
        for assignment in assignments:
            number = assignment["id"] - self.assignment_id(cid, 0)
            group = groups[{2: 1, 3: 2}.get(number, 0)]
            member = dict(assignment, assignment_group_id=group["id"], omit_from_final_grade=False, anonymize_students=False)
            submission = member.get("submission")
            if with_statistics and submission and submission.get("posted_at") and submission.get("score") is not None:
                member["score_statistics"] = {"min": 3.0, "max": 10.0, "mean": 7.1}
            group["assignments"].append(member)
        return groups

    @staticmethod
    def total_scores(cid: int) -> dict:
        """A student's totals as Canvas computes them: the current score counts what is graded,
        the final one counts what is not graded as zero. A course without a grading scheme has
        no letter; one with nothing graded yet has neither."""
        if cid % 7 == 6:
            current = final = None
        elif cid % 12 == 7:
            current, final = 91.3, 54.78
        else:
            current = 60 + (cid * 7.5) % 40
            final = round(current * 0.6, 2)
        scheme = cid % 5 != 4
        return {
            "computed_current_score": current,
            "computed_final_score": final,
            "computed_current_grade": letter_grade(current) if scheme else None,
            "computed_final_grade": letter_grade(final) if scheme else None,
        }

    def _course_name(self, cid: int) -> str:
        if cid in SPECIAL_COURSE_NAMES:
            return SPECIAL_COURSE_NAMES[cid]
        _, subject = SUBJECTS[cid % len(SUBJECTS)]
        return f"{subject} {100 + cid}"

    def _course_code(self, cid: int) -> str:
        if cid == SPECIAL_COURSE_ID:
            return SPECIAL_SIS_ID
        code, _ = SUBJECTS[cid % len(SUBJECTS)]
        return f"{code} {100 + cid}"

    @staticmethod
    def workflow_state(cid: int) -> str:
        if cid % 14 == 0:
            return "unpublished"
        return "completed" if cid % 9 == 0 else "available"

    def _course_dates(self, cid: int, term_id: int):
        """Courses in the default term have no dates (null), as in Canvas."""
        term = self.terms[term_id]
        start, end = _parse_iso(term["start_at"]), _parse_iso(term["end_at"])
        if start is None:
            return None, None
        return start + timedelta(days=cid % 5), end

    @staticmethod
    def _teachers(cid: int, base: str) -> list:
        count = 1 + cid % 2
        teachers = []
        for offset in range(count):
            index = (cid + offset * 3) % len(TEACHER_NAMES)
            uid = 1000 + index
            teachers.append({
                "id": uid,
                "display_name": TEACHER_NAMES[index],
                "avatar_image_url": f"{base}/images/messages/avatar-50.png",
                "html_url": f"{base}/courses/{cid}/users/{uid}",
                "pronouns": None,
            })
        return teachers

    def _syllabus(self, cid: int, base: str) -> Optional[str]:
        """HTML with entities, lists and a script, for the text converter."""
        if cid % 6 == 0:
            return None  # Canvas sends null when there is no syllabus
        name = html.escape(self._course_name(cid))
        return (f"<h2>Syllabus: {name}</h2>"
                "<p>Welcome! Office hours are Mon &amp; Wed, 10&ndash;12.</p>"
                "<ul><li>Week 1: introductions</li>"
                "<li>Week 2: <strong>first assignment</strong> due</li></ul>"
                "<p>Grading: homework 40%, exams 60%.</p>"
                + (self._embeds(cid, base) if cid == EMBEDS_COURSE_ID else "")
                + "<script>alert('not shown')</script>")

    @staticmethod
    def _embeds(cid: int, base: str) -> str:
        """A recording as Canvas's editor embeds it (the API gives its address in full),
        and a YouTube video with a fallback text a browser never shows."""
        media = f"m-{cid}lecture1"
        return (f'<p><iframe style="width: 400px; height: 225px; display: inline-block;" '
                f'title="Video player for lecture1.mp4" data-media-type="video" '
                f'src="{base}/media_objects_iframe/{media}?type=video" allowfullscreen="allowfullscreen" '
                f'allow="fullscreen" data-media-id="{media}"></iframe></p>'
                '<p><iframe width="560" height="315" src="https://www.youtube.com/embed/aqz-KE-bpKQ" '
                'title="YouTube video player" frameborder="0" allowfullscreen>'
                'Your browser does not support iframes.</iframe></p>')

    # ---- assignments

    @staticmethod
    def assignment_id(cid: int, number: int) -> int:
        return 500000 + cid * 10 + number

    @staticmethod
    def submission_id(aid: int) -> int:
        """The student's one Submission per assignment; its id stays the same across attempts."""
        return 3000000 + aid

    @staticmethod
    def grading_variant(cid: int) -> str:
        """See GRADING_VARIANTS."""
        if cid % 5 == 0:
            return "missing_policy" if cid % 10 == 0 else "pass_fail"
        return GRADING_VARIANTS[cid % 5]

    def grading_type(self, cid: int, number: int) -> str:
        """Homework 1 is graded as its variant says, the Essay by percent where the course is
        not plain points, and the rest by points."""
        variant = self.grading_variant(cid)
        if number == 1:
            return {"letter": "letter_grade", "pass_fail": "pass_fail"}.get(variant, "points")
        return "percent" if number == 2 and variant != "points" else "points"

    def lock_dates(self, cid: int, number: int, due: datetime) -> tuple:
        """`unlock_at` and `lock_at`: where the course is not plain points, the Essay closes
        to hand-ins two days after it is due; nothing else has either."""
        if number == 2 and self.grading_variant(cid) != "points":
            return None, due + timedelta(days=2)
        return None, None

    def student_submission(self, cid: int, number: int, aid: int, due: Optional[datetime]) -> dict:
        """The student's Submission before they hand anything in, as the assignment list and
        `submissions/self` show it: unsubmitted (missing once past due), or graded without
        a hand-in as the course's variant says. A grade not posted yet comes with
        `posted_at: null` and without `score`, `grade`, `entered_score` and `entered_grade`,
        which Canvas leaves out for a student who may not read them yet."""
        past = due is not None and datetime.now(timezone.utc) > due
        submission = {
            "id": self.submission_id(aid), "assignment_id": aid, "user_id": 1, "attempt": None,
            "submitted_at": None, "workflow_state": "unsubmitted", "submission_type": None,
            "late": False, "missing": past, "late_policy_status": None, "redo_request": False, "excused": None, "score": None, "grade": None,
            "posted_at": None, "seconds_late": 0,
        }
        variant = self.grading_variant(cid)
        if number != 1 or variant == "points":
            return submission
        graded_at = _iso(due + timedelta(days=1)) if due else None
        submission.update({"workflow_state": "graded", "graded_at": graded_at, "grader_id": 1001,
                           "missing": False, "grade_matches_current_submission": True})
        if variant == "unposted":
            for secret in ("score", "grade"):
                del submission[secret]
            return submission
        score, grade = {"letter": (8.5, "B"), "pass_fail": (10.0, "complete"), "missing_policy": (0.0, "0")}[variant]
        if variant == "missing_policy":
            # Canvas's missing policy grades it by itself: no grader, and still missing.
            submission.update({"grader_id": None, "missing": True})
        submission.update({"score": score, "grade": grade, "entered_score": score, "entered_grade": grade,
                           "posted_at": graded_at})
        return submission

    @staticmethod
    def submission_types(cid: int, number: int, types) -> list:
        """The Essay of course 56 takes a text entry or a link as well as files."""
        if number == 2 and cid == TEXT_COURSE:
            return ["online_text_entry", "online_url"] + list(types)
        return list(types)

    def assignments_json(self, cid: int, base: str, role: str, with_submission: bool) -> list:
        """Three assignments a course: one past due, one due in two days that takes PDFs,
        one locked (and in course 52 a fourth, the graded discussion "Reflection post", due in
        three days); a student's come with their own submission when asked for."""
        result = []
        now = datetime.now(timezone.utc)
        for number, name, days, types, extensions, locked in course_assignment_specs(cid) + self.changes.specs(cid):
            aid = self.assignment_id(cid, number)
            days = self.changes.due_in_days(aid, days)
            due = (self.today + timedelta(days=days)).replace(hour=23, minute=59, second=0)
            unlock_at, lock_at = self.lock_dates(cid, number, due)
            assignment = {
                "id": aid, "course_id": cid, "name": f"{name}", "description": "<p>Hand in your work.</p>",
                "due_at": _iso(due), "lock_at": _iso(lock_at), "unlock_at": _iso(unlock_at), "points_possible": 10.0,
                "grading_type": self.grading_type(cid, number), "submission_types": self.submission_types(cid, number, types),
                "allowed_extensions": list(extensions),
                "html_url": f"{base}/courses/{cid}/assignments/{aid}", "published": True,
                "has_submitted_submissions": False, "position": number,
            }
            if number == 1 and self.has_feedback(cid):
                assignment.update(RUBRIC)
            if role == "student":
                # Outside its unlock_at..lock_at window an assignment is locked for a student.
                closed = (unlock_at is not None and now < unlock_at) or (lock_at is not None and now >= lock_at)
                assignment["locked_for_user"] = locked or closed
                if locked:
                    # HTML, as canvas-lms's lock explanation for work in a module not unlocked yet.
                    module = self.module_id(cid, 2)
                    assignment["lock_explanation"] = (
                        "This assignment is part of the module <b>Week 2</b> and hasn't been unlocked yet.<br/>"
                        f"<a href='{base}/courses/{cid}/modules#module_{module}'>Visit the course modules page for "
                        "information on how to unlock this content.</a>"
                        f"<a href='/courses/{cid}/modules/{module}/prerequisites/assignment_{aid}' style='display: none;' "
                        "id='module_prerequisites_lookup_link'>&nbsp;</a>")
                if with_submission:
                    assignment["submission"] = self.changes.graded(aid, self.student_submission(cid, number, aid, due))
            result.append(assignment)
        return result

    def assignment(self, cid: int, key: str, base: str, role: str) -> Optional[dict]:
        """One of the course's assignments by id, as the listing shows it to `role`;
        None for an id that is not one of this course's (Canvas answers 404)."""
        if not key.isdigit():
            return None
        for assignment in self.assignments_json(cid, base, role, False):
            if assignment["id"] == int(key):
                return assignment
        return None

    # ---- modules and items

    @staticmethod
    def module_id(cid: int, position: int) -> int:
        return 100000 + cid * 10 + position

    @staticmethod
    def module_count(cid: int) -> int:
        return 3 + cid % 3

    @staticmethod
    def item_count(cid: int, position: int) -> int:
        return ITEM_COUNT_OVERRIDES.get((cid, position), 1 + (cid * 5 + position * 3) % 8)

    def module_position(self, cid: int, module_key: str) -> Optional[int]:
        if not module_key.isdigit():
            return None
        for position in range(1, self.module_count(cid) + 1):
            if self.module_id(cid, position) == int(module_key):
                return position
        return None

    def modules_json(self, cid: int, with_items: bool, base: str, role: str = "teacher",
                     details: bool = False) -> list:
        return [self.module_json(cid, p, with_items, base, role, details)
                for p in range(1, self.module_count(cid) + 1)]

    def is_locked(self, cid: int, position: int, role: str) -> bool:
        """For a student, the last of four or more modules is locked until next week."""
        count = self.module_count(cid)
        return role == "student" and count >= 4 and position == count

    def module_json(self, cid: int, position: int, with_items: bool, base: str,
                    role: str = "teacher", details: bool = False) -> dict:
        mid = self.module_id(cid, position)
        count = self.item_count(cid, position)
        locked = self.is_locked(cid, position, role)
        module = {
            "id": mid,
            "name": self._module_name(cid, position),
            "position": position,
            "workflow_state": "active",
            "unlock_at": _iso(self.unlock_date()) if locked else None,
            "require_sequential_progress": False,
            "prerequisite_module_ids": [],
            "published": True,
            "items_count": count,
            "items_url": f"{base}/api/v1/courses/{cid}/modules/{mid}/items",
        }
        if role == "student":
            # Canvas reports progress only to students.
            module["state"] = "locked" if locked else {1: "completed", 2: "started"}.get(position, "unlocked")
            module["completed_at"] = _iso(self.today - timedelta(days=30)) if position == 1 else None
            del module["published"]
        # Canvas leaves `items` out when a module has too many of them.
        if with_items and count <= ITEMS_INLINE_LIMIT:
            module["items"] = self.items_json(cid, position, base, role, details)
        return module

    def unlock_date(self) -> datetime:
        return self.today + timedelta(days=7, hours=8)

    @staticmethod
    def _module_name(cid: int, position: int) -> str:
        if cid == 3:
            return f"Tuần {position}: Giới thiệu"
        if cid == 4:
            return f"第{position}週：基礎"
        return f"Week {position}: {TOPICS[(cid + position) % len(TOPICS)]}"

    def items_json(self, cid: int, position: int, base: str, role: str = "teacher",
                   details: bool = False) -> list:
        mid = self.module_id(cid, position)
        locked = self.is_locked(cid, position, role)
        items = []
        for p in range(1, self.item_count(cid, position) + 1):
            item = self._item_json(cid, mid, p, base)
            if item["type"] != "SubHeader":
                kind = "must_submit" if item["type"] in ("Assignment", "Quiz") else "must_view"
                item["completion_requirement"] = {"type": kind}
                if role == "student":
                    item["completion_requirement"]["completed"] = position == 1 or (position == 2 and p == 1)
                if details:
                    item["content_details"] = self._details(locked)
            items.append(item)
        return items

    def _details(self, locked: bool) -> dict:
        details = {"locked_for_user": locked}
        if locked:
            when = self.unlock_date()
            details["unlock_at"] = _iso(when)
            details["lock_explanation"] = f"This module is locked until {when:%b} {when.day} at {when:%H:%M}."
        return details

    @staticmethod
    def _item_json(cid: int, mid: int, position: int, base: str) -> dict:
        iid = mid * 100 + position
        kind = ITEM_TYPES[(position - 1 + mid) % len(ITEM_TYPES)]
        title = f"{ITEM_LABELS[kind]} {position}"
        if cid == 5 and position == 1:
            title = "Tricky \u001b]0;pwned\u0007 title"  # OSC sequence
        item = {
            "id": iid,
            "module_id": mid,
            "position": position,
            "title": title,
            "indent": (position - 1) % 3,
            "type": kind,
            "html_url": f"{base}/courses/{cid}/modules/items/{iid}",
            "published": True,
        }
        if kind == "File":
            file_id = CourseFileCatalog.file_item_id(cid)
            item["content_id"] = file_id
            item["url"] = f"{base}/api/v1/courses/{cid}/files/{file_id}"
        elif kind in ITEM_PATHS:
            item["content_id"] = iid
            item["url"] = f"{base}/api/v1/courses/{cid}/{ITEM_PATHS[kind]}/{iid}"
        if kind == "Page":
            item["page_url"] = f"reading-{iid}"
        if kind == "ExternalUrl":
            item["external_url"] = f"https://example.com/resources/{iid}"
        return item


# --------------------------------------------------------------------------
# Pagination (Link header, opaque-ish next URLs)
# --------------------------------------------------------------------------

class Paginator:
    """Cuts lists into pages and writes Canvas's Link header.

    Every link carries a `page_token` bound to path, page and per_page, and
    (while `strict` is on) a page other than the first is only served with
    the right token -- so a client has to follow links, not compute them.
    """

    def __init__(self, per_page_max: int):
        self.per_page_max = per_page_max
        self._salt = secrets.token_bytes(16)

    def page(self, req: Request, items: list, base: str, strict: bool):
        per_page = self._per_page(req)
        page = self._page_number(req)
        if strict:
            self._check_token(req, page, per_page)
        last = max(1, -(-len(items) // per_page))
        chunk = items[(page - 1) * per_page: page * per_page]
        rels = [("current", page), ("next", page + 1 if page < last else None),
                ("prev", page - 1 if page > 1 else None), ("first", 1), ("last", last)]
        links = [f'<{self._url(req, number, per_page, base)}>; rel="{rel}"'
                 for rel, number in rels if number is not None]
        return chunk, [("Link", ",".join(links))]

    def plain_url(self, req: Request, base: str) -> str:
        """The link to the page `req` asks for as this server spells it, its right token included."""
        return self._url(req, self._page_number(req), self._per_page(req), base)

    def token(self, path: str, page: int, per_page: int) -> str:
        message = f"{path}|{page}|{per_page}".encode("utf-8")
        return hmac.new(self._salt, message, hashlib.sha256).hexdigest()[:20]

    def _per_page(self, req: Request) -> int:
        raw = req.param("per_page")
        value = int(raw) if raw and raw.isdigit() and int(raw) > 0 else DEFAULT_PER_PAGE
        return min(value, self.per_page_max)

    @staticmethod
    def _page_number(req: Request) -> int:
        raw = req.param("page", "1")
        if not raw.isdigit() or int(raw) < 1:
            raise ApiError(400, "invalid page parameter")
        return int(raw)

    def _check_token(self, req: Request, page: int, per_page: int) -> None:
        given = req.param("page_token")
        if given is None and page == 1:
            return
        if given is None or not hmac.compare_digest(given, self.token(req.path, page, per_page)):
            raise ApiError(400, "invalid or missing page_token: follow the Link header")

    def _url(self, req: Request, page: int, per_page: int, base: str) -> str:
        skip = {"page", "per_page", "page_token", "access_token"}
        params = [(k, v) for k, v in req.query if k not in skip]
        params += [("page", str(page)), ("per_page", str(per_page)),
                   ("page_token", self.token(req.path, page, per_page))]
        return f"{base}{req.raw_path}?{urlencode(params)}"


LOOP_PARAM = "loop"              # the parameter a respelled link adds


def respell(url: str, number: int) -> str:
    """`url` spelled the `number`th of six ways that each still name the same page: an added
    parameter, a fresh page token, the query reversed, raw brackets, a fragment, or the
    scheme in capitals. The first two change what the URL says; the others only its spelling."""
    parts = urlsplit(url)
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    way = (number - 1) % 6
    if way == 0:
        pairs.append((LOOP_PARAM, str(number)))
    elif way == 1:
        pairs = [(k, secrets.token_hex(10) if k == "page_token" else v) for k, v in pairs]
    elif way == 2:
        pairs.reverse()
    query = urlencode(pairs)
    if way == 3:
        query = query.replace("%5B", "[").replace("%5D", "]")
    scheme = parts.scheme.upper() if way == 5 else parts.scheme
    fragment = f"#loop{number}" if way == 4 else ""
    return f"{scheme}://{parts.netloc}{parts.path}?{query}{fragment}"


# --------------------------------------------------------------------------
# Faults, request log, runtime configuration
# --------------------------------------------------------------------------

@dataclass
class FaultRule:
    id: int
    match: str
    kind: str
    count: int
    seconds: float = 2.0
    method: Optional[str] = None
    body: Optional[str] = None
    retry_after: Optional[str] = None   # the Retry-After header of throttle429/503; None: no header
    bytes: int = 0                      # store_drop_after: the body bytes sent before the connection closes
    respellings: Iterator = field(default_factory=lambda: itertools.count(1))  # link_loop_respelled's

    def matches(self, method: str, target: str) -> bool:
        if self.count == 0:
            return False
        if self.method and self.method.upper() != method:
            return False
        if self.match.endswith("$"):
            # Anchored: the path (without its query) must end with the rest, so
            # `/submissions$` is the hand-in itself, not `/submissions/self/files`.
            path = target.split("?", 1)[0]
            return path.endswith(self.match[:-1]) or unquote(path).endswith(self.match[:-1])
        return self.match in target or self.match in unquote(target)

    def to_json(self) -> dict:
        return {"id": self.id, "match": self.match, "kind": self.kind,
                "count": self.count, "seconds": self.seconds,
                "method": self.method, "body": self.body, "retry_after": self.retry_after,
                "bytes": self.bytes}


class FaultRules:
    """Ordered fault rules; the first live match applies and is used up."""

    def __init__(self):
        self._lock = threading.Lock()
        self._rules: list[FaultRule] = []
        self._next_id = 1
        self._released = threading.Event()

    def add(self, spec) -> FaultRule:
        if not isinstance(spec, dict):
            raise ApiError(400, "a fault rule is a JSON object")
        kind = str(spec.get("kind", ""))
        if kind not in FAULT_KINDS:
            raise ApiError(400, f"unknown fault kind {kind!r}; one of {', '.join(FAULT_KINDS)}")
        try:
            count = int(spec.get("count", 1))
            seconds = float(spec.get("seconds", 2.0))
            body_bytes = int(spec.get("bytes", 0))
        except (TypeError, ValueError) as exc:
            raise ApiError(400, "count must be an integer and seconds a number") from exc
        # throttle429 has always said "Retry-After: 1"; a rule may give another value, or null for none.
        default_wait = "1" if kind == "throttle429" else None
        wait = spec.get("retry_after", default_wait)
        with self._lock:
            rule = FaultRule(self._next_id, str(spec.get("match", "")), kind, count,
                             seconds, spec.get("method"), spec.get("body"),
                             None if wait is None else str(wait), body_bytes)
            self._next_id += 1
            self._rules.append(rule)
        return rule

    def take(self, method: str, target: str) -> Optional[FaultRule]:
        with self._lock:
            for rule in self._rules:
                if rule.matches(method, target):
                    if rule.count > 0:
                        rule.count -= 1
                    return rule
        return None

    def clear(self) -> None:
        with self._lock:
            self._rules.clear()
            # Every request a `hold` rule keeps waiting is let go.
            self._released.set()
            self._released = threading.Event()

    def released(self) -> threading.Event:
        """What requests held by a `hold` rule wait on: set when the rules are cleared."""
        with self._lock:
            return self._released

    def to_json(self) -> list:
        with self._lock:
            return [rule.to_json() for rule in self._rules]


class ConnectionGauge:
    """How many connections the API port holds open now, and the most it held at once: what a
    test of a client's cap on connections per host reads (browsers keep to six)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._open = 0
        self._most = 0

    def opened(self) -> None:
        with self._lock:
            self._open += 1
            self._most = max(self._most, self._open)

    def closed(self) -> None:
        with self._lock:
            self._open -= 1

    def restart(self) -> None:
        """Counts the most from now on, starting from the connections open now."""
        with self._lock:
            self._most = self._open

    def to_json(self) -> dict:
        with self._lock:
            return {"open": self._open, "most": self._most}


class RequestLog:
    """Every non-control request, without ever storing the token itself."""

    def __init__(self):
        self._lock = threading.Lock()
        self._entries: list[dict] = []
        self._started = time.monotonic()

    def record(self, req: Request, store: bool = False) -> dict:
        entry = {
            "method": req.method,
            "path": req.target,
            "store": store,
            "range": req.headers.get("Range"),
            "if_range": req.headers.get("If-Range"),
            "if_none_match": req.headers.get("If-None-Match"),
            "body_bytes": None,
            "auth_present": req.auth_present,
            "auth_valid": req.auth_valid,
            "chunked": req.body.chunked,
            "time": round(time.monotonic() - self._started, 3),
            "fault": None,
            "status": None,
        }
        with self._lock:
            entry["seq"] = len(self._entries) + 1
            self._entries.append(entry)
        return entry

    def update(self, entry: dict, **values) -> None:
        with self._lock:
            entry.update(values)

    def to_json(self) -> list:
        with self._lock:
            return [dict(e) for e in self._entries]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


@dataclass
class Config:
    """Settings tests may change at run time through /__control/config."""

    signature_ttl: float = 1800.0
    upload_answer: str = "301"
    strict_page_tokens: bool = True
    reject_upload_auth: bool = False
    role: str = "teacher"
    user_name: str = "Test User"
    planner_unknown_type: bool = False
    store_url_ttl: float = 300.0
    etags: bool = True
    rate_bucket: Optional[dict] = None
    # Seconds an entry stays out of a discussion's cached `view` (Canvas's materialized view is
    # rebuilt by a job a little after each post); 0 puts every entry in the view at once.
    discussion_view_lag: float = 10.0

    def update(self, changes) -> None:
        if not isinstance(changes, dict):
            raise ApiError(400, "config is a JSON object")
        for key, value in changes.items():
            if key == "signature_ttl":
                self.signature_ttl = float(value)
            elif key == "store_url_ttl":
                self.store_url_ttl = float(value)
            elif key == "upload_answer":
                if str(value) not in ("301", "201"):
                    raise ApiError(400, 'upload_answer is "301" or "201"')
                self.upload_answer = str(value)
            elif key in ("strict_page_tokens", "reject_upload_auth", "planner_unknown_type", "etags"):
                setattr(self, key, bool(value))
            elif key == "user_name":
                if not isinstance(value, str) or not value.strip():
                    raise ApiError(400, "user_name is a non-empty string")
                self.user_name = value
            elif key == "rate_bucket":
                self.rate_bucket = RateBucket.check(value)
            elif key == "discussion_view_lag":
                if isinstance(value, bool) or float(value) < 0:
                    raise ApiError(400, "discussion_view_lag is a number of seconds, 0 or more")
                self.discussion_view_lag = float(value)
            elif key == "role":
                if value not in ROLES:
                    raise ApiError(400, f"role is one of {', '.join(ROLES)}")
                self.role = value
            else:
                raise ApiError(400, f"unknown config key {key!r}")

    def to_json(self) -> dict:
        return dict(self.__dict__)


class RateBucket:
    """Canvas's per-token leaky bucket (its RequestThrottle), on when the config's `rate_bucket`
    is set: each request with the token adds `up_front` while it runs and `cost` once it is done
    (the up-front part given back), the bucket leaks `outflow` a second, and a request that
    finds it at `size` or more is answered 403 "(Rate Limit Exceeded)". Every answer says
    `X-Rate-Limit-Remaining` (size less the fill) and, unless throttled, `X-Request-Cost`.
    `hold` keeps each request in flight that many seconds, so parallel ones overlap."""

    KEYS = {"size": 600.0, "outflow": 10.0, "up_front": 50.0, "cost": 1.0, "hold": 0.0}
    THROTTLED_BODY = b"403 Forbidden (Rate Limit Exceeded)\n"

    def __init__(self):
        self._lock = threading.Lock()
        self._settings: Optional[dict] = None
        self._fill = 0.0
        self._touched = time.monotonic()
        self._throttled: list[dict] = []
        self._admitted = 0

    @classmethod
    def check(cls, value) -> Optional[dict]:
        """The settings `value` asks for, defaults filled in; None turns the bucket off."""
        if value is None:
            return None
        if not isinstance(value, dict) or any(k not in cls.KEYS for k in value):
            raise ApiError(400, f"rate_bucket is null or an object with keys {', '.join(cls.KEYS)}")
        settings = dict(cls.KEYS)
        for key, number in value.items():
            settings[key] = float(number)
            if settings[key] < 0:
                raise ApiError(400, f"rate_bucket.{key} is not negative")
        return settings

    def configure(self, settings: Optional[dict]) -> None:
        """Starts over with `settings`: an empty bucket, nothing throttled."""
        with self._lock:
            self._settings = settings
            self._fill = 0.0
            self._touched = time.monotonic()
            self._throttled = []
            self._admitted = 0

    def _leak(self, settings: dict) -> None:
        now = time.monotonic()
        self._fill = max(0.0, self._fill - settings["outflow"] * (now - self._touched))
        self._touched = now

    def serve(self, req: Request, answer: Callable[[Request], Response]) -> Response:
        """`answer(req)`, through the bucket when it is on and the request carries the token."""
        with self._lock:
            settings = self._settings
            if settings is None or not req.auth_valid:
                settings = None
            else:
                self._leak(settings)
                if self._fill >= settings["size"]:
                    remaining = settings["size"] - self._fill
                    self._throttled.append({"method": req.method, "path": req.target, "remaining": round(remaining, 2)})
                    return Response(403, self.THROTTLED_BODY, "text/plain; charset=utf-8",
                                    [("X-Rate-Limit-Remaining", f"{remaining:.2f}")])
                self._fill += settings["up_front"]
                self._admitted += 1
        if settings is None:
            return answer(req)
        try:
            if settings["hold"] > 0:
                time.sleep(settings["hold"])
            response = answer(req)
        finally:
            with self._lock:
                self._leak(settings)
                self._fill += settings["cost"] - settings["up_front"]
                remaining = settings["size"] - self._fill
        response.headers = [(k, v) for k, v in response.headers
                            if k.lower() not in ("x-rate-limit-remaining", "x-request-cost")]
        response.headers += [("X-Rate-Limit-Remaining", f"{remaining:.2f}"), ("X-Request-Cost", f"{settings['cost']:.2f}")]
        return response

    def to_json(self) -> dict:
        with self._lock:
            if self._settings is not None:
                self._leak(self._settings)
            return {"settings": self._settings, "admitted": self._admitted,
                    "remaining": None if self._settings is None else round(self._settings["size"] - self._fill, 2),
                    "throttled": [dict(t) for t in self._throttled]}


class DataChanges:
    """What tests changed in the data set through /__control/changes, laid over it: assignments
    added to a course, due dates moved, grades given, more time given (`extend`: the submission's
    `late_policy_status` "extended"), work asked for again (`redo`: `redo_request`) and
    announcements posted, as a teacher would between two looks of a student."""

    KINDS = ("add_assignment", "move_due", "grade", "announce", "extend", "redo")

    def __init__(self):
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self._lock:
            self.added = {}          # course id -> [(number, name, due in days)]
            self.due_days = {}       # assignment id -> due in days
            self.grades = {}         # assignment id -> (score, posted_at)
            self.posted = []         # (course id, announcement id, title, posted_at)
            self.extended = set()    # assignment ids
            self.redone = set()      # assignment ids

    def apply(self, change, now: datetime) -> dict:
        """One change, as `{"kind": …}` with its fields; answers what it made."""
        if not isinstance(change, dict) or change.get("kind") not in self.KINDS:
            raise ApiError(400, f"a change is an object whose kind is one of {', '.join(self.KINDS)}")
        kind = change["kind"]
        with self._lock:
            if kind == "add_assignment":
                cid = self._whole(change, "course")
                taken = len(course_assignment_specs(cid)) + len(self.added.get(cid, []))
                if taken >= 9:
                    raise ApiError(400, "a course holds at most nine assignments")
                number = taken + 1
                name = change.get("name") or f"Assignment {number}"
                self.added.setdefault(cid, []).append((number, str(name), float(change.get("due_in_days", 7))))
                return {"kind": kind, "course": cid, "id": Dataset.assignment_id(cid, number)}
            if kind == "move_due":
                aid = self._whole(change, "assignment")
                self.due_days[aid] = float(change.get("due_in_days", 0))
                return {"kind": kind, "assignment": aid, "due_in_days": self.due_days[aid]}
            if kind in ("extend", "redo"):
                aid = self._whole(change, "assignment")
                (self.extended if kind == "extend" else self.redone).add(aid)
                return {"kind": kind, "assignment": aid}
            if kind == "grade":
                aid = self._whole(change, "assignment")
                self.grades[aid] = (float(change.get("score", 10)), _iso(now))
                return {"kind": kind, "assignment": aid, "score": self.grades[aid][0]}
            cid = self._whole(change, "course")
            pid = 910000 + len(self.posted) + 1
            self.posted.append((cid, pid, str(change.get("title") or "Announcement"), now))
            return {"kind": kind, "course": cid, "id": pid}

    @staticmethod
    def _whole(change: dict, key: str) -> int:
        value = change.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ApiError(400, f"{key} is a whole number")
        return value

    def specs(self, cid: int) -> list:
        """The course's added assignments, shaped as ASSIGNMENT_SPECS rows."""
        with self._lock:
            return [(number, name, days, ["online_upload"], [], False) for number, name, days in self.added.get(cid, [])]

    def due_in_days(self, aid: int, days: float) -> float:
        with self._lock:
            return self.due_days.get(aid, days)

    def graded(self, aid: int, submission: dict) -> dict:
        """`submission` graded and posted, if a test graded the assignment."""
        with self._lock:
            grade = self.grades.get(aid)
            extended, redone = aid in self.extended, aid in self.redone
        submission = dict(submission, redo_request=redone)
        if extended:
            # Canvas's `missing` and `late` are false while an extension runs.
            submission.update(late_policy_status="extended", missing=False, late=False)
        if grade is None:
            return submission
        score, posted_at = grade
        number = f"{score:g}"
        return dict(submission, workflow_state="graded", graded_at=posted_at, grader_id=1001, missing=False,
                    score=score, grade=number, entered_score=score, entered_grade=number, posted_at=posted_at)

    def announcements(self) -> list:
        with self._lock:
            return list(self.posted)

    def to_json(self) -> dict:
        with self._lock:
            return {"added": {str(cid): [list(spec) for spec in specs] for cid, specs in self.added.items()},
                    "due_in_days": {str(aid): days for aid, days in self.due_days.items()},
                    "grades": {str(aid): score for aid, (score, _) in self.grades.items()},
                    "announcements": [{"course": cid, "id": pid, "title": title, "posted_at": _iso(at)}
                                      for cid, pid, title, at in self.posted]}


# --------------------------------------------------------------------------
# File store: step-1 tokens, stored bytes, confirmation and renaming
# --------------------------------------------------------------------------

@dataclass
class PendingUpload:
    token: str
    course_id: int
    folder: str
    name: str
    content_type: str
    on_duplicate: str
    issued_at: float
    params: dict
    used: bool = False
    assignment_id: Optional[int] = None   # set: a file for the user's submission, not the course's Files


@dataclass
class StoredFile:
    id: int
    uuid: str
    course_id: int
    folder: str
    requested_name: str
    on_duplicate: str
    content_type: str
    size: int
    sha256: str
    path: str
    created_at: str
    display_name: Optional[str] = None
    confirmed: bool = False
    assignment_id: Optional[int] = None   # set: it belongs to a submission to this assignment

    @property
    def for_submission(self) -> bool:
        return self.assignment_id is not None


def normalize_folder(path: Optional[str]) -> str:
    """`/a//b/` and `a/b` are the same folder; "" is the course files root."""
    parts = [p for p in (path or "").split("/") if p and p != "."]
    return "/".join(parts)


# Canvas's extension for renaming: dot-parts of ASCII letters and digits at the end, each
# but the last starting with a letter (`.final.pdf`, `.tar.gz`); the leftmost such ending.
CANVAS_EXTENSION = re.compile(r"(\.[A-Za-z][A-Za-z0-9]*)*(\.[A-Za-z0-9]*)\Z")
RENAME_NUMBERS = range(1, 8)     # Canvas tries -1 .. -7, then a UUID


def submission_name(name: str, taken: set) -> str:
    """`name`, or the name Canvas gives a copy of it in a submissions folder that already
    holds one: `-1` .. `-7` before the extension, then a random UUID (`essay-1.pdf`,
    `report-1.final.pdf`, `archive-1.tar.gz`, `essay-<uuid>.pdf`)."""
    if name not in taken:
        return name
    found = CANVAS_EXTENSION.search(name)
    ext = found.group(0) if found else ""
    # Ruby's File.basename strips nothing when the extension is the whole name (`.bashrc`).
    stem = name[:-len(ext)] if ext and ext != name else name
    for number in RENAME_NUMBERS:
        candidate = f"{stem}-{number}{ext}"
        if candidate not in taken:
            return candidate
    return f"{stem}-{uuid.uuid4()}{ext}"


def duplicate_name(name: str, taken: set) -> str:
    """`notes.txt` -> `notes (1).txt`, `notes (2).txt`, ... as Canvas renames."""
    stem, ext = posixpath.splitext(name)
    number = 1
    while f"{stem} ({number}){ext}" in taken:
        number += 1
    return f"{stem} ({number}){ext}"


class FileStore:
    def __init__(self, root: str):
        self.root = root
        self._lock = threading.Lock()
        self._salt = secrets.token_bytes(16)
        self._pending: dict[str, PendingUpload] = {}
        self._files: dict[int, StoredFile] = {}
        self._folders: dict[tuple, int] = {}
        self._submission_folders: dict[int, int] = {}
        self._next_id = 5001

    def reset(self) -> None:
        with self._lock:
            for stored in self._files.values():
                _remove_quietly(stored.path)
            self._pending.clear()
            self._files.clear()
            self._folders.clear()
            self._submission_folders.clear()
            self._next_id = 5001

    def issue(self, course_id: int, params: dict, assignment_id: Optional[int] = None) -> PendingUpload:
        """Step 1: remember what is coming and sign upload_params for it.

        With `assignment_id` the file is for the user's submission to that assignment:
        Canvas keeps those out of the course's Files, so folders and `on_duplicate` do
        not apply to them.
        """
        name = params.get("name") or ""
        if not name:
            raise ApiError(400, "name is required")
        if assignment_id is not None:
            params = {k: v for k, v in params.items() if k not in ("parent_folder_path", "on_duplicate")}
        on_duplicate = params.get("on_duplicate") or "rename"
        if on_duplicate not in ("rename", "overwrite"):
            raise ApiError(400, 'on_duplicate is "rename" or "overwrite"')
        content_type = (params.get("content_type")
                        or mimetypes.guess_type(name)[0] or "application/octet-stream")
        token = secrets.token_urlsafe(18)
        policy = base64.b64encode(json.dumps({
            "expiration": _iso(datetime.now(timezone.utc) + timedelta(minutes=30)),
            "conditions": [{"key": token}],
        }).encode()).decode()
        signature = hmac.new(self._salt, policy.encode(), hashlib.sha256).hexdigest()
        prefix = (f"courses/{course_id}" if assignment_id is None
                  else f"users/1/submissions/{assignment_id}")
        upload_params = {"key": f"{prefix}/{token}/{name}", "policy": policy,
                         "signature": signature, "filename": name,
                         "content_type": content_type}
        pending = PendingUpload(token, course_id, normalize_folder(params.get("parent_folder_path")),
                                name, content_type, on_duplicate, time.monotonic(), upload_params,
                                assignment_id=assignment_id)
        with self._lock:
            self._pending[token] = pending
        return pending

    def pending(self, token: str) -> Optional[PendingUpload]:
        with self._lock:
            return self._pending.get(token)

    def new_temp(self):
        return tempfile.NamedTemporaryFile(dir=self.root, prefix="upload-", delete=False)

    def store(self, pending: PendingUpload, path: str, part: FilePart) -> StoredFile:
        """Step 2 succeeded: keep the bytes; the file is not visible until confirmed."""
        with self._lock:
            if pending.used:  # a concurrent upload with the same token won
                raise ApiError(400, "upload token already used")
            pending.used = True
            stored = StoredFile(self._next_id, secrets.token_hex(16), pending.course_id,
                                pending.folder, pending.name, pending.on_duplicate,
                                pending.content_type, part.size, part.sha256, path,
                                _iso(datetime.now(timezone.utc)),
                                assignment_id=pending.assignment_id)
            self._next_id += 1
            self._files[stored.id] = stored
        return stored

    def confirm(self, file_id: int, uuid: Optional[str]) -> Optional[StoredFile]:
        """Step 3: make the file visible, resolving duplicates as Canvas does."""
        with self._lock:
            stored = self._files.get(file_id)
            if stored is None or (uuid is not None and uuid != stored.uuid):
                return None
            if not stored.confirmed:
                self._place(stored)
            return stored

    def _place(self, stored: StoredFile) -> None:
        if stored.for_submission:
            # A submission's files go to the user's submissions folder of the course, where
            # Canvas always renames a name already taken (`essay-1.pdf`), whatever
            # `on_duplicate` says: a client can't find its files again by name alone.
            taken = {f.display_name for f in self._files.values() if f.confirmed and f.for_submission
                     and f.course_id == stored.course_id}
            stored.display_name = submission_name(stored.requested_name, taken)
            stored.confirmed = True
            return
        siblings = [f for f in self._files.values() if f.confirmed and not f.for_submission
                    and f.course_id == stored.course_id and f.folder == stored.folder]
        name = stored.requested_name
        clash = [f for f in siblings if f.display_name == name]
        if clash and stored.on_duplicate == "overwrite":
            for old in clash:
                del self._files[old.id]
                _remove_quietly(old.path)
        elif clash:
            name = duplicate_name(name, {f.display_name for f in siblings})
        stored.display_name = name
        stored.confirmed = True

    def get(self, file_id: int, confirmed_only: bool = True) -> Optional[StoredFile]:
        with self._lock:
            stored = self._files.get(file_id)
        if stored is None or (confirmed_only and not stored.confirmed):
            return None
        return stored

    def folder_id(self, course_id: int, folder: str) -> int:
        with self._lock:
            key = (course_id, folder)
            if key not in self._folders:
                self._folders[key] = 900 + len(self._folders) + 1
            return self._folders[key]

    def folder_of(self, stored: StoredFile) -> int:
        """A course file's folder, or the user's own "Submissions" folder for the
        course (numbered apart, so course folder ids do not depend on submissions)."""
        if not stored.for_submission:
            return self.folder_id(stored.course_id, stored.folder)
        with self._lock:
            if stored.course_id not in self._submission_folders:
                self._submission_folders[stored.course_id] = 800 + len(self._submission_folders) + 1
            return self._submission_folders[stored.course_id]

    def confirmed_files(self) -> list:
        """The course's Files: what /__control/files lists (no submission files)."""
        with self._lock:
            return sorted((f for f in self._files.values() if f.confirmed and not f.for_submission),
                          key=lambda f: f.id)


# --------------------------------------------------------------------------
# Submissions: the student's attempts at each assignment
# --------------------------------------------------------------------------

@dataclass
class Attempt:
    """One hand-in.  Canvas keeps a single Submission per student and assignment and
    records each hand-in as a new attempt in its history; this is one of those."""

    course_id: int
    assignment_id: int
    attempt: int
    submitted_at: str
    late: bool
    seconds_late: int
    file_ids: list
    comment: Optional[str] = None
    submission_type: str = "online_upload"
    body: Optional[str] = None
    url: Optional[str] = None


class SubmissionStore:
    """Every attempt, in the order they were made.

    The lock covers numbering and recording together, so two POSTs that race
    still get attempts N and N+1 -- never two of the same number.
    """

    def __init__(self):
        self._lock = threading.Lock()
        self._attempts: list[Attempt] = []

    def submit(self, course_id: int, assignment_id: int, file_ids: list,
               comment: Optional[str], due_at: Optional[datetime], kind: str = "online_upload",
               body: Optional[str] = None, url: Optional[str] = None) -> Attempt:
        with self._lock:
            number = 1 + sum(1 for a in self._attempts
                             if (a.course_id, a.assignment_id) == (course_id, assignment_id))
            now = datetime.now(timezone.utc).replace(microsecond=0)
            late = due_at is not None and now > due_at
            seconds_late = int((now - due_at).total_seconds()) if late else 0
            attempt = Attempt(course_id, assignment_id, number, _iso(now), late, seconds_late,
                              list(file_ids), comment, kind, body, url)
            self._attempts.append(attempt)
        return attempt

    def history(self, course_id: int, assignment_id: int) -> list:
        """This assignment's attempts, oldest first."""
        with self._lock:
            return [a for a in self._attempts
                    if (a.course_id, a.assignment_id) == (course_id, assignment_id)]

    def latest(self, course_id: int, assignment_id: int) -> Optional[Attempt]:
        history = self.history(course_id, assignment_id)
        return history[-1] if history else None

    def all(self) -> list:
        with self._lock:
            return list(self._attempts)

    def reset(self) -> None:
        with self._lock:
            self._attempts.clear()


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


def _remove_quietly(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


# --------------------------------------------------------------------------
# Announcements
# --------------------------------------------------------------------------

@dataclass
class Topic:
    """One announcement of a course; `read` is its state before any PUT."""
    id: int
    course_id: int
    title: str
    message: str
    posted_at: datetime
    read: bool


SLIDES_ANNOUNCEMENT = "Week slides are up"   # posted with a file
# (title, HTML message, days before today, read before any PUT): one from today, one from this
# week that was read, one older still unread, and an old one read, which the last two weeks leave out.
ANNOUNCEMENTS = [
    ("Friday's lecture moves to room B-204",
     "<p>The lecture on <strong>Friday</strong> is in room <em>B-204</em> this week.</p>"
     "<ul><li>Bring your laptop.</li><li>The lab after it is cancelled.</li></ul>", 0.25, False),
    ("Week slides are up", "<p>This week's slides are in Files.</p>", 5, True),
    ("Midterm review session", "<p>Review session on Thursday at 17:00 &amp; online.</p>", 30, False),
    ("Welcome to the course", "<p>Welcome! Please read the syllabus.</p>", 60, True),
]


class Announcements:
    """The announcements of courses 2, 12, 22, … (id % 10 == 2; the others have none), and
    which ones the user marked read since the last reset."""

    def __init__(self):
        self.marked: set = set()

    def reset(self) -> None:
        self.marked = set()

    @staticmethod
    def topics(cid: int, today: datetime, posted: list = ()) -> list:
        """The course's announcements, newest first: those a test posted through
        /__control/changes (`posted`, as `DataChanges.announcements()` gives them), then the data set's."""
        extra = [Topic(pid, cid, title, f"<p>{html.escape(title)}</p>", at, False)
                 for course, pid, title, at in reversed(posted) if course == cid]
        if cid % 10 != 2:
            return extra
        return extra + [Topic(800000 + cid * 10 + number, cid, title, message, today - timedelta(days=days), read)
                        for number, (title, message, days, read) in enumerate(ANNOUNCEMENTS, start=1)]

    def is_read(self, topic: Topic) -> bool:
        return topic.read or topic.id in self.marked

    def mark_read(self, topic: Topic) -> None:
        self.marked.add(topic.id)

    def json(self, topic: Topic, base: str) -> dict:
        url = f"{base}/courses/{topic.course_id}/discussion_topics/{topic.id}"
        return {
            "id": topic.id, "title": topic.title, "message": topic.message,
            "posted_at": _iso(topic.posted_at), "delayed_post_at": None, "last_reply_at": _iso(topic.posted_at),
            "discussion_type": "threaded", "published": True, "locked": False, "pinned": False,
            "read_state": "read" if self.is_read(topic) else "unread", "unread_count": 0, "subscribed": False,
            "user_name": "Course Teacher",
            "author": {"id": 2, "anonymous_id": "2", "display_name": "Course Teacher",
                       "avatar_image_url": None, "html_url": f"{base}/courses/{topic.course_id}/users/2"},
            "html_url": url, "url": url, "attachments": [], "podcast_url": None, "require_initial_post": None,
        }


# --------------------------------------------------------------------------
# Discussions (discussion topics that are not announcements) and their entries
# --------------------------------------------------------------------------

# The caller (user 1) and the course's teacher post too; these classmates wrote the rest.
CLASSMATES = {2101: "Mai Phương", 2102: "Kenji Watanabe", 2103: "Lucía Fernández", 2104: "Omar Haddad"}
TEACHER = 0                      # in the tables below: the course's (first) teacher
# Course 52's topics: (id, title, HTML message, hours before today it was posted, discussion_type,
# pinned position or None, locked (closed for comments), require_initial_post, assignment number
# or None, read by the user before any PUT). Listed by default as Canvas does: pinned first, then
# by latest activity: Introduce yourself, Reflection post, Week 3 questions, Week 1 questions.
DISCUSSION_TOPICS = [
    (600521, "Week 3 questions", "<p>Ask your questions about week 3 here.</p>",
     63, "threaded", None, False, False, None, False),
    (600522, "Reflection post", "<p>Write a short reflection on this week's lab. You will see your "
     "classmates' posts once you have posted yours.</p>", 39, "threaded", None, False, True, 4, False),
    (600523, "Introduce yourself", "<p>Say hello: who are you, and what do you hope to learn?</p>",
     471, "not_threaded", 1, False, False, None, True),
    (600524, "Week 1 questions", "<p>Questions about week 1. This topic is closed now.</p>",
     327, "threaded", None, True, False, None, True),
]
# Their entries: (id, topic, parent or None, author, HTML message (None: deleted), hours before
# today, read by the user before any PUT). Week 3 questions: five active entries, replies two
# levels deep (52101 > 52102 > 52103), 52104 deleted, 52103, 52105 and 52106 unread; 52102's
# message has a link and an entity. Reflection post: two unread entries by others, none by the user.
DISCUSSION_ENTRIES = [
    (52101, 600521, None, 2101, "<p>Is problem 4 about <em>linear</em> or quadratic probing?</p>", 39, True),
    (52102, 600521, 52101, TEACHER, '<p>Linear probing: see <a href="https://example.com/notes/hashing">the '
     'notes on hashing</a> &amp; chapter 5.</p>', 37, True),
    (52103, 600521, 52102, 2102, "<p>Thanks, that clears it up.</p>", 16, False),
    (52104, 600521, 52101, 2104, None, 34, True),
    (52105, 600521, None, 2103, "<p>Will Friday's quiz cover chapter 6?</p>", 14, False),
    (52106, 600521, 52105, 2101, "<p>I think it stops at chapter 5.</p>", 12, False),
    (52201, 600522, None, 2103, "<p>The lab showed me how much the load factor matters.</p>", 10, False),
    (52202, 600522, None, 2104, "<p>I had not expected resizing to take so long.</p>", 8, False),
    (52301, 600523, None, 2102, "<p>Hi, I'm Kenji. I study physics.</p>", 460, True),
    (52302, 600523, None, 2101, "<p>Hello! Mai here, in my second year.</p>", 440, True),
    (52303, 600523, 52302, 2103, "<p>Welcome, Mai!</p>", 438, True),
    (52401, 600524, None, 2104, "<p>Where are the lecture notes?</p>", 320, True),
    (52402, 600524, 52401, TEACHER, "<p>In Files, under Lectures.</p>", 318, True),
]
FIRST_POSTED_ENTRY = 700001      # entries posted through the API or /__control/discussions


@dataclass
class DiscussionTopicRow:
    id: int
    course_id: int
    title: str
    message: str
    author_id: int
    posted_at: datetime
    discussion_type: str          # "threaded", "not_threaded" or "side_comment"
    position: Optional[int]       # set: pinned, at this place
    locked: bool                  # closed for comments
    require_initial_post: bool
    assignment_id: Optional[int]

    @property
    def threaded(self) -> bool:
        return self.discussion_type == "threaded"


@dataclass
class DiscussionEntryRow:
    id: int
    topic_id: int
    parent_id: Optional[int]
    user_id: int
    message: Optional[str]
    created_at: datetime
    deleted: bool = False
    editor_id: Optional[int] = None


class Discussions:
    """Course 52's discussion topics and entries, and what the user (id 1) has read of them, as
    canvas-lms keeps it per user (DiscussionTopicParticipant, DiscussionEntryParticipant). Entries
    posted since the last reset are kept too; a reset forgets them and every mark."""

    def __init__(self, today: datetime):
        self.today = today
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self._lock:
            teacher = Dataset._teachers(DISCUSSION_COURSE, "")[0]["id"]
            self._topics: dict = {}
            self._entries: dict = {}
            self._read_topics: set = set()
            self._read_entries: set = set()
            self._forced: set = set()
            self._next_entry = FIRST_POSTED_ENTRY
            for tid, title, message, hours, kind, position, locked, initial, number, read in DISCUSSION_TOPICS:
                aid = Dataset.assignment_id(DISCUSSION_COURSE, number) if number else None
                self._topics[tid] = DiscussionTopicRow(tid, DISCUSSION_COURSE, title, message, teacher,
                                                       self.today - timedelta(hours=hours), kind, position,
                                                       locked, initial, aid)
                if read:
                    self._read_topics.add(tid)
            for eid, tid, parent, author, message, hours, read in DISCUSSION_ENTRIES:
                self._entries[eid] = DiscussionEntryRow(eid, tid, parent, teacher if author == TEACHER else author,
                                                        message, self.today - timedelta(hours=hours),
                                                        deleted=message is None,
                                                        editor_id=teacher if message is None else None)
                if read:
                    self._read_entries.add(eid)

    def topics(self, cid: int) -> list:
        with self._lock:
            return [t for t in self._topics.values() if t.course_id == cid]

    def topic(self, cid: int, key: str) -> Optional[DiscussionTopicRow]:
        with self._lock:
            found = self._topics.get(int(key)) if key.isdigit() else None
        return found if found is not None and found.course_id == cid else None

    def topic_for_assignment(self, aid: int) -> Optional[DiscussionTopicRow]:
        with self._lock:
            return next((t for t in self._topics.values() if t.assignment_id == aid), None)

    def entries(self, tid: int) -> list:
        """The topic's entries, deleted ones too, oldest first."""
        with self._lock:
            return sorted((e for e in self._entries.values() if e.topic_id == tid),
                          key=lambda e: (e.created_at, e.id))

    def entry(self, tid: int, key: str) -> Optional[DiscussionEntryRow]:
        with self._lock:
            found = self._entries.get(int(key)) if key.isdigit() else None
        return found if found is not None and found.topic_id == tid else None

    def has_posted(self, tid: int, uid: int = 1) -> bool:
        with self._lock:
            return any(e.topic_id == tid and e.user_id == uid and not e.deleted for e in self._entries.values())

    def add(self, tid: int, parent_id: Optional[int], uid: int, message: str) -> DiscussionEntryRow:
        """A new entry, posted now; the user's own are read (Canvas marks an author's entry read)."""
        with self._lock:
            entry = DiscussionEntryRow(self._next_entry, tid, parent_id, uid, message, datetime.now(timezone.utc))
            self._next_entry += 1
            self._entries[entry.id] = entry
            if uid == 1:
                self._read_entries.add(entry.id)
            return entry

    def is_read(self, eid: int) -> bool:
        with self._lock:
            return eid in self._read_entries

    def is_forced(self, eid: int) -> bool:
        with self._lock:
            return eid in self._forced

    def topic_read(self, tid: int) -> bool:
        with self._lock:
            return tid in self._read_topics

    def mark_entry_read(self, eid: int, forced: bool) -> None:
        with self._lock:
            self._read_entries.add(eid)
            if forced:
                self._forced.add(eid)

    def mark_topic_read(self, tid: int) -> None:
        with self._lock:
            self._read_topics.add(tid)

    def mark_all_read(self, tid: int) -> None:
        with self._lock:
            self._read_topics.add(tid)
            self._read_entries.update(e.id for e in self._entries.values() if e.topic_id == tid)

    def to_json(self) -> list:
        """What /__control/discussions shows: every topic with its entries (flat, oldest first)
        and what the user has read."""
        answer = []
        for topic in sorted(self._all_topics(), key=lambda t: t.id):
            entries = self.entries(topic.id)
            with self._lock:
                read = sorted(e.id for e in entries if e.id in self._read_entries)
                forced = sorted(e.id for e in entries if e.id in self._forced)
                topic_read = topic.id in self._read_topics
            answer.append({
                "course_id": topic.course_id, "id": topic.id, "title": topic.title, "topic_read": topic_read,
                "entries": [{"id": e.id, "parent_id": e.parent_id, "user_id": e.user_id, "message": e.message,
                             "deleted": e.deleted, "created_at": _iso(e.created_at)} for e in entries],
                "read_entry_ids": read,
                "unread_entry_ids": [e.id for e in entries if not e.deleted and e.id not in read],
                "forced_entry_ids": forced,
            })
        return answer

    def _all_topics(self) -> list:
        with self._lock:
            return list(self._topics.values())


# --------------------------------------------------------------------------
# Course files: the folders and files a course lists, and the file store
# that serves their bytes on another origin
# --------------------------------------------------------------------------

PATTERN_PERIOD = 1024 * 1024 + 7    # not a power of two, so a resume off by a MiB shows
STORE_CHUNK = 512 * 1024            # socket writes of the store: large, so a GiB streams fast
FILE_ID_BASE = 2_000_000            # course files: 2_000_000 + course * 100 + n
FOLDER_ID_BASE = 1_000_000          # course folders: 1_000_000 + course * 100 + n
FEEDBACK_FILE_IDS = 2_900_000       # a comment's attachment: 2_900_000 + course, in no course's Files
ADDED_FILE_IDS = 3_000_000          # files added through /__control/files, counted from here
STORE_LONG_EXTRA = 1024             # how many bytes `store_long` adds
STORE_EXPIRED_BODY = (b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code>'
                      b'<Message>Request has expired</Message></Error>')
STORE_AUTH_BODY = (b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InvalidArgument</Code>'
                   b'<Message>Only one auth mechanism allowed; only the X-Amz-Algorithm query '
                   b'parameter, Signature query string parameter or the Authorization header '
                   b'should be specified</Message></Error>')


def _pattern_block() -> bytes:
    """The block every generated file's bytes are read from: SHA-256 of a counter, PERIOD bytes,
    with its first STORE_CHUNK bytes repeated at the end so any offset has a whole chunk after it."""
    out = bytearray()
    counter = 0
    while len(out) < PATTERN_PERIOD:
        out += hashlib.sha256(b"fake-canvas-file-block-%d" % counter).digest()
        counter += 1
    del out[PATTERN_PERIOD:]
    return bytes(out + out[:STORE_CHUNK])


PATTERN = memoryview(_pattern_block())


def pattern_shift(file_id: int, version: int) -> int:
    """Where a file's bytes start in the block: each file and each version of it differs."""
    digest = hashlib.sha256(f"{file_id}:{version}".encode()).hexdigest()
    return int(digest[:8], 16) % PATTERN_PERIOD


@dataclass
class CourseFolderEntry:
    id: int
    course_id: int
    path: str                       # below the top folder: "" for it, "Readings/Week 1"
    parent_id: Optional[int]
    hidden: bool = False

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1] if self.path else "course files"

    @property
    def full_name(self) -> str:
        return "course files" + (f"/{self.path}" if self.path else "")


@dataclass
class CourseFileEntry:
    id: int
    course_id: int
    folder_id: int
    name: str
    size: int
    content_type: str
    created_at: datetime
    updated_at: datetime
    version: int = 1
    content: Optional[bytes] = None   # None: generated from the pattern
    hidden: bool = False
    unlock_at: Optional[datetime] = None
    lock_explanation: Optional[str] = None
    sha256: Optional[str] = None      # computed when first asked for

    @property
    def etag(self) -> str:
        return f'"{self.id}-{self.version}-{pattern_shift(self.id, self.version):x}"'

    @property
    def last_modified(self) -> str:
        return self.updated_at.strftime("%a, %d %b %Y %H:%M:%S GMT")

    @property
    def verifier(self) -> str:
        return hashlib.sha256(f"verifier:{self.id}".encode()).hexdigest()[:24]

    def locked_for(self, now: datetime) -> bool:
        return self.unlock_at is not None and self.unlock_at > now

    def chunks(self, start: int, end: int) -> Iterator[memoryview]:
        """Bytes start..<end, in pieces of at most STORE_CHUNK; bytes past `size` (for
        `store_long`) carry on with the same pattern, or are zeros after explicit content."""
        if self.content is not None:
            data = memoryview(self.content + bytes(max(0, end - len(self.content))))
            for offset in range(start, end, STORE_CHUNK):
                yield data[offset:min(end, offset + STORE_CHUNK)]
            return
        shift = pattern_shift(self.id, self.version)
        offset = start
        while offset < end:
            count = min(STORE_CHUNK, end - offset)
            at = (offset + shift) % PATTERN_PERIOD
            yield PATTERN[at:at + count]
            offset += count

    def digest(self) -> str:
        if self.sha256 is None:
            hasher = hashlib.sha256()
            for chunk in self.chunks(0, self.size):
                hasher.update(chunk)
            self.sha256 = hasher.hexdigest()
        return self.sha256


# (n, folder path, name, size, content type): each course's files; n 5 is locked, n 6 hidden.
SEEDED_FOLDERS = [("", None), ("Lectures", ""), ("Readings", ""), ("Readings/Week 1", "Readings"),
                  ("Solutions", "")]
HIDDEN_FOLDER = "Solutions"
SEEDED_FILES = [
    (1, "", "Syllabus.pdf", 1_500, "application/pdf"),
    (2, "Lectures", "Lecture 1.pdf", 4_096, "application/pdf"),
    (3, "Lectures", "Lecture 2.pdf", 200_003, "application/pdf"),
    (4, "Readings/Week 1", "Chapter 1.txt", None, "text/plain"),
    (5, "Readings", "Exam rules.pdf", 2_048, "application/pdf"),
    (6, "Solutions", "Answers.pdf", 1_024, "application/pdf"),
]
LOCKED_FILE = 5
FILE_ITEM_FILE = 2               # module items of type File link to Lecture 1.pdf


class CourseFileCatalog:
    """Each course's folders and files, made when first looked at, and changed by tests."""

    def __init__(self, today: datetime):
        self.today = today
        self._lock = threading.Lock()
        self._folders: dict[int, list] = {}
        self._files: dict[int, CourseFileEntry] = {}
        self._next_id = ADDED_FILE_IDS

    def reset(self) -> None:
        with self._lock:
            self._folders.clear()
            self._files.clear()
            self._next_id = ADDED_FILE_IDS

    @staticmethod
    def file_item_id(cid: int) -> int:
        return FILE_ID_BASE + cid * 100 + FILE_ITEM_FILE

    def folders(self, cid: int) -> list:
        with self._lock:
            return list(self._seed(cid))

    def files(self, cid: int) -> list:
        with self._lock:
            self._seed(cid)
            return sorted((f for f in self._files.values() if f.course_id == cid),
                          key=lambda f: (f.name.lower(), f.id))

    def get(self, file_id: int) -> Optional[CourseFileEntry]:
        if FEEDBACK_FILE_IDS < file_id < ADDED_FILE_IDS:
            return self.feedback_file(file_id - FEEDBACK_FILE_IDS)
        with self._lock:
            if file_id < ADDED_FILE_IDS and file_id >= FILE_ID_BASE:
                self._seed((file_id - FILE_ID_BASE) // 100)
            return self._files.get(file_id)

    def feedback_file(self, cid: int) -> CourseFileEntry:
        """The file a teacher attached to a comment on course `cid`'s Homework 1: served like
        a course file, listed in no course's Files (its course id is negative)."""
        file_id = FEEDBACK_FILE_IDS + cid
        with self._lock:
            if file_id not in self._files:
                stamp = (self.today - timedelta(days=3)).replace(hour=14, minute=0)
                self._files[file_id] = CourseFileEntry(file_id, -cid, 0, "Marked Homework 1.pdf", 3_000 + cid,
                                                       "application/pdf", stamp, stamp)
            return self._files[file_id]

    def all_files(self) -> list:
        with self._lock:
            return sorted(self._files.values(), key=lambda f: f.id)

    def folder(self, cid: int, folder_id: int) -> Optional[CourseFolderEntry]:
        return next((f for f in self.folders(cid) if f.id == folder_id), None)

    def add(self, cid: int, name: str, folder: str, size: Optional[int], content: Optional[bytes],
            content_type: Optional[str], locked: bool, explanation: Optional[str]) -> CourseFileEntry:
        now = datetime.now(timezone.utc).replace(microsecond=0)
        with self._lock:
            folder_entry = self._folder_for(cid, normalize_folder(folder))
            file_id = self._next_id
            self._next_id += 1
            entry = CourseFileEntry(
                file_id, cid, folder_entry.id, name, len(content) if content is not None else size or 0,
                content_type or mimetypes.guess_type(name)[0] or "application/octet-stream",
                now, now, content=content, hidden=folder_entry.hidden)
            if locked:
                entry.unlock_at = self.today + timedelta(days=7, hours=8)
                entry.lock_explanation = explanation or self._lock_text(entry.unlock_at)
            self._files[file_id] = entry
            return entry

    def change(self, file_id: int, cid: Optional[int], size: Optional[int], content: Optional[bytes]) -> CourseFileEntry:
        entry = self.get(file_id)
        if entry is None or (cid is not None and entry.course_id != cid):
            raise ApiError(404, f"no course file {file_id}")
        with self._lock:
            entry.version += 1
            entry.content = content
            entry.size = len(content) if content is not None else (size if size is not None else entry.size)
            now = datetime.now(timezone.utc).replace(microsecond=0)
            # Two changes in one second still get two updated_at values, as a client compares them.
            entry.updated_at = max(now, entry.updated_at + timedelta(seconds=1))
            entry.sha256 = None
            return entry

    def _seed(self, cid: int) -> list:
        if cid in self._folders:
            return self._folders[cid]
        by_path: dict[str, CourseFolderEntry] = {}
        for number, (path, parent) in enumerate(SEEDED_FOLDERS):
            parent_id = by_path[parent].id if parent is not None else None
            by_path[path] = CourseFolderEntry(FOLDER_ID_BASE + cid * 100 + number, cid, path, parent_id,
                                              hidden=path == HIDDEN_FOLDER)
        self._folders[cid] = list(by_path.values())
        for number, path, name, size, content_type in SEEDED_FILES:
            file_id = FILE_ID_BASE + cid * 100 + number
            changed = (self.today - timedelta(days=10 - number)).replace(hour=9, minute=30)
            content = None
            if size is None:
                content = (f"Chapter 1 of course {cid}\n\nRead it before the first lecture.\n" * 20).encode()
                size = len(content)
            entry = CourseFileEntry(file_id, cid, by_path[path].id, name, size + (cid if number == 1 else 0),
                                    content_type, changed - timedelta(days=20), changed,
                                    content=content, hidden=path == HIDDEN_FOLDER)
            if number == LOCKED_FILE:
                entry.unlock_at = self.today + timedelta(days=7, hours=8)
                entry.lock_explanation = self._lock_text(entry.unlock_at)
            self._files[file_id] = entry
        return self._folders[cid]

    def _folder_for(self, cid: int, path: str) -> CourseFolderEntry:
        """The folder at `path` below the top, made (with its parents) when missing."""
        folders = self._seed(cid)
        found = next((f for f in folders if f.path == path), None)
        if found is not None:
            return found
        parent = self._folder_for(cid, path.rsplit("/", 1)[0] if "/" in path else "")
        made = CourseFolderEntry(FOLDER_ID_BASE + cid * 100 + len(folders), cid, path, parent.id,
                                 hidden=parent.hidden)
        folders.append(made)
        return made

    @staticmethod
    def _lock_text(when: datetime) -> str:
        return f"This file is locked until {when:%b} {when.day} at {when:%H:%M}."


class StoreSigner:
    """Signs the file store's addresses, which expire: S3's presigned URLs in miniature."""

    def __init__(self):
        self._salt = secrets.token_bytes(16)

    def sign(self, file_id: int, expires: int) -> str:
        return hmac.new(self._salt, f"{file_id}:{expires}".encode(), hashlib.sha256).hexdigest()[:32]

    def valid(self, file_id: int, expires: Optional[str], sig: Optional[str]) -> bool:
        if expires is None or sig is None or not expires.isdigit():
            return False
        if int(expires) < time.time():
            return False
        return hmac.compare_digest(sig, self.sign(file_id, int(expires)))


def parse_range(header: Optional[str], size: int) -> Optional[tuple]:
    """`bytes=N-` or `bytes=N-M` as (start, end exclusive); None for no range or one not understood;
    ("unsatisfiable",) when it starts at or past the end."""
    if not header:
        return None
    match = re.fullmatch(r"\s*bytes=(\d+)-(\d*)\s*", header)
    if match is None:
        return None
    start = int(match.group(1))
    end = int(match.group(2)) + 1 if match.group(2) else size
    if start >= size or end <= start:
        return ("unsatisfiable",)
    return (start, min(end, size))


# --------------------------------------------------------------------------
# The application: routing for the API, uploads, faults and control
# --------------------------------------------------------------------------

class FakeCanvas:
    """All state, and the routing both listeners share."""

    def __init__(self, opts):
        self.token = opts.token
        self.data = Dataset(opts.courses)
        self.paginator = Paginator(opts.per_page_max)
        self.faults = FaultRules()
        self.log = RequestLog()
        self.connections = ConnectionGauge()
        self.default_ttl = opts.signature_ttl
        self.config = Config(signature_ttl=opts.signature_ttl)
        self.rate_bucket = RateBucket()
        self.storage_dir = tempfile.mkdtemp(prefix="fake_canvas_")
        self.files = FileStore(self.storage_dir)
        self.submissions = SubmissionStore()
        self.announcements = Announcements()
        self.discussions = Discussions(self.data.today)
        self.planner = PlannerStore(self.data.today)
        self.catalog = CourseFileCatalog(self.data.today)
        self.signer = StoreSigner()
        self.verbose = opts.verbose
        self.api = Listener(self, "api", opts.port)
        self.control = Listener(self, "control", opts.control_port)
        self.store = Listener(self, "store", opts.store_port)

    @property
    def base(self) -> str:
        return f"http://{LOOPBACK}:{self.api.port}"

    @property
    def store_base(self) -> str:
        """The file store's origin: another port, so another origin, which must never see the token."""
        return f"http://{LOOPBACK}:{self.store.port}"

    def start(self) -> None:
        self.api.open()
        self.control.open()
        self.store.open()

    def stop(self) -> None:
        self.api.close()
        self.control.close()
        self.store.close()
        shutil.rmtree(self.storage_dir, ignore_errors=True)

    # ---- entry point from the handler

    def route(self, req: Request, role: str) -> Response:
        if role == "store":
            return self.handle_served(req, store=True)
        if req.path.startswith("/__control/"):
            return self.handle_control(req)
        if role == "control":
            return error_response(404, NOT_FOUND_MESSAGE)
        return self.handle_served(req)

    def check_auth(self, req: Request) -> None:
        """Fill in auth_present/auth_valid without keeping the token."""
        value = req.headers.get("Authorization")
        req.auth_present = value is not None
        if value:
            scheme, _, given = value.strip().partition(" ")
            req.auth_valid = (scheme.lower() == "bearer"
                              and hmac.compare_digest(given.strip().encode(), self.token.encode()))

    def handle_served(self, req: Request, store: bool = False) -> Response:
        """API, file stores and downloads: logged, and subject to faults.

        The `store_*` faults only apply to the file store that serves course files."""
        self.check_auth(req)
        entry = self.log.record(req, store)
        rule = self.faults.take(req.method, req.target)
        if rule is not None and rule.kind in STORE_FAULTS and not store:
            rule = None
        response = None
        if store:
            if rule is not None:
                self.log.update(entry, fault=rule.kind)
            if rule is None or rule.kind in STORE_FAULTS:
                response = self.serve_store(req, rule)
            else:
                response = self.fault_response(rule) or self.serve_store(req, None)
            if rule is not None and rule.kind == "lost_reply":
                response.reset = True
            if rule is not None and rule.kind == "drop_reply":
                response.dropped = True
        elif rule is not None:
            self.log.update(entry, fault=rule.kind)
            response = self.locked_redirect(req) if rule.kind == "locked_redirect" else self.fault_response(rule)
        if response is None and rule is not None and rule.kind == "link_loop_respelled":
            response = self.respelled_loop(req, next(rule.respellings))
        if response is None:
            response = self.rate_bucket.serve(req, self.serve)
            if rule is not None and rule.kind == "link_loop":
                response = self.looping(response, req)
            if rule is not None and rule.kind == "lost_reply":
                # The work is done and kept; only the answer never arrives.
                response.reset = True
            if rule is not None and rule.kind == "drop_reply":
                # The work is done and kept, and the connection closes before a byte of
                # answer, as a proxy does when it times out or restarts.
                response.dropped = True
        status = "reset" if response.reset else "dropped" if response.dropped else response.status
        self.log.update(entry, status=status, body_bytes=body_bytes(response))
        return response

    def locked_redirect(self, req: Request) -> Response:
        """What Canvas's submissions controller answers a hand-in to an assignment that is
        locked for the student once its permission check let it through: a 302 to the
        assignment's web page, with nothing made."""
        match = re.fullmatch(r"/api/v1/courses/([^/]+)/assignments/([^/]+)/submissions", req.path)
        if match is None:
            return Response(302, b"", "text/html; charset=utf-8", [("Location", f"{self.base}/")])
        course = self.data.resolve_course(match.group(1)) or match.group(1)
        page = f"{self.base}/courses/{course}/assignments/{match.group(2)}"
        return Response(302, b"", "text/html; charset=utf-8", [("Location", page)])

    def looping(self, response: Response, req: Request) -> Response:
        """The same answer, its `next` link pointing back at the page just served."""
        here = f"{self.base}{req.target}"
        response.headers = [(name, value) for name, value in response.headers if name.lower() != "link"]
        response.headers.append(("Link", f'<{here}>; rel="current", <{here}>; rel="next"'))
        return response

    def respelled_loop(self, req: Request, number: int) -> Response:
        """The page a respelled link names, served as if spelled plainly, its `next` link
        pointing back at it spelled another way (the `number`th): a server that adds a
        cache buster or a fresh page token to the same page every time."""
        plain = [(k, v) for k, v in req.query if k != LOOP_PARAM]
        page = self.paginator.plain_url(replace(req, query=plain), self.base)
        served = replace(req, query=parse_qsl(urlsplit(page).query, keep_blank_values=True))
        response = self.serve(served)
        response.headers = [(name, value) for name, value in response.headers if name.lower() != "link"]
        response.headers.append(("Link", f'<{respell(page, number)}>; rel="next"'))
        return response

    def fault_response(self, rule: FaultRule) -> Optional[Response]:
        """The injected answer; None means "carry on normally" (after `slow`, or for
        `link_loop`, `link_loop_respelled`, `lost_reply` and `drop_reply`, which change the normal answer)."""
        kind = rule.kind
        if kind in ("lost_reply", "drop_reply"):
            return None
        if kind == "link_loop_respelled":
            return None
        if kind == "slow" or kind == "link_loop":
            time.sleep(max(0.0, rule.seconds))
            return None
        if kind == "hold":
            # Until the test clears the faults, at most `seconds`: the test decides when the answer
            # comes, however slowly a loaded machine gets there.
            self.faults.released().wait(max(0.0, rule.seconds))
            return None
        if kind == "reset":
            return Response(200, reset=True)
        if kind == "500":
            return error_response(500, "An error occurred.", extra={"error_report_id": 31337})
        if kind == "503":
            wait = [("Retry-After", rule.retry_after)] if rule.retry_after is not None else []
            return error_response(503, "Service Unavailable", wait)
        if kind == "throttle403":
            return Response(403, b"403 Forbidden (Rate Limit Exceeded)",
                            "text/plain; charset=utf-8",
                            [("X-Rate-Limit-Remaining", "0"), ("X-Request-Cost", "1.5")])
        if kind == "throttle429":
            wait = [("Retry-After", rule.retry_after)] if rule.retry_after is not None else []
            return Response(429, b"429 Too Many Requests (Rate Limit Exceeded)",
                            "text/plain; charset=utf-8", [("X-Rate-Limit-Remaining", "0")] + wait)
        if kind == "malformed":
            body = rule.body if rule.body is not None else "<html>oops"
            return Response(200, body.encode("utf-8"), JSON_TYPE)
        if kind == "expired_token":
            return error_response(401, "Expired access token.",
                                  [("WWW-Authenticate", 'Bearer realm="canvas-lms"')],
                                  {"errors": [{"message": "Expired access token.",
                                               "expired_at": _iso(datetime.now(timezone.utc))}]})
        if kind == "unauthenticated":
            return error_response(401, "user authorization required", extra={"status": "unauthenticated"})
        if kind == "not_permitted":
            return not_permitted_response()
        return unauthorized_response()  # "unauthorized"

    def serve(self, req: Request) -> Response:
        try:
            if req.path.startswith("/files_api/upload/"):
                return self.upload(req, req.path[len("/files_api/upload/"):])
            match = re.fullmatch(r"/files/(\d+)/download", req.path)
            if match and req.method == "GET":
                return self.download(req, int(match.group(1)))
            if req.path.startswith("/api/v1/"):
                return self.api_call(req)
            return error_response(404, NOT_FOUND_MESSAGE)
        except ApiError as err:
            return err.response()

    def serve_store(self, req: Request, rule: Optional[FaultRule]) -> Response:
        """The file store: a course file's bytes for a signed, unexpired address; ranges and
        If-Range as S3 does them; a request with an Authorization header refused."""
        xml = "application/xml"
        match = re.fullmatch(r"/store/(\d+)/[^/]*", req.path)
        if match is None or req.method != "GET":
            return Response(404, b"<Error><Code>NoSuchKey</Code></Error>", xml)
        if req.auth_present:
            return Response(400, STORE_AUTH_BODY, xml)
        entry = self.catalog.get(int(match.group(1)))
        if entry is None:
            return Response(404, b"<Error><Code>NoSuchKey</Code></Error>", xml)
        kind = rule.kind if rule is not None else None
        if kind == "store_expired" or not self.signer.valid(entry.id, req.param("expires"), req.param("sig")):
            return Response(403, STORE_EXPIRED_BODY, xml)
        total = entry.size + (STORE_LONG_EXTRA if kind == "store_long" else 0)
        headers = [("ETag", entry.etag), ("Last-Modified", entry.last_modified), ("Accept-Ranges", "bytes"),
                   ("Content-Disposition", f"attachment; filename*=UTF-8''{quote(entry.name, safe='')}")]
        wanted = None if kind == "store_ignore_range" else parse_range(req.headers.get("Range"), total)
        if_range = req.headers.get("If-Range")
        if wanted is not None and if_range is not None and if_range.strip() not in (entry.etag, entry.last_modified):
            wanted = None
        if wanted == ("unsatisfiable",):
            return Response(416, b"", xml, headers + [("Content-Range", f"bytes */{total}")])
        start, end = wanted or (0, total)
        if wanted is not None:
            headers.append(("Content-Range", f"bytes {start}-{end - 1}/{total}"))
        sent_end = end
        if kind == "store_short":
            sent_end = start + (end - start) // 2
        elif kind == "store_drop_after":
            sent_end = min(end, start + max(0, rule.bytes))

        def stream(sock) -> None:
            for chunk in entry.chunks(start, sent_end):
                sock.sendall(chunk)

        return Response(206 if wanted is not None else 200, content_type=entry.content_type, headers=headers,
                        stream=stream, length=end - start, close_after=sent_end < end)

    # ---- /api/v1

    API_ROUTES = [
        ("GET", r"/api/v1/courses", "list_courses"),
        ("GET", r"/api/v1/users/self/favorites/courses", "list_favorites"),
        ("GET", r"/api/v1/users/self", "get_self"),
        ("GET", r"/api/v1/users/self/missing_submissions", "list_missing_submissions"),
        ("GET", r"/api/v1/planner/items", "list_planner_items"),
        ("GET", r"/api/v1/planner/overrides", "list_planner_overrides"),
        ("POST", r"/api/v1/planner/overrides", "create_planner_override"),
        ("GET", r"/api/v1/planner/overrides/(?P<override>\d+)", "get_planner_override"),
        ("PUT", r"/api/v1/planner/overrides/(?P<override>\d+)", "update_planner_override"),
        ("DELETE", r"/api/v1/planner/overrides/(?P<override>\d+)", "delete_planner_override"),
        ("GET", r"/api/v1/planner_notes", "list_planner_notes"),
        ("POST", r"/api/v1/planner_notes", "create_planner_note"),
        ("GET", r"/api/v1/planner_notes/(?P<note>\d+)", "get_planner_note"),
        ("PUT", r"/api/v1/planner_notes/(?P<note>\d+)", "update_planner_note"),
        ("DELETE", r"/api/v1/planner_notes/(?P<note>\d+)", "delete_planner_note"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)", "get_course"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/modules", "list_modules"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/assignments", "list_assignments"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/assignment_groups", "list_assignment_groups"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/students/submissions", "list_student_submissions"),
        ("POST", r"/api/v1/courses/(?P<course>[^/]+)/assignments/(?P<assignment>[^/]+)"
                 r"/submissions/(?P<user>self|1)/files", "start_submission_upload"),
        ("POST", r"/api/v1/courses/(?P<course>[^/]+)/assignments/(?P<assignment>[^/]+)/submissions",
         "submit_assignment"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/assignments/(?P<assignment>[^/]+)"
                r"/submissions/(?P<user>self|1)", "get_submission"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/modules/(?P<module>[^/]+)", "get_module"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/modules/(?P<module>[^/]+)/items",
         "list_items"),
        ("POST", r"/api/v1/courses/(?P<course>[^/]+)/files", "start_upload"),
        ("GET", r"/api/v1/announcements", "list_announcements"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics", "list_discussion_topics"),
        ("PUT", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics/(?P<topic>[^/]+)/read", "mark_topic_read"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics/(?P<topic>[^/]+)", "get_discussion_topic"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics/(?P<topic>[^/]+)/view", "view_discussion"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics/(?P<topic>[^/]+)/entries",
         "list_discussion_entries"),
        ("POST", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics/(?P<topic>[^/]+)/entries",
         "post_discussion_entry"),
        ("POST", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics/(?P<topic>[^/]+)/entries/(?P<entry>[^/]+)"
                 r"/replies", "post_discussion_reply"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics/(?P<topic>[^/]+)/entries/(?P<entry>[^/]+)"
                r"/replies", "list_discussion_replies"),
        ("PUT", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics/(?P<topic>[^/]+)/entries/(?P<entry>[^/]+)"
                r"/read", "mark_discussion_entry_read"),
        ("PUT", r"/api/v1/courses/(?P<course>[^/]+)/discussion_topics/(?P<topic>[^/]+)/read_all",
         "mark_discussion_read_all"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/folders", "list_folders"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/files", "list_files"),
        ("GET", r"/api/v1/courses/(?P<course>[^/]+)/files/(?P<file>[^/]+)", "get_course_file"),
        ("GET POST", r"/api/v1/files/(?P<file>\d+)/create_success", "confirm_upload"),
        ("GET", r"/api/v1/files/(?P<file>\d+)", "get_file"),
    ]

    def api_call(self, req: Request) -> Response:
        if not req.auth_valid:
            return unauthorized_response()
        for methods, pattern, name in self.API_ROUTES:
            match = re.fullmatch(pattern, req.path)
            if match and req.method in methods.split():
                response = getattr(self, name)(req, **match.groupdict())
                if self.config.etags:
                    response = conditional_get(req, response)
                response.headers += [("X-Rate-Limit-Remaining", "700.0"),
                                     ("X-Request-Cost", "0.01")]
                return response
        return error_response(404, NOT_FOUND_MESSAGE)

    def _course(self, key: str) -> int:
        cid = self.data.resolve_course(key)
        if cid is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return cid

    def _paged(self, req: Request, items: list) -> Response:
        chunk, headers = self.paginator.page(req, items, self.base,
                                             self.config.strict_page_tokens)
        return json_response(200, chunk, headers)

    @property
    def role(self) -> str:
        return self.config.role

    def list_courses(self, req: Request) -> Response:
        """`enrollment_state` and `state[]` narrow the list as Canvas documents them."""
        includes = req.includes()
        wanted = req.param("enrollment_state")
        states = {v for k, v in req.query if k == "state[]"}
        ids = [cid for cid in self.data.course_ids() if self._listed(cid, wanted, states)]
        courses = [self.data.course_json(cid, includes, self.base, False, self.role) for cid in ids]
        return self._paged(req, courses)

    def _listed(self, cid: int, wanted: Optional[str], states: set) -> bool:
        data = self.data
        if states:
            if data.workflow_state(cid) not in states:
                return False
        elif not data.visible(cid, self.role):
            return False
        enrollment = data.enrollment_state(cid)
        if wanted == "active":
            return enrollment == "active" and not data.is_concluded(cid)
        if wanted == "invited_or_pending":
            return enrollment == "invited"
        if wanted == "completed":
            return data.is_concluded(cid)
        return True

    def list_favorites(self, req: Request) -> Response:
        """Canvas returns the favorites in one answer, without pages."""
        ids = [cid for cid in self.data.course_ids() if self.data.is_favorite(cid)
               and self.data.visible(cid, self.role) and not self.data.is_restricted(cid, self.role)]
        courses = [self.data.course_json(cid, req.includes(), self.base, False, self.role) for cid in ids]
        return json_response(200, courses)

    def get_self(self, _req: Request) -> Response:
        name = self.config.user_name
        first, _, last = name.rpartition(" ")
        return json_response(200, {"id": 1, "name": name, "short_name": name,
                                   "sortable_name": f"{last}, {first}" if first else name})

    def _readable_course(self, key: str) -> int:
        """A course the user may open: a date-restricted one is "not authorized", as on Canvas."""
        cid = self._course(key)
        unpublished = self.role == "student" and self.data.workflow_state(cid) == "unpublished"
        if self.data.is_restricted(cid, self.role) or unpublished:
            raise ApiError(401, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        return cid

    def get_course(self, req: Request, course: str) -> Response:
        cid = self._readable_course(course)
        return json_response(200, self.data.course_json(cid, req.includes(), self.base, True, self.role))

    def list_modules(self, req: Request, course: str) -> Response:
        cid = self._readable_course(course)
        includes = req.includes()
        modules = self.data.modules_json(cid, "items" in includes, self.base, self.role,
                                         "content_details" in includes)
        return self._paged(req, modules)

    def list_assignments(self, req: Request, course: str) -> Response:
        """The data set's assignments, with what has been handed in laid over them."""
        cid = self._readable_course(course)
        return self._paged(req, self._assignments(cid, "submission" in req.includes()))

    def _assignments(self, cid: int, with_submission: bool) -> list:
        assignments = self.data.assignments_json(cid, self.base, self.role, with_submission)
        for assignment in assignments:
            topic = self.discussions.topic_for_assignment(assignment["id"])
            if topic is not None:
                # `assignment_json` carries a graded discussion's topic (without its assignment).
                assignment["discussion_topic"] = self._discussion_json(topic, include_assignment=False)
            latest = self.submissions.latest(cid, assignment["id"])
            if latest is None:
                continue
            assignment["has_submitted_submissions"] = True
            if "submission" in assignment:
                assignment["submission"] = self.submission_json(assignment, latest)
        return assignments

    def list_student_submissions(self, req: Request, course: str) -> Response:
        """`GET /api/v1/courses/:id/students/submissions` with no `student_ids[]`: the student's own
        submissions to the course's published assignments. `include[]=submission_comments` adds
        the comments the student may read (a teacher's comment on a grade not posted is hidden),
        `include[]=rubric_assessment` the rubric's marks once the grade is posted; both keys are
        left out otherwise, as canvas-lms's `submission_json` does."""
        cid = self._readable_course(course)
        if self.role != "student":
            return self._paged(req, [])
        includes = req.includes()
        result = []
        for assignment in self._assignments(cid, True):
            submission = dict(assignment["submission"], assignment_id=assignment["id"])
            number = assignment["id"] - self.data.assignment_id(cid, 0)
            posted = submission.get("posted_at") is not None
            if "submission_comments" in includes:
                submission["submission_comments"] = self.comments_json(cid, number, posted)
            if "rubric_assessment" in includes and posted and "rubric" in assignment:
                submission["rubric_assessment"] = RUBRIC_MARKS
            result.append(submission)
        return self._paged(req, result)

    def comments_json(self, cid: int, number: int, posted: bool) -> list:
        """Course `cid`'s comments on Homework 1 where it is graded: the teacher's, with a file,
        hidden from the student until the grade is posted."""
        if number != 1 or not self.data.has_feedback(cid) or not posted:
            return []
        teacher = self.data._teachers(cid, self.base)[0]
        attachment = self.course_file_json(self.catalog.feedback_file(cid))
        stamp = _iso(self.data.today - timedelta(days=3))
        return [{
            "id": 880000 + cid, "author_id": teacher["id"], "author_name": teacher["display_name"],
            "author": {"id": teacher["id"], "display_name": teacher["display_name"], "avatar_image_url": None,
                       "html_url": teacher["html_url"]},
            "comment": "Good structure. Explain step 3 more fully next time.", "created_at": stamp, "edited_at": None,
            "attempt": None, "attachments": [attachment],
        }]

    def list_assignment_groups(self, req: Request, course: str) -> Response:
        """`GET /api/v1/courses/:id/assignment_groups`: the groups, with their assignments under
        `include[]=assignments` (each with the student's submission under `include[]=submission`,
        and the class's scores under `include[]=score_statistics`, which Canvas gives only with
        both). `grading_period_id` names a period of the course: 404 for any other."""
        cid = self._readable_course(course)
        includes = req.includes()
        period = req.param("grading_period_id")
        if period not in (None, "0") and (not self.data.has_grading_periods(cid) or period != str(7000 + cid)):
            raise ApiError(404, NOT_FOUND_MESSAGE)
        with_assignments = "assignments" in includes
        assignments = self._assignments(cid, "submission" in includes) if with_assignments else []
        groups = self.data.assignment_groups_json(cid, assignments, {"submission", "score_statistics"} <= includes)
        if not with_assignments:
            for group in groups:
                del group["assignments"]
        return self._paged(req, groups)

    def list_planner_items(self, req: Request) -> Response:
        """`GET /api/v1/planner/items`: what is due from `start_date` up to `end_date` (two weeks
        either side of today when neither is given), oldest first, in pages, each row shaped
        as canvas-lms's `planner_item_json` writes it. Only active enrollments in courses not
        concluded count, as Canvas's planner leaves the rest out unless `include[]=concluded`."""
        start, end = self._planner_range(req)
        rows = [row for row in self._planner_rows() if start <= row[0] < end]
        rows.sort(key=lambda row: row[0])
        return self._paged(req, [item for _, item in rows])

    def _planner_range(self, req: Request) -> tuple:
        given = (req.param("start_date"), req.param("end_date"))
        if not any(given):
            return self.data.today - timedelta(days=14), self.data.today + timedelta(days=14)
        far = timedelta(days=3650)
        return (self._planner_date("start_date", given[0], self.data.today - far),
                self._planner_date("end_date", given[1], self.data.today + far))

    @staticmethod
    def _planner_date(name: str, text: Optional[str], missing: datetime) -> datetime:
        if not text:
            return missing
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise ApiError(400, f"Invalid date or datetime for {name}")
        return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)

    def _planner_rows(self) -> list:
        """(when, item) for every plannable: each current course's assignments and announcements
        (the same the announcements API lists), an all-day event in the first course, a note of
        the user's own, and with the
        `planner_unknown_type` switch a row of a type clients do not know."""
        courses = [cid for cid in self.data.course_ids() if self._plans(cid)]
        rows = []
        for cid in courses:
            for assignment in self.data.assignments_json(cid, self.base, "student", True):
                rows.append(self._planner_assignment(cid, assignment))
        today = self.data.today
        if courses:
            first = courses[0]
            event_day = today + timedelta(days=3)
            event = self._planner_row(first, "calendar_event", 900002, event_day, False,
                                      {"title": "Field trip", "all_day": True, "start_at": _iso(event_day),
                                       "end_at": _iso(event_day)},
                                      f"/courses/{first}/calendar_events/900002")
            event["plannable_date"] = event_day.strftime("%Y-%m-%d")
            rows.append((event_day, event))
            if self.config.planner_unknown_type:
                rows.append(self._planner_row(first, "hologram_lecture", 900004, today + timedelta(hours=15), False,
                                              {"title": "Virtual visit"}, f"/courses/{first}/holograms/900004"))
        posted = self.data.changes.announcements()
        for cid in courses:
            for topic in self.announcements.topics(cid, today, posted):
                state = "read" if self.announcements.is_read(topic) else "unread"
                rows.append(self._planner_row(cid, "announcement", topic.id, topic.posted_at, False,
                                              {"title": topic.title, "unread_count": 0, "read_state": state},
                                              f"/courses/{cid}/discussion_topics/{topic.id}"))
        for note in self.planner.active_notes():
            at = _parse_iso(note["todo_date"])
            rows.append((at, self._planner_row(note["course_id"], "planner_note", note["id"], at, False, note, None)))
        rows = [row if isinstance(row, tuple) else (_parse_iso(row["plannable_date"]), row) for row in rows]
        for _, row in rows:
            row["planner_override"] = self.planner.override_for(row["plannable_type"], row["plannable_id"])
        return rows

    def list_missing_submissions(self, req: Request) -> Response:
        """`GET /api/v1/users/self/missing_submissions`: assignments of the student's current
        courses that are missing (not excused, not extended), by due date, without their
        submission; each with its `course` under `include[]=course` and `planner_override`
        under `include[]=planner_overrides`, as canvas-lms's users_controller gives them."""
        includes = req.includes()
        rows = []
        if self.role != "student":
            # Only the courses the user takes part in as a student count.
            return self._paged(req, rows)
        for cid in (cid for cid in self.data.course_ids() if self._plans(cid)):
            for assignment in self._assignments(cid, True):
                submission = assignment.pop("submission")
                if not submission.get("missing") or submission.get("excused"):
                    continue
                if "course" in includes:
                    assignment["course"] = {"id": cid, "name": self.data._course_name(cid),
                                            "course_code": self.data._course_code(cid)}
                if "planner_overrides" in includes:
                    assignment["planner_override"] = self.planner.override_for("assignment", assignment["id"])
                rows.append(assignment)
        rows.sort(key=lambda a: (a["due_at"] or "", a["id"]))
        return self._paged(req, rows)

    # ---- planner overrides and notes (planner_overrides_controller.rb, planner_notes_controller.rb)

    def _fields(self, req: Request) -> dict:
        fields: dict = {}
        for key, value in self._form_pairs(req):
            fields.setdefault(key, value)
        return fields

    def _plannable_exists(self, kind: str, pid: int) -> bool:
        if kind == "planner_note":
            return pid in self.planner.notes
        return any((row["plannable_type"], row["plannable_id"]) == (kind, pid) for _, row in self._planner_rows())

    def list_planner_overrides(self, req: Request) -> Response:
        """Only active overrides are listed: deleted ones are not, though they still hold their item."""
        active = [dict(o) for _, o in sorted(self.planner.overrides.items()) if o["workflow_state"] == "active"]
        return self._paged(req, active)

    def create_planner_override(self, req: Request) -> Response:
        fields = self._fields(req)
        kind = fields.get("plannable_type") or ""
        if kind not in PLANNABLE_TYPES:
            # The controller looks the type up and calls `constantize` on nil: an unhandled error.
            return error_response(500, "An error occurred.")
        raw = fields.get("plannable_id") or ""
        if not raw.strip().isdigit() or not self._plannable_exists(kind, int(raw)):
            raise ApiError(404, NOT_FOUND_MESSAGE)
        created = self.planner.create_override(kind, int(raw), value_to_boolean(fields.get("marked_complete")),
                                               value_to_boolean(fields.get("dismissed")))
        if created is None:
            return taken_response("plannable_id")
        return json_response(201, created)

    def _override(self, override: str) -> dict:
        found = self.planner.overrides.get(int(override))
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return found

    def get_planner_override(self, req: Request, override: str) -> Response:
        return json_response(200, dict(self._override(override)))

    def update_planner_override(self, req: Request, override: str) -> Response:
        """Both flags are always assigned: one left out becomes false."""
        found = self._override(override)
        fields = self._fields(req)
        found.update(marked_complete=value_to_boolean(fields.get("marked_complete")),
                     dismissed=value_to_boolean(fields.get("dismissed")), updated_at=self.planner.now())
        return json_response(200, dict(found))

    def delete_planner_override(self, req: Request, override: str) -> Response:
        found = self._override(override)
        found.update(workflow_state="deleted", deleted_at=self.planner.now(), updated_at=self.planner.now())
        return json_response(200, dict(found))

    @staticmethod
    def _todo_date(text: Optional[str], end_of_day: bool = False) -> Optional[datetime]:
        """`yyyy-mm-dd` (the day's start, or its end for an end date) or an ISO 8601 moment."""
        if not text:
            return None
        try:
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
                day = datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=timezone.utc)
                return day + timedelta(days=1, seconds=-1) if end_of_day else day
            return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(timezone.utc)
        except ValueError:
            return None

    def list_planner_notes(self, req: Request) -> Response:
        notes = self.planner.active_notes()
        for name, end in (("start_date", False), ("end_date", True)):
            text = req.param(name)
            if text is None:
                continue
            bound = self._todo_date(text, end)
            if bound is None:
                return json_response(400, {"errors": f"Invalid date or datetime for {name}"})
            notes = [n for n in notes if (_parse_iso(n["todo_date"]) >= bound if not end
                                          else _parse_iso(n["todo_date"]) <= bound)]
        codes = [v for k, v in req.query if k in ("context_codes[]", "context_codes")]
        if codes:
            courses = {int(c[len("course_"):]) for c in codes if c.startswith("course_") and c[7:].isdigit()}
            mine = "user_1" in codes
            notes = [n for n in notes if n["course_id"] in courses or (mine and n["course_id"] is None)]
        return json_response(200, notes)

    def create_planner_note(self, req: Request) -> Response:
        fields = self._fields(req)
        title = (fields.get("title") or "").strip()
        when = self._todo_date(fields.get("todo_date"))
        if not title or when is None:
            attribute = "title" if not title else "todo_date"
            return json_response(400, {"errors": {attribute: [{"attribute": attribute, "type": "blank",
                                                               "message": "blank"}]}})
        course = None
        if fields.get("course_id"):
            course = self._course(fields["course_id"])
        return json_response(201, self.planner.create_note(title, when, fields.get("details"), course))

    def _note(self, note: str) -> dict:
        found = self.planner.notes.get(int(note))
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return found

    def get_planner_note(self, req: Request, note: str) -> Response:
        return json_response(200, dict(self._note(note)))

    def update_planner_note(self, req: Request, note: str) -> Response:
        found = self._note(note)
        fields = self._fields(req)
        if "title" in fields:
            if not fields["title"].strip():
                return json_response(400, {"errors": {"title": [{"attribute": "title", "type": "blank",
                                                                 "message": "blank"}]}})
            found["title"] = fields["title"].strip()
        if "details" in fields:
            found["details"] = fields["details"]
        if "todo_date" in fields:
            when = self._todo_date(fields["todo_date"])
            if when is None:
                return json_response(400, {"errors": {"todo_date": [{"attribute": "todo_date", "type": "blank",
                                                                     "message": "blank"}]}})
            found["todo_date"] = _iso(when)
        if "course_id" in fields:
            found["course_id"] = self._course(fields["course_id"]) if fields["course_id"] else None
        found["updated_at"] = self.planner.now()
        return json_response(200, dict(found))

    def delete_planner_note(self, req: Request, note: str) -> Response:
        """A soft delete, answered with the note; again, the same."""
        found = self._note(note)
        found["workflow_state"] = "deleted"
        return json_response(200, dict(found))

    def _plans(self, cid: int) -> bool:
        data = self.data
        return (data.enrollment_state(cid) == "active" and not data.is_concluded(cid)
                and data.workflow_state(cid) == "available" and not data.is_restricted(cid, "student"))

    def _planner_assignment(self, cid: int, assignment: dict) -> dict:
        submission = assignment["submission"]
        latest = self.submissions.latest(cid, assignment["id"])
        if latest is not None:
            submission = self.submission_json(assignment, latest)
        submitted = submission.get("submitted_at") is not None
        graded = submission.get("workflow_state") == "graded"
        status = {"submitted": submitted, "excused": bool(submission.get("excused")), "graded": graded,
                  "posted_at": submission.get("posted_at"), "late": bool(submission.get("late")),
                  "missing": bool(submission.get("missing")), "needs_grading": submitted and not graded,
                  "has_feedback": False, "redo_request": bool(submission.get("redo_request")),
                  "extended": submission.get("late_policy_status") == "extended"}
        number = assignment["id"] - self.data.assignment_id(cid, 0)
        comments = self.comments_json(cid, number, submission.get("posted_at") is not None)
        if comments:
            # canvas-lms's planner adds the teacher's last comment where there is feedback.
            status["has_feedback"] = True
            status["feedback"] = {"comment": comments[-1]["comment"], "is_media": False,
                                  "author_name": comments[-1]["author_name"], "author_avatar_url": None}
        plannable = {"id": assignment["id"], "title": assignment["name"], "course_id": cid,
                     "points_possible": assignment["points_possible"], "due_at": assignment["due_at"],
                     "assignment_id": None}
        path = f"/courses/{cid}/assignments/{assignment['id']}"
        if submitted or graded:
            path += "/submissions/1"
        return self._planner_row(cid, "assignment", assignment["id"], _parse_iso(assignment["due_at"]), status,
                                 plannable, path)

    def _planner_row(self, cid: Optional[int], kind: str, pid: int, when: datetime, submissions,
                     plannable: dict, html_url: Optional[str]) -> dict:
        row = {"plannable_id": pid, "plannable_type": kind, "plannable_date": _iso(when),
               "planner_override": None, "new_activity": False, "submissions": submissions,
               "plannable": dict(plannable, id=pid)}
        if cid is None:
            row.update({"context_type": "User", "user_id": 1})
        else:
            row.update({"context_type": "Course", "course_id": cid, "context_name": self.data.course_json(
                cid, set(), self.base, True)["name"], "context_image": None})
        if html_url is not None:
            row["html_url"] = html_url
        return row

    # ---- announcements (discussion topics that are announcements)

    def list_announcements(self, req: Request) -> Response:
        """`GET /api/v1/announcements`: the announcements of the `context_codes[]` courses posted
        from `start_date` to `end_date` (Canvas's defaults: 14 days ago at midnight, and 28 days
        after the start), newest first, each with its `context_code`; shaped as canvas-lms's
        `discussion_topics_api_json` writes them, `read_state` the user's own."""
        codes = [value for key, value in req.query if key == "context_codes[]"]
        if not codes:
            raise ApiError(400, "Missing context_codes")
        courses = []
        for code in codes:
            kind, _, key = code.partition("_")
            if kind != "course" or not key:
                raise ApiError(400, "Invalid context_codes; only `course` codes are supported")
            courses.append(self._readable_course(key))
        start = self._announcement_date(req.param("start_date"), "start_date", end_of_day=False)
        start = start or self.data.today - timedelta(days=14)
        end = self._announcement_date(req.param("end_date"), "end_date", end_of_day=True) or start + timedelta(days=28)
        rows = []
        for cid in courses:
            for topic in self.announcements.topics(cid, self.data.today, self.data.changes.announcements()):
                if start <= topic.posted_at <= end:
                    rows.append((topic.posted_at, dict(self._announcement_json(topic), context_code=f"course_{cid}")))
        rows.sort(key=lambda row: row[0], reverse=True)
        return self._paged(req, [row for _, row in rows])

    @staticmethod
    def _announcement_date(text: Optional[str], name: str, end_of_day: bool) -> Optional[datetime]:
        """A `yyyy-mm-dd` day (its start, or its end for `end_date`) or an ISO 8601 moment, as Canvas reads them."""
        if not text:
            return None
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            day = datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=timezone.utc)
            return day + timedelta(days=1, microseconds=-1) if end_of_day else day
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise ApiError(400, f"Invalid {name}")
        return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)

    def list_discussion_topics(self, req: Request, course: str) -> Response:
        """`GET /api/v1/courses/:id/discussion_topics`: with `only_announcements=true`, the
        course's announcements newest first, `filter_by=unread` keeping those the user has not
        read. Without it, DiscussionTopicsController#index's discussions (no announcements; only
        course 52 has any), shaped by `discussion_topics_api_json`: pinned ones first by position,
        then by latest activity (`last_reply_at`), newest first; `order_by=title` by title;
        `filter_by=unread` keeping the topics whose own `read_state` is unread."""
        cid = self._readable_course(course)
        if req.param("only_announcements") not in ("true", "1"):
            return self._paged(req, [self._discussion_json(t) for t in self._ordered_discussions(req, cid)])
        topics = self.announcements.topics(cid, self.data.today, self.data.changes.announcements())
        if req.param("filter_by") == "unread":
            topics = [topic for topic in topics if not self.announcements.is_read(topic)]
        topics.sort(key=lambda topic: topic.posted_at, reverse=True)
        return self._paged(req, [self._announcement_json(topic) for topic in topics])

    def _announcement_json(self, topic: Topic) -> dict:
        """The topic as canvas-lms writes it; "Week slides are up" comes with the course's
        Lecture 1.pdf as its one attachment (a topic has at most one)."""
        answer = self.announcements.json(topic, self.base)
        if topic.title == SLIDES_ANNOUNCEMENT:
            slides = self.catalog.get(FILE_ID_BASE + topic.course_id * 100 + FILE_ITEM_FILE)
            if slides is not None:
                answer["attachments"] = [self.course_file_json(slides)]
        return answer

    def mark_topic_read(self, _req: Request, course: str, topic: str) -> Response:
        """`PUT /api/v1/courses/:id/discussion_topics/:topic_id/read`: `204 No Content`, and the
        topic's `read_state` is `read` from then on (its entries keep theirs). For a discussion it
        is exempt from `require_initial_post`, as DiscussionTopicsApiController#mark_topic_read is."""
        cid = self._readable_course(course)
        discussion = self.discussions.topic(cid, topic)
        if discussion is not None:
            self.discussions.mark_topic_read(discussion.id)
            return Response(204, b"", None)
        found = next((t for t in self.announcements.topics(cid, self.data.today, self.data.changes.announcements()) if str(t.id) == topic), None)
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        self.announcements.mark_read(found)
        return Response(204, b"", None)

    # ---- discussions (DiscussionTopicsController#index, DiscussionTopicsApiController)

    def _discussion(self, course: str, topic: str) -> tuple:
        """The course (readable by the user) and its discussion topic; 404 for another's or none."""
        cid = self._readable_course(course)
        found = self.discussions.topic(cid, topic)
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return cid, found

    def _initial_post_required(self, topic: DiscussionTopicRow) -> bool:
        """DiscussionTopic#initial_post_required?: the topic wants a post first, the user has none,
        and cannot read as an admin (a teacher can)."""
        return topic.require_initial_post and self.role == "student" and not self.discussions.has_posted(topic.id)

    def _require_initial_post(self, topic: DiscussionTopicRow) -> None:
        if self._initial_post_required(topic):
            raise InitialPostRequired()

    def _closed_to_user(self, topic: DiscussionTopicRow) -> bool:
        """A topic closed for comments is locked for a student; a teacher (read_as_admin) may still post."""
        return topic.locked and self.role == "student"

    def _discussion_user(self, uid: int, cid: int) -> dict:
        """`user_display_json`: who wrote a topic or an entry."""
        if uid == 1:
            name = self.config.user_name
        elif uid in CLASSMATES:
            name = CLASSMATES[uid]
        else:
            name = next((t["display_name"] for t in self.data._teachers(cid, self.base) if t["id"] == uid), f"User {uid}")
        return {"id": uid, "anonymous_id": format(uid, "x"), "display_name": name,
                "avatar_image_url": f"{self.base}/images/messages/avatar-50.png",
                "html_url": f"{self.base}/courses/{cid}/users/{uid}", "pronouns": None}

    def _last_reply_at(self, topic: DiscussionTopicRow, entries: list) -> datetime:
        return max([topic.posted_at] + [e.created_at for e in entries if not e.deleted])

    def _ordered_discussions(self, req: Request, cid: int) -> list:
        """The course's discussions in the order `order_by` asks for (see list_discussion_topics)."""
        topics = self.discussions.topics(cid)
        if req.param("filter_by") == "unread":
            topics = [t for t in topics if not self.discussions.topic_read(t.id)]
        if req.param("order_by") == "title":
            return sorted(topics, key=lambda t: (t.title.casefold(), t.id))
        last = {t.id: self._last_reply_at(t, self.discussions.entries(t.id)) for t in topics}
        return sorted(topics, key=lambda t: (t.position is None, t.position or 0, -last[t.id].timestamp(), -t.id))

    def _discussion_json(self, topic: DiscussionTopicRow, include_assignment: bool = True) -> dict:
        """`discussion_topic_api_json` for the user: read state and unread count their own,
        `user_can_see_posts` false while a required first post of theirs is missing."""
        cid = topic.course_id
        entries = self.discussions.entries(topic.id)
        active = [e for e in entries if not e.deleted]
        posted = self.discussions.has_posted(topic.id)
        student = self.role == "student"
        closed = self._closed_to_user(topic)
        author = self._discussion_user(topic.author_id, cid)
        url = f"{self.base}/courses/{cid}/discussion_topics/{topic.id}"
        answer = {
            "id": topic.id, "title": topic.title, "message": topic.message, "html_url": url, "url": url,
            "posted_at": _iso(topic.posted_at), "created_at": _iso(topic.posted_at),
            "last_reply_at": _iso(self._last_reply_at(topic, entries)), "delayed_post_at": None, "lock_at": None,
            "todo_date": None, "user_name": author["display_name"], "author": author,
            "discussion_subentry_count": len(active),
            "read_state": "read" if self.discussions.topic_read(topic.id) else "unread",
            "unread_count": sum(1 for e in active if not self.discussions.is_read(e.id)),
            "subscribed": posted, "require_initial_post": topic.require_initial_post,
            "user_can_see_posts": not self._initial_post_required(topic),
            "discussion_type": topic.discussion_type, "position": topic.position, "pinned": topic.position is not None,
            "locked": topic.locked, "locked_for_user": closed, "assignment_id": topic.assignment_id,
            "published": True, "is_announcement": False, "podcast_url": None, "attachments": [],
            "topic_children": [], "root_topic_id": None, "group_category_id": None,
            "allow_rating": False, "only_graders_can_rate": False, "sort_by_rating": False,
            "permissions": {"attach": not student, "update": not student, "reply": not closed, "delete": not student},
        }
        if self._initial_post_required(topic):
            answer["subscription_hold"] = "initial_post_required"
        if closed:
            answer["lock_info"] = {"asset_string": f"discussion_topic_{topic.id}", "can_view": True}
            answer["lock_explanation"] = "This topic is closed for comments."
        if include_assignment and topic.assignment_id is not None:
            answer["assignment"] = self.data.assignment(cid, str(topic.assignment_id), self.base, self.role)
        return answer

    def _entry_json(self, entry: DiscussionEntryRow, cid: int, for_user: bool) -> dict:
        """`serialize_entry`: a deleted entry keeps its place as `deleted: true`, without its
        message or author. The cached view (`for_user` false) has no `user_name` or read state."""
        answer = {"id": entry.id, "created_at": _iso(entry.created_at), "updated_at": _iso(entry.created_at),
                  "parent_id": entry.parent_id, "rating_count": None, "rating_sum": None}
        if entry.deleted:
            answer.update(editor_id=entry.editor_id, deleted=True)
        else:
            answer.update(user_id=entry.user_id, message=entry.message)
            if for_user:
                answer["user_name"] = self._discussion_user(entry.user_id, cid)["display_name"]
        if for_user:
            answer["read_state"] = "read" if self.discussions.is_read(entry.id) else "unread"
            answer["forced_read_state"] = self.discussions.is_forced(entry.id)
        return answer

    def get_discussion_topic(self, req: Request, course: str, topic: str) -> Response:
        """`GET …/discussion_topics/:topic` (DiscussionTopicsApiController#show): the topic as the
        list gives it, exempt from `require_initial_post`; an announcement by its id too."""
        cid = self._readable_course(course)
        found = self.discussions.topic(cid, topic)
        if found is not None:
            return json_response(200, self._discussion_json(found))
        announcement = next((t for t in self.announcements.topics(cid, self.data.today, self.data.changes.announcements())
                             if str(t.id) == topic), None)
        if announcement is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return json_response(200, dict(self._announcement_json(announcement), is_announcement=True))

    def view_discussion(self, req: Request, course: str, topic: str) -> Response:
        """`GET …/discussion_topics/:topic/view` (DiscussionTopicsApiController#view): the cached
        tree of every entry (`view`, oldest first, `replies` only under an entry that has some),
        `unread_entries`, `forced_entries`, `entry_ratings` and the `participants`. The tree is
        Canvas's materialized view, rebuilt a little after each post: an entry younger than the
        config's `discussion_view_lag` (10 s) is not in it, only in `new_entries` (flat, oldest
        first) and then only with `include_new_entries=1`. 403 "require_initial_post" first."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        with_new = req.param("include_new_entries") == "1"
        now = datetime.now(timezone.utc)
        lag = self.config.discussion_view_lag
        entries = self.discussions.entries(found.id)
        settled = [e for e in entries if (now - e.created_at).total_seconds() >= lag]
        fresh = [e for e in entries if (now - e.created_at).total_seconds() < lag]
        view, nodes = [], {}
        for entry in settled:
            node = self._entry_json(entry, cid, False)
            nodes[entry.id] = node
            parent = nodes.get(entry.parent_id)
            if parent is not None:
                parent.setdefault("replies", []).append(node)
            else:
                view.append(node)
        shown = settled + (fresh if with_new else [])
        users = sorted({e.user_id for e in shown} | {e.editor_id for e in shown if e.editor_id is not None})
        return json_response(200, {
            "unread_entries": sorted(e.id for e in shown if not e.deleted and not self.discussions.is_read(e.id)),
            "forced_entries": sorted(e.id for e in shown if self.discussions.is_forced(e.id)),
            "entry_ratings": {},
            "participants": [{k: v for k, v in self._discussion_user(uid, cid).items()
                              if k in ("id", "display_name", "avatar_image_url", "html_url")} for uid in users],
            "view": view,
            "new_entries": [self._entry_json(e, cid, False) for e in fresh] if with_new else [],
        })

    def list_discussion_entries(self, req: Request, course: str, topic: str) -> Response:
        """`GET …/discussion_topics/:topic/entries` (DiscussionTopicsApiController#entries): the
        top-level entries, newest first, in pages, each with `user_name` and its read state, and,
        where it has replies, `recent_replies` (its ten newest replies at any depth, newest first)
        and `has_more_replies`. Behind `require_initial_post`."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        entries = self.discussions.entries(found.id)
        newest_first = sorted((e for e in entries if not e.deleted), key=lambda e: (e.created_at, e.id), reverse=True)
        rows = []
        for entry in (e for e in newest_first if e.parent_id is None):
            row = self._entry_json(entry, cid, True)
            replies = self._replies_newest_first(entries, entry.id)
            if replies:
                row["recent_replies"] = [self._entry_json(e, cid, True) for e in replies[:10]]
                row["has_more_replies"] = len(replies) > 10
            rows.append(row)
        return self._paged(req, rows)

    @staticmethod
    def _replies_newest_first(entries: list, eid: int) -> list:
        """Every active reply under the entry `eid`, at any depth, newest first."""
        below: dict = {}
        for entry in entries:
            below.setdefault(entry.parent_id, []).append(entry)
        found, pending = [], list(below.get(eid, []))
        while pending:
            child = pending.pop()
            found.append(child)
            pending += below.get(child.id, [])
        return sorted((e for e in found if not e.deleted), key=lambda e: (e.created_at, e.id), reverse=True)

    def list_discussion_replies(self, req: Request, course: str, topic: str, entry: str) -> Response:
        """`GET …/entries/:entry/replies` (DiscussionTopicsApiController#replies): every reply
        under the entry at any depth, flat, newest first, in pages, each with `user_name` and its
        read state. Behind `require_initial_post`; an entry not in the topic is 404."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        parent = self.discussions.entry(found.id, entry)
        if parent is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        replies = self._replies_newest_first(self.discussions.entries(found.id), parent.id)
        return self._paged(req, [self._entry_json(e, cid, True) for e in replies])

    def _posted_entry(self, cid: int, topic: DiscussionTopicRow, parent: Optional[int], req: Request) -> Response:
        """`save_entry`: 201 with the new entry as the user sees it. Nothing dedupes a post."""
        message = self._fields(req).get("message") or ""
        entry = self.discussions.add(topic.id, parent, 1, message)
        answer = self._entry_json(entry, cid, True)
        answer["user"] = self._discussion_user(1, cid)
        return json_response(201, answer)

    def post_discussion_entry(self, req: Request, course: str, topic: str) -> Response:
        """`POST …/discussion_topics/:topic/entries` (DiscussionTopicsApiController#add_entry),
        `message` as a form or JSON field: 201 with the entry. Exempt from `require_initial_post`
        (it is the initial post); a topic closed for comments answers a student 403 "not authorized"."""
        cid, found = self._discussion(course, topic)
        if self._closed_to_user(found):
            raise ApiError(403, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        return self._posted_entry(cid, found, None, req)

    def post_discussion_reply(self, req: Request, course: str, topic: str, entry: str) -> Response:
        """`POST …/entries/:entry/replies` (DiscussionTopicsApiController#add_reply): 201 with the
        reply, its `parent_id` the entry; in a topic that is not threaded a reply to a reply goes
        under the thread's top entry. Behind `require_initial_post`; an unknown entry is 404, a
        closed topic 403 "not authorized"."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        parent = self.discussions.entry(found.id, entry)
        if parent is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        if self._closed_to_user(found):
            raise ApiError(403, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        while not found.threaded and parent.parent_id is not None:
            parent = self.discussions.entry(found.id, str(parent.parent_id))
        return self._posted_entry(cid, found, parent.id, req)

    def mark_discussion_entry_read(self, req: Request, course: str, topic: str, entry: str) -> Response:
        """`PUT …/entries/:entry/read` (DiscussionTopicsApiController#mark_entry_read): 204, and the
        entry is read for the user (again: the same); `forced_read_state=true` marks it forced.
        Behind `require_initial_post`; an entry of another topic is 404."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        target = self.discussions.entry(found.id, entry)
        if target is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        self.discussions.mark_entry_read(target.id, value_to_boolean(self._fields(req).get("forced_read_state")))
        return Response(204, b"", None)

    def mark_discussion_read_all(self, req: Request, course: str, topic: str) -> Response:
        """`PUT …/discussion_topics/:topic/read_all` (DiscussionTopicsApiController#mark_all_read):
        204, the topic and every entry read. Behind `require_initial_post`."""
        _, found = self._discussion(course, topic)
        self._require_initial_post(found)
        self.discussions.mark_all_read(found.id)
        return Response(204, b"", None)

    def _module_position(self, cid: int, module: str) -> int:
        position = self.data.module_position(cid, module)
        if position is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return position

    def get_module(self, req: Request, course: str, module: str) -> Response:
        cid = self._readable_course(course)
        position = self._module_position(cid, module)
        includes = req.includes()
        return json_response(200, self.data.module_json(cid, position, "items" in includes,
                                                        self.base, self.role,
                                                        "content_details" in includes))

    def list_items(self, req: Request, course: str, module: str) -> Response:
        cid = self._readable_course(course)
        position = self._module_position(cid, module)
        details = "content_details" in req.includes()
        return self._paged(req, self.data.items_json(cid, position, self.base, self.role, details))

    # ---- uploads (Canvas's three steps)

    def start_upload(self, req: Request, course: str) -> Response:
        """Step 1: params may be in the query, a form body or a JSON body."""
        cid = self._course(course)
        if self.role == "student":
            # Adding to a course's Files needs "Manage Files", which students lack.
            return not_permitted_response()
        # Query first, then the body; a name in both takes the body's value.
        params = dict(self._form_pairs(req))
        return json_response(200, self._ticket(self.files.issue(cid, params)))

    def _ticket(self, pending: PendingUpload) -> dict:
        """Step 1's answer, the same for course files and submission files."""
        return {
            "upload_url": f"{self.base}/files_api/upload/{pending.token}",
            "upload_params": dict(pending.params),
            "file_param": "file",
        }

    @staticmethod
    def _form_pairs(req: Request) -> list:
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

    def upload(self, req: Request, token: str) -> Response:
        """Step 2: the file store; no Canvas token belongs here."""
        if req.method != "POST":
            return error_response(405, "the file store only takes POST")
        if req.auth_present and self.config.reject_upload_auth:
            return error_response(400, "Authorization header not allowed on the file store")
        pending = self.files.pending(token)
        if pending is None:
            return error_response(404, "unknown upload token")
        if pending.used:
            return error_response(400, "upload token already used")
        if time.monotonic() - pending.issued_at > self.config.signature_ttl:
            return error_response(400, "expired: the upload signature is no longer valid",
                                  extra={"error": "expired"})
        kind, ctype_params = parse_header_params(req.headers.get("Content-Type") or "")
        if kind != "multipart/form-data" or not ctype_params.get("boundary"):
            return error_response(400, "expected multipart/form-data with a boundary")
        return self._receive(req, pending, ctype_params["boundary"])

    def _receive(self, req: Request, pending: PendingUpload, boundary: str) -> Response:
        """Stream the body to a temp file; keep it only if the upload is valid."""
        out = self.files.new_temp()
        try:
            with out:
                result = parse_multipart(req.body, boundary, out)
            problem = self._check_upload_fields(result, pending)
            if problem is None:
                return self._upload_answer(self.files.store(pending, out.name, result.file))
        except MultipartError as exc:
            problem = f"malformed multipart body: {exc}"
        except BaseException:
            _remove_quietly(out.name)  # client went away, or the token was taken
            raise
        _remove_quietly(out.name)
        return error_response(400, problem)

    @staticmethod
    def _check_upload_fields(result: MultipartResult, pending: PendingUpload) -> Optional[str]:
        if result.file is None:
            return "no `file` part in the upload"
        for name in ("key", "policy", "signature"):
            if result.fields.get(name) != pending.params[name]:
                after = " (it came after the file part)" if name in result.ignored_after_file else ""
                return f"missing or wrong upload param {name!r}{after}"
        return None

    def _upload_answer(self, stored: StoredFile) -> Response:
        if self.config.upload_answer == "201":
            self.files.confirm(stored.id, stored.uuid)  # Canvas is done at 201
            location = f"{self.base}/api/v1/files/{stored.id}"
            return json_response(201, self.file_json(stored), [("Location", location)])
        location = f"{self.base}/api/v1/files/{stored.id}/create_success?uuid={stored.uuid}"
        return Response(301, b"", None, [("Location", location)])

    def confirm_upload(self, req: Request, file: str) -> Response:
        """Step 3: following the redirect (with the token) confirms the file."""
        req.body.drain()
        stored = self.files.confirm(int(file), req.param("uuid"))
        if stored is None:
            return error_response(404, NOT_FOUND_MESSAGE)
        return json_response(200, self.file_json(stored))

    # ---- submissions (a student hands in an assignment)

    def _student_assignment(self, course: str, assignment: str) -> tuple[int, dict]:
        """The course and assignment a submission route names, as its student sees it.

        Only a student has a submission: a teacher gets the "not authorized" 401 before
        anything is looked up.  Then an unknown course or an assignment that is not the
        course's is a 404 (and a course the student may not open, the usual 401).
        """
        if self.role != "student":
            raise ApiError(401, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        cid = self._readable_course(course)
        found = self.data.assignment(cid, assignment, self.base, "student")
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return cid, found

    def start_submission_upload(self, req: Request, course: str, assignment: str, user: str) -> Response:
        """Step 1 for a file to hand in: the file goes to the user's submission context
        for this assignment, not to the course's Files; steps 2 and 3 are the usual ones."""
        cid, found = self._student_assignment(course, assignment)
        params = dict(self._form_pairs(req))
        return json_response(200, self._ticket(self.files.issue(cid, params, assignment_id=found["id"])))

    def submit_assignment(self, req: Request, course: str, assignment: str) -> Response:
        """Create the next attempt, after Canvas's checks in Canvas's order."""
        cid, found = self._student_assignment(course, assignment)
        if found.get("locked_for_user"):
            return not_permitted_response()
        pairs = self._form_pairs(req)
        fields: dict = {}
        for key, value in pairs:
            fields.setdefault(key, []).append(value)
        kind = (fields.get("submission[submission_type]") or [""])[0]
        if kind not in found["submission_types"]:
            raise ApiError(400, "Invalid submission[submission_type] given", bare=True)
        comment = (fields.get("comment[text_comment]") or [None])[0]
        if kind in ("online_text_entry", "online_url"):
            return self._submit_text_or_url(req, cid, found, kind, fields, comment)
        raw_ids = fields.get("submission[file_ids][]", []) + fields.get("submission[file_ids]", [])
        raw_ids = list(dict.fromkeys(r.strip() for r in raw_ids if r.strip()))
        if kind == "online_upload" and not raw_ids:
            raise ApiError(400, "No valid file ids given: an online_upload submission needs at "
                                "least one file attached (submission[file_ids][])", bare=True)
        files = [self._submission_file(cid, found["id"], raw) for raw in raw_ids]
        allowed = [e.lower() for e in found.get("allowed_extensions") or []]
        for stored in files:
            name = stored.display_name or stored.requested_name
            extension = name.rsplit(".", 1)[1].lower() if "." in name else ""
            if allowed and extension not in allowed:
                raise ApiError(400, f"Invalid file type: {name} (allowed: {', '.join(allowed)})", bare=True)
        attempt = self.submissions.submit(cid, found["id"], [f.id for f in files], comment,
                                          _parse_iso(found["due_at"]))
        return json_response(201, self.submission_json(found, attempt))

    def _submit_text_or_url(self, req: Request, cid: int, found: dict, kind: str, fields: dict,
                            comment: Optional[str]) -> Response:
        """A text entry or a link, as submissions_controller.rb takes them: an empty body is
        turned away with a redirect to the assignment's page (nothing made); a link without a
        scheme gets `http://`, as the Submission model does."""
        if kind == "online_text_entry":
            body = (fields.get("submission[body]") or [""])[0]
            if not body.strip():
                return Response(302, b"", "text/html; charset=utf-8",
                                [("Location", f"{self.base}/courses/{cid}/assignments/{found['id']}")])
            attempt = self.submissions.submit(cid, found["id"], [], comment, _parse_iso(found["due_at"]),
                                              kind, body=body)
        else:
            url = (fields.get("submission[url]") or [""])[0].strip()
            if not url:
                raise ApiError(400, "Invalid submission[url] given", bare=True)
            if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", url):
                url = "http://" + url
            attempt = self.submissions.submit(cid, found["id"], [], comment, _parse_iso(found["due_at"]),
                                              kind, url=url)
        return json_response(201, self.submission_json(found, attempt))

    def _submission_file(self, cid: int, aid: int, raw: str) -> StoredFile:
        """A file may be handed in only if this user uploaded (and confirmed) it through
        this assignment's submissions/self/files -- not a course file, not another's."""
        stored = self.files.get(int(raw)) if raw.isdigit() else None
        if stored is None or stored.assignment_id != aid or stored.course_id != cid:
            raise ApiError(400, f"Invalid file id {raw}: not a file you uploaded for this "
                                "assignment's submission", bare=True)
        return stored

    def get_submission(self, req: Request, course: str, assignment: str, user: str) -> Response:
        """The latest attempt, or the unsubmitted Submission Canvas has before any."""
        cid, found = self._student_assignment(course, assignment)
        history = self.submissions.history(cid, found["id"])
        includes = req.includes()
        submission = self.submission_json(found, history[-1] if history else None)
        if "submission_history" in includes:
            submission["submission_history"] = ([self.submission_json(found, a) for a in history]
                                                or [self.submission_json(found, None)])
        if "submission_comments" in includes:
            submission["submission_comments"] = [
                {"id": 70000 + a.attempt, "author_id": 1, "author_name": "Test User",
                 "comment": a.comment, "created_at": a.submitted_at, "attempt": a.attempt}
                for a in history if a.comment]
        return json_response(200, submission)

    def submission_json(self, assignment: dict, attempt: Optional[Attempt]) -> dict:
        """A Canvas Submission object for one attempt, or the unsubmitted one (None)."""
        aid = assignment["id"]
        submission = {
            "id": self.data.submission_id(aid), "assignment_id": aid, "user_id": 1,
            "attempt": None, "submitted_at": None, "workflow_state": "unsubmitted",
            "submission_type": None, "late": False, "missing": False, "excused": None,
            "score": None, "grade": None, "posted_at": None, "seconds_late": 0,
        }
        if attempt is None:
            return self.data.student_submission(assignment["course_id"], assignment["position"], aid,
                                                _parse_iso(assignment.get("due_at")))
        attachments = [self.files.get(fid) for fid in attempt.file_ids]
        submission.update({
            "attempt": attempt.attempt, "submitted_at": attempt.submitted_at,
            "workflow_state": "submitted", "submission_type": attempt.submission_type,
            "late": attempt.late, "seconds_late": attempt.seconds_late,
            "body": attempt.body, "url": attempt.url,
        })
        if attempt.submission_type == "online_upload":
            submission["attachments"] = [self.file_json(f) for f in attachments if f is not None]
        return submission

    def _files_course(self, course: str) -> int:
        """A course whose Files the user may see: a student gets "not authorized" where the
        teacher hid Files (id % 10 == 8), as where the course is closed."""
        cid = self._readable_course(course)
        if self.role == "student" and cid % 10 == 8:
            raise ApiError(401, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        return cid

    def list_folders(self, req: Request, course: str) -> Response:
        cid = self._files_course(course)
        folders = self.catalog.folders(cid)
        files = self.catalog.files(cid)
        return self._paged(req, [self.course_folder_json(f, folders, files) for f in folders])

    def list_files(self, req: Request, course: str) -> Response:
        cid = self._files_course(course)
        return self._paged(req, [self.course_file_json(f) for f in self.catalog.files(cid)])

    def get_course_file(self, req: Request, course: str, file: str) -> Response:
        cid = self._files_course(course)
        entry = self.catalog.get(int(file)) if file.isdigit() else None
        if entry is None or entry.course_id != cid:
            return error_response(404, NOT_FOUND_MESSAGE)
        return json_response(200, self.course_file_json(entry))

    def course_folder_json(self, folder: CourseFolderEntry, folders: list, files: list) -> dict:
        stamp = _iso(self.data.today - timedelta(days=30))
        api = f"{self.base}/api/v1/folders/{folder.id}"
        return {
            "id": folder.id, "name": folder.name, "full_name": folder.full_name,
            "context_id": folder.course_id, "context_type": "Course",
            "parent_folder_id": folder.parent_id, "created_at": stamp, "updated_at": stamp,
            "lock_at": None, "unlock_at": None, "position": None, "locked": False,
            "folders_url": f"{api}/folders", "files_url": f"{api}/files",
            "files_count": sum(1 for f in files if f.folder_id == folder.id),
            "folders_count": sum(1 for f in folders if f.parent_id == folder.id),
            "hidden": folder.hidden, "locked_for_user": False, "hidden_for_user": folder.hidden,
            "for_submissions": False, "can_upload": self.role == "teacher",
        }

    def course_file_json(self, entry: CourseFileEntry) -> dict:
        """As canvas-lms's `attachment_json`: `url` is empty for a file locked for the user."""
        locked = entry.locked_for(datetime.now(timezone.utc))
        url = "" if locked else f"{self.base}/files/{entry.id}/download?download_frd=1&verifier={entry.verifier}"
        answer = {
            "id": entry.id, "uuid": entry.verifier, "folder_id": entry.folder_id,
            "display_name": entry.name, "filename": entry.name.replace(" ", "+"),
            "workflow_state": "processed", "upload_status": "success",
            "content-type": entry.content_type, "url": url, "size": entry.size,
            "created_at": _iso(entry.created_at), "updated_at": _iso(entry.updated_at),
            "unlock_at": _iso(entry.unlock_at), "locked": False, "hidden": entry.hidden, "lock_at": None,
            "hidden_for_user": entry.hidden, "thumbnail_url": None, "modified_at": _iso(entry.updated_at),
            "mime_class": "pdf" if entry.content_type == "application/pdf" else "file",
            "media_entry_id": None, "locked_for_user": locked,
        }
        if locked:
            answer["lock_info"] = {"asset_string": f"attachment_{entry.id}", "unlock_at": _iso(entry.unlock_at)}
            answer["lock_explanation"] = entry.lock_explanation
        return answer

    def get_file(self, req: Request, file: str) -> Response:
        entry = self.catalog.get(int(file))
        if entry is not None:
            self._files_course(str(entry.course_id))
            return json_response(200, self.course_file_json(entry))
        stored = self.files.get(int(file))
        if stored is None:
            return error_response(404, NOT_FOUND_MESSAGE)
        return json_response(200, self.file_json(stored))

    def file_json(self, stored: StoredFile) -> dict:
        name = stored.display_name or stored.requested_name
        return {
            "id": stored.id,
            "uuid": stored.uuid,
            "display_name": name,
            "filename": name,
            "size": stored.size,
            "content-type": stored.content_type,
            "url": f"{self.base}/files/{stored.id}/download?download_frd=1&verifier={stored.uuid}",
            "folder_id": self.files.folder_of(stored),
            "created_at": stored.created_at,
            "updated_at": stored.created_at,
            "locked": False,
            "hidden": False,
        }

    def download(self, req: Request, file_id: int) -> Response:
        """File URLs are authorised by their verifier (or the token). A course file's answer is a
        redirect to the file store with a signed address that expires; an uploaded file's bytes
        come straight from here."""
        entry = self.catalog.get(file_id)
        if entry is not None:
            if req.param("verifier") != entry.verifier and not req.auth_valid:
                return error_response(404, NOT_FOUND_MESSAGE)
            if entry.locked_for(datetime.now(timezone.utc)):
                body = f"<p>{html.escape(entry.lock_explanation or 'This file is locked.')}</p>".encode()
                return Response(403, body, "text/html; charset=utf-8")
            expires = int(time.time() + self.config.store_url_ttl)
            query = urlencode([("expires", str(expires)), ("sig", self.signer.sign(entry.id, expires))])
            location = f"{self.store_base}/store/{entry.id}/{quote(entry.name, safe='')}?{query}"
            return Response(302, b"", "text/html; charset=utf-8", [("Location", location)])
        stored = self.files.get(file_id)
        if stored is None or req.param("verifier") != stored.uuid:
            return error_response(404, NOT_FOUND_MESSAGE)
        disposition = f"attachment; filename*=UTF-8''{quote(stored.display_name, safe='')}"
        return Response(200, content_type=stored.content_type, file_path=stored.path,
                        headers=[("Content-Disposition", disposition)])

    # ---- /__control/

    CONTROL_ROUTES = {
        ("GET", "/__control/health"): "control_health",
        ("GET", "/__control/faults"): "control_list_faults",
        ("POST", "/__control/faults"): "control_add_fault",
        ("DELETE", "/__control/faults"): "control_clear_faults",
        ("POST", "/__control/down"): "control_down",
        ("POST", "/__control/up"): "control_up",
        ("GET", "/__control/requests"): "control_requests",
        ("DELETE", "/__control/requests"): "control_clear_requests",
        ("GET", "/__control/connections"): "control_connections",
        ("DELETE", "/__control/connections"): "control_restart_connections",
        ("GET", "/__control/config"): "control_config",
        ("POST", "/__control/config"): "control_set_config",
        ("GET", "/__control/rate_bucket"): "control_rate_bucket",
        ("GET", "/__control/files"): "control_files",
        ("POST", "/__control/files"): "control_course_file",
        ("GET", "/__control/course_files"): "control_course_files",
        ("GET", "/__control/submissions"): "control_submissions",
        ("GET", "/__control/planner"): "control_planner",
        ("GET", "/__control/discussions"): "control_discussions",
        ("POST", "/__control/discussions"): "control_add_discussion_entry",
        ("POST", "/__control/reset"): "control_reset",
        ("GET", "/__control/changes"): "control_changes",
        ("POST", "/__control/changes"): "control_add_changes",
    }

    def handle_control(self, req: Request) -> Response:
        name = self.CONTROL_ROUTES.get((req.method, req.path.rstrip("/")))
        if name is None:
            return error_response(404, f"no control endpoint {req.method} {req.path}")
        try:
            raw = req.body.read_all()
            payload = json.loads(raw.decode("utf-8")) if raw.strip() else None
            return getattr(self, name)(payload)
        except (ValueError, UnicodeDecodeError) as exc:
            return error_response(400, f"control body is not JSON: {exc}")
        except ApiError as err:
            return error_response(err.status, err.message)

    def control_health(self, _payload) -> Response:
        return json_response(200, {"ok": True, "port": self.api.port, "control_port": self.control.port,
                                   "store_port": self.store.port, "up": self.api.is_open})

    def control_list_faults(self, _payload) -> Response:
        return json_response(200, self.faults.to_json())

    def control_add_fault(self, payload) -> Response:
        specs = payload if isinstance(payload, list) else [payload]
        rules = [self.faults.add(spec) for spec in specs]
        answer = [r.to_json() for r in rules]
        return json_response(201, answer if isinstance(payload, list) else answer[0])

    def control_clear_faults(self, _payload) -> Response:
        self.faults.clear()
        return json_response(200, {"ok": True})

    def control_down(self, payload) -> Response:
        """Close the API socket now; optionally reopen it after `seconds`.

        Closing happens before answering so a test's next request is
        guaranteed to be refused.  If this request came in on the API port
        itself, its own connection survives long enough to carry the answer
        (then `Connection: close` ends it).
        """
        seconds = payload.get("seconds") if isinstance(payload, dict) else None
        self.api.close()
        if seconds:
            timer = threading.Timer(float(seconds), self.api.open)
            timer.daemon = True
            timer.start()
        return json_response(200, {"ok": True, "up": False, "port": self.api.port},
                             [("Connection", "close")])

    def control_up(self, _payload) -> Response:
        self.api.open()
        return json_response(200, {"ok": True, "up": True, "port": self.api.port})

    def control_requests(self, _payload) -> Response:
        return json_response(200, self.log.to_json())

    def control_clear_requests(self, _payload) -> Response:
        self.log.clear()
        return json_response(200, {"ok": True})

    def control_connections(self, _payload) -> Response:
        return json_response(200, self.connections.to_json())

    def control_restart_connections(self, _payload) -> Response:
        self.connections.restart()
        return json_response(200, self.connections.to_json())

    def control_config(self, _payload) -> Response:
        return json_response(200, self.config.to_json())

    def control_set_config(self, payload) -> Response:
        try:
            self.config.update(payload)
        except (TypeError, ValueError) as exc:
            raise ApiError(400, f"bad config value: {exc}") from exc
        if isinstance(payload, dict) and "rate_bucket" in payload:
            self.rate_bucket.configure(self.config.rate_bucket)
        return json_response(200, self.config.to_json())

    def control_rate_bucket(self, _payload) -> Response:
        return json_response(200, self.rate_bucket.to_json())

    def control_files(self, _payload) -> Response:
        return json_response(200, [{"id": f.id, "course_id": f.course_id, "folder": f.folder,
                                    "name": f.display_name, "size": f.size,
                                    "sha256": f.sha256, "content_type": f.content_type}
                                   for f in self.files.confirmed_files()])

    def control_course_file(self, payload) -> Response:
        """Adds a course file (`course`, `name`, `size` or `content`, `folder`, and optionally
        `content_type`, `locked`, `lock_explanation`), or with `id` changes one: new bytes, a new
        `updated_at` and a new ETag. Answers the file's Canvas JSON."""
        if not isinstance(payload, dict):
            raise ApiError(400, "a course file is a JSON object")
        content = payload.get("content")
        content = content.encode("utf-8") if isinstance(content, str) else None
        size = payload.get("size")
        if size is not None and (not isinstance(size, int) or size < 0):
            raise ApiError(400, "size is a whole number of bytes")
        course = payload.get("course")
        if "id" in payload:
            entry = self.catalog.change(int(payload["id"]), int(course) if course is not None else None, size, content)
            return json_response(200, self.course_file_json(entry))
        cid = self.data.resolve_course(str(course))
        name = payload.get("name")
        if cid is None or not isinstance(name, str) or not name:
            raise ApiError(400, "a new file needs a known course and a name")
        if content is None and size is None:
            raise ApiError(400, "a new file needs a size or a content")
        entry = self.catalog.add(cid, name, str(payload.get("folder") or ""), size, content,
                                 payload.get("content_type"), bool(payload.get("locked")),
                                 payload.get("lock_explanation"))
        return json_response(201, self.course_file_json(entry))

    def control_course_files(self, _payload) -> Response:
        """Every course file made so far (a course's appear once it was looked at), with its bytes' SHA-256."""
        return json_response(200, [{"id": f.id, "course_id": f.course_id, "folder_id": f.folder_id, "name": f.name,
                                    "size": f.size, "version": f.version, "etag": f.etag,
                                    "updated_at": _iso(f.updated_at), "sha256": f.digest()}
                                   for f in self.catalog.all_files()])

    def control_planner(self, _payload) -> Response:
        """Every planner override (deleted ones too) and note, as stored."""
        return json_response(200, {"overrides": [dict(o) for _, o in sorted(self.planner.overrides.items())],
                                   "notes": [dict(n) for _, n in sorted(self.planner.notes.items())]})

    def control_discussions(self, _payload) -> Response:
        """Every discussion topic with its entries (flat, oldest first: id, parent_id, user_id,
        message, deleted, created_at) and which of them the user has read."""
        return json_response(200, self.discussions.to_json())

    def control_add_discussion_entry(self, payload) -> Response:
        """A classmate posts (`{"topic": 600521, "message": "<p>…</p>", "parent_id": 52101,
        "user_id": 2101}`; `parent_id` and `user_id` optional, a classmate or the teacher): 201 with
        the entry, unread for the user and, like any new entry, out of `view` for a while."""
        if not isinstance(payload, dict) or not isinstance(payload.get("topic"), int):
            raise ApiError(400, "a discussion entry needs a topic id")
        found = self.discussions.topic(DISCUSSION_COURSE, str(payload["topic"]))
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        teacher = Dataset._teachers(found.course_id, self.base)[0]["id"]
        uid = payload.get("user_id", min(CLASSMATES))
        if uid not in CLASSMATES and uid != teacher:
            raise ApiError(400, f"user_id is one of {sorted(CLASSMATES)} or the teacher, {teacher}")
        parent = payload.get("parent_id")
        if parent is not None and self.discussions.entry(found.id, str(parent)) is None:
            raise ApiError(404, "no such parent entry in the topic")
        entry = self.discussions.add(found.id, parent, uid, str(payload.get("message") or ""))
        return json_response(201, self._entry_json(entry, found.course_id, True))

    def control_submissions(self, _payload) -> Response:
        """Every attempt, in the order made, with the files' sizes and digests."""
        answer = []
        for attempt in self.submissions.all():
            files = [self.files.get(fid) for fid in attempt.file_ids]
            answer.append({
                "course_id": attempt.course_id, "assignment_id": attempt.assignment_id,
                "attempt": attempt.attempt, "submitted_at": attempt.submitted_at,
                "late": attempt.late, "submission_type": attempt.submission_type,
                "body": attempt.body, "url": attempt.url,
                "files": [{"id": f.id, "name": f.display_name, "size": f.size, "sha256": f.sha256}
                          for f in files if f is not None],
            })
        return json_response(200, answer)

    def control_changes(self, _payload) -> Response:
        return json_response(200, self.data.changes.to_json())

    def control_add_changes(self, payload) -> Response:
        """One change (`{"kind": "add_assignment", "course": 1, "name": "Quiz", "due_in_days": 5}`,
        `move_due` with `assignment` and `due_in_days`, `grade` with `assignment` and `score`,
        `announce` with `course` and `title`, `extend` and `redo` with `assignment`) or a list of
        them, applied in order."""
        changes = payload if isinstance(payload, list) else [payload]
        now = datetime.now(timezone.utc)
        try:
            answer = [self.data.changes.apply(change, now) for change in changes]
        except (TypeError, ValueError) as exc:
            raise ApiError(400, f"bad change: {exc}") from exc
        return json_response(201, answer if isinstance(payload, list) else answer[0])

    def control_reset(self, _payload) -> Response:
        """Back to a fresh server (same ports, same data) between tests."""
        self.faults.clear()
        self.log.clear()
        self.files.reset()
        self.submissions.reset()
        self.data.changes.reset()
        self.announcements.reset()
        self.discussions.reset()
        self.planner.reset()
        self.catalog.reset()
        self.config = Config(signature_ttl=self.default_ttl)
        self.rate_bucket.configure(None)
        self.connections.restart()
        self.api.open()
        return json_response(200, {"ok": True})


# --------------------------------------------------------------------------
# HTTP plumbing
# --------------------------------------------------------------------------

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


# --------------------------------------------------------------------------
# Process lifetime
# --------------------------------------------------------------------------

def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Loopback-only fake Canvas LMS for tests.")
    parser.add_argument("--port", type=int, default=0, help="API port (0 = pick a free one)")
    parser.add_argument("--control-port", type=int, default=0,
                        help="always-on control port (0 = pick a free one)")
    parser.add_argument("--token", required=True, help="the only valid Bearer token")
    parser.add_argument("--courses", type=int, default=230, help="courses 1..N (N < 4242)")
    parser.add_argument("--per-page-max", type=int, default=50, help="cap on per_page")
    parser.add_argument("--lifetime", type=float, default=600.0,
                        help="exit by itself after this many seconds")
    parser.add_argument("--signature-ttl", type=float, default=1800.0,
                        help="seconds an upload_url stays valid")
    parser.add_argument("--store-port", type=int, default=0,
                        help="the course files' file store port (0 = pick a free one)")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    opts = parser.parse_args(argv)
    if not 0 <= opts.courses < SPECIAL_COURSE_ID:
        parser.error(f"--courses must be between 0 and {SPECIAL_COURSE_ID - 1}")
    if opts.per_page_max < 1:
        parser.error("--per-page-max must be at least 1")
    return opts


class StopSignal:
    """Remembers SIGTERM/SIGINT/SIGHUP; installed before PORT is printed so
    a test that kills us right away still gets a clean, prompt exit.

    The handler only sets an attribute (no locks), and the main loop polls it.
    """

    def __init__(self):
        self.why: Optional[str] = None
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, self._on_signal)

    def _on_signal(self, signum, _frame):
        self.why = signal.Signals(signum).name

    def wait(self, lifetime: float) -> str:
        """Block until a signal, the lifetime, or the parent going away."""
        deadline = time.monotonic() + lifetime
        parent = os.getppid()
        while self.why is None:
            if time.monotonic() >= deadline:
                return "lifetime"
            if os.getppid() != parent:
                return "orphaned"  # the test process died without killing us
            time.sleep(0.1)
        return self.why


def main(argv=None) -> int:
    opts = parse_args(argv)
    stop = StopSignal()
    app = FakeCanvas(opts)
    try:
        app.start()
        print(f"PORT {app.api.port}", flush=True)
        print(f"CONTROL {app.control.port}", flush=True)
        print(f"STORE {app.store.port}", flush=True)
        why = stop.wait(opts.lifetime)
        if opts.verbose:
            sys.stderr.write(f"fake canvas stopping: {why}\n")
    except BrokenPipeError:
        pass
    finally:
        app.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
