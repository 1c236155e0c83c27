"""Canvas's pages: lists cut by `per_page`, with Link headers a client has to follow."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from urllib.parse import urlencode

from http_types import ApiError, Request

DEFAULT_PER_PAGE = 10            # Canvas's documented default page size


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
