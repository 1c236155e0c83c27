#!/usr/bin/env python3
"""A loopback-only fake Moodle 4.5 server for coursebrowser's tests.

It behaves like a real Moodle 4.5.5+ site seen through the `moodle_mobile_app` web service:
the public config (lib/ajax/service-nologin.php), login/token.php, the SSO launch, the REST
server, draft-file uploads and token file downloads.  Shapes, errors and quirks follow the
Moodle source as the research fact sheets describe it (research/1..4-*.md), not any client.

    python3 Tests/FakeMoodle/fake_moodle.py --port 0 [--control-port 0] [--token T]
                                            [--lifetime 600] [--verbose]

prints `PORT <n>` then `CONTROL <m>` on stdout once both sockets listen, then nothing more.
Python 3.11 standard library only.  See README.md next to this file.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import html
import json
import os
import random
import re
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from email.utils import formatdate, parsedate_to_datetime
from typing import Callable, Iterator, Optional
from urllib.parse import parse_qsl, quote, unquote, urlsplit

# The code it shares with the fake Canvas is in Tests/FakeShared. Put that folder on the path
# whoever launches this file: `python3 fake_moodle.py` adds only this file's folder, and
# runpy.run_path from `python3 -c`, as the Swift tests' ServerProcess does, adds none.
SHARED = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "FakeShared")
if SHARED not in sys.path:
    sys.path.insert(0, SHARED)

import fault_rules  # noqa: E402
import http_bodies  # noqa: E402
import listening  # noqa: E402
import request_log  # noqa: E402
from common_control import COMMON_CONTROL_ROUTES, CommonControl  # noqa: E402
from http_bodies import FileSink, MultipartError, ProtocolError, multipart_parts, parse_header_params  # noqa: E402
from listening import LOOPBACK  # noqa: E402
from stop_signal import StopSignal  # noqa: E402

DAY = 86400
TZ_OFFSET = 7 * 3600              # the site's and the user's timezone: Asia/Ho_Chi_Minh
DEFAULT_TOKEN = "0123456789abcdef0123456789abcdef"
RELEASE = "4.5.5+ (Build: 20250613)"
VERSION = "2024100705.01"          # $CFG->version, a string in get_site_info
PLUGIN_VERSION = "2024100700"      # version.php of the core plugins (mod_assign, mod_forum, ...)
MOBILE_SERVICE = "moodle_mobile_app"
JSON_UTF8 = "application/json; charset=utf-8"
REST_JSON = "application/json"
HTML_TYPE = "text/html; charset=utf-8"
MAX_FORM_BODY = 16 * 1024 * 1024   # REST, token.php and service-nologin bodies are read whole
MAX_FIELD_BYTES = 1024 * 1024      # one multipart text field
DEFAULT_MAXBYTES = 104857600       # $CFG->maxbytes: 100 MB
HASHED_LIMIT = 64 * 1024 * 1024    # generated files above this get a contenthash from their seed
DRAFT_LIFETIME = 4 * DAY           # file_storage::cron() purges draft areas older than this
OLD_POST_DAYS = 14                 # $CFG->forum_oldpostdays
MAX_EDITING_TIME = 1800            # $CFG->maxeditingtime: 30 minutes
BYTESERVING_BOUNDARY = "s1k2o3d4a5k6s7"
DOCS_ROOT = "https://docs.moodle.org/405/en/error"
FAULT_KINDS = ("reset", "lost_reply", "drop_reply", "slow", "hold", "500", "503", "html",
               "exception", "malformed")


# --------------------------------------------------------------------------
# Small helpers: PHP's json_encode, Moodle's format_string / format_text
# --------------------------------------------------------------------------

def php_json(obj) -> bytes:
    """What PHP's json_encode() without flags writes: non-ASCII as \\uXXXX, "/" as "\\/",
    no spaces.  Every body Moodle itself encodes goes through this."""
    text = json.dumps(obj, ensure_ascii=True, separators=(",", ":"))
    return text.replace("/", "\\/").encode("ascii")


def php_strip_tags(text: str) -> str:
    """PHP strip_tags(): a `<` that starts a tag (not followed by whitespace) removes
    everything up to its `>` (quotes respected), or to the end when there is none."""
    out, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "<" and i + 1 < n and not text[i + 1].isspace():
            i += 1
            quote_char = None
            while i < n:
                c = text[i]
                if quote_char:
                    if c == quote_char:
                        quote_char = None
                elif c in "\"'":
                    quote_char = c
                elif c == ">":
                    break
                i += 1
            i += 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


_LONE_AMP = re.compile(r"&(?![a-zA-Z0-9#]{1,8};)")


def format_string(text: Optional[str], raw: bool = False) -> str:
    """core_external\\util::format_string(): '' for null; as stored with moodlewssettingraw;
    else core\\formatting::format_string() with formatstringstriptags on (the default):
    a lone `&` becomes `&amp;`, tags are stripped, and a stray `<`/`>` becomes `&lt;`/`&gt;`."""
    if text is None or text == "":
        return ""
    if raw:
        return text
    text = _LONE_AMP.sub("&amp;", text)
    return php_strip_tags(text).replace("<", "&lt;").replace(">", "&gt;")


_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script\s*>", re.IGNORECASE | re.DOTALL)
_EVENT_ATTR = re.compile(r"""\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""", re.IGNORECASE)


def plain_to_html(text: str) -> str:
    """format_text() of FORMAT_PLAIN: s(), double spaces kept, nl2br()."""
    text = html.escape(text, quote=True).replace("&#x27;", "&#039;")
    return re.sub(r"(\r\n|\n\r|\n|\r)", r"<br />\1", text.replace("  ", "&nbsp; "))


def clean_html(text: str) -> str:
    """The part of format_text()'s HTML Purifier pass a test can see: scripts and event
    handler attributes are gone."""
    return _EVENT_ATTR.sub("", _SCRIPT.sub("", text))


def day_end(moment: float) -> int:
    """23:59:00 of the day `moment` falls on, in the site timezone."""
    local = int(moment) + TZ_OFFSET
    return (local // DAY) * DAY + DAY - 60 - TZ_OFFSET


def http_date(moment: float) -> str:
    return formatdate(moment, usegmt=True)


MIMETYPES = {
    "pdf": "application/pdf", "txt": "text/plain", "swift": "text/plain", "md": "text/markdown",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "doc": "application/msword", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
    "gif": "image/gif", "svg": "image/svg+xml", "mp4": "video/mp4", "html": "text/html",
    "htm": "text/html", "zip": "application/zip", "csv": "text/csv", "json": "application/json",
}


def mimetype_of(filename: str) -> str:
    """Moodle's mimeinfo() by extension; what it does not know is document/unknown."""
    _, dot, ext = filename.rpartition(".")
    return MIMETYPES.get(ext.lower(), "document/unknown") if dot else "document/unknown"


def php_serialize_source(name: str) -> str:
    """serialize((object)['source' => $name]) as upload.php stores it."""
    return 'O:8:"stdClass":1:{s:6:"source";s:%d:"%s";}' % (len(name.encode("utf-8")), name)


def clean_filename(name: str) -> str:
    """PARAM_FILE, roughly: no directories, no control characters, no path separators."""
    name = name.replace("\\", "/").rsplit("/", 1)[-1]
    name = re.sub(r"[\x00-\x1f\x7f:*?\"<>|]", "", name).strip()
    return "" if name in (".", "..") else name


def php_clean_bool(value) -> bool:
    """clean_param($value, PARAM_BOOL): on/yes/true and off/no/false by name, else PHP's empty()."""
    text = php_str(value).lower()
    if text in ("on", "yes", "true"):
        return True
    if text in ("off", "no", "false"):
        return False
    return text not in ("", "0")


def php_intval(value) -> int:
    """PHP's (int) cast, as clean_param(PARAM_INT) does it: the leading integer, else 0."""
    match = re.match(r"\s*([+-]?\d+)", php_str(value))
    return int(match.group(1)) if match else 0


def word_count(text: str) -> int:
    return len(php_strip_tags(text or "").split())


# --------------------------------------------------------------------------
# HTTP value types
# --------------------------------------------------------------------------

@dataclass
class Response:
    """What an endpoint answers; the handler writes it (or resets the socket).

    The body is `body`, or `pieces`: bytes and (Blob, start, end) ranges streamed in turn."""

    status: int
    body: bytes = b""
    content_type: Optional[str] = None
    headers: list = field(default_factory=list)
    reason: Optional[str] = None
    pieces: Optional[list] = None
    reset: bool = False          # RST before a byte of answer
    lost: bool = False           # write part of the answer, then RST
    dropped: bool = False        # close in order (FIN) without a byte of answer
    on_done: Optional[Callable[[], None]] = None

    def length(self) -> int:
        if self.pieces is None:
            return len(self.body)
        total = 0
        for piece in self.pieces:
            total += len(piece) if isinstance(piece, (bytes, bytearray)) else piece[2] - piece[1]
        return total

    def header(self, name: str) -> Optional[str]:
        for key, value in self.headers:
            if key.lower() == name.lower():
                return value
        return None

    def finish(self) -> None:
        if self.on_done is not None:
            self.on_done()
            self.on_done = None


def body_bytes(response: Response, head_only: bool) -> int:
    if response.reset or response.dropped or head_only or response.status == 304:
        return 0
    return response.length()


@dataclass
class Request:
    """The parts of an HTTP request the endpoints need."""

    method: str
    target: str            # path+query exactly as sent (what faults match)
    path: str              # percent-decoded path
    query: list            # [(name, value)] in order, repeats kept
    headers: object        # email.message.Message from http.server
    body: "BodyReader"

    def header(self, name: str) -> Optional[str]:
        return self.headers.get(name)

    def content_type(self) -> str:
        return (self.headers.get("Content-Type") or "").split(";", 1)[0].strip().lower()


class BodyReader(http_bodies.BodyReader):
    """A request body; REST, token.php and service-nologin bodies are read whole, up to MAX_FORM_BODY."""

    limit = MAX_FORM_BODY


# --------------------------------------------------------------------------
# Streaming multipart/form-data: any number of file parts, each straight to disk
# --------------------------------------------------------------------------

@dataclass
class UploadedPart:
    """A file part as PHP puts it in $_FILES: its field name, its name, a temp file."""

    field: str
    filename: str
    content_type: str
    path: str
    size: int
    sha1: str
    sha256: str


@dataclass
class MultipartResult:
    fields: list = field(default_factory=list)     # [(name, value)] in order
    files: list = field(default_factory=list)      # [UploadedPart] in order


def parse_multipart(reader: BodyReader, boundary: str, temp_dir: str) -> MultipartResult:
    """Every part with a `filename` goes to a temp file in `temp_dir`; the others are fields."""
    result = MultipartResult()
    try:
        for part in multipart_parts(reader, boundary):
            if part.filename is not None:
                fd, path = tempfile.mkstemp(prefix="php", dir=temp_dir)
                with os.fdopen(fd, "wb") as out:
                    sink = FileSink(out, sha1=True)
                    part.stream(sink)
                result.files.append(UploadedPart(part.name, part.filename, part.content_type, path, sink.size,
                                                 sink.sha1.hexdigest(), sink.sha256.hexdigest()))
            else:
                result.fields.append((part.name, part.text(MAX_FIELD_BYTES)))
    except BaseException:
        for part in result.files:
            _remove_quietly(part.path)
        raise
    return result


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# --------------------------------------------------------------------------
# Moodle exceptions, and the three ways Moodle writes them
# --------------------------------------------------------------------------

class MoodleError(Exception):
    """A Moodle exception: its class, errorcode, message, lang module and debuginfo."""

    def __init__(self, errorcode: str, message: str, exception: str = "moodle_exception",
                 module: str = "error", debuginfo: Optional[str] = None):
        super().__init__(message)
        self.errorcode = errorcode
        self.message = message
        self.exception = exception
        self.module = module
        self.debuginfo = debuginfo

    def moreinfourl(self) -> str:
        # lib/setuplib.php get_exception_info(): general errors link to error/moodle/<code>
        module = "moodle" if self.module in ("error", "", "moodle", "core") else self.module
        return f"{DOCS_ROOT}/{module}/{self.errorcode}"


def invalid_parameter(debuginfo: str) -> MoodleError:
    return MoodleError("invalidparameter", "Invalid parameter value detected",
                       "invalid_parameter_exception", "debug", debuginfo)


def invalid_token() -> MoodleError:
    return MoodleError("invalidtoken", "Invalid token - token not found", module="webservice")


def access_exception(debuginfo: str) -> MoodleError:
    return MoodleError("accessexception", "Access control exception", "webservice_access_exception",
                       "webservice", debuginfo)


def site_maintenance() -> MoodleError:
    return MoodleError("sitemaintenance", "The site is undergoing maintenance and is currently not available",
                       module="admin")


def missing_record(table: str, value, column: str = "id") -> MoodleError:
    shown = f"'{value}'" if isinstance(value, str) else value
    return MoodleError("invalidrecord", f"Can't find data record in database table {table}.",
                       "dml_missing_record_exception", "error",
                       f"SELECT * FROM {{{table}}} WHERE {column} = ?\n[array (\n  0 => {shown},\n)]")


def no_permissions(capability: str) -> MoodleError:
    return MoodleError("nopermissions",
                       f"Sorry, but you do not currently have permissions to do that ({capability}).",
                       "required_capability_exception", "error")


def require_login_error(debuginfo: str) -> MoodleError:
    return MoodleError("requireloginerror", "Course or activity not accessible.",
                       "require_login_exception", "error", debuginfo)


def missing_param(name: str) -> MoodleError:
    return MoodleError("missingparam", f"A required parameter ({name}) was missing")


def course_context_not_valid(courseid: int) -> MoodleError:
    return MoodleError("errorcoursecontextnotvalid",
                       f"You cannot execute functions in the course context (course id:{courseid}). "
                       "The context error message was: Course or activity not accessible.",
                       module="webservice")


def rest_error_body(err: MoodleError) -> dict:
    """webservice/rest/locallib.php generate_error(); debuginfo as on a site with debugging on."""
    obj = {"exception": err.exception, "errorcode": err.errorcode, "message": err.message}
    if err.debuginfo:
        obj["debuginfo"] = err.debuginfo
    return obj


def fatal_error_body(err: MoodleError) -> dict:
    """core_renderer_ajax::fatal_error(): AJAX_SCRIPT scripts (token.php, upload.php,
    webservice/pluginfile.php, service.php's top level), debugging below DEVELOPER."""
    return {"error": err.message, "errorcode": err.errorcode, "stacktrace": None,
            "debuginfo": None, "reproductionlink": None}


def ajax_headers() -> list:
    """core_renderer_ajax::header()'s headers besides the Content-Type."""
    return [("Cache-Control", "no-store, no-cache, must-revalidate"),
            ("Cache-Control", "post-check=0, pre-check=0"), ("Pragma", "no-cache"),
            ("Expires", "Mon, 20 Aug 1969 09:23:00 GMT"), ("Accept-Ranges", "none"),
            ("Access-Control-Allow-Origin", "*")]


def fatal_response(err: MoodleError, status: int = 200, content_type: str = JSON_UTF8) -> Response:
    return Response(status, php_json(fatal_error_body(err)), content_type, ajax_headers())


def html_page(title: str, body_html: str) -> bytes:
    return ("<!DOCTYPE html>\n<html dir=\"ltr\" lang=\"en\" xml:lang=\"en\">\n<head>\n"
            f"<title>{html.escape(title)}</title>\n<meta charset=\"utf-8\" />\n</head>\n"
            f"<body id=\"page-site-index\" class=\"format-site\">\n<div id=\"page\" class=\"container-fluid\">\n"
            f"{body_html}\n</div>\n</body>\n</html>\n").encode("utf-8")


def html_error_response(err: MoodleError, wwwroot: str, status: int = 200) -> Response:
    """The HTML error page a non-AJAX script (launch.php) shows for an exception."""
    body = (f'<div role="main"><div class="box errorbox alert alert-danger">'
            f'<p class="errormessage">{html.escape(err.message)}</p>'
            f'<p class="errorcode"><a href="{html.escape(err.moreinfourl())}">More information about this error</a></p>'
            f'</div><div class="continuebutton"><a href="{html.escape(wwwroot)}/">Continue</a></div></div>')
    return Response(status, html_page("Error", body), HTML_TYPE,
                    [("Cache-Control", "no-store, no-cache, must-revalidate")])


# --------------------------------------------------------------------------
# Parameters: PHP bracket syntax, and external_api::validate_parameters()
# --------------------------------------------------------------------------

_BRACKETS = re.compile(r"\[([^\]]*)\]")


def php_params(pairs) -> dict:
    """What PHP makes of `a[b][0]=x&c[]=y`: nested ordered dicts with string keys; `[]`
    appends at the next integer key; a later scalar or array replaces an earlier one."""
    root: dict = {}
    for name, value in pairs:
        idx = name.find("[")
        base = name if idx < 0 else name[:idx]
        base = base.replace(".", "_").replace(" ", "_")
        if not base:
            continue
        keys = [base]
        if idx >= 0:
            rest = name[idx:]
            pos = 0
            while True:
                match = _BRACKETS.match(rest, pos)
                if match is None:
                    break
                keys.append(match.group(1))
                pos = match.end()
        cursor = root
        for depth, key in enumerate(keys):
            last = depth == len(keys) - 1
            if key == "":
                ints = [int(k) for k in cursor if re.fullmatch(r"-?\d+", k)]
                key = str(max(ints) + 1 if ints else 0)
            if last:
                cursor[key] = value
            else:
                child = cursor.get(key)
                if not isinstance(child, dict):
                    child = {}
                    cursor[key] = child
                cursor = child
    return root


REQUIRED, OPTIONAL, DEFAULT = "required", "optional", "default"


class Value:
    """external_value: a scalar of PARAM type `ptype` ("int", "bool", "raw", "text", "alpha", ...)."""

    def __init__(self, ptype: str, required: str = REQUIRED, default=None, allownull: bool = True):
        self.ptype, self.required, self.default, self.allownull = ptype, required, default, allownull


class Single:
    """external_single_structure: named keys, in order."""

    def __init__(self, keys: dict, required: str = REQUIRED, default=None):
        self.keys, self.required, self.default = keys, required, default


class Multiple:
    """external_multiple_structure: a list of `content`."""

    def __init__(self, content, required: str = REQUIRED, default=None):
        self.content, self.required, self.default = content, required, default


def php_str(value) -> str:
    """PHP's (string) cast of a scalar."""
    if value is True:
        return "1"
    if value is False or value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_PARAM_PATTERNS = {
    "alpha": r"[a-zA-Z]*", "alphanum": r"[a-zA-Z0-9]*", "alphanumext": r"[a-zA-Z0-9_-]*",
    "plugin": r"(?:[a-z](?:[a-z0-9]|_(?!_))*[a-z0-9]|[a-z])?",
    "component": r"(?:[a-z](?:[a-z0-9]|_(?!_))*[a-z0-9]|[a-z])?",
    "capability": r"(?:[a-z]+/[a-z0-9_]+:[a-z0-9_]+)?",
    "sequence": r"[0-9,]*",
}


def validate_param(value, ptype: str, allownull: bool, debuginfo: str):
    """lib/moodlelib.php validate_param(): clean_param(), and the value must not change."""
    if value is None:
        if allownull:
            return None
        raise invalid_parameter(debuginfo)
    if isinstance(value, (dict, list)):
        raise invalid_parameter(debuginfo)
    text = php_str(value)
    if ptype == "int":
        if re.fullmatch(r"-?(0|[1-9][0-9]*)", text):
            return int(text)
        raise invalid_parameter(debuginfo)
    if ptype == "float":
        if re.fullmatch(r"[+-]?[0-9]*\.?[0-9]*(e[-+]?[0-9]+)?", text, re.I) and re.search(r"\d", text):
            return float(text)
        raise invalid_parameter(debuginfo)
    if ptype == "bool":
        # Only 0/1/'0'/'1'/bools pass (validate_parameters' special case, before this);
        # clean_param turns 'true' into 1, and "true" !== "1".
        raise invalid_parameter(debuginfo)
    if ptype == "text":
        if php_strip_tags(text) != text:
            raise invalid_parameter(debuginfo)
        return text
    pattern = _PARAM_PATTERNS.get(ptype)
    if pattern is not None and not re.fullmatch(pattern, text):
        raise invalid_parameter(debuginfo)
    return text


def validate(desc, value):
    """core_external\\external_api::validate_parameters()."""
    if isinstance(desc, Value):
        if isinstance(value, (dict, list)):
            raise invalid_parameter("Scalar type expected, array or object received.")
        if desc.ptype == "bool" and (isinstance(value, bool) or value in ("0", "1")
                                     or (type(value) is int and value in (0, 1))):
            return bool(int(value))
        debuginfo = (f'Invalid external api parameter: the value is "{php_str(value)}", '
                     f'the server was expecting "{desc.ptype}" type')
        return validate_param(value, desc.ptype, desc.allownull, debuginfo)
    if isinstance(value, list):
        value = {str(i): v for i, v in enumerate(value)}
    if not isinstance(value, dict):
        raise invalid_parameter(f"Only arrays accepted. The bad value is: '{php_str(value)}'")
    if isinstance(desc, Multiple):
        return [validate(desc.content, item) for item in value.values()]
    result = {}
    remaining = dict(value)
    for key, sub in desc.keys.items():
        try:
            if key not in remaining:
                if sub.required == REQUIRED:
                    raise invalid_parameter(f"Missing required key in single structure: {key}")
                if sub.required == DEFAULT:
                    if isinstance(sub, Value) or sub.default is not None:
                        result[key] = validate(sub, sub.default)
            else:
                result[key] = validate(sub, remaining[key])
        except MoodleError as err:
            if err.errorcode != "invalidparameter" or key not in value and sub.required == REQUIRED:
                raise
            raise invalid_parameter(f"{key} => {err.message}: {err.debuginfo}") from None
        remaining.pop(key, None)
    if remaining:
        raise invalid_parameter(f"Unexpected keys ({', '.join(remaining)}) detected in parameter array.")
    return result


# --------------------------------------------------------------------------
# File storage: Moodle's files table over content-addressed bytes
# --------------------------------------------------------------------------

_PATTERN_CACHE: dict = {}


def _pattern_block(seed: str) -> bytes:
    """1 MiB + 7 bytes of SHA-256 output chained from `seed` (not a power of two, so an
    offset error of a whole MiB shows)."""
    block = _PATTERN_CACHE.get(seed)
    if block is None:
        parts, i = [], 0
        while 32 * len(parts) < 1024 * 1024 + 7:
            parts.append(hashlib.sha256(f"{seed}:{i}".encode()).digest())
            i += 1
        block = b"".join(parts)[:1024 * 1024 + 7]
        _PATTERN_CACHE[seed] = block
    return block


