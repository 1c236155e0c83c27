"""Injected failures: fault rules, Canvas's rate bucket, and the answers that break a client on purpose."""

from __future__ import annotations

import itertools
import re
import secrets
import threading
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Callable, Iterator, Optional
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit

import shared_path  # noqa: F401  (puts Tests/FakeShared on sys.path)
import fault_rules
from http_types import (JSON_TYPE, ApiError, Request, Response, error_response, iso, not_permitted_response,
                        unauthorized_response)

FAULT_KINDS = ("reset", "slow", "hold", "500", "503", "throttle403", "throttle429",
               "malformed", "unauthorized", "expired_token", "unauthenticated",
               "not_permitted", "link_loop", "lost_reply", "drop_reply", "locked_redirect",
               "link_loop_respelled", "store_ignore_range", "store_expired", "store_short",
               "store_long", "store_drop_after")
STORE_FAULTS = ("store_ignore_range", "store_expired", "store_short", "store_long", "store_drop_after")
LOOP_PARAM = "loop"              # the parameter a respelled link adds


@dataclass
class FaultRule(fault_rules.FaultRule):
    retry_after: Optional[str] = None   # the Retry-After header of throttle429/503; None: no header
    bytes: int = 0                      # store_drop_after: the body bytes sent before the connection closes
    respellings: Iterator = field(default_factory=lambda: itertools.count(1))  # link_loop_respelled's

    def matches(self, method: str, target: str) -> bool:
        if not self.takes(method):
            return False
        if self.match.endswith("$"):
            # Anchored: the path (without its query) must end with the rest, so
            # `/submissions$` is the hand-in itself, not `/submissions/self/files`.
            path = target.split("?", 1)[0]
            return path.endswith(self.match[:-1]) or unquote(path).endswith(self.match[:-1])
        return self.in_target(target)

    def to_json(self) -> dict:
        return {**super().to_json(), "retry_after": self.retry_after, "bytes": self.bytes}


class FaultRules(fault_rules.FaultRules):
    """Canvas's fault kinds; a bad rule is a 400."""

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
        return self.append(lambda rule_id: FaultRule(rule_id, str(spec.get("match", "")), kind, count,
                                                     seconds, spec.get("method"), spec.get("body"),
                                                     None if wait is None else str(wait), body_bytes))


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


class FaultAnswers:
    """The answers a fault rule gives instead of (or on top of) the normal one; FakeCanvas mixes
    them in."""

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
            self.faults.hold(rule)
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
                                               "expired_at": iso(datetime.now(timezone.utc))}]})
        if kind == "unauthenticated":
            return error_response(401, "user authorization required", extra={"status": "unauthenticated"})
        if kind == "not_permitted":
            return not_permitted_response()
        return unauthorized_response()  # "unauthorized"
