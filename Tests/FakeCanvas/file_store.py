"""The file store that serves course files' bytes on another origin, and the downloads that lead there."""

from __future__ import annotations

import hashlib
import hmac
import html
import re
import secrets
import time
from datetime import datetime, timezone
from typing import Optional
from urllib.parse import quote, urlencode

from faults import FaultRule
from http_types import NOT_FOUND_MESSAGE, Request, Response, error_response


STORE_LONG_EXTRA = 1024             # how many bytes `store_long` adds
STORE_EXPIRED_BODY = (b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code>'
                      b'<Message>Request has expired</Message></Error>')
STORE_AUTH_BODY = (b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InvalidArgument</Code>'
                   b'<Message>Only one auth mechanism allowed; only the X-Amz-Algorithm query '
                   b'parameter, Signature query string parameter or the Authorization header '
                   b'should be specified</Message></Error>')


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


class FileStoreRoutes:
    """The store's one route and `/files/:id/download`; FakeCanvas mixes them in."""

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

    def download(self, req: Request, file_id: int) -> Response:
        """File URLs are authorised by their verifier (or the token). A course file's answer is a
        redirect to the file store with a signed address that expires; an uploaded file's bytes
        come straight from here. With the store on the Canvas host, both come from here."""
        entry = self.catalog.get(file_id)
        if entry is not None:
            if req.param("verifier") != entry.verifier and not req.auth_valid:
                return error_response(404, NOT_FOUND_MESSAGE)
            if entry.locked_for(datetime.now(timezone.utc)):
                body = f"<p>{html.escape(entry.lock_explanation or 'This file is locked.')}</p>".encode()
                return Response(403, body, "text/html; charset=utf-8")
            if self.store_on_canvas_host:
                def stream(sock) -> None:
                    for chunk in entry.chunks(0, entry.size):
                        sock.sendall(chunk)

                return self.local_file_answer(entry.name, entry.content_type, entry.size, stream=stream)
            expires = int(time.time() + self.config.store_url_ttl)
            query = urlencode([("expires", str(expires)), ("sig", self.signer.sign(entry.id, expires))])
            location = f"{self.store_base}/store/{entry.id}/{quote(entry.name, safe='')}?{query}"
            return Response(302, b"", "text/html; charset=utf-8", [("Location", location)])
        stored = self.files.get(file_id)
        if stored is None or req.param("verifier") != stored.uuid:
            return error_response(404, NOT_FOUND_MESSAGE)
        if self.store_on_canvas_host:
            return self.local_file_answer(stored.display_name, stored.content_type, stored.size,
                                          file_path=stored.path)
        disposition = f"attachment; filename*=UTF-8''{quote(stored.display_name, safe='')}"
        return Response(200, content_type=stored.content_type, file_path=stored.path,
                        headers=[("Content-Disposition", disposition)])