class Blob:
    """The immutable bytes of a stored file: in memory, on disk, or generated from a seed
    (only for files too big to hold, such as the 5 GB one)."""

    def __init__(self, size: int, sha1: str, sha256: str, data: Optional[bytes] = None,
                 path: Optional[str] = None, seed: Optional[str] = None):
        self.size, self.sha1, self.sha256 = size, sha1, sha256
        self.data, self.path, self.seed = data, path, seed

    @staticmethod
    def of(data: bytes) -> "Blob":
        return Blob(len(data), hashlib.sha1(data).hexdigest(), hashlib.sha256(data).hexdigest(), data=data)

    @staticmethod
    def generated(seed: str, size: int) -> "Blob":
        """Bytes of a pattern; its contenthash is the SHA-1 of the seed, not of the bytes."""
        digest = f"generated:{seed}:{size}".encode()
        return Blob(size, hashlib.sha1(digest).hexdigest(), hashlib.sha256(digest).hexdigest(), seed=seed)

    def chunks(self, start: int, end: int, size: int = 512 * 1024) -> Iterator[bytes]:
        if self.data is not None:
            for pos in range(start, end, size):
                yield self.data[pos:min(end, pos + size)]
        elif self.path is not None:
            with open(self.path, "rb") as source:
                source.seek(start)
                left = end - start
                while left > 0:
                    chunk = source.read(min(size, left))
                    if not chunk:
                        return
                    left -= len(chunk)
                    yield chunk
        else:
            block = _pattern_block(self.seed)
            period = len(block)
            pos = start
            while pos < end:
                offset = pos % period
                take = min(end - pos, period - offset, size)
                yield block[offset:offset + take]
                pos += take


@dataclass
class StoredFile:
    """A row of Moodle's files table."""

    id: int
    contextid: int
    component: str
    filearea: str
    itemid: int
    filepath: str
    filename: str
    blob: Blob
    mimetype: str
    timecreated: int
    timemodified: int
    userid: Optional[int] = None
    author: Optional[str] = None
    license: Optional[str] = "unknown"
    sortorder: int = 0
    source: Optional[str] = None

    @property
    def key(self) -> tuple:
        return (self.contextid, self.component, self.filearea, self.itemid, self.filepath, self.filename)

    @property
    def size(self) -> int:
        return self.blob.size

    @property
    def contenthash(self) -> str:
        return self.blob.sha1


class FileStore:
    """Every stored file by its (context, component, area, itemid, path, name); uploaded bytes
    live in `filedir`, named by their SHA-1 as in Moodle's file pool."""

    def __init__(self, filedir: str):
        self.filedir = filedir
        self.files: dict = {}
        self._next_id = 100001

    def add(self, contextid: int, component: str, filearea: str, itemid: int, filepath: str,
            filename: str, blob: Blob, when: int, **meta) -> StoredFile:
        record = StoredFile(self._next_id, contextid, component, filearea, itemid, filepath, filename,
                            blob, meta.pop("mimetype", None) or mimetype_of(filename), when, when, **meta)
        self._next_id += 1
        self.files[record.key] = record
        return record

    def copy(self, source: StoredFile, contextid: int, component: str, filearea: str, itemid: int,
             when: int) -> StoredFile:
        return self.add(contextid, component, filearea, itemid, source.filepath, source.filename, source.blob,
                        when, mimetype=source.mimetype, userid=source.userid, author=source.author,
                        license=source.license, source=source.source)

    def get(self, contextid: int, component: str, filearea: str, itemid: int, filepath: str,
            filename: str) -> Optional[StoredFile]:
        return self.files.get((contextid, component, filearea, itemid, filepath, filename))

    def area(self, contextid: int, component: str, filearea: str, itemid: Optional[int] = None,
             by_sortorder: bool = False) -> list:
        rows = [f for f in self.files.values()
                if f.contextid == contextid and f.component == component and f.filearea == filearea
                and (itemid is None or f.itemid == itemid)]
        if by_sortorder:
            return sorted(rows, key=lambda f: (-f.sortorder, f.id))     # 'sortorder DESC, id ASC'
        return sorted(rows, key=lambda f: (f.itemid, f.filepath, f.filename))

    def delete(self, record: StoredFile) -> None:
        self.files.pop(record.key, None)

    def keep_upload(self, part: UploadedPart) -> Blob:
        """Moves an uploaded temp file into the pool (or drops it when the pool has those bytes)."""
        target = os.path.join(self.filedir, part.sha1)
        if os.path.exists(target):
            _remove_quietly(part.path)
        else:
            os.replace(part.path, target)
        return Blob(part.size, part.sha1, part.sha256, path=target)


def synth_bytes(name: str, size: int) -> bytes:
    """Deterministic bytes for a data-set file: a plausible header, then a SHA-256 stream."""
    ext = name.rpartition(".")[2].lower()
    head = {"pdf": b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "png": b"\x89PNG\r\n\x1a\n",
            "jpg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00", "docx": b"PK\x03\x04",
            "mp4": b"\x00\x00\x00\x18ftypmp42"}.get(ext, b"")
    tail = b"\n%%EOF\n" if ext == "pdf" else b""
    out = bytearray(head)
    counter = 0
    while len(out) < size - len(tail):
        out += hashlib.sha256(f"{name}:{counter}".encode()).digest()
        counter += 1
    return bytes(out[:max(0, size - len(tail))]) + tail[:size]


# --------------------------------------------------------------------------
# The data set: one student, six courses, built from the start time
# --------------------------------------------------------------------------

USER_ID = 7
USER_CTX = 25
USERNAME = "sv2026001"
PASSWORD = "Mật-khẩu-1"
FIRSTNAME, LASTNAME, FULLNAME = "An", "Nguyễn Văn", "Nguyễn Văn An"
SITENAME = "Trường Đại học Mở & Công nghệ"
SUBMISSION_STATEMENT = "Tôi xin cam đoan đây là bài làm của riêng tôi."
TEACHERS = {21: "TS. Nguyễn Văn Hùng", 22: "ThS. Trần Thị Mai Anh", 23: "ThS. Lê Quốc Bảo",
            24: "佐藤 健一", 26: "PGS. Phạm Minh Châu", 27: "TS. Đỗ Thu Hà"}
CLASSMATES = {31: "Trần Thị Bích", 32: "Lê Văn Cường"}     # other students of course 101 (forum posts)
CATEGORIES = {11: "Học kỳ 1 2026–2027", 12: "秋学期", 13: "Học kỳ 2 2025–2026", 14: "Học kỳ 2 2026–2027"}
MODULE_INFO = {   # modname: (purpose, modplural)
    "forum": ("collaboration", "Forums"), "page": ("content", "Pages"), "label": ("content", "Text and media areas"),
    "resource": ("content", "Files"), "url": ("content", "URLs"), "folder": ("content", "Folders"),
    "assign": ("assessment", "Assignments"), "quiz": ("assessment", "Quizzes"),
}


def fullname_of(userid: int) -> str:
    if userid == USER_ID:
        return FULLNAME
    return TEACHERS.get(userid) or CLASSMATES.get(userid) or f"User {userid}"


def course_ctx(course_id: int) -> int:
    return 5000 + course_id


# The assign plugins whose files webservice/pluginfile.php serves, and the one area each serves.
ASSIGN_FILE_AREAS = {"assignsubmission_file": "submission_files", "assignsubmission_onlinetext": "submissions_onlinetext",
                     "assignfeedback_file": "feedback_files"}


def module_ctx(cmid: int) -> int:
    return 10000 + cmid


@dataclass
class Section:
    id: int
    number: int
    name: str                       # as stored; "" gets the format's default name
    cmids: list
    summary: str = ""
    uservisible: bool = True
    availabilityinfo: Optional[str] = None


@dataclass
class Course:
    id: int
    fullname: str
    shortname: str
    category: int
    startdate: int
    enddate: int
    summary: str
    contacts: list
    enrolled: bool = True
    visible: int = 1
    hidden_pref: bool = False       # the Dashboard preference block_myoverview_hidden_course_<id>
    favourite: bool = False
    showgrades: int = 1
    enablecompletion: int = 0
    grade: Optional[tuple] = None   # the course total (formatted, raw); None: no row (showgrades 0)
    lastaccess: Optional[int] = None
    usercount: int = 30
    timemodified: int = 0
    sortorder: int = 0
    overviewfile: Optional[str] = None
    sections: list = field(default_factory=list)

    @property
    def ctx(self) -> int:
        return course_ctx(self.id)


@dataclass
class Module:
    cmid: int
    course: int
    section: int
    modname: str
    instance: int
    name: str
    timemodified: int
    uservisible: bool = True
    availabilityinfo: Optional[str] = None
    intro: str = ""
    completion: int = 0              # 0 none, 1 manual, 2 automatic
    completionstate: int = 0
    revision: int = 1
    externalurl: Optional[str] = None
    content: Optional[str] = None    # a page's HTML
    timeopen: int = 0
    timeclose: int = 0

    @property
    def ctx(self) -> int:
        return module_ctx(self.cmid)


@dataclass
class Submission:
    id: int
    attemptnumber: int
    status: str
    timecreated: int
    timemodified: int
    onlinetext: Optional[str] = None
    onlineformat: int = 1


@dataclass
class Grade:
    id: int
    attemptnumber: int
    grade: float
    timecreated: int
    timemodified: int
    grader: int
    feedback: str = ""
    filling: dict = field(default_factory=dict)    # rubric criterion id -> (level id, remark)


@dataclass
class Assignment:
    id: int
    cmid: int
    course: int
    name: str
    intro: str
    duedate: int
    allowsubmissionsfromdate: int = 0
    cutoffdate: int = 0
    submissiondrafts: int = 0
    requiresubmissionstatement: int = 0
    alwaysshowdescription: int = 1
    maxfiles: int = 1
    maxbytes: int = 1048576
    filetypes: str = ""
    onlinetext: bool = False
    wordlimit: int = 0
    grade: int = 10
    attemptreopenmethod: str = "untilpass"
    maxattempts: int = 1
    timemodified: int = 0
    extensionduedate: Optional[int] = None
    locked: bool = False
    rubric: Optional[Rubric] = None
    attempts: list = field(default_factory=list)   # Submission, oldest first
    grades: dict = field(default_factory=dict)     # attemptnumber -> Grade
    saves: int = 0
    submits: int = 0

    @property
    def gradingduedate(self) -> int:
        return self.duedate + 7 * DAY if self.duedate else 0

    @property
    def latest(self) -> Optional[Submission]:
        return self.attempts[-1] if self.attempts else None


@dataclass
class GradeItem:
    """A graded thing of a course's gradebook: an activity's item (`mod`) or the teacher's own (`manual`)."""
    id: int
    name: str
    grademax: float = 10.0
    cmid: int = 0                       # mod items: the activity
    grade: Optional[float] = None       # manual items: the student's grade
    feedback: str = ""
    hidden: bool = False                # the teacher hid the grade from students


@dataclass
class GradeCategory:
    """A grade category (natural aggregation, empty grades left out, as a new Moodle course has),
    with its total's own grade item."""
    id: int
    name: str
    itemid: int
    children: list = field(default_factory=list)   # GradeItem | GradeCategory


@dataclass
class Rubric:
    """An assignment's rubric: criteria of (id, description, [(levelid, definition, score)])."""
    criteria: list
    showscorestudent: bool = True
    showremarksstudent: bool = True


@dataclass
class Post:
    id: int
    discussion: int
    parent: int
    userid: int
    subject: str
    message: str
    created: int
    modified: int
    attachment: Optional[str] = None
    messageformat: int = 1           # FORMAT_HTML
    privatereplyto: int = 0          # a private reply: the user it is meant for


@dataclass
class Discussion:
    id: int
    forum: int
    name: str
    userid: int
    posts: list                      # Post, the first one first
    timelocked: int = 0              # locked by a teacher at this time (0: not locked)

    @property
    def timemodified(self) -> int:
        return max(p.modified for p in self.posts)

    @property
    def usermodified(self) -> int:
        return max(self.posts, key=lambda p: (p.modified, p.id)).userid


@dataclass
class Forum:
    id: int
    cmid: int
    course: int
    name: str
    trackingtype: int = 1            # 0 off, 1 optional, 2 forced
    type: str = "news"


@dataclass
class DraftArea:
    itemid: int
    created: float                   # when its first file came (the root directory record)
    files: dict = field(default_factory=dict)   # (filepath, filename) -> StoredFile


