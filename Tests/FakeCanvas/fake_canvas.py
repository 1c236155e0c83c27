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
import hmac
import os
import re
import shutil
import sys
import tempfile

# Its modules sit beside it. Put this folder on the path also when a launcher runs the file by
# path without doing so itself: runpy.run_path from `python3 -c`, as the Swift tests' ServerProcess does.
HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
# And Tests/FakeShared, the code it shares with the fake Moodle.
import shared_path  # noqa: E402,F401

from announcements import AnnouncementRoutes, Announcements  # noqa: E402
from assignments import AssignmentRoutes  # noqa: E402
from changes import ChangeRoutes  # noqa: E402
from control import Config, ConnectionGauge, ControlRoutes, RequestLog  # noqa: E402
from course_files import CourseFileCatalog, CourseFileRoutes  # noqa: E402
from courses import SPECIAL_COURSE_ID, CourseRoutes, Dataset  # noqa: E402
from discussions import DiscussionRoutes, Discussions  # noqa: E402
from faults import STORE_FAULTS, FaultAnswers, FaultRules, RateBucket  # noqa: E402
from file_store import FileStoreRoutes, StoreSigner  # noqa: E402
from handins import HandinRoutes, SubmissionStore  # noqa: E402
from http_types import (NOT_FOUND_MESSAGE, ApiError, Request, Response, body_bytes, conditional_get,  # noqa: E402
                        error_response, json_response, unauthorized_response)
from listeners import Listener  # noqa: E402
from listening import LOOPBACK  # noqa: E402
from local_storage import LOCAL_UPLOAD_PATH, LocalPolicy, LocalStorageRoutes  # noqa: E402
from pagination import Paginator  # noqa: E402
from planner import PlannerRoutes, PlannerStore  # noqa: E402
from stop_signal import StopSignal  # noqa: E402
from uploads import FileStore, UploadRoutes  # noqa: E402


class FakeCanvas(CourseRoutes, AssignmentRoutes, PlannerRoutes, AnnouncementRoutes, DiscussionRoutes,
                 UploadRoutes, HandinRoutes, CourseFileRoutes, FileStoreRoutes, LocalStorageRoutes, FaultAnswers,
                 ChangeRoutes, ControlRoutes):
    """All state, and the routing both listeners share. Each resource's routes come from its module
    beside this file (`courses.py`, `uploads.py`, …), mixed in here."""

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
        # Uploads and course files' bytes on the Canvas host itself, as with Canvas's local storage.
        self.store_on_canvas_host = opts.store_on_canvas_host
        self.local_policy = LocalPolicy()
        self.verbose = opts.verbose
        self.api = Listener(self, "api", opts.port, gauge=self.connections)
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

    def serve(self, req: Request) -> Response:
        try:
            if req.path.startswith("/files_api/upload/") and not self.store_on_canvas_host:
                return self.upload(req, req.path[len("/files_api/upload/"):])
            if req.path == LOCAL_UPLOAD_PATH and req.method == "POST" and self.store_on_canvas_host:
                return self.local_upload(req)
            match = re.fullmatch(r"/files/(\d+)/download", req.path)
            if match and req.method == "GET":
                return self.download(req, int(match.group(1)))
            if req.path.startswith("/api/v1/"):
                return self.api_call(req)
            return error_response(404, NOT_FOUND_MESSAGE)
        except ApiError as err:
            return err.response()

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
    parser.add_argument("--store-on-canvas-host", action="store_true",
                        help="keep uploads and course files on the Canvas host, as a self-hosted Canvas "
                             "with local storage does: uploads go to its /files_api, downloads come from it")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    opts = parser.parse_args(argv)
    if not 0 <= opts.courses < SPECIAL_COURSE_ID:
        parser.error(f"--courses must be between 0 and {SPECIAL_COURSE_ID - 1}")
    if opts.per_page_max < 1:
        parser.error("--per-page-max must be at least 1")
    return opts


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
