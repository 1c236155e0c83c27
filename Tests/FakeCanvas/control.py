"""The control API: what a test reads and changes of the fake while it runs."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from typing import Optional

import shared_path  # noqa: F401  (puts Tests/FakeShared on sys.path)
import request_log
from common_control import COMMON_CONTROL_ROUTES, CommonControl
from faults import RateBucket
from http_types import ApiError, Request, Response, error_response, json_response

ROLES = ("teacher", "student")


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


class RequestLog(request_log.RequestLog):
    """Every non-control request, without ever storing the token itself."""

    def record(self, req: Request, store: bool = False) -> dict:
        return self.add({
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
            "time": round(self.seconds(), 3),
            "fault": None,
            "status": None,
        })


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


class ControlRoutes(CommonControl):
    """`/__control/`, on both ports; FakeCanvas mixes it in. Each resource's module holds its own
    control endpoints (`control_files`, `control_planner`, …) beside its routes."""

    CONTROL_ROUTES = {
        ("GET", "/__control/health"): "control_health",
        **COMMON_CONTROL_ROUTES,
        ("GET", "/__control/connections"): "control_connections",
        ("DELETE", "/__control/connections"): "control_restart_connections",
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

    control_json = staticmethod(json_response)

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

    def control_connections(self, _payload) -> Response:
        return json_response(200, self.connections.to_json())

    def control_restart_connections(self, _payload) -> Response:
        self.connections.restart()
        return json_response(200, self.connections.to_json())

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