class World:
    """Everything a reset brings back: courses, modules, assignments and their submissions,
    forums, files, drafts and read marks.  Dates count from `t0`, the server's start."""

    def __init__(self, t0: int, filedir: str):
        self.t0 = t0
        self.files = FileStore(filedir)
        self.courses: dict = {}
        self.modules: dict = {}
        self.assignments: dict = {}
        self.forums: dict = {}
        self.discussions: dict = {}
        self.drafts: dict = {}
        self.read_posts: set = set()
        self.rng = random.Random(20261001)
        self.next_submission = 9900
        self.next_grade = 8900
        self.next_discussion = 3900
        self.next_post = 39000
        self.next_reply = 700000        # posts made by mod_forum_add_discussion_post: 700001, 700002, ...
        self.gradebooks: dict = {}      # course id -> its course GradeCategory
        self._build()

    # ---- lookups

    def course_of_ctx(self, ctx: int) -> Optional[Course]:
        return self.courses.get(ctx - 5000) if 5000 < ctx < 10000 else None

    def module_of_ctx(self, ctx: int) -> Optional[Module]:
        return self.modules.get(ctx - 10000) if ctx > 10000 else None

    def my_courses(self) -> list:
        """enrol_get_users_courses(): active enrolments, visible courses, by sortorder."""
        return sorted((c for c in self.courses.values() if c.enrolled and c.visible),
                      key=lambda c: c.sortorder)

    def can_access(self, course: Course) -> bool:
        return course.enrolled and bool(course.visible)

    # ---- building

    def _build(self) -> None:
        t = self.t0
        d = DAY
        add_course = self._add_course
        add_course(Course(101, "Lập trình Swift cơ bản", "INT2215", 11, t - 60 * d, t + 60 * d,
                          "<p>Môn học giới thiệu ngôn ngữ <strong>Swift</strong> &amp; công cụ Xcode.</p>"
                          "<ul><li>Kiểu dữ liệu</li><li>Hàm &amp; closure</li><li>Lập trình hướng giao thức</li></ul>"
                          "<script>alert('xss')</script>",
                          [21, 22], favourite=True, enablecompletion=1, grade=("B+ (87.50 %)", "87.50000"),
                          lastaccess=t - 3600, usercount=42, overviewfile="anh-bia.jpg"))
        add_course(Course(102, "Cơ sở dữ liệu & SQL", "INT2207", 11, t - 60 * d, t + 60 * d,
                          "<p>Thiết kế &amp; truy vấn cơ sở dữ liệu quan hệ.</p>", [23], hidden_pref=True,
                          grade=("-", None), lastaccess=t - 2 * d, usercount=38))
        add_course(Course(103, "日本近代文学講読", "JPN301", 12, t - 30 * d, 0, "", [24],
                          grade=("72.00 %", "72.00000"), lastaccess=t - 5 * 3600, usercount=17))
        add_course(Course(104, "Kinh tế vĩ mô", "ECO2001", 13, t - 250 * d, t - 100 * d,
                          "<p>Các khái niệm cơ bản của kinh tế vĩ mô.</p>", [26], grade=("8.25", "8.25000"),
                          lastaccess=t - 110 * d, usercount=120))
        add_course(Course(105, "Giải tích 2", "MAT1042", 14, t + 20 * d, t + 140 * d,
                          "<p>Tích phân bội &amp; chuỗi số.</p>", [27], showgrades=0, usercount=64))
        add_course(Course(106, "Nhập môn <HTML> & CSS", "WEB1001", 11, 0, t + 45 * d,
                          "<p>HTML, CSS &amp; trình duyệt.</p>", [22], grade=("-", None),
                          lastaccess=t - 10 * d, usercount=55))
        add_course(Course(107, "Trí tuệ nhân tạo", "CS4001", 11, t - 60 * d, t + 60 * d,
                          "<p>Tìm kiếm, học máy &amp; suy luận.</p>", [21], enrolled=False))
        add_course(Course(108, "Lớp học đã đóng", "OLD0001", 13, t - 300 * d, t - 200 * d,
                          "<p>Khóa học đã bị ẩn.</p>", [26], visible=0, grade=("-", None)))

        # Course 101.
        self._section(101, 10100, 0, "", [
            self._forum(Forum(301, 1001, 101, "Announcements")),
            self._module(Module(1002, 101, 0, "page", 401, "Nội quy lớp học", t - 70 * d, completion=2,
                                content="<h3>Nội quy lớp học</h3><p>Đi học đúng giờ &amp; tôn trọng bạn bè.</p>"
                                        '<p><img src="@@PLUGINFILE@@/so-do-lop.png" alt="Sơ đồ lớp"></p>')),
            self._module(Module(1003, 101, 0, "label", 411, "Chào mừng các bạn đến với môn học!", t - 70 * d,
                                intro='<p>Chào mừng các bạn đến với môn học! Hãy đọc '
                                      '<a href="https://example.edu.vn/noi-quy">nội quy</a> trước.</p>')),
            self._forum(Forum(309, 1009, 101, "Thảo luận chung", trackingtype=1, type="general")),
        ])
        self._section(101, 10101, 1, "Tuần 1: Giới thiệu", [
            self._module(Module(1011, 101, 1, "resource", 421, "Đề cương môn học", t - 65 * d,
                                completion=1, completionstate=1)),
            self._module(Module(1012, 101, 1, "url", 431, "Tài liệu Apple", t - 65 * d,
                                externalurl="https://developer.apple.com/swift/resources/?lang=vi&topic=basics")),
            self._assign(Assignment(501, 1013, 101, "Bài tập 1",
                                    "<p>Viết chương trình Swift in ra bảng cửu chương. "
                                    "Nộp tệp <strong>PDF</strong> hoặc <strong>DOCX</strong>.</p>",
                                    t + 2 * d, allowsubmissionsfromdate=t - 10 * d, maxfiles=3,
                                    filetypes=".pdf,.docx")),
        ], summary="<p>Làm quen với Swift &amp; Xcode.</p>")
        self._section(101, 10102, 2, "Tuần 2: Kiểu dữ liệu & hàm", [
            self._module(Module(1021, 101, 2, "folder", 441, "Tài liệu tuần 2", t - 58 * d)),
            self._assign(Assignment(502, 1022, 101, "Tiểu luận giữa kỳ",
                                    "<p>Tiểu luận 1500 từ về <em>value types &amp; reference types</em>.</p>",
                                    t + 6 * d, allowsubmissionsfromdate=t - 20 * d, cutoffdate=t + 9 * d,
                                    submissiondrafts=1, requiresubmissionstatement=1, maxfiles=5,
                                    maxbytes=10485760, onlinetext=True)),
            self._module(Module(1023, 101, 2, "quiz", 451, "Kiểm tra 15 phút", t - 58 * d, uservisible=False,
                                availabilityinfo="Not available unless: You achieve a required score in "
                                                 "<strong>Bài tập 1</strong>",
                                timeopen=t + 3 * d, timeclose=t + 4 * d)),
        ])
        self._section(101, 10103, 3, "", [
            self._assign(Assignment(503, 1031, 101, "Bài tập 0", "<p>Bài tập khởi động.</p>",
                                    day_end(t - 3 * d), allowsubmissionsfromdate=t - 20 * d,
                                    cutoffdate=t + 4 * d, filetypes=".pdf")),
            self._assign(Assignment(504, 1032, 101, "Báo cáo cuối kỳ", "<p>Báo cáo dự án cuối kỳ.</p>",
                                    t + 30 * d, allowsubmissionsfromdate=t + 10 * d, submissiondrafts=1,
                                    requiresubmissionstatement=1, alwaysshowdescription=0, maxfiles=2,
                                    maxbytes=20971520)),
            self._assign(Assignment(505, 1033, 101, "Bài tập đã nộp", "<p>Bài tập về optional.</p>",
                                    t - 8 * d, allowsubmissionsfromdate=t - 30 * d, maxfiles=2,
                                    maxbytes=5242880)),
            self._assign(Assignment(506, 1034, 101, "Bài tập quá hạn chót", "<p>Bài tập về enum.</p>",
                                    t - 10 * d, allowsubmissionsfromdate=t - 30 * d, cutoffdate=t - 3 * d)),
        ])
        opens = time.strftime("%d %B %Y", time.gmtime(t + 7 * d + TZ_OFFSET))
        self._section(101, 10104, 4, "Tuần 4: Ôn tập", [
            self._module(Module(1041, 101, 4, "resource", 422, "Đáp án tham khảo", t - 50 * d, uservisible=False,
                                availabilityinfo=f"Not available unless: It is on or after <strong>{opens}</strong>")),
        ], uservisible=False, availabilityinfo=f"Not available unless: It is on or after <strong>{opens}</strong>")

        # Courses 102-108.
        self._section(102, 10200, 0, "", [self._forum(Forum(302, 2001, 102, "Thông báo"))])
        self._section(102, 10201, 1, "Chương 1: Mô hình quan hệ", [
            self._assign(Assignment(601, 2011, 102, "Bài tập SQL số 1", "<p>Viết 10 câu truy vấn SELECT.</p>",
                                    t + d, allowsubmissionsfromdate=t - 7 * d, maxbytes=5242880)),
        ])
        self._section(103, 10300, 0, "", [self._forum(Forum(303, 3001, 103, "Announcements", trackingtype=0))])
        self._section(103, 10301, 1, "第1週", [
            self._assign(Assignment(701, 3011, 103, "レポート課題 1", "<p>夏目漱石『こころ』について。</p>",
                                    t - d, allowsubmissionsfromdate=t - 14 * d, cutoffdate=t + d,
                                    maxbytes=2097152, extensionduedate=t + 2 * d)),
            self._module(Module(3012, 103, 1, "quiz", 751, "小テスト 第1回", t - 20 * d,
                                timeopen=t - d, timeclose=t + 5 * d)),
        ])
        self._section(104, 10400, 0, "", [self._forum(Forum(304, 4001, 104, "Announcements"))])
        self._section(104, 10401, 1, "Chương 1: Tổng cầu", [
            self._assign(Assignment(801, 4011, 104, "Bài tập lớn", "<p>Phân tích chính sách tiền tệ.</p>",
                                    t - 120 * d, allowsubmissionsfromdate=t - 200 * d, submissiondrafts=1,
                                    maxfiles=2, maxbytes=5242880, attemptreopenmethod="manual", maxattempts=-1)),
        ])
        self._section(105, 10500, 0, "", [self._forum(Forum(305, 5001, 105, "Announcements"))])
        self._section(105, 10501, 1, "", [
            self._module(Module(5011, 105, 1, "page", 402, "Giới thiệu môn học", t - 5 * d,
                                content="<p>Lịch học sẽ được thông báo sau.</p>")),
        ])
        self._section(106, 10600, 0, "", [self._forum(Forum(306, 6001, 106, "Announcements"))])
        self._section(106, 10601, 1, "Phần 1: HTML & CSS cơ bản", [
            self._module(Module(6011, 106, 1, "page", 403, "Bài 18446744073709551617 < 2^65", t - 40 * d,
                                content="<p>18446744073709551617 lớn hơn UInt64.max.</p>")),
            self._module(Module(6012, 106, 1, "resource", 423, "Video bài giảng tổng hợp", t - 40 * d)),
        ])
        self._section(107, 10700, 0, "", [self._forum(Forum(307, 7001, 107, "Announcements"))])
        self._section(108, 10800, 0, "", [self._forum(Forum(308, 8001, 108, "Announcements"))])

        self._build_files()
        self._build_submissions()
        self._build_forum_posts()
        self._build_gradebooks()

    def _add_course(self, course: Course) -> None:
        course.sortorder = 10000 + course.id
        course.timemodified = (course.startdate or self.t0) - 10 * DAY
        self.courses[course.id] = course

    def _section(self, course_id: int, sid: int, number: int, name: str, cmids: list, **extra) -> None:
        self.courses[course_id].sections.append(Section(sid, number, name, cmids, **extra))
        for cmid in cmids:
            self.modules[cmid].section = number

    def _module(self, module: Module) -> int:
        self.modules[module.cmid] = module
        return module.cmid

    def _forum(self, forum: Forum) -> int:
        self.forums[forum.id] = forum
        return self._module(Module(forum.cmid, forum.course, 0, "forum", forum.id, forum.name,
                                   self.courses[forum.course].timemodified))

    def _assign(self, assign: Assignment) -> int:
        assign.timemodified = self.t0 - 40 * DAY
        self.assignments[assign.id] = assign
        return self._module(Module(assign.cmid, assign.course, 0, "assign", assign.id, assign.name,
                                   assign.timemodified))

    def _file(self, ctx: int, component: str, area: str, itemid: int, filepath: str, name: str, data,
              when: int, userid: Optional[int] = 21, sortorder: int = 0, **meta) -> StoredFile:
        blob = data if isinstance(data, Blob) else Blob.of(data)
        author = fullname_of(userid) if userid else None
        return self.files.add(ctx, component, area, itemid, filepath, name, blob, when, userid=userid,
                              author=author, license=meta.pop("license", "allrightsreserved"),
                              sortorder=sortorder, **meta)

    def _build_files(self) -> None:
        t = self.t0
        d = DAY
        c101 = self.courses[101]
        self._file(c101.ctx, "course", "overviewfiles", 0, "/", "anh-bia.jpg", synth_bytes("anh-bia.jpg", 6144),
                   t - 70 * d)
        self._file(module_ctx(1002), "mod_page", "content", 0, "/", "so-do-lop.png",
                   synth_bytes("so-do-lop.png", 3072), t - 70 * d)
        self._file(module_ctx(1011), "mod_resource", "content", 0, "/", "de-cuong.pdf",
                   synth_bytes("de-cuong.pdf", 40960), t - 65 * d, sortorder=1)
        folder = module_ctx(1021)
        self._file(folder, "mod_folder", "content", 0, "/", "slides.pdf", synth_bytes("slides.pdf", 307200), t - 58 * d)
        self._file(folder, "mod_folder", "content", 0, "/code/", "main.swift",
                   ("// Tuần 2: kiểu dữ liệu và hàm\nimport Foundation\n\n"
                    "func chao(_ ten: String) -> String {\n    return \"Xin chào, \\(ten)!\"\n}\n\n"
                    "print(chao(\"Thế giới\"))\n").encode("utf-8"), t - 57 * d)
        self._file(folder, "mod_folder", "content", 0, "/code/", "README.md",
                   "# Mã nguồn tuần 2\n\n- `main.swift`: ví dụ về hàm\n".encode("utf-8"), t - 57 * d)
        self._file(folder, "mod_folder", "content", 0, "/", "Bài tập mẫu.pdf", synth_bytes("bai-tap-mau.pdf", 2048),
                   t - 56 * d)
        self._file(module_ctx(1041), "mod_resource", "content", 0, "/", "dap-an.pdf",
                   synth_bytes("dap-an.pdf", 20000), t - 50 * d, sortorder=1)
        self._file(module_ctx(6012), "mod_resource", "content", 0, "/", "bai-giang-tong-hop.mp4",
                   Blob.generated("bai-giang-tong-hop.mp4", 5_000_000_000), t - 40 * d, userid=22, sortorder=1)

    def _build_submissions(self) -> None:
        t = self.t0
        d = DAY
        a502 = self.assignments[502]
        a502.attempts.append(Submission(9502, 0, "draft", t - 2 * d, t - d,
                                        onlinetext="<p>Bản nháp phần mở đầu @@PLUGINFILE@@/hinh.png</p>"))
        self._file(module_ctx(1022), "assignsubmission_onlinetext", "submissions_onlinetext", 9502, "/",
                   "hinh.png", synth_bytes("hinh.png", 2000), t - 2 * d, userid=USER_ID, license="unknown")
        self.assignments[503].attempts.append(Submission(9503, 0, "new", t - 15 * d, t - 15 * d))
        a505 = self.assignments[505]
        a505.attempts.append(Submission(9505, 0, "submitted", t - 10 * d, t - 9 * d))
        self._file(module_ctx(1033), "assignsubmission_file", "submission_files", 9505, "/", "bai-lam.pdf",
                   synth_bytes("bai-lam.pdf", 12288), t - 9 * d, userid=USER_ID, license="unknown")
        a505.grades[0] = Grade(8505, 0, 9.0, t - 5 * d, t - 5 * d, 21, "<p>Tốt lắm! Chú ý phần kết luận.</p>")
        self._file(module_ctx(1033), "assignfeedback_file", "feedback_files", 8505, "/", "nhan-xet.pdf",
                   synth_bytes("nhan-xet.pdf", 4096), t - 5 * d, userid=21, license="unknown")
        self.assignments[506].attempts.append(Submission(9506, 0, "new", t - 20 * d, t - 20 * d))
        a801 = self.assignments[801]
        a801.attempts.append(Submission(9800, 0, "submitted", t - 131 * d, t - 130 * d))
        a801.attempts.append(Submission(9801, 1, "submitted", t - 124 * d, t - 121 * d))
        for sid, name, when in ((9800, "bao-cao-v1.pdf", t - 130 * d), (9801, "bao-cao-v2.pdf", t - 121 * d)):
            self._file(module_ctx(4011), "assignsubmission_file", "submission_files", sid, "/", name,
                       synth_bytes(name, 15000), when, userid=USER_ID, license="unknown")
        a801.grades[0] = Grade(8800, 0, 5.0, t - 125 * d, t - 125 * d, 26, "<p>Cần bổ sung số liệu.</p>")
        a801.grades[1] = Grade(8801, 1, 8.25, t - 115 * d, t - 115 * d, 26, "<p>Đã cải thiện nhiều.</p>")

    def _build_gradebooks(self) -> None:
        """Course 101 has a category of homework and items of its own, a manual one among them;
        103 has a hidden grade, so its total is hidden too (Moodle's default for totals with
        hidden items); every other course has its assignments at the top."""
        homework = GradeCategory(9102, "Bài tập về nhà", 9202, [
            GradeItem(9211, "Bài tập 1", 10, cmid=1013), GradeItem(9213, "Bài tập 0", 10, cmid=1031),
            GradeItem(9215, "Bài tập đã nộp", 10, cmid=1033)])
        self.gradebooks[101] = GradeCategory(9101, self.courses[101].fullname, 9201, [
            homework, GradeItem(9212, "Tiểu luận giữa kỳ", 10, cmid=1022), GradeItem(9214, "Báo cáo cuối kỳ", 10, cmid=1032),
            GradeItem(9216, "Bài tập quá hạn chót", 10, cmid=1034),
            GradeItem(9221, "Điểm chuyên cần", 5, grade=4.5, feedback="<p>Đi học đầy đủ.</p>"),
            GradeItem(9222, "Kiểm tra 15 phút", 10, cmid=1023)])
        self.gradebooks[103] = GradeCategory(9301, self.courses[103].fullname, 9401, [
            GradeItem(9411, "レポート課題 1", 10, cmid=3011), GradeItem(9412, "小テスト 第1回", 10, cmid=3012),
            GradeItem(9413, "出席", 10, grade=9, hidden=True)])
        for course in self.courses.values():
            if course.id in self.gradebooks:
                continue
            items = [GradeItem(9500 + a.id, a.name, a.grade, cmid=a.cmid)
                     for a in sorted(self.assignments.values(), key=lambda a: a.cmid) if a.course == course.id]
            self.gradebooks[course.id] = GradeCategory(9000 + course.id, course.fullname, 9600 + course.id, items)
        self.assignments[505].rubric = Rubric([
            (61, "Nội dung", [(611, "Thiếu ý chính", 0), (612, "Đủ ý", 3), (613, "Sâu sắc, có ví dụ", 6)]),
            (62, "Trình bày", [(621, "Khó đọc", 0), (622, "Tạm được", 1), (623, "Rõ ràng", 3), (624, "Mạch lạc & đẹp", 4)])])
        self.assignments[505].grades[0].filling = {61: (613, "Ví dụ về optional rất hay."), 62: (623, "")}

    def _build_forum_posts(self) -> None:
        t = self.t0
        d = DAY
        self._discussion(3011, 301, "Lịch học tuần này & phòng thi", 21, t - 2 * 3600,
                         "<p>Chào các bạn,</p><p>Lịch học tuần này:</p><ul><li>Thứ Hai: lý thuyết</li>"
                         "<li>Thứ Tư: thực hành</li></ul>", attachment="lich-hoc.pdf")
        self._discussion(3012, 301, "Thay đổi phòng học", 22, t - 5 * d,
                         "<p>Từ tuần sau lớp học ở phòng <strong>A2-301</strong>.</p>")
        self.discussions[3012].posts.append(Post(30122, 3012, 30121, 21, "Re: Thay đổi phòng học",
                                                 "<p>Phòng thực hành vẫn giữ nguyên.</p>", t - 4 * d, t - 4 * d))
        self._discussion(3013, 301, "Giới thiệu môn học", 21, t - 30 * d,
                         "<p>Chào mừng các bạn đến với môn <em>Lập trình Swift cơ bản</em>.</p>")
        self._discussion(3021, 302, "Lịch thi giữa kỳ", 23, t - 3 * d, "<p>Thi giữa kỳ vào tuần 8.</p>")
        self._discussion(3031, 303, "講義資料について", 24, t - 2 * d, "<p>講義資料を掲載しました。</p>")
        # Forum 309 (general): a classmate's question answered by the teacher, and a locked discussion.
        q = self._discussion(3091, 309, "Hỏi về bài tập 1", 31, t - 3 * d, "<p>Bài 3 có cần nộp code không?</p>")
        q.posts.append(Post(30912, 3091, 30911, 21, "Re: Hỏi về bài tập 1", "<p>Có, nộp cả code và báo cáo.</p>",
                            t - 2 * d, t - 2 * d))
        q.posts.append(Post(30913, 3091, 30912, 32, "Re: Hỏi về bài tập 1", "<p>Cảm ơn thầy!</p>", t - d, t - d))
        groups = self._discussion(3092, 309, "Nhóm học tập tuần 2", 21, t - 10 * d, "<p>Đăng ký nhóm ở đây.</p>")
        groups.posts.append(Post(30922, 3092, 30921, 31, "Re: Nhóm học tập tuần 2", "<p>Nhóm 3: Bích, Cường.</p>",
                                 t - 9 * d, t - 9 * d))
        groups.timelocked = t - 8 * d
        self.read_posts = {30121, 30122, 30911, 30912, 30921, 30922}
        self._file(module_ctx(1001), "mod_forum", "attachment", 30111, "/", "lich-hoc.pdf",
                   synth_bytes("lich-hoc.pdf", 8192), t - 2 * 3600)

    def _discussion(self, did: int, forum: int, subject: str, userid: int, when: int, message: str,
                    attachment: Optional[str] = None) -> Discussion:
        post = Post(did * 10 + 1, did, 0, userid, subject, message, when, when, attachment)
        discussion = Discussion(did, forum, subject, userid, [post])
        self.discussions[did] = discussion
        return discussion

    # ---- drafts

    def purge_drafts(self, now: float) -> None:
        """file_storage::cron(): draft areas older than 4 days go, files and all."""
        for itemid in [i for i, area in self.drafts.items() if area.created < now - DRAFT_LIFETIME]:
            del self.drafts[itemid]

    def unused_draft_itemid(self) -> int:
        """file_get_unused_draft_itemid(): rand(1, 999999999) until the area is empty."""
        while True:
            itemid = self.rng.randint(1, 999999999)
            if itemid not in self.drafts:
                return itemid


# --------------------------------------------------------------------------
# Run-time settings a test may change (/__control/config)
# --------------------------------------------------------------------------

@dataclass
class Config:
    typeoflogin: int = 1
    enablewebservices: bool = True
    enablemobilewebservice: bool = True
    maintenance: bool = False
    maintenance_message: str = ""
    disabled_functions: list = field(default_factory=list)
    forum_tracking: bool = True
    maxbytes: int = DEFAULT_MAXBYTES

    def update(self, changes) -> None:
        if not isinstance(changes, dict):
            raise ValueError("config is a JSON object")
        for key, value in changes.items():
            if key == "typeoflogin":
                if value not in (1, 2, 3):
                    raise ValueError("typeoflogin is 1, 2 or 3")
                self.typeoflogin = int(value)
            elif key in ("enablewebservices", "enablemobilewebservice", "maintenance", "forum_tracking"):
                setattr(self, key, bool(value))
            elif key == "maintenance_message":
                self.maintenance_message = str(value)
            elif key == "disabled_functions":
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise ValueError("disabled_functions is a list of function names")
                self.disabled_functions = list(value)
            elif key == "maxbytes":
                if not isinstance(value, int) or value < 0:
                    raise ValueError("maxbytes is a whole number of bytes")
                self.maxbytes = value
            else:
                raise ValueError(f"unknown config key {key!r}")

    def to_json(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Call:
    """One web service call: its validated parameters and the external settings."""

    params: dict
    raw: bool = False          # moodlewssettingraw
    fileurl: bool = True       # moodlewssettingfileurl


@dataclass
class Function:
    """An external function as lib/db/services.php (and the plugins') declare it."""

    name: str
    params: Single
    method: str
    component: str = "core"
    ajax: bool = False
    loginrequired: bool = True


def _ids(required: str = DEFAULT) -> Multiple:
    return Multiple(Value("int"), required, [])


FUNCTIONS = [
    Function("core_webservice_get_site_info", Single({
        "serviceshortnames": Multiple(Value("alphanumext"), DEFAULT, [])}), "ws_site_info"),
    Function("core_enrol_get_users_courses", Single({
        "userid": Value("int"), "returnusercount": Value("bool", DEFAULT, True)}), "ws_users_courses"),
    Function("core_course_get_enrolled_courses_by_timeline_classification", Single({
        "classification": Value("alpha"), "limit": Value("int", DEFAULT, 0), "offset": Value("int", DEFAULT, 0),
        "sort": Value("text", DEFAULT, None), "customfieldname": Value("alphanumext", DEFAULT, None),
        "customfieldvalue": Value("raw", DEFAULT, None), "searchvalue": Value("raw", DEFAULT, None),
        "requiredfields": Multiple(Value("alphanumext"), DEFAULT, [])}), "ws_timeline", ajax=True),
    Function("gradereport_overview_get_course_grades", Single({
        "userid": Value("int", DEFAULT, 0)}), "ws_course_grades", "gradereport_overview"),
    Function("gradereport_user_get_grade_items", Single({
        "courseid": Value("int"), "userid": Value("int", DEFAULT, 0), "groupid": Value("int", DEFAULT, 0)}),
        "ws_grade_items", "gradereport_user"),
    Function("gradereport_user_get_grades_table", Single({
        "courseid": Value("int"), "userid": Value("int", DEFAULT, 0), "groupid": Value("int", DEFAULT, 0)}),
        "ws_grades_table", "gradereport_user"),
    Function("core_course_get_courses_by_field", Single({
        "field": Value("alpha", DEFAULT, ""), "value": Value("raw", DEFAULT, "")}), "ws_courses_by_field"),
    Function("core_course_get_contents", Single({
        "courseid": Value("int"),
        "options": Multiple(Single({"name": Value("alphanum"), "value": Value("raw")}), DEFAULT, [])}),
        "ws_course_contents"),
    Function("mod_assign_get_assignments", Single({
        "courseids": _ids(), "capabilities": Multiple(Value("capability"), DEFAULT, []),
        "includenotenrolledcourses": Value("bool", DEFAULT, False)}), "ws_get_assignments", "mod_assign"),
    Function("mod_assign_get_submission_status", Single({
        "assignid": Value("int"), "userid": Value("int", DEFAULT, 0), "groupid": Value("int", DEFAULT, 0)}),
        "ws_submission_status", "mod_assign"),
    Function("mod_assign_save_submission", Single({
        "assignmentid": Value("int"),
        "plugindata": Single({
            "onlinetext_editor": Single({"text": Value("raw"), "format": Value("int"), "itemid": Value("int")},
                                        OPTIONAL),
            "files_filemanager": Value("int", OPTIONAL)})}), "ws_save_submission", "mod_assign"),
    Function("mod_assign_submit_for_grading", Single({
        "assignmentid": Value("int"), "acceptsubmissionstatement": Value("bool")}),
        "ws_submit_for_grading", "mod_assign"),
    Function("core_calendar_get_action_events_by_timesort", Single({
        "timesortfrom": Value("int", DEFAULT, 0), "timesortto": Value("int", DEFAULT, None),
        "aftereventid": Value("int", DEFAULT, 0), "limitnum": Value("int", DEFAULT, 20),
        "limittononsuspendedevents": Value("bool", DEFAULT, False), "userid": Value("int", DEFAULT, None),
        "searchvalue": Value("raw", DEFAULT, None)}), "ws_action_events", ajax=True),
    Function("mod_forum_get_forums_by_courses", Single({"courseids": _ids()}), "ws_forums_by_courses", "mod_forum"),
    Function("mod_forum_get_forum_discussions", Single({
        "forumid": Value("int"), "sortorder": Value("int", DEFAULT, -1), "page": Value("int", DEFAULT, -1),
        "perpage": Value("int", DEFAULT, 0), "groupid": Value("int", DEFAULT, 0)}),
        "ws_forum_discussions", "mod_forum"),
    Function("mod_forum_get_discussion_posts", Single({
        "discussionid": Value("int"), "sortby": Value("alpha", DEFAULT, "created"),
        "sortdirection": Value("alpha", DEFAULT, "DESC"),
        "includeinlineattachments": Value("bool", DEFAULT, False)}), "ws_discussion_posts", "mod_forum"),
    Function("mod_forum_view_forum_discussion", Single({"discussionid": Value("int")}),
             "ws_view_discussion", "mod_forum"),
    Function("mod_forum_add_discussion_post", Single({
        "postid": Value("int"), "subject": Value("text"), "message": Value("raw"),
        "options": Multiple(Single({"name": Value("alphanum"), "value": Value("raw")}), DEFAULT, []),
        "messageformat": Value("int", DEFAULT, 1)}), "ws_add_discussion_post", "mod_forum", ajax=True),
    Function("core_files_get_unused_draft_itemid", Single({}), "ws_unused_draft"),
    Function("tool_mobile_get_public_config", Single({}), "ws_public_config", "tool_mobile",
             ajax=True, loginrequired=False),
    Function("tool_mobile_get_plugins_supporting_mobile", Single({}), "ws_mobile_plugins", "tool_mobile",
             ajax=True, loginrequired=False),
]
FUNCTIONS_BY_NAME = {f.name: f for f in FUNCTIONS}
# Functions of the mobile service the fake does not implement: known (so not `invalidrecord`),
# reached through service-nologin they are `servicenotavailable`.
KNOWN_ELSEWHERE = {"tool_mobile_get_config", "tool_mobile_get_autologin_key", "tool_mobile_get_content",
                   "tool_mobile_call_external_functions", "core_user_get_users_by_field",
                   "core_course_get_categories", "mod_assign_get_grades", "core_user_update_user_preferences",
                   "core_course_set_favourite_courses", "mod_forum_get_forum_discussions_paginated"}


class WebServices:
    """The external functions.  Each `ws_*` follows the Moodle file and function named above
    it; `self` is the FakeMoodle app (world, config, wwwroot, now())."""

    # ---- shared output pieces

    def fs(self, call: Call, text: Optional[str]) -> str:
        return format_string(text, call.raw)

    def ftext(self, call: Call, text: Optional[str], ctx: Optional[int] = None, component: Optional[str] = None,
              area: Optional[str] = None, itemid: Optional[int] = None, clean: bool = True) -> tuple:
        """core_external\\util::format_text(): (text, 1), @@PLUGINFILE@@ made a
        webservice/pluginfile.php URL, cleaned; as stored with moodlewssettingraw."""
        if text is None or text == "":
            return "", 1
        if call.raw:
            return text, 1
        if call.fileurl and component:
            base = f"{self.wwwroot}/webservice/pluginfile.php/{ctx}/{component}/{area}"
            if itemid is not None:
                base += f"/{itemid}"
            text = text.replace("@@PLUGINFILE@@", base)
        return (clean_html(text) if clean else text), 1

    def encode_file_url(self, path: str, forcedownload: bool = True, base: str = "webservice/pluginfile.php") -> str:
        """lib/filelib.php file_encode_url() with slasharguments: each segment rawurlencoded."""
        url = f"{self.wwwroot}/{base}" + "/".join(quote(part, safe="") for part in path.split("/"))
        return url + ("?forcedownload=1" if forcedownload else "")

    def external_files(self, files: list, itemid_in_url: bool = True) -> list:
        """core_external\\util::get_area_files(): external_files items."""
        out = []
        for f in files:
            path = f"/{f.contextid}/{f.component}/{f.filearea}"
            if itemid_in_url:
                path += f"/{f.itemid}"
            out.append({"filename": f.filename, "filepath": f.filepath, "filesize": f.size,
                        "fileurl": self.encode_file_url(path + f.filepath + f.filename, False),
                        "timemodified": f.timemodified, "mimetype": f.mimetype, "isexternalfile": False})
        return out

    def user_picture(self, _userid: int) -> str:
        return f"{self.wwwroot}/theme/image.php/boost/core/1/u/f1"

    def course_image(self, course: Course) -> str:
        """course_summary_exporter::get_course_image(), or the generated pattern's data URI."""
        if course.overviewfile:
            return f"{self.wwwroot}/pluginfile.php/{course.ctx}/course/overviewfiles/{quote(course.overviewfile)}"
        hue = (course.id * 47) % 360
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
               f'<rect width="100" height="100" fill="hsl({hue},45%,55%)"/>'
               f'<circle cx="50" cy="50" r="{20 + course.id % 25}" fill="hsl({hue},45%,70%)"/></svg>')
        return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()

    def course_progress(self, course: Course) -> Optional[float]:
        """core_completion\\progress::get_course_progress_percentage()."""
        if not course.enablecompletion:
            return None
        tracked = [self.world.modules[c] for s in course.sections for c in s.cmids
                   if self.world.modules[c].completion and self.world.modules[c].uservisible]
        if not tracked:
            return None
        done = sum(1 for m in tracked if m.completionstate in (1, 2))
        return done / len(tracked) * 100

    def course_summary(self, call: Call, course: Course) -> dict:
        """course/classes/external/course_summary_exporter.php (read structure)."""
        summary, summaryformat = self.ftext(call, course.summary, course.ctx, "course", "summary")
        progress = self.course_progress(course)
        return {
            "id": course.id, "fullname": self.fs(call, course.fullname), "shortname": self.fs(call, course.shortname),
            "idnumber": "", "summary": summary, "summaryformat": summaryformat, "startdate": course.startdate,
            "enddate": course.enddate, "visible": bool(course.visible), "showactivitydates": True,
            "showcompletionconditions": True, "pdfexportfont": None,
            "fullnamedisplay": self.fs(call, course.fullname), "viewurl": f"{self.wwwroot}/course/view.php?id={course.id}",
            "courseimage": self.course_image(course), "progress": int(progress or 0),
            "hasprogress": progress is not None, "isfavourite": course.favourite, "hidden": course.hidden_pref,
            "showshortname": False, "coursecategory": self.fs(call, CATEGORIES[course.category]),
        }

    def require_course(self, course_id: int) -> Course:
        course = self.world.courses.get(course_id)
        if course is None:
            raise missing_record("course", course_id)
        if not course.enrolled:
            raise require_login_error("Not enrolled")
        if not course.visible:
            raise require_login_error("Course is hidden")
        return course

    def require_module(self, module: Module) -> Course:
        course = self.require_course(module.course)
        if not module.uservisible:
            raise require_login_error("Activity is hidden")
        return course

    # ---- site and login

    # admin/tool/mobile/classes/external.php get_public_config_returns() (data: classes/api.php get_public_config())
    def ws_public_config(self, call: Call) -> dict:
        cfg = self.config
        w = self.wwwroot
        message = ""
        if cfg.maintenance_message:
            message, _ = self.ftext(call, f'<div class="text_to_html">{html.escape(cfg.maintenance_message)}</div>')
        data = {
            "wwwroot": w, "httpswwwroot": w, "sitename": self.fs(call, SITENAME), "guestlogin": 0,
            "rememberusername": 2, "authloginviaemail": 0, "registerauth": "", "forgottenpasswordurl": "",
            "authinstructions": "", "authnoneenabled": 0, "enablewebservices": int(cfg.enablewebservices),
            "enablemobilewebservice": int(cfg.enablemobilewebservice), "maintenanceenabled": int(cfg.maintenance),
            "maintenancemessage": message, "typeoflogin": cfg.typeoflogin,
            "launchurl": f"{w}/admin/tool/mobile/launch.php", "mobilecssurl": "", "tool_mobile_disabledfeatures": "",
        }
        if cfg.typeoflogin in (2, 3):
            data["identityproviders"] = [{"name": "Đăng nhập một lần", "iconurl": "",
                                          "url": f"{w}/auth/oauth2/login.php?id=1"}]
        data.update({
            "country": "VN", "agedigitalconsentverification": False, "supportpage": "", "supportavailability": 1,
            "autolang": 1, "lang": "en", "langmenu": 1, "langlist": "", "locale": "",
            "tool_mobile_minimumversion": "", "tool_mobile_iosappid": "633359593",
            "tool_mobile_androidappid": "com.moodle.moodlemobile",
            "tool_mobile_setuplink": "https://download.moodle.org/mobile", "tool_mobile_qrcodetype": 1,
            "warnings": [], "showloginform": 1, "tool_mfa_enabled": False, "enableloginrecaptcha": False,
            "enableforgotpasswordrecaptcha": False,
        })
        return data

    # admin/tool/mobile/classes/external.php get_plugins_supporting_mobile_returns()
    def ws_mobile_plugins(self, _call: Call) -> dict:
        return {"plugins": [], "warnings": []}

    # webservice/externallib.php core_webservice_external::get_site_info_returns()
    def ws_site_info(self, call: Call) -> dict:
        w = self.wwwroot
        functions = [{"name": f.name, "version": VERSION if f.component == "core" else PLUGIN_VERSION}
                     for f in FUNCTIONS if f.name not in self.config.disabled_functions]
        features = [("usecomments", 1), ("usetags", 1), ("enablenotes", 1), ("messaging", 1), ("enableblogs", 1),
                    ("enablecompletion", 1), ("enablebadges", 1), ("messagingallusers", 0),
                    ("enablecustomreports", 1), ("mnet_dispatcher_mode", 0)]
        return {
            "sitename": self.fs(call, SITENAME), "username": USERNAME, "firstname": FIRSTNAME, "lastname": LASTNAME,
            "fullname": FULLNAME, "lang": "vi", "userid": USER_ID, "siteurl": w,
            "userpictureurl": self.user_picture(USER_ID), "functions": functions, "downloadfiles": 1,
            "uploadfiles": 1, "release": RELEASE, "version": VERSION, "mobilecssurl": "",
            "advancedfeatures": [{"name": n, "value": v} for n, v in features], "usercanmanageownfiles": True,
            "userquota": 104857600, "usermaxuploadfilesize": self.config.maxbytes, "userhomepage": 1,
            "userprivateaccesskey": "f1e2d3c4b5a6978812345678abcdef01", "siteid": 1,
            "sitecalendartype": "gregorian", "usercalendartype": "gregorian", "userissiteadmin": False,
            "theme": "boost", "limitconcurrentlogins": 0, "policyagreed": 1,
        }

    # ---- courses

    # enrol/externallib.php core_enrol_external::get_users_courses_returns()
    def ws_users_courses(self, call: Call) -> list:
        if call.params["userid"] != USER_ID:
            # Another user's courses: each is dropped unless the caller may view that user's
            # profile and the course's participants (students see no one here).
            return []
        out = []
        for course in self.world.my_courses():
            summary, summaryformat = self.ftext(call, course.summary, course.ctx, "course", "summary")
            row = {"id": course.id, "shortname": self.fs(call, course.shortname),
                   "fullname": self.fs(call, course.fullname), "displayname": self.fs(call, course.fullname)}
            if call.params["returnusercount"]:
                row["enrolledusercount"] = course.usercount
            progress = self.course_progress(course)
            tracked = bool(course.enablecompletion)
            row.update({
                "idnumber": "", "visible": course.visible, "summary": summary, "summaryformat": summaryformat,
                "format": "topics", "courseimage": self.course_image_url(course), "showgrades": bool(course.showgrades),
                "lang": "", "enablecompletion": bool(course.enablecompletion), "completionhascriteria": False,
                "completionusertracked": tracked, "category": course.category, "progress": progress,
                "completed": False if tracked else None, "startdate": course.startdate, "enddate": course.enddate,
                "marker": 0, "lastaccess": course.lastaccess, "isfavourite": course.favourite,
                "hidden": course.hidden_pref, "overviewfiles": self.overview_files(course),
                "showactivitydates": True, "showcompletionconditions": True, "timemodified": course.timemodified,
            })
            out.append(row)
        return out

    def course_image_url(self, course: Course) -> str:
        """The courseimage of users_courses and courses_by_field: the overview image, or the
        generated course.svg (a URL here, not the timeline's data URI)."""
        if course.overviewfile:
            return self.course_image(course)
        return f"{self.wwwroot}/pluginfile.php/{course.ctx}/course/generated/course.svg"

    def overview_files(self, course: Course) -> list:
        files = self.world.files.area(course.ctx, "course", "overviewfiles")
        out = []
        for f in files:
            out.append({"filename": f.filename, "filepath": f.filepath, "filesize": f.size,
                        "fileurl": self.encode_file_url(f"/{f.contextid}/course/overviewfiles{f.filepath}{f.filename}",
                                                        False),
                        "timemodified": f.timemodified, "mimetype": f.mimetype})
        return out

    def classify(self, course: Course, now: float) -> str:
        """course/lib.php course_classify_for_timeline()."""
        if course.enddate and course.enddate < now:
            return "past"
        if course.startdate and course.startdate > now:
            return "future"
        return "inprogress"

    _SORT_FIELDS = {"id", "fullname", "shortname", "idnumber", "startdate", "enddate", "sortorder", "visible",
                    "timeaccess", "lastaccess", "timemodified", "category"}

    def sorted_courses(self, courses: list, sort: Optional[str]) -> list:
        """enrol_get_my_courses()'s ORDER BY: `visible DESC, ` then the sort (default sortorder)."""
        keys = []
        for part in (sort or "sortorder").split(","):
            words = part.strip().split()
            if not words:
                continue
            name = words[0].lower()
            for prefix in ("c.", "ul.", "ue."):
                if name.startswith(prefix):
                    name = name[len(prefix):]
            direction = words[1].lower() if len(words) > 1 else "asc"
            if name not in self._SORT_FIELDS or direction not in ("asc", "desc") or len(words) > 2:
                raise invalid_parameter("Invalid $sort parameter in enrol_get_my_courses()")
            keys.append((name, direction == "desc"))
        result = list(courses)
        for name, desc in reversed(keys):
            def key(c, name=name):
                value = {"timeaccess": c.lastaccess, "lastaccess": c.lastaccess}.get(name, getattr(c, name, None))
                return (value is not None, value if value is not None else 0)
            result.sort(key=key, reverse=desc)
        result.sort(key=lambda c: -c.visible)
        return result

    # course/externallib.php core_course_external::get_enrolled_courses_by_timeline_classification_returns()
    def ws_timeline(self, call: Call) -> dict:
        p = call.params
        classification = p["classification"]
        valid = ("allincludinghidden", "all", "past", "inprogress", "future", "search", "favourites", "hidden",
                 "customfield")
        if classification not in valid:
            raise invalid_parameter("Invalid classification")
        now = self.now()
        limit, offset = p["limit"], p["offset"]
        courses = self.sorted_courses(self.world.my_courses(), p["sort"])
        if classification == "hidden":
            courses = [c for c in courses if c.hidden_pref]
        elif classification == "search":
            needle = (p["searchvalue"] or "").lower()
            courses = [c for c in courses if needle in c.fullname.lower() or needle in c.shortname.lower()]
        elif classification != "allincludinghidden":
            courses = [c for c in courses if not c.hidden_pref]   # excluded at the DB query
        courses = courses[offset:]
        matched, examined = [], 0
        for course in courses:
            examined += 1
            if classification == "favourites":
                keep = course.favourite
            elif classification == "customfield":
                keep = False     # no course has custom fields
            else:
                keep = (classification in ("allincludinghidden", "search")
                        or (classification == "hidden" and course.hidden_pref)
                        or (classification in ("all", self.classify(course, now)) and not course.hidden_pref))
            if keep:
                matched.append(course)
                if limit and len(matched) >= limit:
                    break
        return {"courses": [self.course_summary(call, c) for c in matched], "nextoffset": offset + examined}

    # grade/report/overview/classes/external.php gradereport_overview_external::get_course_grades_returns()
    def ws_course_grades(self, call: Call) -> dict:
        userid = call.params["userid"]
        if userid not in (0, USER_ID):
            raise no_permissions("View all grades")
        grades = [{"courseid": c.id, "grade": c.grade[0], "rawgrade": c.grade[1]}
                  for c in self.world.my_courses() if c.showgrades and c.grade is not None]
        return {"grades": grades, "warnings": []}

    # course/externallib.php core_course_external::get_courses_by_field_returns() (get_course_public_information())
    def ws_courses_by_field(self, call: Call) -> dict:
        field_name, value = call.params["field"], call.params["value"]
        courses = sorted(self.world.courses.values(), key=lambda c: c.id)
        warnings = []
        if field_name == "":
            selected = [None] + courses      # None: the site course
        elif field_name in ("id", "category"):
            number = int(value) if re.fullmatch(r"-?\d+", value.strip() or "x") else 0
            selected = [c for c in courses if (c.id if field_name == "id" else c.category) == number]
            if field_name == "id" and number == 1:
                selected = [None]
        elif field_name == "ids":
            ids = [int(v) for v in re.sub(r"[^0-9,]", "", value).split(",") if v]
            selected = []
            for cid in ids:
                course = self.world.courses.get(cid)
                if course is None or not self.world.can_access(course):
                    warnings.append({"item": "course", "itemid": cid, "warningcode": "1",
                                     "message": "No access rights in course context"})
                if course is not None and course not in selected:
                    selected.append(course)
            selected.sort(key=lambda c: c.id)
        elif field_name in ("shortname", "idnumber"):
            selected = [c for c in courses if (c.shortname if field_name == "shortname" else "") == value]
        elif field_name == "sectionid":
            number = int(value) if re.fullmatch(r"\d+", value.strip() or "x") else 0
            selected = [c for c in courses if any(s.id == number for s in c.sections)]
        else:
            raise invalid_parameter("Invalid field name")
        out = []
        for course in selected:
            if course is None:
                out.append(self.site_course_json(call))
                continue
            if not course.visible:
                continue   # hidden from a student without viewhiddencourses
            out.append(self.course_public_json(call, course))
        return {"courses": out, "warnings": warnings}

    def course_public_json(self, call: Call, course: Course) -> dict:
        summary, summaryformat = self.ftext(call, course.summary, course.ctx, "course", "summary")
        row = {
            "id": course.id, "fullname": self.fs(call, course.fullname), "displayname": self.fs(call, course.fullname),
            "shortname": self.fs(call, course.shortname), "courseimage": self.course_image_url(course),
            "categoryid": course.category, "categoryname": self.fs(call, CATEGORIES[course.category]),
            "sortorder": course.sortorder, "summary": summary, "summaryformat": summaryformat, "summaryfiles": [],
            "overviewfiles": self.overview_files(course), "showactivitydates": True,
            "showcompletionconditions": True,
            "contacts": [{"id": uid, "fullname": fullname_of(uid)} for uid in course.contacts],
            "enrollmentmethods": ["manual"] if course.enrolled else ["manual", "self"],
        }
        if self.world.can_access(course):
            row.update({
                "format": "topics", "showgrades": course.showgrades, "newsitems": 5, "startdate": course.startdate,
                "enddate": course.enddate, "maxbytes": 0, "showreports": 0, "visible": course.visible, "groupmode": 0,
                "groupmodeforce": 0, "defaultgroupingid": 0, "enablecompletion": course.enablecompletion,
                "completionnotify": 0, "lang": "", "theme": "", "marker": 0,
                "filters": [{"filter": "mathjaxloader", "localstate": 0, "inheritedstate": 1},
                            {"filter": "mediaplugin", "localstate": 0, "inheritedstate": 1}],
                "courseformatoptions": [{"name": "hiddensections", "value": "1"},
                                        {"name": "coursedisplay", "value": "0"}],
            })
        return row

    def site_course_json(self, call: Call) -> dict:
        return {"id": 1, "fullname": self.fs(call, SITENAME), "displayname": self.fs(call, SITENAME),
                "shortname": "DHMCN", "courseimage": f"{self.wwwroot}/pluginfile.php/2/course/generated/course.svg",
                "categoryid": 0, "categoryname": "", "sortorder": 1, "summary": "", "summaryformat": 1,
                "summaryfiles": [], "overviewfiles": [], "showactivitydates": False, "showcompletionconditions": None,
                "contacts": [], "enrollmentmethods": [], "format": "site", "showgrades": 0, "newsitems": 3,
                "startdate": 0, "enddate": 0, "maxbytes": 0, "showreports": 0, "visible": 1, "groupmode": 0,
                "groupmodeforce": 0, "defaultgroupingid": 0, "enablecompletion": 0, "completionnotify": 0,
                "lang": "", "theme": "", "marker": 0, "filters": []}

    # ---- course contents

    # course/externallib.php core_course_external::get_course_contents_returns(); contents from
    # mod/{resource,folder,page,url}/lib.php *_export_contents()
    def ws_course_contents(self, call: Call) -> list:
        course_id = call.params["courseid"]
        course = self.world.courses.get(course_id)
        if course is None:
            raise missing_record("course", course_id)
        if not self.world.can_access(course):
            raise course_context_not_valid(course_id)
        filters: dict = {}
        for option in call.params["options"]:
            name = option["name"].strip()
            if name in filters:
                continue
            value = option["value"]
            if name in ("excludemodules", "excludecontents", "includestealthmodules"):
                filters[name] = php_clean_bool(value)
            elif name in ("sectionid", "sectionnumber", "cmid", "modid"):
                if not re.fullmatch(r"\s*-?\d+\s*", value):
                    raise MoodleError("errorinvalidparam", f'The param "{name}" is invalid.', module="webservice")
                filters[name] = int(value)
            elif name == "modname":
                if not re.fullmatch(r"[a-z][a-z0-9_]*", value):
                    raise MoodleError("errorinvalidparam", f'The param "{name}" is invalid.', module="webservice")
                filters[name] = value
            else:
                raise MoodleError("errorinvalidparam", f'The param "{name}" is invalid.', module="webservice")
        out = []
        for section in course.sections:
            if "sectionid" in filters and section.id != filters["sectionid"]:
                continue
            if "sectionnumber" in filters and section.number != filters["sectionnumber"]:
                continue
            summary, summaryformat = self.ftext(call, section.summary, course.ctx, "course", "section", section.id)
            name = section.name and self.fs(call, section.name) or ("General" if section.number == 0 else "New section")
            row = {"id": section.id, "name": name, "visible": 1, "summary": summary, "summaryformat": summaryformat,
                   "section": section.number, "hiddenbynumsections": 0, "uservisible": section.uservisible}
            if section.availabilityinfo:
                row["availabilityinfo"] = section.availabilityinfo
            row["component"] = None
            row["itemid"] = None
            modules = []
            if section.uservisible and not filters.get("excludemodules"):
                for cmid in section.cmids:
                    module = self.world.modules[cmid]
                    if "cmid" in filters and cmid != filters["cmid"]:
                        continue
                    if "modname" in filters and module.modname != filters["modname"]:
                        continue
                    if "modid" in filters and "modname" in filters and module.instance != filters["modid"]:
                        continue
                    modules.append(self.module_json(call, module, bool(filters.get("excludecontents"))))
            row["modules"] = modules
            out.append(row)
        return out

    def module_json(self, call: Call, m: Module, exclude_contents: bool) -> dict:
        purpose, plural = MODULE_INFO[m.modname]
        w = self.wwwroot
        row = {"id": m.cmid}
        if m.modname != "label":
            row["url"] = f"{w}/mod/{m.modname}/view.php?id={m.cmid}"
        row.update({"name": self.fs(call, m.name), "instance": m.instance, "contextid": m.ctx})
        if m.modname == "label":
            row["description"], _ = self.ftext(call, m.intro, m.ctx, "mod_label", "intro")
        row.update({"visible": 1, "uservisible": m.uservisible})
        if m.availabilityinfo:
            row["availabilityinfo"] = m.availabilityinfo
        icon = f"{w}/theme/image.php/boost/{m.modname}/1/monologo"
        if m.modname == "resource":
            first = self.world.files.area(m.ctx, "mod_resource", "content", 0, by_sortorder=True)
            if first and first[0].mimetype == "application/pdf":
                icon = f"{w}/theme/image.php/boost/core/1/f/pdf"
        row.update({"visibleoncoursepage": 1, "modicon": icon, "modname": m.modname, "purpose": purpose,
                    "branded": False, "modplural": plural, "indent": 0, "onclick": "", "afterlink": None,
                    "customdata": self.customdata(m), "noviewlink": m.modname == "label",
                    "completion": m.completion})
        if m.completion:
            details = []
            if m.completion == 2:
                details = [{"rulename": "completionview",
                            "rulevalue": {"status": 1 if m.completionstate else 0, "description": "View"}}]
            row["completiondata"] = {
                "state": m.completionstate, "timecompleted": self.world.t0 - 40 * DAY if m.completionstate else 0,
                "overrideby": None, "valueused": False, "hascompletion": True, "isautomatic": m.completion == 2,
                "istrackeduser": True, "uservisible": True, "details": details,
                "isoverallcomplete": m.completionstate in (1, 2)}
        row.update({"downloadcontent": 1, "dates": self.activity_dates(m), "groupmode": 0})
        if m.uservisible and m.modname in ("resource", "folder", "url", "page"):
            contents = self.module_contents(call, m)
            info = {"filescount": len(contents), "filessize": 0, "lastmodified": 0, "mimetypes": []}
            for item in contents:
                info["filessize"] += item["filesize"]
                info["lastmodified"] = max(info["lastmodified"], item["timemodified"])
                if "mimetype" in item and item["mimetype"] not in info["mimetypes"]:
                    info["mimetypes"].append(item["mimetype"])
            info["repositorytype"] = ""
            row["contents"] = [] if exclude_contents else contents
            row["contentsinfo"] = info
        return row

    def customdata(self, m: Module) -> str:
        """json_encode($cm->customdata): DB values, so strings."""
        if m.modname == "assign":
            a = self.world.assignments[m.instance]
            data = {"allowsubmissionsfromdate": str(a.allowsubmissionsfromdate), "duedate": str(a.duedate)}
            if a.cutoffdate:
                data["cutoffdate"] = str(a.cutoffdate)
            return json.dumps(data, separators=(",", ":"))
        if m.modname == "quiz":
            return json.dumps({"timeopen": str(m.timeopen), "timeclose": str(m.timeclose)}, separators=(",", ":"))
        return '""'

    def activity_dates(self, m: Module) -> list:
        """\\core\\activity_dates::get_dates_for_module() for assign and quiz."""
        now = self.now()
        dates = []
        if m.modname == "assign":
            a = self.world.assignments[m.instance]
            if a.allowsubmissionsfromdate:
                dates.append({"label": "Opened:" if a.allowsubmissionsfromdate <= now else "Opens:",
                              "timestamp": a.allowsubmissionsfromdate, "dataid": "allowsubmissionsfromdate"})
            if a.duedate:
                dates.append({"label": "Due:", "timestamp": a.duedate, "dataid": "duedate"})
        elif m.modname == "quiz":
            if m.timeopen:
                dates.append({"label": "Opened:" if m.timeopen <= now else "Opens:", "timestamp": m.timeopen,
                              "dataid": "timeopen"})
            if m.timeclose:
                dates.append({"label": "Closed:" if m.timeclose <= now else "Closes:", "timestamp": m.timeclose,
                              "dataid": "timeclose"})
        return dates

    def module_contents(self, call: Call, m: Module) -> list:
        files = self.world.files
        if m.modname == "url":
            return [{"type": "url", "filename": clean_filename(self.fs(call, m.name)), "filepath": None, "filesize": 0,
                     "fileurl": m.externalurl, "timecreated": None, "timemodified": m.timemodified,
                     "sortorder": None, "userid": None, "author": None, "license": None}]
        component = f"mod_{m.modname}"
        out = []
        for f in files.area(m.ctx, component, "content", 0, by_sortorder=True):
            out.append({"type": "file", "filename": f.filename, "filepath": f.filepath, "filesize": f.size,
                        "fileurl": self.encode_file_url(f"/{m.ctx}/{component}/content/{m.revision}"
                                                        f"{f.filepath}{f.filename}"),
                        "timecreated": f.timecreated, "timemodified": f.timemodified, "sortorder": f.sortorder,
                        "mimetype": f.mimetype, "isexternalfile": False, "userid": f.userid, "author": f.author,
                        "license": f.license})
        if m.modname == "page":
            out.append({"type": "file", "filename": "index.html", "filepath": "/", "filesize": 0,
                        "fileurl": self.encode_file_url(f"/{m.ctx}/mod_page/content/index.html"),
                        "timecreated": None, "timemodified": m.timemodified, "sortorder": 1, "userid": None,
                        "author": None, "license": None})
        return out

    # ---- assignments

    def show_intro(self, a: Assignment) -> bool:
        """mod/assign/locallib.php assign::show_intro()."""
        return bool(a.alwaysshowdescription) or self.now() > a.allowsubmissionsfromdate

    def submissions_open(self, a: Assignment) -> bool:
        """mod/assign/locallib.php assign::submissions_open(): locked, the window (cutoff, pushed
        later by an extension), and already submitted when drafts are on.  duedate is not checked."""
        if a.locked:
            return False
        now = self.now()
        final = a.cutoffdate
        if a.extensionduedate and a.extensionduedate > final:
            final = a.extensionduedate
        if not (a.allowsubmissionsfromdate <= now and (now <= final if final else True)):
            return False
        latest = a.latest
        if latest is not None and a.submissiondrafts and latest.status == "submitted":
            return False
        return True

    def submission_files(self, a: Assignment, sub: Submission) -> list:
        return self.world.files.area(module_ctx(a.cmid), "assignsubmission_file", "submission_files", sub.id)

    def onlinetext_files(self, a: Assignment, sub: Submission) -> list:
        return self.world.files.area(module_ctx(a.cmid), "assignsubmission_onlinetext", "submissions_onlinetext",
                                     sub.id)

    @staticmethod
    def onlinetext_empty(text: Optional[str]) -> bool:
        """assign_submission_onlinetext::submission_is_empty() / is_empty()."""
        if text is None:
            return True
        return word_count(text) == 0 and not re.search(r"<(img|video|audio)\b", text, re.I)

    def submission_empty(self, a: Assignment, sub: Submission) -> bool:
        """assign::submission_empty(): every enabled plugin's stored part is empty."""
        files_empty = not self.submission_files(a, sub)
        text_empty = not a.onlinetext or self.onlinetext_empty(sub.onlinetext)
        return files_empty and text_empty

    def assignment_configs(self, a: Assignment) -> list:
        """get_config_for_external() of the enabled plugins: onlinetext, file, then feedback comments."""
        rows = []
        if a.onlinetext:
            rows += [("onlinetext", "assignsubmission", "enabled", "1"),
                     ("onlinetext", "assignsubmission", "wordlimit", str(a.wordlimit)),
                     ("onlinetext", "assignsubmission", "wordlimitenabled", "1" if a.wordlimit else "0")]
        rows += [("file", "assignsubmission", "enabled", "1"),
                 ("file", "assignsubmission", "maxfilesubmissions", str(a.maxfiles)),
                 ("file", "assignsubmission", "maxsubmissionsizebytes", str(a.maxbytes)),
                 ("file", "assignsubmission", "filetypeslist", a.filetypes),
                 ("comments", "assignfeedback", "enabled", "1"),
                 ("comments", "assignfeedback", "commentinline", "0"),
                 ("file", "assignfeedback", "enabled", "1")]
        return [{"plugin": p, "subtype": s, "name": n, "value": v} for p, s, n, v in rows]

    def assignment_json(self, call: Call, a: Assignment) -> dict:
        row = {
            "id": a.id, "cmid": a.cmid, "course": a.course, "name": self.fs(call, a.name), "nosubmissions": 0,
            "submissiondrafts": a.submissiondrafts, "sendnotifications": 0, "sendlatenotifications": 0,
            "sendstudentnotifications": 1, "duedate": a.duedate,
            "allowsubmissionsfromdate": a.allowsubmissionsfromdate, "grade": a.grade,
            "timemodified": a.timemodified, "completionsubmit": 0, "cutoffdate": a.cutoffdate,
            "gradingduedate": a.gradingduedate, "teamsubmission": 0, "requireallteammemberssubmit": 0,
            "teamsubmissiongroupingid": 0, "blindmarking": 0, "hidegrader": 0, "revealidentities": 0,
            "attemptreopenmethod": a.attemptreopenmethod, "maxattempts": a.maxattempts, "markingworkflow": 0,
            "markingallocation": 0, "markinganonymous": 0,
            "requiresubmissionstatement": a.requiresubmissionstatement, "preventsubmissionnotingroup": 0,
        }
        if a.requiresubmissionstatement:
            stored = f'<div class="text_to_html">{SUBMISSION_STATEMENT}</div>'
            row["submissionstatement"], row["submissionstatementformat"] = self.ftext(call, stored)
        row["configs"] = self.assignment_configs(a)
        if self.show_intro(a):
            ctx = module_ctx(a.cmid)
            row["intro"], row["introformat"] = self.ftext(call, a.intro, ctx, "mod_assign", "intro", clean=False)
            row["introfiles"] = []
            row["introattachments"] = []
        row["timelimit"] = 0
        row["submissionattachments"] = 0
        return row

    # mod/assign/externallib.php mod_assign_external::get_assignments_returns()
    def ws_get_assignments(self, call: Call) -> dict:
        mine = self.world.my_courses()
        wanted = call.params["courseids"]
        warnings = []
        ids = {c.id for c in mine}
        for cid in wanted:
            if cid not in ids:
                warnings.append({"item": "course", "itemid": cid, "warningcode": "2",
                                 "message": "User is not enrolled or does not have requested capability"})
        courses = [c for c in mine if not wanted or c.id in wanted]
        out = []
        for course in courses:
            assigns = [self.world.assignments[self.world.modules[cmid].instance]
                       for s in course.sections for cmid in s.cmids
                       if self.world.modules[cmid].modname == "assign" and self.world.modules[cmid].uservisible]
            out.append({"id": course.id, "fullname": self.fs(call, course.fullname),
                        "shortname": self.fs(call, course.shortname), "timemodified": course.timemodified,
                        "assignments": [self.assignment_json(call, a) for a in assigns]})
        return {"courses": out, "warnings": warnings}

    def require_assignment(self, assignid: int) -> Assignment:
        a = self.world.assignments.get(assignid)
        if a is None:
            raise missing_record("assign", assignid)
        self.require_module(self.world.modules[a.cmid])
        return a

    def submission_json(self, call: Call, a: Assignment, sub: Submission) -> dict:
        ctx = module_ctx(a.cmid)
        plugins = []
        if a.onlinetext:
            if call.raw:
                text, fmt = (sub.onlinetext or ""), sub.onlineformat
            else:
                text, fmt = self.ftext(call, sub.onlinetext, ctx, "assignsubmission_onlinetext",
                                       "submissions_onlinetext", sub.id)
            plugins.append({"type": "onlinetext", "name": "Online text",
                            "fileareas": [{"area": "submissions_onlinetext",
                                           "files": self.external_files(self.onlinetext_files(a, sub))}],
                            "editorfields": [{"name": "onlinetext", "description": "Online text", "text": text,
                                              "format": fmt}]})
        plugins.append({"type": "file", "name": "File submissions",
                        "fileareas": [{"area": "submission_files",
                                       "files": self.external_files(self.submission_files(a, sub))}]})
        plugins.append({"type": "comments", "name": "Submission comments"})
        return {"id": sub.id, "userid": USER_ID, "attemptnumber": sub.attemptnumber, "timecreated": sub.timecreated,
                "timemodified": sub.timemodified, "timestarted": None, "status": sub.status, "groupid": 0,
                "assignment": a.id, "latest": 1 if sub is a.latest else 0, "plugins": plugins}

    def grade_json(self, a: Assignment, g: Grade) -> dict:
        return {"id": g.id, "assignment": a.id, "userid": USER_ID, "attemptnumber": g.attemptnumber,
                "timecreated": g.timecreated, "timemodified": g.timemodified, "grader": g.grader,
                "grade": f"{g.grade:.5f}", "gradefordisplay": self.grade_display(a, g)}

    @staticmethod
    def grade_display(a: Assignment, g: Grade) -> str:
        """assign::display_grade() for a point grade shown as Real: "9.00&nbsp;/&nbsp;10.00"."""
        return f"{g.grade:.2f}&nbsp;/&nbsp;{a.grade:.2f}"

    @staticmethod
    def feedback_display(a: Assignment, g: Grade) -> str:
        """The feedback's grade (get_assign_feedback_status_renderable()): the plain grade, or graded
        by rubric, the rubric as the student sees it (the controller's render_grade():
        gradingform_rubric_renderer::display_instances(), DISPLAY_VIEW) followed by the grade's
        long form (`str_long_grade`, "9.00 / 10.00")."""
        if a.rubric is None or not g.filling:
            return WebServices.grade_display(a, g)
        return WebServices.rubric_html(a.rubric, g.filling) + f"{g.grade:.2f} / {a.grade:.2f}"

    @staticmethod
    def rubric_html(rubric: Rubric, filling: dict) -> str:
        def suffix(index: int, last: int) -> str:
            return (" first" if index == 0 else "") + (" last" if index == last else "") + (" odd" if index % 2 else " even")

        criteria = ""
        for ci, (cid, description, levels) in enumerate(rubric.criteria):
            chosen, remark = filling.get(cid, (None, ""))
            cells = ""
            for li, (lid, definition, score) in enumerate(levels):
                checked = " checked" if lid == chosen else ""
                score_html = (f'<div class="score"><span id="rubric0-criteria-{cid}-levels-{lid}-score" '
                              f'class="scorevalue">{score:g}</span> points</div>') if rubric.showscorestudent else ""
                cells += (f'<td id="rubric0-criteria-{cid}-levels-{lid}" class="level{suffix(li, len(levels) - 1)}{checked}" '
                          f'width="{round(100 / len(levels))}%"><div class="level-wrapper">'
                          f'<div class="definition" id="rubric0-criteria-{cid}-levels-{lid}-definition">{definition}</div>'
                          f'{score_html}</div></td>')
            remark_html = f'<td class="remark">{remark}</td>' if rubric.showremarksstudent else ""
            criteria += (f'<tr class="criterion{suffix(ci, len(rubric.criteria) - 1)}" id="rubric0-criteria-{cid}">'
                         f'<td class="description" id="rubric0-criteria-{cid}-description">{description}</td>'
                         f'<td class="levels"><table><tr id="rubric0-criteria-{cid}-levels">{cells}</tr></table></td>'
                         f'{remark_html}</tr>')
        return ('<div class="advancedgrade"><div id="rubric-rubric0" class="clearfix gradingform_rubric view">'
                f'<table class="criteria" id="rubric0-criteria">{criteria}</table></div></div>')

    def feedback_plugins(self, call: Call, a: Assignment, g: Grade) -> list:
        """The enabled feedback plugins' data (assign::get_plugins_data): the comments' editor
        field, and the file plugin's feedback_files area, which lists no files where the teacher gave none."""
        text, fmt = self.ftext(call, g.feedback, module_ctx(a.cmid), "assignfeedback_comments", "feedback", g.id)
        files = self.world.files.area(module_ctx(a.cmid), "assignfeedback_file", "feedback_files", g.id)
        return [{"type": "comments", "name": "Feedback comments",
                 "editorfields": [{"name": "comments", "description": "Feedback comments", "text": text,
                                   "format": fmt}]},
                {"type": "file", "name": "File feedback",
                 "fileareas": [{"area": "feedback_files", "files": self.external_files(files)}]}]

    # mod/assign/externallib.php mod_assign_external::get_submission_status_returns()
    def ws_submission_status(self, call: Call) -> dict:
        a = self.require_assignment(call.params["assignid"])
        if call.params["userid"] not in (0, USER_ID):
            raise no_permissions("View all grades")
        latest = a.latest
        opened = self.submissions_open(a)
        grade = a.grades.get(latest.attemptnumber) if latest else None
        graded = grade is not None and grade.grade >= 0
        lastattempt = {}
        if latest is not None:
            lastattempt["submission"] = self.submission_json(call, a, latest)
        show_submit = (latest is not None and latest.status != "submitted"
                       and not self.submission_empty(a, latest) and bool(a.submissiondrafts))
        lastattempt.update({
            "submissiongroupmemberswhoneedtosubmit": [], "submissionsenabled": True, "locked": a.locked,
            "graded": graded, "canedit": opened, "caneditowner": opened, "cansubmit": opened and show_submit,
            "extensionduedate": a.extensionduedate, "timelimit": 0, "blindmarking": False,
            "gradingstatus": "graded" if graded else "notgraded", "usergroups": [],
        })
        result = {"lastattempt": lastattempt}
        if graded:
            result["feedback"] = {"grade": self.grade_json(a, grade),
                                  "gradefordisplay": self.feedback_display(a, grade),
                                  "gradeddate": grade.timemodified,
                                  "plugins": self.feedback_plugins(call, a, grade)}
        if len(a.attempts) > 1:
            previous = []
            for sub in reversed(a.attempts[:-1]):
                item = {"attemptnumber": sub.attemptnumber, "submission": self.submission_json(call, a, sub)}
                old = a.grades.get(sub.attemptnumber)
                if old is not None:
                    item["grade"] = self.grade_json(a, old)
                    item["feedbackplugins"] = self.feedback_plugins(call, a, old)
                previous.append(item)
            result["previousattempts"] = previous
        # An empty PHP array is a JSON list: without intro attachments this is `[]`, not `{}`.
        result["assignmentdata"] = {"attachments": {"intro": []}} if self.show_intro(a) else []
        result["warnings"] = []
        return result

    def warning(self, a: Assignment, code: str, item: str) -> list:
        messages = {"couldnotsavesubmission": "Could not save submission.",
                    "couldnotsubmitforgrading": "Could not submit assignment for grading."}
        return [{"item": html.escape(item, quote=True).replace("&#x27;", "&#039;"), "itemid": a.id,
                 "warningcode": code, "message": messages[code]}]

    def user_submission(self, a: Assignment) -> Submission:
        """assign::get_user_submission($userid, true): the latest row, made (status new) if none."""
        if a.latest is None:
            now = int(self.now())
            self.world.next_submission += 1
            a.attempts.append(Submission(self.world.next_submission, 0, "new", now, now))
        return a.latest

    def draft_files(self, itemid) -> list:
        """The files of a draft area, in upload order ([] for none, 0 or -1)."""
        if not isinstance(itemid, int) or itemid <= 0:
            return []
        self.world.purge_drafts(self.clock())
        area = self.world.drafts.get(itemid)
        return sorted(area.files.values(), key=lambda f: f.id) if area else []

    def save_draft_area(self, draft: list, ctx: int, component: str, area: str, itemid: int,
                        maxfiles: int, maxbytes: int) -> None:
        """lib/filelib.php file_save_draft_area_files(): the area becomes the draft's files;
        extras beyond maxfiles and files over maxbytes are dropped without a word."""
        store = self.world.files
        now = int(self.now())
        for old in store.area(ctx, component, area, itemid):
            store.delete(old)
        kept = 0
        for f in draft:
            if maxfiles != -1 and maxfiles <= kept:
                continue
            if maxbytes and f.size > maxbytes:
                continue
            copy = store.copy(f, ctx, component, area, itemid, now)
            copy.filepath = f.filepath
            kept += 1

    # mod/assign/externallib.php mod_assign_external::save_submission() (assign::save_submission() in locallib.php)
    def ws_save_submission(self, call: Call) -> list:
        a = self.require_assignment(call.params["assignmentid"])
        data = call.params["plugindata"]
        if not self.submissions_open(a):
            return self.warning(a, "couldnotsavesubmission", "The due date for this assignment has now passed")
        sub = self.user_submission(a)                       # made even if the save then fails
        editor = data.get("onlinetext_editor")
        files_id = data.get("files_filemanager")
        draft = self.draft_files(files_id)
        # assign::new_submission_empty(): no enabled plugin has data.
        text_has_data = a.onlinetext and editor is not None and not self.onlinetext_empty(editor["text"])
        if not draft and not text_has_data:
            return self.warning(a, "couldnotsavesubmission", "Nothing was submitted")
        ctx = module_ctx(a.cmid)
        # Every enabled plugin saves, in sortorder: onlinetext, then file.
        if a.onlinetext:
            if editor is None:
                # file_postupdate_standard_editor() reads the missing editor as null; the NOT NULL
                # column onlineformat refuses it (research sheet 3, "biggest open risk").
                raise MoodleError("dmlwriteexception", "Error writing to database", "dml_write_exception", "error",
                                  "Column 'onlineformat' cannot be null\nUPDATE mdl_assignsubmission_onlinetext "
                                  "SET onlinetext = ?,onlineformat = ? WHERE id=?")
            text, itemid = editor["text"], editor["itemid"]
            if itemid and itemid != -1:
                prefix = f"{self.wwwroot}/draftfile.php/{USER_CTX}/user/draft/{itemid}/"
                text = text.replace(prefix, "@@PLUGINFILE@@/")
                embedded = [f for f in self.draft_files(itemid)
                            if f"@@PLUGINFILE@@{f.filepath}{f.filename}" in text
                            or f"@@PLUGINFILE@@{quote(f.filepath)}{quote(f.filename)}" in text]
                self.save_draft_area(embedded, ctx, "assignsubmission_onlinetext", "submissions_onlinetext", sub.id,
                                     -1, 0)
            sub.onlinetext, sub.onlineformat = text, editor["format"]
        if files_id not in (None, 0, -1):
            self.save_draft_area(draft, ctx, "assignsubmission_file", "submission_files", sub.id, a.maxfiles,
                                 a.maxbytes)
        if self.submission_empty(a, sub):
            return self.warning(a, "couldnotsavesubmission", "Nothing was submitted")
        sub.status = "draft" if a.submissiondrafts else "submitted"
        sub.timemodified = int(self.now())
        a.saves += 1
        return []

    # mod/assign/externallib.php mod_assign_external::submit_for_grading() (assign::submit_for_grading())
    def ws_submit_for_grading(self, call: Call) -> list:
        a = self.require_assignment(call.params["assignmentid"])
        fail = self.warning(a, "couldnotsubmitforgrading", f"User id: {USER_ID}, Assignment id: {a.id} Notices:")
        if not self.submissions_open(a):
            return fail
        sub = self.user_submission(a)
        if a.requiresubmissionstatement and SUBMISSION_STATEMENT and not call.params["acceptsubmissionstatement"]:
            return fail
        if sub.status == "submitted":
            return fail
        sub.status = "submitted"
        sub.timemodified = int(self.now())
        a.submits += 1
        return []

    # ---- calendar

    def event_rows(self) -> list:
        """The action events in the database for the student's courses, before the module
        callbacks decide: (event, module, action or None)."""
        now = self.now()
        rows = []
        for a in self.world.assignments.values():
            course = self.world.courses[a.course]
            if not course.enrolled or not a.duedate:
                continue
            m = self.world.modules[a.cmid]
            action = None
            latest = a.latest
            if m.uservisible and not (latest is not None and latest.status == "submitted"):
                # mod/assign/lib.php mod_assign_core_calendar_provide_event_action()
                action = {"name": "Add submission",
                          "url": f"{self.wwwroot}/mod/assign/view.php?id={a.cmid}&action=editsubmission",
                          "itemcount": 1, "actionable": self.submissions_open(a), "showitemcount": False}
            rows.append(({"id": 7000 + a.id, "name": f"{a.name} is due", "modulename": "assign",
                          "activitystr": "Assignment is due", "eventtype": "due", "timesort": a.duedate,
                          "course": course, "module": m, "description": a.intro}, action))
            if a.extensionduedate:
                # mod/assign/locallib.php save_user_extension(): the student's own `extension`
                # action event, beside the assignment's `due` one, which stays.
                rows.append(({"id": 8000 + a.id, "name": f"{a.name} is due", "modulename": "assign",
                              "activitystr": "Assignment is due", "eventtype": "extension",
                              "timesort": a.extensionduedate, "course": course, "module": m,
                              "description": a.intro}, action))
        for m in self.world.modules.values():
            course = self.world.courses[m.course]
            if m.modname != "quiz" or not m.timeclose or not course.enrolled:
                continue
            action = None
            if m.uservisible:
                # mod/quiz/lib.php mod_quiz_core_calendar_provide_event_action()
                action = {"name": "Attempt quiz now", "url": f"{self.wwwroot}/mod/quiz/view.php?id={m.cmid}",
                          "itemcount": 1, "actionable": m.timeopen <= now <= m.timeclose, "showitemcount": False}
            rows.append(({"id": 7000 + m.instance, "name": f"{m.name} closes", "modulename": "quiz",
                          "activitystr": "Quiz closes", "eventtype": "close", "timesort": m.timeclose,
                          "course": course, "module": m, "description": ""}, action))
        rows.sort(key=lambda row: (row[0]["timesort"], row[0]["id"]))
        return rows

    def event_json(self, call: Call, event: dict, action: dict) -> dict:
        """calendar/classes/external/event_exporter.php (+ event_exporter_base.php)."""
        w = self.wwwroot
        m, course = event["module"], event["course"]
        timesort = event["timesort"]
        local = time.gmtime(timesort + TZ_OFFSET)
        midnight = ((timesort + TZ_OFFSET) // DAY) * DAY - TZ_OFFSET
        description, fmt = self.ftext(call, event["description"])
        day = time.strftime("%A, %d %B", local)
        return {
            "id": event["id"], "name": self.fs(call, event["name"]), "description": description,
            "descriptionformat": fmt, "location": "", "categoryid": None, "groupid": 0, "userid": 2,
            "repeatid": None, "eventcount": None, "component": f"mod_{event['modulename']}",
            "modulename": event["modulename"], "activityname": self.fs(call, m.name),
            "activitystr": event["activitystr"], "instance": m.cmid, "eventtype": event["eventtype"],
            "timestart": timesort, "timeduration": 0, "timesort": timesort, "timeusermidnight": midnight,
            "visible": 1, "timemodified": self.world.t0 - 40 * DAY, "overdue": timesort < self.now(),
            "icon": {"key": "monologo", "component": event["modulename"], "alttext": MODULE_INFO[m.modname][1][:-1],
                     "iconurl": f"{w}/theme/image.php/boost/{event['modulename']}/1/monologo", "iconclass": ""},
            "course": self.course_summary(call, course), "canedit": False, "candelete": False,
            "deleteurl": f"{w}/calendar/delete.php?id={event['id']}&course={course.id}",
            "editurl": f"{w}/course/mod.php?update={m.cmid}&return=1&sesskey=fakesesskey",
            "viewurl": f"{w}/calendar/view.php?view=day&course={course.id}&time={timesort}#event_{event['id']}",
            "formattedtime": (f'<span class="dimmed_text"><a href="{w}/calendar/view.php?view=day&amp;'
                              f'time={timesort}">{day}</a>, {time.strftime("%H:%M", local)}</span>'),
            "formattedlocation": "", "isactionevent": True, "iscourseevent": False, "iscategoryevent": False,
            "groupname": None, "normalisedeventtype": "course", "normalisedeventtypetext": "Course event",
            "action": action, "purpose": MODULE_INFO[m.modname][0],
            "url": f"{w}/mod/{event['modulename']}/view.php?id={m.cmid}",
        }

    # calendar/externallib.php core_calendar_external::get_calendar_action_events_by_timesort_returns()
    def ws_action_events(self, call: Call) -> dict:
        p = call.params
        if p["userid"] is not None and p["userid"] != USER_ID:
            raise no_permissions("Manage entries")
        if p["timesortfrom"] is None and p["timesortto"] is None:
            raise MoodleError("Must provide a timesort to and/or from value",
                              "error/Must provide a timesort to and/or from value")
        limit = p["limitnum"]
        if limit < 1 or limit > 50:
            raise MoodleError("Limit must be between 1 and 50 (inclusive)",
                              "error/Limit must be between 1 and 50 (inclusive)")
        rows = self.event_rows()
        after = next((row[0] for row in rows if row[0]["id"] == p["aftereventid"]), None) if p["aftereventid"] else None
        needle = php_strip_tags(p["searchvalue"] or "").lower()
        events = []
        for event, action in rows:
            if action is None:
                continue          # the module callback gave no action: not in the list
            if p["timesortfrom"] is not None and event["timesort"] < p["timesortfrom"]:
                continue
            if p["timesortto"] is not None and event["timesort"] > p["timesortto"]:
                continue
            if after is not None and (event["timesort"], event["id"]) <= (after["timesort"], after["id"]):
                continue
            if needle and needle not in event["name"].lower() and needle not in event["module"].name.lower():
                continue
            events.append(self.event_json(call, event, action))
            if len(events) >= limit:
                break
        return {"events": events, "firstid": events[0]["id"] if events else None,
                "lastid": events[-1]["id"] if events else None}

    # ---- forums

    def forum_tracked(self, forum: Forum) -> bool:
        """forum_tp_is_tracked(): site tracking on, the forum optional or forced, the user tracks."""
        return self.config.forum_tracking and forum.trackingtype in (1, 2)

    def post_unread(self, forum: Forum, post: Post) -> bool:
        """Not read, and modified within $CFG->forum_oldpostdays (14) days."""
        return (self.forum_tracked(forum) and post.id not in self.world.read_posts
                and post.modified >= self.now() - OLD_POST_DAYS * DAY)

    def forum_discussions_of(self, forum: Forum) -> list:
        return [d for d in self.world.discussions.values() if d.forum == forum.id]

    @staticmethod
    def discussion_locked(_forum: Forum, discussion: Discussion) -> bool:
        """mod/forum/lib.php forum_discussion_is_locked(): locked by hand (`timelocked`); no
        forum here locks after a period of inactivity (`lockdiscussionafter` 0)."""
        return bool(discussion.timelocked)

    def can_post(self, forum: Forum, discussion: Discussion) -> bool:
        """mod/forum/lib.php forum_user_can_post() for the student (capability manager
        can_post_in_discussion()): no cut-off dates and no group mode here; a locked discussion
        refuses (no mod/forum:canoverridediscussionlock), and so does a news forum (a student
        lacks mod/forum:replynews; mod/forum:replypost is theirs)."""
        if self.discussion_locked(forum, discussion):
            return False
        return forum.type != "news"

    def can_reply_to_post(self, forum: Forum, discussion: Discussion, post: Post) -> bool:
        """capability manager can_reply_to_post(): never to a private reply."""
        return not post.privatereplyto and self.can_post(forum, discussion)

    @staticmethod
    def can_start_discussion(forum: Forum) -> bool:
        """mod/forum/lib.php forum_user_can_post_discussion(): a student has
        mod/forum:startdiscussion, not mod/forum:addnews."""
        return forum.type not in ("news", "single")

    def find_post(self, postid: int) -> Optional[tuple]:
        """forum_get_post_full(): (post, discussion), or None."""
        for discussion in self.world.discussions.values():
            for post in discussion.posts:
                if post.id == postid:
                    return post, discussion
        return None

    # mod/forum/externallib.php mod_forum_external::get_forums_by_courses_returns()
    def ws_forums_by_courses(self, call: Call) -> list:
        wanted = call.params["courseids"]
        if wanted:
            courses = [self.world.courses[c] for c in dict.fromkeys(wanted)
                       if c in self.world.courses and self.world.can_access(self.world.courses[c])]
        else:
            courses = self.world.my_courses()
        out = []
        for course in courses:
            for forum in sorted((f for f in self.world.forums.values() if f.course == course.id), key=lambda f: f.id):
                m = self.world.modules[forum.cmid]
                discussions = self.forum_discussions_of(forum)
                row = {
                    "id": forum.id, "course": course.id, "type": forum.type, "name": self.fs(call, forum.name),
                    "intro": "", "introformat": 1, "introfiles": [], "lang": "", "duedate": 0, "cutoffdate": 0,
                    "assessed": 0, "assesstimestart": 0, "assesstimefinish": 0, "scale": 0, "grade_forum": 0,
                    "grade_forum_notify": 0, "maxbytes": 0, "maxattachments": 1, "forcesubscribe": 1,
                    "trackingtype": forum.trackingtype, "rsstype": 0, "rssarticles": 0,
                    "timemodified": m.timemodified, "warnafter": 0, "blockafter": 0, "blockperiod": 0,
                    "completiondiscussions": 0, "completionreplies": 0, "completionposts": 0, "cmid": forum.cmid,
                    "numdiscussions": len(discussions), "cancreatediscussions": self.can_start_discussion(forum),
                    "lockdiscussionafter": 0,
                    "istracked": self.forum_tracked(forum),
                }
                if row["istracked"]:
                    row["unreadpostscount"] = sum(1 for d in discussions for p in d.posts
                                                  if self.post_unread(forum, p))
                out.append(row)
        return out

    def require_forum(self, forumid: int) -> Forum:
        forum = self.world.forums.get(forumid)
        if forum is None:
            raise missing_record("forum", forumid)
        self.require_module(self.world.modules[forum.cmid])
        return forum

    def require_discussion(self, discussionid: int) -> tuple:
        discussion = self.world.discussions.get(discussionid)
        if discussion is None:
            raise missing_record("forum_discussions", discussionid)
        return discussion, self.require_forum(discussion.forum)

    def attachment_files(self, forum: Forum, post: Post) -> list:
        return self.world.files.area(module_ctx(forum.cmid), "mod_forum", "attachment", post.id)

    # mod/forum/externallib.php mod_forum_external::get_forum_discussions_returns()
    def ws_forum_discussions(self, call: Call) -> dict:
        p = call.params
        forum = self.require_forum(p["forumid"])
        sortorder = p["sortorder"]
        if sortorder == -1:
            sortorder = 1
        if sortorder not in range(1, 7):
            raise invalid_parameter(f"Invalid value for sortorder parameter (value: {p['sortorder']}),"
                                    "allowed values are: 1,2,3,4,5,6")
        discussions = self.forum_discussions_of(forum)
        keys = {1: (lambda d: d.timemodified, True), 2: (lambda d: d.timemodified, False),
                3: (lambda d: d.posts[0].created, True), 4: (lambda d: d.posts[0].created, False),
                5: (lambda d: len(d.posts), True), 6: (lambda d: len(d.posts), False)}
        key, desc = keys[sortorder]
        discussions.sort(key=lambda d: (key(d), d.id), reverse=desc)
        if p["perpage"] > 0:
            start = max(p["page"], 0) * p["perpage"]
            discussions = discussions[start:start + p["perpage"]]
        ctx = module_ctx(forum.cmid)
        out = []
        for d in discussions:
            first = d.posts[0]
            message, fmt = self.ftext(call, first.message, ctx, "mod_forum", "post", first.id)
            row = {
                "id": first.id, "name": self.fs(call, d.name), "groupid": -1, "timemodified": d.timemodified,
                "usermodified": d.usermodified, "timestart": 0, "timeend": 0, "discussion": d.id, "parent": 0,
                "userid": d.userid, "created": first.created, "modified": first.modified, "mailed": 1,
                "subject": self.fs(call, first.subject), "message": message, "messageformat": fmt,
                "messagetrust": 0, "attachment": "1" if first.attachment else "",
            }
            if first.attachment:
                row["attachments"] = self.external_files(self.attachment_files(forum, first))
            tracked = self.forum_tracked(forum)
            row.update({
                "totalscore": 0, "mailnow": 0, "userfullname": fullname_of(d.userid),
                "usermodifiedfullname": fullname_of(d.usermodified), "userpictureurl": self.user_picture(d.userid),
                "usermodifiedpictureurl": self.user_picture(d.usermodified), "numreplies": len(d.posts) - 1,
                "numunread": sum(1 for post in d.posts if self.post_unread(forum, post)) if tracked else 0,
                "pinned": False, "locked": self.discussion_locked(forum, d), "starred": False,
                "canreply": self.can_post(forum, d), "canlock": False, "canfavourite": True,
            })
            out.append(row)
        return {"discussions": out, "warnings": []}

    # mod/forum/externallib.php mod_forum_external::get_discussion_posts_returns() (exporters/post.php)
    def ws_discussion_posts(self, call: Call) -> dict:
        p = call.params
        discussion, forum = self.require_discussion(p["discussionid"])
        sortby = p["sortby"].lower()
        if sortby not in ("id", "created", "modified"):
            raise invalid_parameter(f"Invalid value for sortby parameter (value: {p['sortby']}),"
                                    "allowed values are: id, created, modified")
        direction = p["sortdirection"].upper()
        if direction not in ("ASC", "DESC"):
            raise invalid_parameter(f"Invalid value for sortdirection parameter (value: {p['sortdirection']}),"
                                    "allowed values are: ASC, DESC")
        posts = sorted(discussion.posts, key=lambda post: (getattr(post, sortby), post.id),
                       reverse=direction == "DESC")
        course = self.world.courses[forum.course]
        ctx = module_ctx(forum.cmid)
        return {"posts": [self.post_json(call, forum, discussion, post) for post in posts],
                "forumid": forum.id, "courseid": course.id,
                "ratinginfo": {"contextid": ctx, "component": "mod_forum", "ratingarea": "post",
                               "canviewall": None, "canviewany": None, "scales": [], "ratings": []},
                "warnings": []}

    # mod/forum/classes/local/exporters/post.php post::get_other_values() (capabilities from
    # mod/forum/classes/local/managers/capability.php, URLs from local/factories/url.php)
    def post_json(self, call: Call, forum: Forum, discussion: Discussion, post: Post) -> dict:
        course = self.world.courses[forum.course]
        ctx = module_ctx(forum.cmid)
        w = self.wwwroot
        text = post.message
        if post.messageformat == 2 and not call.raw:
            text = plain_to_html(text)               # format_text() of FORMAT_PLAIN
        message, fmt = self.ftext(call, text, ctx, "mod_forum", "post", post.id)
        if call.raw:
            fmt = post.messageformat
        subject = self.fs(call, post.subject)
        replysubject = subject if post.subject.startswith("Re:") else self.fs(call, f"Re: {post.subject}")
        canreply = self.can_reply_to_post(forum, discussion, post)
        # can_edit_post() / can_delete_post(): the student's own post within $CFG->maxeditingtime
        # (30 minutes; mod/forum:deleteownpost is a student's); a news post's rule needs its author.
        own_fresh = (post.userid == USER_ID and forum.type != "news"
                     and self.now() - post.created < MAX_EDITING_TIME)
        return {
            "id": post.id, "subject": subject, "replysubject": replysubject, "message": message,
            "messageformat": fmt,
            "author": {"id": post.userid, "fullname": fullname_of(post.userid), "isdeleted": False, "groups": [],
                       "urls": {"profile": f"{w}/user/view.php?id={post.userid}&course={course.id}",
                                "profileimage": self.user_picture(post.userid)}},
            "discussionid": discussion.id, "hasparent": bool(post.parent), "parentid": post.parent or None,
            "timecreated": post.created, "timemodified": post.modified,
            "unread": self.post_unread(forum, post) if self.forum_tracked(forum) else None,
            "isdeleted": False, "isprivatereply": bool(post.privatereplyto), "haswordcount": False,
            "wordcount": None, "charcount": None,
            "capabilities": {"view": True, "edit": own_fresh, "delete": own_fresh, "split": False,
                             "reply": canreply, "selfenrol": False, "export": False, "controlreadstatus": False,
                             "canreplyprivately": False},
            "urls": {"view": f"{w}/mod/forum/discuss.php?d={discussion.id}#p{post.id}",
                     "viewisolated": f"{w}/mod/forum/discuss.php?d={discussion.id}&parent={post.id}",
                     "viewparent": (f"{w}/mod/forum/discuss.php?d={discussion.id}#p{post.parent}"
                                    if post.parent else None),
                     "edit": f"{w}/mod/forum/post.php?edit={post.id}" if own_fresh else None,
                     "delete": f"{w}/mod/forum/post.php?delete={post.id}" if own_fresh else None,
                     "split": None,
                     "reply": f"{w}/mod/forum/post.php?reply={post.id}#mformforum" if canreply else None,
                     "export": None, "markasread": None, "markasunread": None,
                     "discuss": f"{w}/mod/forum/discuss.php?d={discussion.id}"},
            "attachments": [self.stored_file_json(f) for f in self.attachment_files(forum, post)],
            "messageinlinefiles": [], "tags": [], "html": None,
        }

    # mod/forum/externallib.php mod_forum_external::add_discussion_post() (forum_add_new_post() in lib.php)
    def ws_add_discussion_post(self, call: Call) -> dict:
        p = call.params
        found = self.find_post(p["postid"])
        if found is None:
            raise MoodleError("invalidparentpostid", "Parent post ID was incorrect", module="forum")
        parent, discussion = found
        forum = self.require_forum(discussion.forum)          # validate_context()
        options = {"discussionsubscribe": True, "private": False, "inlineattachmentsid": 0,
                   "attachmentsid": None, "topreferredformat": False}
        for option in p["options"]:
            name = option["name"].strip()
            if name in ("discussionsubscribe", "private", "topreferredformat"):
                options[name] = php_clean_bool(option["value"])
            elif name in ("inlineattachmentsid", "attachmentsid"):
                options[name] = php_intval(option["value"])
            else:
                raise MoodleError("errorinvalidparam", f'The param "{name}" is invalid.', module="webservice")
        if not self.can_post(forum, discussion):
            raise MoodleError("nopostforum", "Sorry, you are not allowed to post to this forum", module="forum")
        # forum_check_throttling(): no forum here has a posting threshold (blockafter 0).
        message, messageformat = p["message"], p["messageformat"]
        if options["topreferredformat"]:
            # editors_get_preferred_format() is HTML; only plain text is converted here (format_text()).
            if messageformat == 2:
                message = plain_to_html(message)
            messageformat = 1
        if parent.privatereplyto:
            raise MoodleError("codingerror", "Coding error detected, it must be fixed by a programmer: "
                                             "It should not be possible to reply to a private reply",
                              "coding_exception", "debug")
        # forum_add_new_post(): created = modified = now, the message as sent (no draft files here);
        # `private` is ignored: a student lacks mod/forum:postprivatereply.  Nothing deduplicates.
        now = int(self.now())
        self.world.next_reply += 1
        post = Post(self.world.next_reply, discussion.id, parent.id, USER_ID, p["subject"], message, now, now,
                    messageformat=messageformat)
        discussion.posts.append(post)
        if self.forum_tracked(forum):
            self.world.read_posts.add(post.id)                # forum_tp_mark_post_read() for its author
        return {"postid": post.id, "warnings": [], "post": self.post_json(call, forum, discussion, post),
                "messages": [{"type": "success", "message": "Your post was successfully added."},
                             {"type": "success",
                              "message": "You have 30 mins to edit it if you want to make any changes."}]}

    def stored_file_json(self, f: StoredFile) -> dict:
        """files/classes/external/stored_file_exporter.php: a plain pluginfile.php URL."""
        when = time.strftime("%A, %d %B %Y, %I:%M %p", time.gmtime(f.timemodified + TZ_OFFSET))
        return {"contextid": f.contextid, "component": f.component, "filearea": f.filearea, "itemid": f.itemid,
                "filepath": f.filepath, "filename": f.filename, "isdir": False,
                "isimage": f.mimetype.startswith("image/"), "timemodified": f.timemodified,
                "timecreated": f.timecreated, "filesize": f.size, "author": f.author, "license": f.license,
                "filenameshort": f.filename, "filesizeformatted": f"{f.size / 1024:.1f} KB",
                "icon": "f/pdf" if f.mimetype == "application/pdf" else "f/unknown",
                "timecreatedformatted": when, "timemodifiedformatted": when,
                "url": self.encode_file_url(f"/{f.contextid}/{f.component}/{f.filearea}/{f.itemid}"
                                            f"{f.filepath}{f.filename}", True, "pluginfile.php"),
                "urls": {"export": None}, "html": {"plagiarism": None}}

    # mod/forum/externallib.php mod_forum_external::view_forum_discussion_returns()
    def ws_view_discussion(self, call: Call) -> dict:
        discussion, forum = self.require_discussion(call.params["discussionid"])
        if self.forum_tracked(forum):
            # forum_tp_mark_discussion_read(): every post modified within the old-post cutoff.
            cutoff = self.now() - OLD_POST_DAYS * DAY
            self.world.read_posts.update(p.id for p in discussion.posts if p.modified >= cutoff)
        return {"status": True, "warnings": []}

    # files/classes/external/get/unused_draft.php core_files\external\get\unused_draft::execute_returns()
    # ---- the grade report (grade/report/user/classes/external/user.php, report/user.php fill_table_recursive())

    def report_course(self, call: Call) -> Course:
        """gradereport_user\\external\\user::check_report_access(): a student sees only their own,
        and only where the course shows grades."""
        course = self.require_course(call.params["courseid"])
        if call.params["userid"] != USER_ID:
            raise no_permissions("View all grades")
        if not course.showgrades:
            raise MoodleError("nopermissiontoviewgrades", "Cannot view grades.")
        return course

    def item_grade(self, item: GradeItem) -> tuple:
        """The student's grade of an item and when it was given: a manual item's own, an
        assignment's latest graded attempt's (its feedback comments are the gradebook's feedback)."""
        if not item.cmid:
            return item.grade, self.world.t0 - 3 * DAY, item.feedback
        module = self.world.modules.get(item.cmid)
        if module is None or module.modname != "assign":
            return None, None, ""
        graded = [g for g in self.world.assignments[module.instance].grades.values() if g.grade >= 0]
        if not graded:
            return None, None, ""
        latest = max(graded, key=lambda g: g.attemptnumber)
        return latest.grade, latest.timemodified, latest.feedback

    def report_rows(self, course: Course) -> list:
        """The report's rows in order, each (kind, object, category, facts), categories' totals
        after their items (the default aggregation position): natural aggregation leaving empty
        grades out, hidden items left out of the report and their totals hidden."""
        rows = []

        def walk(cat: GradeCategory, parent: Optional[int]) -> dict:
            entries = []
            for child in cat.children:
                if isinstance(child, GradeCategory):
                    entries.append((child, walk(child, cat.id)))
                    continue
                module = self.world.modules.get(child.cmid) if child.cmid else None
                grade, when, feedback = self.item_grade(child)
                facts = {"grade": grade, "max": float(child.grademax), "when": when, "feedback": feedback,
                         "hidden": child.hidden, "shown": not child.hidden and (
                             module is None or module.uservisible or bool(module.availabilityinfo)),
                         "module": module}
                entries.append((child, facts))
                rows.append(("item", child, cat, facts))
            graded = [f for _, f in entries if f["grade"] is not None]
            total_max = sum(f["max"] for f in graded) if graded else sum(f["max"] for _, f in entries)
            for _, f in entries:
                used = f["grade"] is not None and total_max > 0
                f["weight"] = f["max"] / total_max if used else 0.0
                f["status"] = "used" if used else "novalue"
            hides = any(f["hidden"] or f.get("containshidden") for _, f in entries)
            facts = {"grade": None if hides or not graded else sum(f["grade"] for f in graded), "max": total_max,
                     "when": None, "feedback": "", "hidden": False, "shown": True, "containshidden": hides,
                     "module": None}
            rows.append(("course" if parent is None else "category", cat, cat, facts))
            return facts

        walk(self.world.gradebooks[course.id], None)
        return rows

    def grade_item_json(self, call: Call, kind: str, obj, cat: GradeCategory, f: dict) -> dict:
        g, top = f["grade"], f["max"]
        item = {"id": obj.itemid if kind in ("category", "course") else obj.id,
                "itemname": None if kind in ("category", "course") else self.fs(call, obj.name),
                "itemtype": ("mod" if obj.cmid else "manual") if kind == "item" else kind,
                "itemmodule": f["module"].modname if f["module"] else None,
                "iteminstance": obj.id if kind != "item" else (f["module"].instance if f["module"] else None),
                "itemnumber": 0 if f["module"] else None, "idnumber": "",
                "categoryid": cat.id if kind == "item" else None, "outcomeid": None, "scaleid": None, "locked": None}
        if f["module"] is not None:
            item["cmid"] = f["module"].cmid
        if kind != "course":
            item["weightraw"] = f["weight"]
            item["weightformatted"] = f"{f['weight'] * 100:.2f} %"
            if f["status"] != "used":
                item["status"] = f["status"]
        item.update({
            "graderaw": g, "gradehiddenbydate": False, "gradeneedsupdate": False, "gradeishidden": False,
            "gradedatesubmitted": None, "gradedategraded": f["when"], "gradeislocked": None, "gradeisoverridden": None,
            "gradeformatted": "-" if g is None else f"{g:.2f}",
            "rangeformatted": f"0.00&ndash;{top:.2f}", "grademin": 0.0, "grademax": top,
            "percentageformatted": "-" if g is None or not top else f"{g / top * 100:.2f} %",
            "feedback": f["feedback"] or "", "feedbackformat": 1})
        return item

    def ws_grade_items(self, call: Call) -> dict:
        course = self.report_course(call)
        items = [self.grade_item_json(call, kind, obj, cat, f) for kind, obj, cat, f in self.report_rows(course)
                 if f["shown"] and not f["hidden"]]
        return {"usergrades": [{"courseid": course.id, "courseidnumber": "", "userid": USER_ID,
                                "userfullname": FULLNAME, "useridnumber": "", "maxdepth": 3, "gradeitems": items}],
                "warnings": []}

    def ws_grades_table(self, call: Call) -> dict:
        """The same report as a table: a heading row per category (its name in the
        user_report_category_content template), then its rows; only the cells read elsewhere."""
        course = self.report_course(call)
        rows = self.report_rows(course)
        data = []

        def heading(cat: GradeCategory, depth: int) -> None:
            name = html.escape(self.fs(call, cat.name), quote=False)
            content = (f'<div class="d-flex category-content"><a aria-expanded="true" role="button" '
                       f'data-categoryid={cat.id} class="btn btn-icon mr-1 toggle-category" href="#">'
                       '<span class="collapsed text-nowrap" title="Collapse"><i class="icon fa fa-chevron-down fa-fw" '
                       'title="Collapse" role="img" aria-label="Collapse"></i></span></a>'
                       f'<span>{name}</span></div>')
            data.append({"itemname": {"class": f"level{depth} levelodd d{depth} b2t category column-itemname",
                                      "colspan": 4, "content": content, "celltype": "th",
                                      "id": f"cat_{cat.id}_{USER_ID}"}})
            data.append({"leader": {"class": f"level{depth} levelodd d{depth} b1t b2b b1l", "rowspan": 2}})
            for child in cat.children:
                if isinstance(child, GradeCategory):
                    heading(child, depth + 1)
                    continue
                for kind, obj, _cat, f in rows:
                    if obj is child and f["shown"] and not f["hidden"]:
                        data.append({"itemname": {"class": f"level{depth + 1} item b1b column-itemname", "colspan": 1,
                                                  "content": html.escape(self.fs(call, child.name), quote=False),
                                                  "celltype": "th", "id": f"row_{child.id}_{USER_ID}"},
                                     "grade": {"class": "level2 item b1b itemcenter column-grade",
                                               "content": "-" if f["grade"] is None else f"{f['grade']:.2f}",
                                               "headers": f"cat_{cat.id}_{USER_ID} row_{child.id}_{USER_ID} grade{USER_ID}"}})

        heading(self.world.gradebooks[course.id], 1)
        return {"tables": [{"courseid": course.id, "userid": USER_ID, "userfullname": FULLNAME, "maxdepth": 3,
                            "tabledata": data}], "warnings": []}

    def ws_unused_draft(self, _call: Call) -> dict:
        return {"component": "user", "contextid": USER_CTX, "userid": USER_ID, "filearea": "draft",
                "itemid": self.world.unused_draft_itemid(), "warnings": []}


# --------------------------------------------------------------------------
# Faults and the request log
# --------------------------------------------------------------------------

@dataclass
class FaultRule(fault_rules.FaultRule):
    errorcode: Optional[str] = None
    message: Optional[str] = None
    exception: Optional[str] = None

    def matches(self, method: str, target: str, functions: list) -> bool:
        if not self.takes(method):
            return False
        return self.in_target(target) or any(self.match in name for name in functions)

    def to_json(self) -> dict:
        return {**super().to_json(), "errorcode": self.errorcode, "message": self.message,
                "exception": self.exception}


class FaultRules(fault_rules.FaultRules):
    """Moodle's fault kinds; a bad rule is a ValueError (a 400 from the control API)."""

    def add(self, spec) -> FaultRule:
        if not isinstance(spec, dict):
            raise ValueError("a fault rule is a JSON object")
        kind = str(spec.get("kind", ""))
        if kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault kind {kind!r}; one of {', '.join(FAULT_KINDS)}")
        count = int(spec.get("count", 1))
        seconds = float(spec.get("seconds", 2.0))
        return self.append(lambda rule_id: FaultRule(rule_id, str(spec.get("match", "")), kind, count, seconds,
                                                     spec.get("method"), spec.get("body"), spec.get("errorcode"),
                                                     spec.get("message"), spec.get("exception")))


SECRET_PARAMS = ("wstoken", "token", "password")


def mask_target(target: str) -> str:
    """The path and query with the value of any wstoken/token/password replaced by ***."""
    path, sep, query = target.partition("?")
    if not sep:
        return target
    parts = []
    for piece in query.split("&"):
        name, eq, _value = piece.partition("=")
        if unquote(name.replace("+", " ")) in SECRET_PARAMS:
            piece = f"{name}=***"
        parts.append(piece)
    return path + "?" + "&".join(parts)


def strip_secrets(value):
    if isinstance(value, dict):
        return {k: strip_secrets(v) for k, v in value.items() if k not in SECRET_PARAMS}
    if isinstance(value, list):
        return [strip_secrets(v) for v in value]
    return value


class RequestLog(request_log.RequestLog):
    """Every non-control request, without a token or a password."""

    def since_start(self) -> float:
        return round(self.seconds(), 4)

    def record(self, **values) -> dict:
        entry = {"seq": 0, "method": None, "path": None, "wsfunction": None, "token_in_url": False,
                 "token_valid": None, "params": None, "range": None, "if_range": None, "status": None,
                 "fault": None, "time": self.since_start(), "answered": None, "body_bytes": None, "files": None}
        entry.update(values)
        return self.add(entry)


@dataclass
class Prepared:
    """What is known of a request before faults apply (its small body is read by then)."""

    kind: str
    pairs: list = field(default_factory=list)        # query, then form (POST) pairs
    form: list = field(default_factory=list)
    body: bytes = b""
    functions: list = field(default_factory=list)
    token: Optional[str] = None
    token_in_url: bool = False
    params: object = None


ENDPOINTS = {"/lib/ajax/service-nologin.php": "nologin", "/login/token.php": "token",
             "/admin/tool/mobile/launch.php": "launch", "/webservice/rest/server.php": "rest",
             "/webservice/upload.php": "upload"}


# --------------------------------------------------------------------------
# The application: endpoints, faults, log and control
# --------------------------------------------------------------------------

class FakeMoodle(WebServices, CommonControl):
    """All state, and the routing both listeners share."""

    def __init__(self, opts):
        self.started = time.monotonic()
        self.t0 = int(time.time())
        self.default_token = opts.token
        self.tmpdir = tempfile.mkdtemp(prefix="fake_moodle_")
        self.filedir = os.path.join(self.tmpdir, "filedir")
        self.uploads = os.path.join(self.tmpdir, "uploads")
        os.makedirs(self.filedir)
        os.makedirs(self.uploads)
        self.lock = threading.RLock()
        self.world = World(self.t0, self.filedir)
        self.config = Config()
        self.tokens = [opts.token]
        self.issued = 0
        self.clock_offset = 0.0
        self.faults = FaultRules()
        self.log = RequestLog(self.started)
        self.verbose = opts.verbose
        self.api = Listener(self, "api", opts.port)
        self.control = Listener(self, "control", opts.control_port)

    @property
    def wwwroot(self) -> str:
        return f"http://{LOOPBACK}:{self.api.port}"

    @staticmethod
    def now() -> float:
        return time.time()

    def clock(self) -> float:
        """The time draft expiry sees: now, moved on by /__control/clock."""
        return time.time() + self.clock_offset

    def start(self) -> None:
        self.api.open()
        self.control.open()

    def stop(self) -> None:
        self.api.close()
        self.control.close()
        shutil.rmtree(self.tmpdir, ignore_errors=True)

    def token_ok(self, token) -> bool:
        return isinstance(token, str) and any(hmac.compare_digest(token.encode(), t.encode()) for t in self.tokens)

    # ---- entry point from the handler

    def route(self, req: Request, role: str) -> Response:
        if req.path.startswith("/__control/") or req.path == "/__control":
            return self.handle_control(req)
        if role == "control":
            return Response(404, b"not found", "text/plain; charset=utf-8")
        return self.handle_served(req)

    def prepare(self, req: Request) -> Prepared:
        kind = ENDPOINTS.get(req.path)
        if kind is None and req.path.startswith("/webservice/pluginfile.php"):
            kind = "pluginfile"
        prep = Prepared(kind or "other", pairs=list(req.query))
        if prep.kind in ("rest", "token", "nologin", "pluginfile", "launch"):
            ctype = req.content_type()
            if ctype == "multipart/form-data":
                _, options = parse_header_params(req.header("Content-Type") or "")
                try:
                    result = parse_multipart(req.body, options.get("boundary", ""), self.uploads)
                except MultipartError:
                    result = MultipartResult()      # PHP would see no fields at all
                for part in result.files:
                    _remove_quietly(part.path)
                prep.form = result.fields
            else:
                prep.body = req.body.read_all()
                # service-nologin's body is JSON; the others' is a form (curl -d sends no type).
                if ctype == "application/x-www-form-urlencoded" or (ctype == "" and prep.kind != "nologin"):
                    prep.form = parse_qsl(prep.body.decode("utf-8", "replace"), keep_blank_values=True)
            prep.pairs = list(req.query) + list(prep.form)
        query_names = {name for name, _ in req.query}
        if prep.kind == "rest":
            merged = {**php_params(req.query), **php_params(prep.form)}
            prep.params = strip_secrets(merged)
            if isinstance(merged.get("wsfunction"), str):
                prep.functions = [merged["wsfunction"]]
            prep.token = merged.get("wstoken")
            prep.token_in_url = "wstoken" in query_names
        elif prep.kind == "nologin":
            raw = dict(prep.pairs).get("args") or prep.body.decode("utf-8", "replace")
            try:
                decoded = json.loads(raw)
            except ValueError:
                decoded = raw
            prep.params = decoded
            if isinstance(decoded, list):
                prep.functions = [str(r.get("methodname")) for r in decoded if isinstance(r, dict)]
        elif prep.kind in ("token", "launch", "pluginfile"):
            prep.params = strip_secrets(dict(prep.pairs))
            if prep.kind == "pluginfile":
                prep.token = dict(prep.form).get("token", dict(req.query).get("token"))
                prep.token_in_url = "token" in query_names
        elif prep.kind == "upload":
            prep.token_in_url = "token" in query_names
            prep.params = strip_secrets(dict(req.query))
        return prep

    def handle_served(self, req: Request) -> Response:
        """Everything but control: logged, and subject to faults."""
        prep = self.prepare(req)
        token_valid = None if prep.token is None else self.token_ok(prep.token)
        entry = self.log.record(method=req.method, path=mask_target(req.target),
                                wsfunction=",".join(prep.functions) or None, token_in_url=prep.token_in_url,
                                token_valid=token_valid, params=prep.params, range=req.header("Range"),
                                if_range=req.header("If-Range"))
        rule = self.faults.take(req.method, req.target, prep.functions)
        response = None
        if rule is not None:
            self.log.update(entry, fault=rule.kind)
            response = self.fault_response(rule)
        if response is None:
            try:
                response = self.serve(req, prep, entry)
            except MoodleError as err:      # an endpoint's error that escaped: as the AJAX renderer writes it
                response = fatal_response(err)
            if rule is not None and rule.kind == "lost_reply":
                response.lost = True        # the work is done and kept; the answer is cut
            if rule is not None and rule.kind == "drop_reply":
                response.dropped = True     # the work is done and kept; not a byte of answer
        head_only = req.method == "HEAD"
        status = "reset" if response.reset or response.lost else "dropped" if response.dropped else response.status
        self.log.update(entry, status=status, body_bytes=body_bytes(response, head_only) if not response.lost else 0)
        response.on_done = lambda: self.log.update(entry, answered=self.log.since_start())
        return response

    def fault_response(self, rule: FaultRule) -> Optional[Response]:
        """The injected answer; None means "serve it" (after `slow` or `hold`; `lost_reply`
        and `drop_reply` change the served answer)."""
        kind = rule.kind
        if kind in ("lost_reply", "drop_reply"):
            return None
        if kind == "slow":
            time.sleep(max(0.0, rule.seconds))
            return None
        if kind == "hold":
            self.faults.hold(rule)
            return None
        if kind == "reset":
            return Response(200, reset=True)
        if kind == "500":
            body = html_page("Error", '<div class="box errorbox alert alert-danger"><p class="errormessage">'
                                      "Exception - Internal Server Error</p></div>")
            return Response(500, body, HTML_TYPE, reason="Internal Server Error")
        if kind == "503":
            body = html_page("Site under maintenance",
                             "<h1>Site under maintenance</h1><p>This site is undergoing an upgrade. "
                             "Please check back later.</p>")
            return Response(503, body, HTML_TYPE, [("Retry-After", "300")], reason="Moodle under maintenance")
        if kind == "html":
            w = self.wwwroot
            body = html_page("Log in to the site",
                             f'<form class="login-form" id="login" action="{w}/login/index.php" method="post">'
                             '<input type="hidden" name="logintoken" value="fakelogintoken">'
                             '<input type="text" name="username" id="username"><input type="password" '
                             'name="password" id="password"><button type="submit" id="loginbtn">Log in</button>'
                             "</form>")
            return Response(200, body, HTML_TYPE)
        if kind == "exception":
            err = MoodleError(rule.errorcode or "generalexceptionmessage", rule.message or "Error",
                              rule.exception or "moodle_exception")
            return self.rest_response(rest_error_body(err))
        # malformed
        body = rule.body if rule.body is not None else '{"courses":['
        return Response(200, body.encode("utf-8"), REST_JSON)

    def serve(self, req: Request, prep: Prepared, entry: dict) -> Response:
        if prep.kind == "nologin":
            with self.lock:
                return self.serve_nologin(prep)
        if prep.kind == "token":
            with self.lock:
                return self.serve_token(prep)
        if prep.kind == "launch":
            with self.lock:
                return self.serve_launch(prep)
        if prep.kind == "rest":
            with self.lock:
                return self.serve_rest(req, prep)
        if prep.kind == "upload":
            return self.serve_upload(req, entry)
        if prep.kind == "pluginfile":
            with self.lock:
                return self.serve_pluginfile(req, prep)
        if req.path.startswith("/pluginfile.php/"):
            # The session-cookie file server: without a session, require_login() sends the
            # browser to the login page.  A token client must use webservice/pluginfile.php.
            return Response(303, b"", HTML_TYPE, [("Location", f"{self.wwwroot}/login/index.php")], reason="See Other")
        body = html_page("Not found", "<h1>Not Found</h1><p>The requested URL was not found on this server.</p>")
        return Response(404, body, "text/html; charset=iso-8859-1", reason="Not Found")

    # ---- lib/ajax/service-nologin.php

    def serve_nologin(self, prep: Prepared) -> Response:
        """lib/ajax/service.php with NO_MOODLE_COOKIES: every request answered, each in its envelope."""
        raw = dict(prep.pairs).get("args") or prep.body.decode("utf-8", "replace")
        try:
            requests = json.loads(raw) if raw.strip() else None
        except ValueError:
            requests = None
        if requests is None:
            err = MoodleError("codingerror", "Coding error detected, it must be fixed by a programmer: "
                                             "Invalid json in request: Syntax error", "coding_exception")
            return fatal_response(err)
        items = requests if isinstance(requests, list) else list(requests.values()) if isinstance(requests, dict) \
            else []
        responses: dict = {}
        for request in items:
            request = request if isinstance(request, dict) else {}
            methodname = re.sub(r"[^a-zA-Z0-9_-]", "", php_str(request.get("methodname")))
            index = php_intval(request.get("index"))
            function = FUNCTIONS_BY_NAME.get(methodname)
            if function is None and methodname not in KNOWN_ELSEWHERE:
                # external_function_info(MUST_EXIST) runs outside the try: the whole answer is lost.
                return fatal_response(missing_record("external_functions", methodname, "name"))
            try:
                if function is None or not function.ajax:
                    raise MoodleError("servicenotavailable",
                                      "Web service is not available (it doesn't exist or might be disabled)",
                                      module="webservice")
                if function.loginrequired:
                    raise MoodleError("servicerequireslogin", "Web service is not available (the session has "
                                                              "been logged out or has expired)", module="webservice")
                params = validate(function.params, request.get("args"))
                data = getattr(self, function.method)(Call(params))
                responses[index] = {"error": False, "data": data}
            except MoodleError as err:
                responses[index] = {"error": True, "exception": {
                    "message": err.message, "errorcode": err.errorcode, "link": f"{self.wwwroot}/",
                    "moreinfourl": err.moreinfourl()}}
        if list(responses) == list(range(len(responses))):
            answer = list(responses.values())
        else:
            answer = {str(k): v for k, v in responses.items()}
        return Response(200, php_json(answer), JSON_UTF8)

    # ---- login/token.php

    def issue_token(self) -> str:
        """core_external\\util::generate_token_for_current_user(): the valid token again, or a new one."""
        if not self.tokens:
            self.issued += 1
            self.tokens.append(hashlib.md5(f"fake-moodle-token-{self.issued}".encode()).hexdigest())
        return self.tokens[-1]

    def serve_token(self, prep: Prepared) -> Response:
        """login/token.php."""
        params = {}
        for name, value in prep.pairs:
            params[name] = value        # POST after GET: required_param prefers POST
        cfg = self.config
        try:
            if not cfg.enablewebservices:
                raise MoodleError("enablewsdescription", "Web services must be enabled in Advanced features.",
                                  module="webservice")
            if php_intval(params.get("appsitecheck", "0")):
                return Response(200, php_json({"appsitecheck": "ok"}), JSON_UTF8, ajax_headers())
            for name in ("username", "password", "service"):
                if name not in params:
                    raise missing_param(name)
            username = params["username"].strip().lower()
            if username != USERNAME or params["password"] != PASSWORD:
                raise MoodleError("invalidlogin", "Invalid login, please try again")
            if cfg.maintenance:
                raise site_maintenance()
            if params["service"] != MOBILE_SERVICE or not cfg.enablemobilewebservice:
                raise MoodleError("servicenotavailable",
                                  "Web service is not available (it doesn't exist or might be disabled)",
                                  module="webservice")
            # http, so privatetoken is null (is_https() is false).
            return Response(200, php_json({"token": self.issue_token(), "privatetoken": None}), JSON_UTF8,
                            ajax_headers())
        except MoodleError as err:
            return fatal_response(err)

    # ---- admin/tool/mobile/launch.php

    def serve_launch(self, prep: Prepared) -> Response:
        """admin/tool/mobile/launch.php, for a browser that is already signed in."""
        params = dict(prep.pairs)
        cfg = self.config
        try:
            for name in ("service", "passport"):
                if name not in params:
                    raise missing_param(name)
            urlscheme = params.get("urlscheme", "moodlemobile")
            if not re.fullmatch(r"[a-zA-Z][a-zA-Z0-9+.-]*", urlscheme):
                code = ("Invalid parameter: the value of urlscheme isn't valid. It should start with a letter "
                        'and can only contain letters, numbers and the characters "." "+" "-".')
                raise MoodleError(code, f"error/{code}")
            if not cfg.enablewebservices:
                raise MoodleError("enablewsdescription", "Web services must be enabled in Advanced features.",
                                  module="webservice")
            if params["service"] != MOBILE_SERVICE or not cfg.enablemobilewebservice:
                raise MoodleError("servicenotavailable",
                                  "Web service is not available (it doesn't exist or might be disabled)",
                                  module="webservice")
            if cfg.typeoflogin not in (2, 3):
                raise MoodleError("pluginnotenabledorconfigured", "Plugin not enabled or configured.",
                                  module="tool_mobile")
            if cfg.maintenance:
                raise site_maintenance()
        except MoodleError as err:
            return html_error_response(err, self.wwwroot)
        siteid = hashlib.md5((self.wwwroot + params["passport"]).encode("utf-8")).hexdigest()
        apptoken = base64.b64encode(f"{siteid}:::{self.issue_token()}".encode()).decode()
        # tool_mobile/forcedurlscheme (default moodlemobile) replaces the urlscheme asked for.
        return Response(302, b"", HTML_TYPE, [("Location", f"moodlemobile://token={apptoken}")], reason="Found")

    # ---- webservice/rest/server.php

    def rest_response(self, obj) -> Response:
        """webservice/rest/locallib.php send_headers() + json_encode()."""
        return Response(200, php_json(obj), REST_JSON, [
            ("Cache-Control", "private, must-revalidate, pre-check=0, post-check=0, max-age=0"),
            ("Expires", "Thu, 01 Jan 1970 00:00:00 GMT"), ("Pragma", "no-cache"), ("Accept-Ranges", "none"),
            ("Access-Control-Allow-Origin", "*")])

    def serve_rest(self, req: Request, prep: Prepared) -> Response:
        """webservice/rest/server.php: webservice_base_server::run() (webservice/lib.php) and
        webservice_rest_server (webservice/rest/locallib.php)."""
        cfg = self.config
        if not cfg.enablewebservices:
            return Response(403, b"", HTML_TYPE, reason="Forbidden")
        merged = {**php_params(req.query), **php_params(prep.form)}
        settings = {}
        for key in [k for k in merged if k.startswith("moodlewssetting")]:
            settings[key[len("moodlewssetting"):]] = merged.pop(key)
        restformat = merged.pop("moodlewsrestformat", None)
        token = merged.pop("wstoken", None)
        functionname = merged.pop("wsfunction", None)
        if restformat != "json":
            return Response(200, b'<?xml version="1.0" encoding="UTF-8" ?><EXCEPTION/>', "text/xml; charset=utf-8",
                            [("Cache-Control", "private, must-revalidate, pre-check=0, post-check=0, max-age=0")])
        try:
            if not self.token_ok(token):
                raise invalid_token()
            if cfg.maintenance:
                raise site_maintenance()
            if not functionname:
                raise invalid_parameter("Missing function name")
            if not isinstance(functionname, str):
                raise missing_record("external_functions", "Array", "name")
            function = FUNCTIONS_BY_NAME.get(functionname)
            if function is None and functionname not in KNOWN_ELSEWHERE:
                raise missing_record("external_functions", functionname, "name")
            if function is None or functionname in cfg.disabled_functions or not cfg.enablemobilewebservice:
                raise access_exception(
                    f"Access to the function {functionname}() is not allowed. There could be multiple reasons for "
                    "this: 1. The service linked to the user token does not contain the function. 2. The service "
                    "is user-restricted and the user is not listed. 3. The service is IP-restricted and the user "
                    "IP is not listed. 4. The service is time-restricted and the time has expired. 5. The token "
                    "is time-restricted and the time has expired. 6. The service requires a specific capability "
                    "which the user does not have. 7. The function is called with username/password (no user "
                    "token is sent) and none of the services has the function to allow the user. These settings "
                    "can be set in Administration > Site administration > Server > Web services > External "
                    "services and Manage tokens.")
            params = validate(function.params, merged)
            call = Call(params, raw=php_clean_bool(settings.get("raw", "0")),
                        fileurl=php_clean_bool(settings.get("fileurl", "1")))
            return self.rest_response(getattr(self, function.method)(call))
        except MoodleError as err:
            return self.rest_response(rest_error_body(err))

    # ---- webservice/upload.php

    def serve_upload(self, req: Request, entry: dict) -> Response:
        """webservice/upload.php: PHP has the whole body (files in temp files) before the script runs."""
        fields: list = []
        files: list = []
        if req.content_type() == "multipart/form-data":
            _, options = parse_header_params(req.header("Content-Type") or "")
            try:
                result = parse_multipart(req.body, options.get("boundary", ""), self.uploads)
                fields, files = result.fields, result.files
            except MultipartError:
                fields, files = [], []
        elif req.content_type() == "application/x-www-form-urlencoded":
            fields = parse_qsl(req.body.read_all().decode("utf-8", "replace"), keep_blank_values=True)
        # $_FILES: keyed by field name, a later part replacing an earlier one in its place.
        by_field: dict = {}
        for part in files:
            if part.field in by_field:
                _remove_quietly(by_field[part.field].path)
            by_field[part.field] = part
        post = dict(fields)
        params = {**dict(req.query), **post}
        self.log.update(entry, params=strip_secrets(params),
                        files=[{"field": p.field, "filename": p.filename, "size": p.size} for p in by_field.values()])
        token = params.get("token")
        if token is not None:
            self.log.update(entry, token_valid=self.token_ok(token))
        content_type = "text/plain; charset=utf-8" if by_field else JSON_UTF8   # core_renderer_ajax::header()
        try:
            with self.lock:
                return self._upload(params, list(by_field.values()), content_type)
        except MoodleError as err:
            return fatal_response(err, content_type=content_type)
        finally:
            for part in by_field.values():
                _remove_quietly(part.path)

    def _check_file_token(self, token, disabled: str) -> None:
        """The checks webservice/upload.php and webservice/pluginfile.php make, in their order."""
        if token is None:
            raise missing_param("token")
        if not self.config.enablewebservices:
            raise access_exception("Web services are not enabled in Advanced features.")
        if not self.token_ok(re.sub(r"[^a-zA-Z0-9]", "", token)):
            raise invalid_token()
        if self.config.maintenance:
            raise site_maintenance()
        if not self.config.enablemobilewebservice:
            raise access_exception(disabled)

    def _upload(self, params: dict, parts: list, content_type: str) -> Response:
        cfg = self.config
        filepath = re.sub(r"//+", "/", re.sub(r"\.\.+", "", params.get("filepath", "/").replace("\\", "/")))
        filepath = "/" + filepath.strip("/") + "/" if filepath.strip("/") else "/"
        itemid_text = params.get("itemid", "0")
        itemid = php_intval(itemid_text)
        self._check_file_token(params.get("token"), "Web service file upload must be enabled in external service settings")
        checked = []
        for part in parts:
            if "[" in part.field:
                raise MoodleError("nofile", "No file was uploaded")       # an array of files: not handled
            if not part.filename:
                raise MoodleError("upload_error_no_file", "No file was uploaded.", module="repository_upload")
            name = clean_filename(part.filename)
            if part.size > cfg.maxbytes:
                checked.append((part, name, {"avscantime": 0.0001, "filename": name, "errortype": "fileoversized",
                                             "error": "This file is bigger than the maximum size"}))
            else:
                checked.append((part, name, None))
        self.world.purge_drafts(self.clock())
        if itemid <= 0:
            itemid = self.world.unused_draft_itemid()
        results = []
        for part, name, error in checked:
            if error is not None:
                results.append(error)
                continue
            area = self.world.drafts.get(itemid)
            if area is not None and (filepath, name) in area.files:
                results.append({"avscantime": 0.0001, "filename": name, "filepath": part.path, "size": part.size,
                                "errortype": "filenameexist", "error": f"File name already exists: {name}"})
                continue
            if area is None:
                area = DraftArea(itemid, self.clock())
                self.world.drafts[itemid] = area
            blob = self.world.files.keep_upload(part)
            record = self.world.files.add(USER_CTX, "user", "draft", itemid, filepath, name, blob, int(self.now()),
                                          userid=USER_ID, author=FULLNAME, license="unknown",
                                          source=php_serialize_source(name))
            self.world.files.delete(record)          # drafts live in their DraftArea, not the course files
            area.files[(filepath, name)] = record
            results.append({"component": "user", "contextid": USER_CTX, "userid": USER_ID, "filearea": "draft",
                            "filename": name, "filepath": filepath, "itemid": itemid, "license": "unknown",
                            "author": FULLNAME, "source": php_serialize_source(name), "filesize": part.size})
        return Response(200, php_json(results), content_type, ajax_headers())

    # ---- webservice/pluginfile.php

    def serve_pluginfile(self, req: Request, prep: Prepared) -> Response:
        """webservice/pluginfile.php: token from the query (or POST), then file_pluginfile()."""
        token = prep.token
        relative = req.path[len("/webservice/pluginfile.php"):]
        if not relative.strip("/"):
            relative = dict(prep.pairs).get("file", "")
        try:
            self._check_file_token(token, "Web service file downloading must be enabled in external service settings")
            return self.pluginfile(req, relative)
        except MoodleError as err:
            # lib/filelib.php send_file_not_found(): 404, then the same JSON.
            response = fatal_response(err, 404 if err.errorcode == "filenotfound" else 200)
            if response.status == 404:
                response.reason = "not found"
            return response

    @staticmethod
    def file_not_found() -> MoodleError:
        return MoodleError("filenotfound", "File not found")

    def pluginfile(self, req: Request, relative: str) -> Response:
        """lib/filelib.php file_pluginfile() and the plugins' *_pluginfile() callbacks."""
        parts = [p for p in relative.split("/") if p != ""]
        if len(parts) < 3 or not parts[0].isdigit():
            raise self.file_not_found()
        ctx, component, area, args = int(parts[0]), parts[1], parts[2], parts[3:]
        world = self.world
        module = world.module_of_ctx(ctx)
        if module is not None:
            return self.module_pluginfile(req, module, component, area, args)
        course = world.course_of_ctx(ctx)
        if course is not None and component == "course" and area == "overviewfiles" and len(args) >= 1:
            if not course.visible:
                raise self.file_not_found()
            record = world.files.get(ctx, "course", "overviewfiles", 0, self.args_path(args), args[-1])
            if record is None:
                raise self.file_not_found()
            return self.send_stored_file(req, record, 86400, False)
        raise self.file_not_found()

    @staticmethod
    def args_path(args: list) -> str:
        """The filepath of `[dirs..., name]`: "/" or "/a/b/"."""
        return "/" + "".join(f"{d}/" for d in args[:-1])

    def module_pluginfile(self, req: Request, m: Module, component: str, area: str, args: list) -> Response:
        world = self.world
        expected = {"resource": ("mod_resource",), "folder": ("mod_folder",), "page": ("mod_page",),
                    "forum": ("mod_forum",), "url": ("mod_url",), "label": ("mod_label",), "quiz": ("mod_quiz",),
                    "assign": ("mod_assign", "assignsubmission_file", "assignsubmission_onlinetext",
                               "assignfeedback_comments", "assignfeedback_file")}[m.modname]
        if component not in expected:
            raise self.file_not_found()
        self.require_module(m)            # require_course_login($course, true, $cm): requireloginerror
        if component in ("mod_resource", "mod_folder"):
            # mod/resource/lib.php resource_pluginfile(), mod/folder/lib.php folder_pluginfile():
            # array_shift($args) ignores the revision.
            if area != "content" or len(args) < 2:
                raise self.file_not_found()
            rest = args[1:]
            record = world.files.get(m.ctx, component, "content", 0, self.args_path(rest), rest[-1])
            if record is None:
                raise self.file_not_found()
            return self.send_stored_file(req, record, 86400 if component == "mod_resource" else 0, False)
        if component == "mod_page":
            # mod/page/lib.php page_pluginfile(): "$arg could be revision number or index.html"
            if area != "content" or not args:
                raise self.file_not_found()
            if args[0] in ("index.html", "index.htm"):
                content, _ = self.ftext(Call({}), m.content or "")
                body = content.replace("@@PLUGINFILE@@/", "").encode("utf-8")
                return Response(200, body, "text/html", [
                    ("Content-Disposition", f'attachment; filename="{args[0]}"'),
                    ("Cache-Control", "private, must-revalidate, pre-check=0, post-check=0, max-age=0, no-transform"),
                    ("Expires", "Thu, 01 Jan 1970 00:00:00 GMT"), ("Pragma", "no-cache"),
                    ("Access-Control-Allow-Origin", "*"), ("Last-Modified", http_date(self.now())),
                    ("Accept-Ranges", "none")])
            rest = args[1:]
            if not rest:
                raise self.file_not_found()
            record = world.files.get(m.ctx, "mod_page", "content", 0, self.args_path(rest), rest[-1])
            if record is None:
                raise self.file_not_found()
            return self.send_stored_file(req, record, 0, False)
        if component in ASSIGN_FILE_AREAS:
            # assign_submission_*::pluginfile and assign_feedback_file::pluginfile via mod/assign/lib.php:
            # only the user's own submissions and grades; "download MUST be forced - security!"
            if area != ASSIGN_FILE_AREAS[component] or len(args) < 2 or not args[0].isdigit():
                raise self.file_not_found()
            a = world.assignments[m.instance]
            owners = {g.id for g in a.grades.values()} if component == "assignfeedback_file" else {s.id for s in a.attempts}
            if int(args[0]) not in owners:
                raise self.file_not_found()
            rest = args[1:]
            record = world.files.get(m.ctx, component, area, int(args[0]), self.args_path(rest), rest[-1])
            if record is None:
                raise self.file_not_found()
            return self.send_stored_file(req, record, 0, True)
        if component == "mod_forum":
            # mod/forum/lib.php forum_pluginfile(): attachment and post areas, forced download.
            if area not in ("attachment", "post") or len(args) < 2 or not args[0].isdigit():
                raise self.file_not_found()
            postid = int(args[0])
            forum = world.forums[m.instance]
            if not any(p.id == postid for d in self.forum_discussions_of(forum) for p in d.posts):
                raise self.file_not_found()
            rest = args[1:]
            record = world.files.get(m.ctx, "mod_forum", area, postid, self.args_path(rest), rest[-1])
            if record is None:
                raise self.file_not_found()
            return self.send_stored_file(req, record, 0, True)
        raise self.file_not_found()

    def send_stored_file(self, req: Request, f: StoredFile, lifetime: int, forcedownload: bool) -> Response:
        """lib/filelib.php send_stored_file() -> send_file() -> readfile_accel() / byteserving_send_file()."""
        mimetype = f.mimetype
        if mimetype == "image/svg+xml":
            forcedownload = True
        headers = [("Access-Control-Allow-Origin", "*"),
                   ("Content-Disposition", f'{"attachment" if forcedownload else "inline"}; filename="{f.filename}"')]
        if lifetime > 0:
            headers += [("Cache-Control", f"private, max-age={lifetime}, no-transform"),
                        ("Expires", http_date(self.now() + lifetime)), ("Pragma", "")]
        else:
            headers += [("Cache-Control", "private, must-revalidate, pre-check=0, post-check=0, max-age=0, no-transform"),
                        ("Expires", "Thu, 01 Jan 1970 00:00:00 GMT"), ("Pragma", "no-cache")]
        content_type = "text/plain; charset=utf-8" if mimetype == "text/plain" else mimetype
        headers += [("Last-Modified", http_date(f.timemodified)), ("Etag", f'"{f.contenthash}"')]
        inm = req.header("If-None-Match")
        if inm:
            if inm.strip().strip('"') == f.contenthash:
                return Response(304, b"", content_type, headers, reason="Not Modified")
        else:
            ims = req.header("If-Modified-Since")
            if ims:
                try:
                    since = parsedate_to_datetime(ims).timestamp()
                except (TypeError, ValueError):
                    since = None
                if since is not None and since >= f.timemodified:
                    return Response(304, b"", content_type, headers, reason="Not Modified")
        byteserving = mimetype != "text/plain"
        headers.append(("Accept-Ranges", "bytes" if byteserving else "none"))
        range_header = req.header("Range") or ""
        ranges = self.php_ranges(range_header, f.size) if byteserving and "bytes=" in range_header else None
        if ranges and len(ranges) == 1:
            start, end = ranges[0]
            headers.append(("Content-Range", f"bytes {start}-{end}/{f.size}"))
            return Response(206, content_type=mimetype, headers=headers, reason="Partial content",
                            pieces=[(f.blob, start, end + 1)])
        if ranges:
            pieces = []
            for start, end in ranges:
                pieces.append(f"\r\n--{BYTESERVING_BOUNDARY}\r\nContent-Type: {mimetype}\r\n"
                              f"Content-Range: bytes {start}-{end}/{f.size}\r\n\r\n".encode())
                pieces.append((f.blob, start, end + 1))
            pieces.append(f"\r\n--{BYTESERVING_BOUNDARY}--\r\n".encode())
            return Response(206, content_type=f"multipart/byteranges; boundary={BYTESERVING_BOUNDARY}",
                            headers=headers, reason="Partial content", pieces=pieces)
        return Response(200, content_type=content_type, headers=headers, pieces=[(f.blob, 0, f.size)])

    @staticmethod
    def php_ranges(header: str, size: int) -> Optional[list]:
        """readfile_accel()'s Range parser: every `\\d*-\\d*`; a suffix is the last N bytes; the end
        is clipped; any range ending before it starts voids the header (the whole file, 200)."""
        found = re.findall(r"(\d*)-(\d*)", header)
        if not found:
            return None
        ranges = []
        for first, last in found:
            if first == "":
                if last == "":
                    return None        # PHP 8: filesize - '' is a TypeError; never a valid range
                start, end = max(0, size - int(last)), size - 1
            else:
                start = int(first)
                end = size - 1 if last == "" or int(last) > size - 1 else int(last)
            if end < start:
                return None
            ranges.append((start, end))
        return ranges

    # ---- /__control/

    CONTROL_ROUTES = {
        ("GET", "/__control/health"): "control_health",
        **COMMON_CONTROL_ROUTES,
        ("POST", "/__control/config"): "control_set_config",
        ("POST", "/__control/revoke"): "control_revoke",
        ("GET", "/__control/submissions"): "control_submissions",
        ("GET", "/__control/drafts"): "control_drafts",
        ("GET", "/__control/forum_posts"): "control_forum_posts",
        ("POST", "/__control/files"): "control_files",
        ("POST", "/__control/clock"): "control_clock",
        ("POST", "/__control/grade"): "control_grade",
        ("POST", "/__control/announce"): "control_announce",
        ("POST", "/__control/reset"): "control_reset",
    }

    @staticmethod
    def control_json(status: int, obj, headers=None) -> Response:
        body = json.dumps(obj, ensure_ascii=False).encode("utf-8")
        return Response(status, body, JSON_UTF8, list(headers or []))

    def handle_control(self, req: Request) -> Response:
        name = self.CONTROL_ROUTES.get((req.method, req.path.rstrip("/")))
        if name is None:
            return self.control_json(404, {"error": f"no control endpoint {req.method} {req.path}"})
        try:
            raw = req.body.read_all()
            payload = json.loads(raw.decode("utf-8")) if raw.strip() else None
        except (ValueError, UnicodeDecodeError, ProtocolError) as exc:
            return self.control_json(400, {"error": f"control body is not JSON: {exc}"})
        if req.method == "GET" and payload is None:
            payload = dict(req.query)          # a GET's parameters come in its query string
        try:
            with self.lock:
                return getattr(self, name)(payload)
        except (ValueError, TypeError, KeyError) as exc:
            return self.control_json(400, {"error": str(exc)})

    def control_health(self, _payload) -> Response:
        return self.control_json(200, {"ok": True, "port": self.api.port, "control_port": self.control.port,
                                       "up": self.api.is_open})

    def control_set_config(self, payload) -> Response:
        self.config.update(payload)
        return self.control_json(200, self.config.to_json())

    def control_revoke(self, _payload) -> Response:
        self.tokens = []
        return self.control_json(200, {"ok": True})

    def control_submissions(self, _payload) -> Response:
        out = []
        for a in sorted(self.world.assignments.values(), key=lambda x: x.id):
            sub = a.latest
            row = {"assignid": a.id, "cmid": a.cmid, "status": None, "attemptnumber": None, "timemodified": None,
                   "files": [], "onlinetext": None, "onlinetext_files": [], "saves": a.saves, "submits": a.submits}
            if sub is not None:
                row.update({"submissionid": sub.id, "status": sub.status, "attemptnumber": sub.attemptnumber,
                            "timemodified": sub.timemodified, "onlinetext": sub.onlinetext,
                            "files": [{"name": f.filename, "filepath": f.filepath, "size": f.size,
                                       "sha256": f.blob.sha256} for f in self.submission_files(a, sub)],
                            "onlinetext_files": [f.filename for f in self.onlinetext_files(a, sub)]})
            out.append(row)
        return self.control_json(200, out)

    def control_drafts(self, _payload) -> Response:
        self.world.purge_drafts(self.clock())
        return self.control_json(200, [
            {"itemid": area.itemid, "created": area.created,
             "files": [{"filepath": f.filepath, "filename": f.filename, "size": f.size, "sha256": f.blob.sha256}
                       for f in sorted(area.files.values(), key=lambda r: r.id)]}
            for area in self.world.drafts.values()])

    def control_forum_posts(self, payload) -> Response:
        """A discussion's posts as stored (subject and message unformatted), in id order."""
        raw = (payload or {}).get("discussion")
        discussion = self.world.discussions.get(int(raw)) if raw is not None and str(raw).isdigit() else None
        if discussion is None:
            return self.control_json(404, {"error": f"no discussion {raw}"})
        return self.control_json(200, [
            {"id": p.id, "parent": p.parent, "userid": p.userid, "subject": p.subject, "message": p.message,
             "created": p.created} for p in sorted(discussion.posts, key=lambda p: p.id)])

    def control_files(self, payload) -> Response:
        """Add or change a file of a resource, folder or page: new bytes, a new contenthash,
        timemodified now, and the module's revision one up."""
        if not isinstance(payload, dict):
            raise ValueError("a course file is a JSON object")
        m = self.world.modules.get(int(payload["cmid"]))
        if m is None or m.modname not in ("resource", "folder", "page"):
            raise ValueError("cmid must be a resource, folder or page")
        filepath = payload.get("filepath") or "/"
        filepath = "/" + filepath.strip("/") + "/" if filepath.strip("/") else "/"
        filename = payload.get("filename")
        if not isinstance(filename, str) or not filename:
            raise ValueError("filename is required")
        content = payload.get("content")
        m.revision += 1
        if isinstance(content, str):
            blob = Blob.of(content.encode("utf-8"))
        else:
            size = int(payload.get("size", 1024))
            seed = f"{m.cmid}{filepath}{filename}:{m.revision}"
            blob = Blob.of(synth_bytes(seed, size)) if size <= HASHED_LIMIT else Blob.generated(seed, size)
        component = f"mod_{m.modname}"
        store = self.world.files
        now = int(self.now())
        old = store.get(m.ctx, component, "content", 0, filepath, filename)
        if old is not None:
            old.blob, old.timemodified = blob, now
            record = old
        else:
            main = m.modname == "resource" and not store.area(m.ctx, component, "content", 0)
            record = store.add(m.ctx, component, "content", 0, filepath, filename, blob, now, userid=21,
                               author=fullname_of(21), license="allrightsreserved", sortorder=1 if main else 0)
        m.timemodified = now
        return self.control_json(200, {"cmid": m.cmid, "contextid": m.ctx, "component": component,
                                       "filepath": record.filepath, "filename": record.filename, "size": record.size,
                                       "contenthash": record.contenthash, "timemodified": record.timemodified,
                                       "revision": m.revision})

    def control_clock(self, payload) -> Response:
        days = float((payload or {}).get("advance_days", 0))
        self.clock_offset += days * DAY
        self.world.purge_drafts(self.clock())
        return self.control_json(200, {"clock": self.clock(), "offset_days": self.clock_offset / DAY,
                                       "drafts": len(self.world.drafts)})

    def control_grade(self, payload) -> Response:
        cmid = int(payload["cmid"])
        module = self.world.modules.get(cmid)
        if module is None or module.modname != "assign":
            raise ValueError("cmid must be an assignment")
        a = self.world.assignments[module.instance]
        sub = self.user_submission(a)
        now = int(self.now())
        self.world.next_grade += 1
        course = self.world.courses[a.course]
        a.grades[sub.attemptnumber] = Grade(self.world.next_grade, sub.attemptnumber, float(payload["grade"]), now,
                                            now, course.contacts[0], str(payload.get("feedback") or ""))
        return self.control_json(200, {"assignid": a.id, "gradeid": self.world.next_grade,
                                       "attemptnumber": sub.attemptnumber})

    def control_announce(self, payload) -> Response:
        course_id = int(payload["course"])
        forum = next((f for f in self.world.forums.values() if f.course == course_id and f.type == "news"), None)
        if forum is None:
            raise ValueError("no such course")
        course = self.world.courses[course_id]
        now = int(self.now())
        self.world.next_discussion += 1
        did = self.world.next_discussion
        self.world.next_post += 1
        subject = str(payload.get("subject") or "Thông báo mới")
        post = Post(self.world.next_post, did, 0, course.contacts[0], subject,
                    str(payload.get("message") or "<p>Thông báo mới.</p>"), now, now)
        self.world.discussions[did] = Discussion(did, forum.id, subject, course.contacts[0], [post])
        return self.control_json(200, {"forumid": forum.id, "discussionid": did, "postid": post.id})

    def control_reset(self, _payload) -> Response:
        """Back to the start: data, drafts, faults, log, config, token, clock; the API port up."""
        self.faults.clear()
        self.log.clear()
        self.world = World(self.t0, self.filedir)
        self.config = Config()
        self.tokens = [self.default_token]
        self.issued = 0
        self.clock_offset = 0.0
        self.api.open()
        return self.control_json(200, {"ok": True})


# --------------------------------------------------------------------------
# HTTP plumbing
# --------------------------------------------------------------------------

class Handler(listening.Handler):
    """Writes a Response as bytes by hand, so header values may be UTF-8 and reason phrases
    Moodle's own; answers HEAD and OPTIONS too."""

    server_version = "Apache"       # as Apache in front of Moodle says
    body_reader = BodyReader
    internal_error = "fake moodle internal error"

    def do_HEAD(self):
        self._dispatch()

    do_OPTIONS = do_HEAD

    def make_request(self, body: BodyReader) -> Request:
        split = urlsplit(self.path)
        return Request(self.command, self.path, unquote(split.path),
                       parse_qsl(split.query, keep_blank_values=True), self.headers, body)

    def error_answer(self, status: int, message: str) -> Response:
        return Response(status, message.encode(), "text/plain; charset=utf-8")

    def answered(self, response: Response) -> None:
        response.finish()

    def _head(self, response: Response) -> bytes:
        reason = response.reason or self.responses.get(response.status, ("",))[0]
        lines = [f"HTTP/1.1 {response.status} {reason}", f"Date: {http_date(time.time())}",
                 f"Server: {self.server_version}"]
        if response.content_type:
            lines.append(f"Content-Type: {response.content_type}")
        for name, value in response.headers:
            lines.append(f"{name}: {value}")
        if response.status != 304:
            lines.append(f"Content-Length: {response.length()}")
        if response.header("Connection") == "close":
            self.close_connection = True
        elif self.close_connection:
            lines.append("Connection: close")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8")

    def write_response(self, response: Response, head_only: bool) -> None:
        head = self._head(response)
        try:
            if response.lost:
                body = b"".join(self._pieces(response))
                cut = head + body[:len(body) // 2] if body else head[:len(head) // 2]
                self._reset(cut)
                return
            if head_only or response.status == 304:
                self.connection.sendall(head)
                return
            if response.pieces is None:
                self.connection.sendall(head + response.body)
                return
            self.connection.sendall(head)
            for chunk in self._pieces(response):
                self.connection.sendall(chunk)
        except OSError:
            self.close_connection = True

    @staticmethod
    def _pieces(response: Response) -> Iterator[bytes]:
        if response.pieces is None:
            yield response.body
            return
        for piece in response.pieces:
            if isinstance(piece, (bytes, bytearray)):
                yield bytes(piece)
            else:
                blob, start, end = piece
                yield from blob.chunks(start, end)


class Listener(listening.Listener):
    """A fake Moodle port that can be closed and reopened (down/up)."""

    handler = Handler
    thread_name = "fake-moodle"


# --------------------------------------------------------------------------
# Process lifetime
# --------------------------------------------------------------------------

def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Loopback-only fake Moodle 4.5 for tests.")
    parser.add_argument("--port", type=int, default=0, help="API port (0 = pick a free one)")
    parser.add_argument("--control-port", type=int, default=0, help="always-on control port (0 = pick a free one)")
    parser.add_argument("--token", default=DEFAULT_TOKEN, help="the web service token token.php hands out")
    parser.add_argument("--lifetime", type=float, default=600.0, help="exit by itself after this many seconds")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    opts = parse_args(argv)
    stop = StopSignal()
    app = FakeMoodle(opts)
    try:
        app.start()
        print(f"PORT {app.api.port}", flush=True)
        print(f"CONTROL {app.control.port}", flush=True)
        why = stop.wait(opts.lifetime)
        if opts.verbose:
            sys.stderr.write(f"fake moodle stopping: {why}\n")
    except BrokenPipeError:
        pass
    finally:
        app.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
