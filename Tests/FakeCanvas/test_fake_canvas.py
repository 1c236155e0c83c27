"""Self-test for fake_canvas.py: the fixture must be right before the Swift
tests can trust it.  Standard library only.

    python3 -m unittest Tests/FakeCanvas/test_fake_canvas.py -v
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import unittest
from urllib.parse import parse_qs, quote, urlencode, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "fake_canvas.py")
TOKEN = "SECRET-test-token-8f3a"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
BOUNDARY = "----FakeCanvasTestBoundary7MA4YWxkTrZu0gW"


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

def start_server(*extra: str):
    """Start the server on free ports; return (process, api port, control port)."""
    proc = subprocess.Popen(
        [sys.executable, SERVER, "--port", "0", "--token", TOKEN, "--lifetime", "120", *extra],
        stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    first, second = read_lines(proc, 2, timeout=10)
    port = int(re.fullmatch(r"PORT (\d+)", first).group(1))
    control = int(re.fullmatch(r"CONTROL (\d+)", second).group(1))
    return proc, port, control


def read_lines(proc, count: int, timeout: float) -> list:
    """Read `count` stdout lines from the raw pipe (no buffering to fool select)."""
    fd, buf = proc.stdout.fileno(), b""
    deadline = time.monotonic() + timeout
    while buf.count(b"\n") < count:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            proc.kill()
            raise AssertionError(f"server printed only {buf!r} in time")
        chunk = os.read(fd, 4096)
        if not chunk:
            raise AssertionError(f"server exited after printing {buf!r}")
        buf += chunk
    return buf.decode().splitlines()[:count]


def stop_server(proc) -> None:
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    proc.stdout.close()


class Reply:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def json(self):
        return json.loads(self.body.decode("utf-8"))

    def links(self) -> dict:
        return dict((rel, url) for url, rel in
                    re.findall(r'<([^>]+)>;\s*rel="([^"]+)"', self.headers.get("Link", "")))


def request(method: str, url: str, body=None, headers=None, timeout: float = 10) -> Reply:
    """One request on a fresh connection; redirects are NOT followed."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        conn.request(method, target, body=body, headers=dict(headers or {}))
        resp = conn.getresponse()
        return Reply(resp.status, resp.headers, resp.read())
    finally:
        conn.close()


def every_page(test: unittest.TestCase, url: str) -> list:
    """Every row of a listing from `url` on, read by following the next links, each page a 200."""
    rows = []
    while url:
        reply = request("GET", url, headers=AUTH)
        test.assertEqual(reply.status, 200, reply.body)
        rows += reply.json()
        url = reply.links().get("next")
    return rows


def control_request(port: int, method: str, name: str, payload=None) -> Reply:
    """A request to the control API on `port`, with `payload` as its JSON body."""
    body = json.dumps(payload).encode() if payload is not None else None
    return request(method, f"http://127.0.0.1:{port}/__control/{name}", body,
                   {"Content-Type": "application/json"})


def multipart(fields: list, filename: str, data: bytes, content_type="text/plain") -> bytes:
    """Fields first, then the file part, as Canvas's file store requires."""
    out = []
    for name, value in fields:
        out.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
                   f"{value}\r\n".encode())
    out.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; '
               f'filename="{filename}"\r\nContent-Type: {content_type}\r\n\r\n'.encode())
    out.append(data)
    out.append(f"\r\n--{BOUNDARY}--\r\n".encode())
    return b"".join(out)


MULTIPART_TYPE = f"multipart/form-data; boundary={BOUNDARY}"


class ServerTestCase(unittest.TestCase):
    """Tests with a server of their own, started with `server_arguments` and reset before each."""

    server_arguments: tuple = ()

    @classmethod
    def setUpClass(cls):
        cls.proc, cls.port, cls.control_port = start_server(*cls.server_arguments)

    @classmethod
    def tearDownClass(cls):
        stop_server(cls.proc)

    def setUp(self):
        self.assertEqual(self.control("POST", "reset").status, 200)

    def control(self, method: str, name: str, payload=None) -> Reply:
        return control_request(self.control_port, method, name, payload)


# --------------------------------------------------------------------------
# One server for the whole module, reset before every test
# --------------------------------------------------------------------------

PROC = PORT = CONTROL = None


def setUpModule():
    global PROC, PORT, CONTROL
    PROC, PORT, CONTROL = start_server()


def tearDownModule():
    stop_server(PROC)


class FakeCanvasTest(unittest.TestCase):
    def setUp(self):
        self.assertEqual(self.control("POST", "reset").status, 200)

    def api(self, path: str, method="GET", headers=AUTH, **kw) -> Reply:
        url = path if path.startswith("http") else f"http://127.0.0.1:{PORT}{path}"
        return request(method, url, headers=headers, **kw)

    def control(self, method: str, name: str, payload=None, port=None) -> Reply:
        return control_request(port or CONTROL, method, name, payload)

    def fault(self, match: str, kind: str, count=1, **extra) -> None:
        spec = {"match": match, "kind": kind, "count": count, **extra}
        self.assertEqual(self.control("POST", "faults", spec).status, 201)

    def requests_seen(self) -> list:
        return self.control("GET", "requests").json()

    def follow(self, path: str) -> tuple[list, list]:
        """Collect every page by following rel="next"; return (items, urls)."""
        items, urls, url = [], [], path
        while url:
            reply = self.api(url)
            self.assertEqual(reply.status, 200, reply.body)
            items += reply.json()
            urls.append(url)
            url = reply.links().get("next")
        return items, urls


# --------------------------------------------------------------------------
# Auth
# --------------------------------------------------------------------------

class AuthTests(FakeCanvasTest):
    def test_missing_token_is_401_with_canvas_body(self):
        reply = self.api("/api/v1/courses", headers={})
        self.assertEqual(reply.status, 401)
        self.assertEqual(reply.json(), {"errors": [{"message": "Invalid access token."}]})
        self.assertIn("Bearer", reply.headers["WWW-Authenticate"])

    def test_wrong_token_and_wrong_scheme_are_401(self):
        self.assertEqual(self.api("/api/v1/courses/1", headers={"Authorization": "Bearer nope"}).status, 401)
        self.assertEqual(self.api("/api/v1/courses/1", headers={"Authorization": f"Basic {TOKEN}"}).status, 401)
        seen = self.requests_seen()
        self.assertEqual([(r["auth_present"], r["auth_valid"]) for r in seen],
                         [(True, False), (True, False)])

    def test_log_never_contains_the_token(self):
        self.api("/api/v1/courses/1")
        self.api("/api/v1/courses/1", headers={"Authorization": "Bearer wrong-one"})
        text = self.control("GET", "requests").body.decode()
        self.assertNotIn(TOKEN, text)
        self.assertNotIn("wrong-one", text)


# --------------------------------------------------------------------------
# Courses, include[], pagination
# --------------------------------------------------------------------------

class PaginationTests(FakeCanvasTest):
    def test_following_links_returns_every_course_once(self):
        courses, urls = self.follow("/api/v1/courses?per_page=50&include[]=term&include[]=teachers")
        self.assertEqual(len(urls), 5)  # 231 courses / 50
        self.assertEqual([c["id"] for c in courses], list(range(1, 231)) + [4242])
        self.assertTrue(all("term" in c and "teachers" in c for c in courses))
        for url in urls[1:]:
            query = parse_qs(urlsplit(url).query)
            self.assertEqual(query["include[]"], ["term", "teachers"])
            self.assertIn("page_token", query)
            self.assertTrue(url.startswith(f"http://127.0.0.1:{PORT}/api/v1/courses?"))

    def test_link_rels_on_first_middle_and_last_pages(self):
        first = self.api("/api/v1/courses?per_page=100")
        self.assertEqual(set(first.links()), {"current", "next", "first", "last"})
        middle = self.api(first.links()["next"])
        self.assertEqual(set(middle.links()), {"current", "next", "prev", "first", "last"})
        last = self.api(middle.links()["last"])
        self.assertEqual(set(last.links()), {"current", "prev", "first", "last"})
        self.assertEqual([c["id"] for c in last.json()], [201 + i for i in range(30)] + [4242])
        back = self.api(middle.links()["prev"])
        self.assertEqual(back.json(), first.json())

    def test_default_page_size_and_cap(self):
        self.assertEqual(len(self.api("/api/v1/courses").json()), 10)
        capped = self.api("/api/v1/courses?per_page=1000")
        self.assertEqual(len(capped.json()), 50)
        self.assertIn("per_page=50", capped.links()["next"])

    def test_computed_page_urls_are_refused_unless_lenient(self):
        reply = self.api("/api/v1/courses?page=2&per_page=10")
        self.assertEqual(reply.status, 400)
        self.assertIn("Link header", reply.json()["errors"][0]["message"])
        self.control("POST", "config", {"strict_page_tokens": False})
        self.assertEqual(self.api("/api/v1/courses?page=2&per_page=10").json()[0]["id"], 11)


class CourseTests(FakeCanvasTest):
    def test_include_controls_optional_fields(self):
        plain = self.api("/api/v1/courses?include[]=syllabus_body").json()[0]
        for key in ("term", "teachers", "syllabus_body"):
            self.assertNotIn(key, plain)
        for key in ("id", "name", "course_code", "workflow_state", "start_at", "end_at",
                    "enrollment_term_id"):
            self.assertIn(key, plain)
        full = self.api("/api/v1/courses/1?include[]=syllabus_body&include[]=term"
                        "&include[]=teachers").json()
        self.assertIn("<p>", full["syllabus_body"])
        self.assertEqual(full["term"]["id"], full["enrollment_term_id"])
        self.assertTrue({"id", "display_name"} <= set(full["teachers"][0]))
        self.assertNotIn("syllabus_body", self.api("/api/v1/courses/1").json())

    def test_sis_id_lookup(self):
        for key in ("sis_course_id:ABC-101", quote("sis_course_id:ABC-101", safe="")):
            course = self.api(f"/api/v1/courses/{key}").json()
            self.assertEqual((course["id"], course["sis_course_id"]), (4242, "ABC-101"))

    def test_unknown_course_and_path_are_404(self):
        for path in ("/api/v1/courses/999999", "/api/v1/courses/sis_course_id:NOPE",
                     "/api/v1/courses/1/modules/1/items", "/api/v1/nothing"):
            reply = self.api(path)
            self.assertEqual(reply.status, 404, path)
            self.assertEqual(reply.json()["errors"][0]["message"],
                             "The specified resource does not exist.")

    def test_names_that_stress_the_terminal(self):
        names = {c["id"]: c["name"] for c in self.api("/api/v1/courses?per_page=10").json()}
        self.assertIn("\u001b[31m", names[5])
        self.assertEqual(names[3], "Lập trình hướng đối tượng")
        self.assertEqual(names[4], "情報科学入門")


class ModuleTests(FakeCanvasTest):
    def test_big_modules_come_without_items_but_with_items_url(self):
        modules = self.api("/api/v1/courses/1/modules?include[]=items").json()
        by_id = {m["id"]: m for m in modules}
        self.assertEqual(len(modules), 4)
        self.assertNotIn("items", by_id[100012])        # 14 items
        self.assertEqual(len(by_id[100013]["items"]), 10)  # exactly at the limit
        self.assertTrue(all(m["items_url"].startswith("http://127.0.0.1:") for m in modules))
        items, urls = self.follow(by_id[100012]["items_url"] + "?per_page=5")
        self.assertEqual(len(urls), 3)
        self.assertEqual([i["position"] for i in items], list(range(1, 15)))
        self.assertTrue(all(i["module_id"] == 100012 for i in items))
        for key in ("id", "title", "type", "module_id", "position", "indent", "html_url"):
            self.assertIn(key, items[0])

    def test_course_two_has_a_25_item_module_and_an_empty_one(self):
        modules = {m["id"]: m for m in self.api("/api/v1/courses/2/modules?include[]=items").json()}
        self.assertNotIn("items", modules[100021])
        self.assertEqual(modules[100023]["items"], [])
        items, urls = self.follow(modules[100021]["items_url"])
        self.assertEqual((len(items), len(urls)), (25, 3))

    def test_modules_paginate_and_items_need_include(self):
        modules, urls = self.follow("/api/v1/courses/2/modules?per_page=2")
        self.assertEqual((len(modules), len(urls)), (5, 3))
        self.assertFalse(any("items" in m for m in modules))


class AssignmentTests(FakeCanvasTest):
    def test_a_teacher_sees_assignments_without_a_submission(self):
        assignments, _ = self.follow("/api/v1/courses/1/assignments?include[]=submission&per_page=2")
        self.assertEqual([a["name"] for a in assignments], ["Homework 1", "Essay", "Final Project"])
        self.assertEqual(assignments[1]["allowed_extensions"], ["pdf", "docx"])
        self.assertTrue(all("submission" not in a for a in assignments))

    def test_a_student_gets_their_submission_only_when_asked(self):
        self.control("POST", "config", {"role": "student"})
        plain = self.api("/api/v1/courses/1/assignments").json()
        self.assertTrue(all("submission" not in a for a in plain))
        assignments = self.api("/api/v1/courses/1/assignments?include[]=submission").json()
        self.assertTrue(assignments[0]["submission"]["missing"], "past due and not handed in")
        self.assertEqual(assignments[1]["submission"]["workflow_state"], "unsubmitted")
        self.assertTrue(assignments[2]["locked_for_user"])
        self.assertIn("locked", assignments[2]["lock_explanation"])


class StudentTests(FakeCanvasTest):
    """What Canvas shows a student: published courses, stubs, progress, no course Files."""

    def setUp(self):
        super().setUp()
        self.control("POST", "config", {"role": "student"})

    def ids(self, path):
        courses, _ = self.follow(path)
        return [c["id"] for c in courses]

    def test_the_default_list_leaves_out_unpublished_and_completed_courses(self):
        courses, _ = self.follow("/api/v1/courses?per_page=50&include[]=concluded")
        ids = [c["id"] for c in courses]
        self.assertNotIn(14, ids)   # unpublished
        self.assertNotIn(9, ids)    # completed
        self.assertIn(1, ids)
        stubs = [c for c in courses if c.get("access_restricted_by_date")]
        self.assertEqual([c["id"] for c in stubs][:3], [11, 61, 86])
        self.assertEqual(stubs[0], {"id": 11, "access_restricted_by_date": True})

    def test_a_restricted_course_is_not_authorized_when_opened(self):
        for path in ("/api/v1/courses/11", "/api/v1/courses/11/modules"):
            reply = self.api(path)
            self.assertEqual(reply.status, 401, path)
            self.assertEqual(reply.json()["status"], "unauthorized")

    def test_enrollment_state_and_state_narrow_the_list(self):
        invited = self.ids("/api/v1/courses?per_page=50&enrollment_state=invited_or_pending")
        self.assertTrue(invited and all(cid % 10 == 7 for cid in invited))
        done = self.ids("/api/v1/courses?per_page=50&enrollment_state=completed&state[]=available&state[]=completed")
        self.assertIn(9, done)
        self.assertIn(1, done)   # term 2 ended
        self.assertNotIn(3, done)  # term 4 has no end

    def test_favorites_come_in_one_answer(self):
        reply = self.api("/api/v1/users/self/favorites/courses?include[]=favorites")
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.links(), {})
        self.assertTrue(all(c["is_favorite"] for c in reply.json()))
        self.assertIn(1, [c["id"] for c in reply.json()])

    def test_the_user_is_who_the_config_names(self):
        me = self.api("/api/v1/users/self").json()
        self.assertEqual((me["id"], me["name"]), (1, "Test User"))
        self.assertEqual(self.control("POST", "config", {"user_name": "Nguyễn Văn A"}).status, 200)
        try:
            me = self.api("/api/v1/users/self").json()
            self.assertEqual((me["name"], me["short_name"], me["sortable_name"]), ("Nguyễn Văn A", "Nguyễn Văn A", "A, Nguyễn Văn"))
            self.assertEqual(self.control("POST", "config", {"user_name": " "}).status, 400)
        finally:
            self.control("POST", "config", {"user_name": "Test User"})
        self.assertEqual(self.api("/api/v1/users/self", headers={}).status, 401)

    def test_modules_carry_progress_and_the_last_is_locked(self):
        modules = self.api("/api/v1/courses/1/modules?include[]=items&include[]=content_details").json()
        self.assertEqual([m["state"] for m in modules], ["completed", "started", "unlocked", "locked"])
        self.assertIsNotNone(modules[-1]["unlock_at"])
        item = modules[-1]["items"][0]
        self.assertTrue(item["content_details"]["locked_for_user"])
        self.assertIn("locked until", item["content_details"]["lock_explanation"])
        self.assertIn("completed", modules[0]["items"][0]["completion_requirement"])

    def test_a_student_may_not_add_to_course_files(self):
        reply = self.api("/api/v1/courses/1/files", method="POST", body=b"name=a.txt&size=1")
        self.assertEqual(reply.status, 401)
        self.assertEqual(reply.json()["status"], "unauthorized")


# --------------------------------------------------------------------------
# Faults
# --------------------------------------------------------------------------

class FaultTests(FakeCanvasTest):
    def test_reset_cuts_the_body_short(self):
        self.fault("/api/v1/courses", "reset")
        with self.assertRaises((http.client.IncompleteRead, ConnectionError)):
            self.api("/api/v1/courses")
        self.assertEqual(self.api("/api/v1/courses").status, 200)
        self.assertEqual([r["status"] for r in self.requests_seen()], ["reset", 200])

    def test_slow_does_not_block_other_requests(self):
        self.fault("/api/v1/courses/1", "slow", seconds=1.5)
        result = {}

        def slow_call():
            start = time.monotonic()
            result["status"] = self.api("/api/v1/courses/1").status
            result["took"] = time.monotonic() - start
        thread = threading.Thread(target=slow_call)
        thread.start()
        time.sleep(0.1)
        start = time.monotonic()
        self.assertEqual(self.api("/api/v1/courses/2").status, 200)
        self.assertLess(time.monotonic() - start, 1.0)
        thread.join(5)
        self.assertEqual(result["status"], 200)
        self.assertGreaterEqual(result["took"], 1.4)

    def test_hold_answers_once_the_faults_are_cleared(self):
        self.fault("/api/v1/courses/1", "hold", seconds=30)
        result = {}

        def held_call():
            start = time.monotonic()
            result["status"] = self.api("/api/v1/courses/1").status
            result["took"] = time.monotonic() - start
        thread = threading.Thread(target=held_call)
        thread.start()
        time.sleep(1.0)
        self.assertNotIn("status", result, "answered before the faults were cleared")
        self.assertEqual(self.api("/api/v1/courses/2").status, 200)
        self.control("DELETE", "faults")
        thread.join(5)
        self.assertEqual(result["status"], 200)
        self.assertGreaterEqual(result["took"], 0.9)
        self.assertLess(result["took"], 10)

    def test_error_statuses(self):
        cases = [("500", 500), ("503", 503), ("unauthorized", 401), ("expired_token", 401),
                 ("unauthenticated", 401), ("not_permitted", 401)]
        for kind, status in cases:
            with self.subTest(kind=kind):
                self.fault("/api/v1/courses/1", kind)
                reply = self.api("/api/v1/courses/1")
                self.assertEqual(reply.status, status)
                self.assertIn("errors", reply.json())
        self.control("POST", "faults", {"match": "", "kind": "throttle429"})
        self.assertEqual(self.api("/api/v1/courses").headers["Retry-After"], "1")

    def test_throttle429_with_and_without_retry_after_and_503_that_says_how_long(self):
        self.fault("/courses", "throttle429", retry_after=None)
        self.fault("/courses", "throttle429", retry_after=7)
        self.fault("/courses", "503", retry_after=3)
        bare = self.api("/api/v1/courses")
        self.assertEqual((bare.status, bare.headers["Retry-After"]), (429, None))
        self.assertIn(b"Rate Limit Exceeded", bare.body)
        self.assertEqual(self.api("/api/v1/courses").headers["Retry-After"], "7")
        busy = self.api("/api/v1/courses")
        self.assertEqual((busy.status, busy.headers["Retry-After"]), (503, "3"))

    def test_link_loop_points_next_back_at_the_same_page(self):
        self.fault("/api/v1/courses", "link_loop", count=-1)
        reply = self.api("/api/v1/courses?per_page=5")
        self.assertEqual(len(reply.json()), 5)
        self.assertTrue(reply.links()["next"].endswith("/api/v1/courses?per_page=5"))

    def test_the_two_401s_tell_a_bad_token_from_a_missing_permission(self):
        self.fault("/courses/1", "unauthorized")
        self.fault("/courses/1", "not_permitted")
        token = self.api("/api/v1/courses/1")
        self.assertIsNotNone(token.headers["WWW-Authenticate"])
        self.assertNotIn("status", token.json())
        permission = self.api("/api/v1/courses/1")
        self.assertIsNone(permission.headers["WWW-Authenticate"])
        self.assertEqual(permission.json(), {"status": "unauthorized", "errors": [
            {"message": "user not authorized to perform that action"}]})

    def test_throttle403_looks_like_canvas(self):
        self.fault("/courses", "throttle403")
        reply = self.api("/api/v1/courses")
        self.assertEqual(reply.status, 403)
        self.assertEqual(reply.body, b"403 Forbidden (Rate Limit Exceeded)")
        self.assertEqual(reply.headers["X-Rate-Limit-Remaining"], "0")

    def test_malformed_is_200_but_not_json(self):
        self.fault("/courses", "malformed")
        self.fault("/courses", "malformed", body='[{"id": 1, "na')
        for _ in range(2):
            reply = self.api("/api/v1/courses")
            self.assertEqual(reply.status, 200)
            with self.assertRaises(ValueError):
                reply.json()

    def test_count_match_method_and_clear(self):
        self.fault("/modules", "500", count=2)
        self.fault("", "503", count=-1, method="POST")
        self.assertEqual(self.api("/api/v1/courses/1").status, 200)  # no match
        self.assertEqual([self.api("/api/v1/courses/1/modules").status for _ in range(3)],
                         [500, 500, 200])
        for _ in range(3):
            self.assertEqual(self.api("/api/v1/courses/1/files", method="POST").status, 503)
        self.assertEqual(self.control("DELETE", "faults").status, 200)
        self.assertEqual(self.control("GET", "faults").json(), [])

    def test_match_sees_decoded_query(self):
        self.fault("include[]=items", "500")
        self.assertEqual(self.api("/api/v1/courses/1/modules?include%5B%5D=items").status, 500)

    def test_unknown_kind_is_rejected(self):
        self.assertEqual(self.control("POST", "faults", {"match": "", "kind": "boom"}).status, 400)


class DownUpTests(FakeCanvasTest):
    def assertRefused(self):
        with self.assertRaises(ConnectionRefusedError):
            self.api("/api/v1/courses/1")

    def test_down_refuses_connections_until_up(self):
        self.assertEqual(self.control("POST", "down").status, 200)
        self.assertRefused()
        self.assertFalse(self.control("GET", "health").json()["up"])
        self.assertEqual(self.control("POST", "up").status, 200)
        self.assertEqual(self.api("/api/v1/courses/1").status, 200)

    def test_down_keeps_the_port_so_no_other_server_can_take_it(self):
        # Tests run side by side: another fake asking for any free port must not be
        # handed this one while it is down, and answer in its place.
        self.assertEqual(self.control("POST", "down").status, 200)
        other = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            with self.assertRaises(OSError):
                other.bind(("127.0.0.1", PORT))
        finally:
            other.close()
        self.assertRefused()
        self.assertEqual(self.control("POST", "up").status, 200)
        self.assertEqual(self.api("/api/v1/courses/1").status, 200)

    def test_down_through_the_api_port_and_auto_up(self):
        self.assertEqual(self.control("POST", "down", {"seconds": 0.5}, port=PORT).status, 200)
        self.assertRefused()
        time.sleep(1.0)
        self.assertEqual(self.api("/api/v1/courses/1").status, 200)

    def test_down_cuts_kept_alive_connections(self):
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=5)
        conn.request("GET", "/api/v1/courses/1", headers=AUTH)
        self.assertEqual(conn.getresponse().read()[:1], b"{")
        self.control("POST", "down")
        with self.assertRaises((ConnectionError, http.client.HTTPException)):
            conn.request("GET", "/api/v1/courses/1", headers=AUTH)
            conn.getresponse()
        conn.close()


# --------------------------------------------------------------------------
# Uploads
# --------------------------------------------------------------------------

class UploadTests(FakeCanvasTest):
    def step1(self, name: str, course=1, as_json=False, **params) -> dict:
        params = {"name": name, "size": 0, **params}
        if as_json:
            body, ctype = json.dumps(params).encode(), "application/json"
        else:
            body, ctype = urlencode(params).encode(), "application/x-www-form-urlencoded"
        reply = self.api(f"/api/v1/courses/{course}/files", "POST", body=body,
                         headers={**AUTH, "Content-Type": ctype})
        self.assertEqual(reply.status, 200, reply.body)
        return reply.json()

    def step2(self, ticket: dict, data: bytes, headers=None, fields=None) -> Reply:
        fields = fields if fields is not None else list(ticket["upload_params"].items())
        body = multipart(fields, ticket["upload_params"]["filename"], data)
        return request("POST", ticket["upload_url"], body,
                       {"Content-Type": MULTIPART_TYPE, **(headers or {})})

    def upload(self, name: str, data: bytes, **params) -> dict:
        ticket = self.step1(name, **params)
        located = self.step2(ticket, data)
        self.assertEqual(located.status, 301, located.body)
        confirmed = self.api(located.headers["Location"])
        self.assertEqual(confirmed.status, 200)
        return confirmed.json()

    def files(self) -> list:
        return self.control("GET", "files").json()

    def test_three_steps_with_301(self):
        data = "xin chào 🌏\n".encode() * 100
        ticket = self.step1("notes.txt", parent_folder_path="/week 1/", content_type="text/plain")
        self.assertTrue(ticket["upload_url"].startswith(f"http://127.0.0.1:{PORT}/files_api/upload/"))
        self.assertTrue({"key", "policy", "signature", "filename", "content_type"}
                        <= set(ticket["upload_params"]))
        located = self.step2(ticket, data)
        self.assertEqual(located.status, 301)
        self.assertIn("/create_success?uuid=", located.headers["Location"])
        self.assertEqual(self.files(), [])  # not confirmed yet
        self.assertEqual(self.api(located.headers["Location"], headers={}).status, 401)
        file_json = self.api(located.headers["Location"]).json()
        for key in ("id", "display_name", "filename", "size", "content-type", "url", "folder_id"):
            self.assertIn(key, file_json)
        self.assertEqual(file_json["size"], len(data))
        [stored] = self.files()
        self.assertEqual((stored["course_id"], stored["folder"], stored["name"], stored["sha256"]),
                         (1, "week 1", "notes.txt", hashlib.sha256(data).hexdigest()))
        upload_log = [r for r in self.requests_seen() if r["path"].startswith("/files_api/")]
        self.assertEqual([r["auth_present"] for r in upload_log], [False])
        self.assertEqual(request("GET", file_json["url"]).body, data)

    def test_three_steps_with_201(self):
        self.control("POST", "config", {"upload_answer": "201"})
        ticket = self.step1("report.pdf", as_json=True)
        reply = self.step2(ticket, b"%PDF-1.4 fake")
        self.assertEqual(reply.status, 201)
        self.assertEqual(reply.json()["display_name"], "report.pdf")
        self.assertEqual(self.api(reply.headers["Location"]).json()["id"], reply.json()["id"])
        self.assertEqual([f["name"] for f in self.files()], ["report.pdf"])

    def test_chunked_streamed_upload(self):
        ticket = self.step1("big.bin")
        head = multipart(list(ticket["upload_params"].items()), "big.bin", b"")
        head, tail = head[: head.rindex(b"\r\n--")], f"\r\n--{BOUNDARY}--\r\n".encode()
        block = bytes(range(256)) * 4096  # 1 MiB
        digest = hashlib.sha256(block * 3).hexdigest()
        reply = request("POST", ticket["upload_url"], iter([head, block, block, block, tail]),
                        {"Content-Type": MULTIPART_TYPE})
        self.assertEqual(reply.status, 301)
        self.api(reply.headers["Location"])
        self.assertEqual(self.files()[0]["sha256"], digest)
        self.assertTrue([r for r in self.requests_seen() if r["chunked"]])

    def test_expired_signature(self):
        self.control("POST", "config", {"signature_ttl": 0.3})
        ticket = self.step1("late.txt")
        time.sleep(0.5)
        reply = self.step2(ticket, b"too late")
        self.assertEqual(reply.status, 400)
        self.assertIn("expired", reply.body.decode())

    def test_duplicates_rename_unless_overwrite(self):
        self.upload("notes.txt", b"one")
        self.upload("notes.txt", b"two")
        third = self.upload("notes.txt", b"three", on_duplicate="overwrite")
        self.assertEqual(third["display_name"], "notes.txt")
        self.upload("notes.txt", b"other course", course=2)
        names = {(f["course_id"], f["name"]): f["sha256"] for f in self.files()}
        self.assertEqual(names, {(1, "notes (1).txt"): hashlib.sha256(b"two").hexdigest(),
                                 (1, "notes.txt"): hashlib.sha256(b"three").hexdigest(),
                                 (2, "notes.txt"): hashlib.sha256(b"other course").hexdigest()})

    def test_fields_after_file_and_reuse_are_rejected(self):
        ticket = self.step1("a.txt")
        reply = self.step2(ticket, b"x", fields=[])
        self.assertEqual(reply.status, 400)
        self.assertIn("key", reply.body.decode())
        self.assertEqual(self.step2(ticket, b"x").status, 301)
        self.assertEqual(self.step2(ticket, b"x").status, 400)  # token used up

    def test_authorization_on_upload_is_recorded_or_rejected(self):
        self.assertEqual(self.step2(self.step1("a.txt"), b"x", headers=AUTH).status, 301)
        upload_log = [r for r in self.requests_seen() if r["path"].startswith("/files_api/")]
        self.assertEqual([(r["auth_present"], r["auth_valid"]) for r in upload_log], [(True, True)])
        self.control("POST", "config", {"reject_upload_auth": True})
        self.assertEqual(self.step2(self.step1("b.txt"), b"x", headers=AUTH).status, 400)

    def test_a_lost_reply_keeps_what_the_request_did(self):
        ticket = self.step1("d.txt")
        self.fault("/files_api/upload", "lost_reply")
        with self.assertRaises((http.client.HTTPException, ConnectionError)):
            self.step2(ticket, b"kept")
        again = self.step2(ticket, b"again")
        self.assertEqual(again.status, 400)
        self.assertIn("already used", again.json()["errors"][0]["message"], "the upload happened")
        self.assertEqual([r["status"] for r in self.requests_seen() if r["path"].startswith("/files_api/")][0], "reset")

    def test_faults_apply_to_the_file_store(self):
        ticket = self.step1("c.txt")
        self.fault("/files_api/upload", "reset")
        with self.assertRaises((http.client.HTTPException, ConnectionError)):
            self.step2(ticket, b"x" * 200000)
        self.fault("/files_api/upload", "503")
        self.assertEqual(self.step2(ticket, b"x").status, 503)
        self.assertEqual(self.step2(ticket, b"x").status, 301)  # token still valid


# --------------------------------------------------------------------------
# Submissions (a student hands in an assignment)
# --------------------------------------------------------------------------

NOT_AUTHORIZED = {"status": "unauthorized",
                  "errors": [{"message": "user not authorized to perform that action"}]}


def assignment_id(course: int, number: int) -> int:
    return 500000 + course * 10 + number


HOMEWORK, ESSAY, FINAL = assignment_id(1, 1), assignment_id(1, 2), assignment_id(1, 3)


class SubmissionTests(FakeCanvasTest):
    def setUp(self):
        super().setUp()
        self.control("POST", "config", {"role": "student"})

    def base(self, aid: int, course=1) -> str:
        return f"/api/v1/courses/{course}/assignments/{aid}/submissions"

    def ticket(self, aid: int, name: str, course=1, size=0) -> Reply:
        body = urlencode({"name": name, "size": size}).encode()
        return self.api(f"{self.base(aid, course)}/self/files", "POST", body=body,
                        headers={**AUTH, "Content-Type": "application/x-www-form-urlencoded"})

    def upload(self, aid: int, name: str, data: bytes, course=1, confirm=True) -> dict:
        """Steps 1-3 for a submission file; returns the file JSON (or the 301's Location)."""
        ticket = self.ticket(aid, name, course, len(data))
        self.assertEqual(ticket.status, 200, ticket.body)
        ticket = ticket.json()
        self.assertEqual(set(ticket), {"upload_url", "upload_params", "file_param"})
        body = multipart(list(ticket["upload_params"].items()), name, data)
        located = request("POST", ticket["upload_url"], body, {"Content-Type": MULTIPART_TYPE})
        self.assertEqual(located.status, 301, located.body)
        if not confirm:
            return {"id": int(re.search(r"/files/(\d+)/", located.headers["Location"]).group(1))}
        confirmed = self.api(located.headers["Location"])
        self.assertEqual(confirmed.status, 200, confirmed.body)
        return confirmed.json()

    def course_file(self, name: str, data: bytes, course=1) -> dict:
        """A file in the course's Files (a teacher's upload), for contrast."""
        ticket = self.api(f"/api/v1/courses/{course}/files", "POST",
                          body=urlencode({"name": name, "size": len(data)}).encode()).json()
        body = multipart(list(ticket["upload_params"].items()), name, data)
        located = request("POST", ticket["upload_url"], body, {"Content-Type": MULTIPART_TYPE})
        return self.api(located.headers["Location"]).json()

    def submit(self, aid: int, file_ids: list, course=1, kind="online_upload", as_json=False,
               comment=None) -> Reply:
        if as_json:
            payload = {"submission": {"file_ids": file_ids}}
            if kind is not None:
                payload["submission"]["submission_type"] = kind
            if comment is not None:
                payload["comment"] = {"text_comment": comment}
            body, ctype = json.dumps(payload).encode(), "application/json"
        else:
            pairs = [] if kind is None else [("submission[submission_type]", kind)]
            pairs += [("submission[file_ids][]", str(i)) for i in file_ids]
            if comment is not None:
                pairs.append(("comment[text_comment]", comment))
            body, ctype = urlencode(pairs).encode(), "application/x-www-form-urlencoded"
        return self.api(self.base(aid, course), "POST", body=body,
                        headers={**AUTH, "Content-Type": ctype})

    def attempts(self) -> list:
        return self.control("GET", "submissions").json()

    def test_the_whole_flow(self):
        essay, notes = b"%PDF-1.4 my essay" * 50, "ghi chú 📝".encode() * 20
        first = self.upload(ESSAY, "essay.pdf", essay)
        second = self.upload(ESSAY, "notes.docx", notes)
        self.assertEqual((first["display_name"], first["size"]), ("essay.pdf", len(essay)))
        self.assertEqual(self.control("GET", "files").json(), [], "not in the course's Files")

        reply = self.submit(ESSAY, [first["id"], second["id"]], comment="Here it is")
        self.assertEqual(reply.status, 201, reply.body)
        sub = reply.json()
        self.assertEqual({k: sub[k] for k in ("assignment_id", "user_id", "attempt", "workflow_state",
                                              "submission_type", "late", "missing", "excused",
                                              "score", "grade", "seconds_late")},
                         {"assignment_id": ESSAY, "user_id": 1, "attempt": 1,
                          "workflow_state": "submitted", "submission_type": "online_upload",
                          "late": False, "missing": False, "excused": None, "score": None,
                          "grade": None, "seconds_late": 0})
        self.assertRegex(sub["submitted_at"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        self.assertEqual([(a["id"], a["display_name"], a["filename"], a["size"]) for a in sub["attachments"]],
                         [(first["id"], "essay.pdf", "essay.pdf", len(essay)),
                          (second["id"], "notes.docx", "notes.docx", len(notes))])

        got = self.api(f"{self.base(ESSAY)}/self?include[]=submission_history").json()
        self.assertEqual((got["id"], got["attempt"]), (sub["id"], 1))
        [only] = got["submission_history"]
        self.assertEqual(only["attempt"], 1)
        self.assertEqual([(a["display_name"], a["size"]) for a in only["attachments"]],
                         [("essay.pdf", len(essay)), ("notes.docx", len(notes))])

        again = self.submit(ESSAY, [second["id"]], as_json=True)
        self.assertEqual(again.status, 201, again.body)
        self.assertEqual((again.json()["attempt"], again.json()["id"]), (2, sub["id"]))
        got = self.api(f"{self.base(ESSAY)}/1?include[]=submission_history").json()
        self.assertEqual(got["attempt"], 2)
        self.assertEqual([h["attempt"] for h in got["submission_history"]], [1, 2])
        self.assertEqual([len(h["attachments"]) for h in got["submission_history"]], [2, 1])
        comments = self.api(f"{self.base(ESSAY)}/self?include[]=submission_comments").json()
        self.assertEqual([(c["comment"], c["attempt"]) for c in comments["submission_comments"]],
                         [("Here it is", 1)])

        recorded = self.attempts()
        self.assertEqual([(r["course_id"], r["assignment_id"], r["attempt"], r["late"]) for r in recorded],
                         [(1, ESSAY, 1, False), (1, ESSAY, 2, False)])
        self.assertEqual(recorded[0]["submitted_at"], sub["submitted_at"])
        self.assertEqual(recorded[0]["files"],
                         [{"id": first["id"], "name": "essay.pdf", "size": len(essay),
                           "sha256": hashlib.sha256(essay).hexdigest()},
                          {"id": second["id"], "name": "notes.docx", "size": len(notes),
                           "sha256": hashlib.sha256(notes).hexdigest()}])
        self.assertEqual([f["id"] for f in recorded[1]["files"]], [second["id"]])
        self.assertEqual(request("GET", first["url"]).body, essay)

    def test_a_name_taken_in_the_submissions_folder_is_renamed_and_201_answers_work_too(self):
        one = self.upload(ESSAY, "essay.pdf", b"one")
        two = self.upload(HOMEWORK, "essay.pdf", b"two")  # one folder for the whole course
        self.assertNotEqual(one["id"], two["id"])
        self.assertEqual((one["display_name"], two["display_name"]), ("essay.pdf", "essay-1.pdf"))
        other_course = self.upload(assignment_id(2, 2), "essay.pdf", b"c2", course=2)
        self.assertEqual(other_course["display_name"], "essay.pdf", "each course has its own folder")
        self.control("POST", "config", {"upload_answer": "201"})
        ticket = self.ticket(ESSAY, "essay.pdf").json()
        body = multipart(list(ticket["upload_params"].items()), "essay.pdf", b"three")
        three = request("POST", ticket["upload_url"], body, {"Content-Type": MULTIPART_TYPE})
        self.assertEqual((three.status, three.json()["display_name"]), (201, "essay-2.pdf"))
        reply = self.submit(ESSAY, [one["id"], three.json()["id"]])
        self.assertEqual(reply.status, 201, reply.body)
        self.assertEqual([a["display_name"] for a in reply.json()["attachments"]], ["essay.pdf", "essay-2.pdf"])
        self.assertEqual(self.control("GET", "files").json(), [])

    def test_course_files_do_not_see_submission_files(self):
        mine = self.upload(ESSAY, "essay.pdf", b"submission")
        self.control("POST", "config", {"role": "teacher"})
        course = self.course_file("essay.pdf", b"course")
        self.assertEqual(course["display_name"], "essay.pdf", "no rename over a submission file")
        self.assertNotEqual(course["folder_id"], mine["folder_id"])
        ticket = self.api("/api/v1/courses/1/files", "POST",
                          body=b"name=essay.pdf&size=1&on_duplicate=overwrite").json()
        body = multipart(list(ticket["upload_params"].items()), "essay.pdf", b"over")
        located = request("POST", ticket["upload_url"], body, {"Content-Type": MULTIPART_TYPE})
        self.assertEqual(self.api(located.headers["Location"]).status, 200)
        self.assertEqual(self.api(f"/api/v1/files/{mine['id']}").json()["size"], len(b"submission"))
        self.assertEqual([f["name"] for f in self.control("GET", "files").json()], ["essay.pdf"])

    def test_before_any_attempt_the_submission_is_unsubmitted(self):
        late = self.api(f"{self.base(HOMEWORK)}/self?include[]=submission_history")
        self.assertEqual(late.status, 200)
        sub = late.json()
        self.assertEqual({k: sub[k] for k in ("assignment_id", "user_id", "attempt", "submitted_at",
                                              "workflow_state", "submission_type", "missing")},
                         {"assignment_id": HOMEWORK, "user_id": 1, "attempt": None, "submitted_at": None,
                          "workflow_state": "unsubmitted", "submission_type": None, "missing": True})
        self.assertEqual(sub.get("attachments", []), [])
        self.assertEqual([h["workflow_state"] for h in sub["submission_history"]], ["unsubmitted"])
        self.assertFalse(self.api(f"{self.base(ESSAY)}/self").json()["missing"], "not due yet")

    def test_a_teacher_has_no_submission(self):
        file_id = self.upload(ESSAY, "essay.pdf", b"x")["id"]
        self.control("POST", "config", {"role": "teacher"})
        for reply in (self.ticket(ESSAY, "essay.pdf"), self.submit(ESSAY, [file_id]),
                      self.api(f"{self.base(ESSAY)}/self"), self.ticket(ESSAY, "a.pdf", course=999999)):
            self.assertEqual((reply.status, reply.json()), (401, NOT_AUTHORIZED))
            self.assertIsNone(reply.headers["WWW-Authenticate"])
        self.assertEqual(self.attempts(), [])

    def test_unknown_course_or_assignment_is_404(self):
        for course, aid in ((999999, ESSAY), (1, assignment_id(2, 2)), (1, 12345), (1, "essay")):
            for reply in (self.ticket(aid, "a.pdf", course=course), self.submit(aid, [5001], course=course),
                          self.api(f"{self.base(aid, course)}/self")):
                self.assertEqual(reply.status, 404, (course, aid))
                self.assertEqual(reply.json(), {"errors": [{"message": "The specified resource does not exist."}]})

    def test_a_locked_assignment_is_refused(self):
        file_id = self.upload(FINAL, "project.zip", b"zip")["id"]
        reply = self.submit(FINAL, [file_id])
        self.assertEqual((reply.status, reply.json()), (401, NOT_AUTHORIZED))
        self.assertEqual(self.attempts(), [])

    def test_submission_type_and_missing_files_are_400(self):
        file_id = self.upload(ESSAY, "essay.pdf", b"x")["id"]
        for kind in (None, "", "online_text_entry"):
            reply = self.submit(ESSAY, [file_id], kind=kind)
            self.assertEqual((reply.status, reply.json()),
                             (400, {"message": "Invalid submission[submission_type] given"}), kind)
        for as_json in (False, True):
            empty = self.submit(ESSAY, [], as_json=as_json)
            self.assertEqual(empty.status, 400)
            self.assertIn("at least one file", empty.json()["message"])
        self.assertEqual(self.attempts(), [])

    def test_a_wrong_extension_is_400_and_nothing_is_recorded(self):
        good = self.upload(ESSAY, "essay.pdf", b"ok")["id"]
        cases = [(ESSAY, "notes.txt", "Invalid file type: notes.txt (allowed: pdf, docx)"),
                 (ESSAY, "README", "Invalid file type: README (allowed: pdf, docx)"),
                 (HOMEWORK, "essay.docx", "Invalid file type: essay.docx (allowed: pdf)"),
                 (HOMEWORK, "essay.pdf.exe", "Invalid file type: essay.pdf.exe (allowed: pdf)")]
        for aid, name, message in cases:
            bad = self.upload(aid, name, b"bad")["id"]
            ids = [good, bad] if aid == ESSAY else [bad]
            reply = self.submit(aid, ids)
            self.assertEqual((reply.status, reply.json()), (400, {"message": message}), name)
        self.assertEqual(self.attempts(), [])
        self.assertEqual(self.api(f"{self.base(ESSAY)}/self").json()["workflow_state"], "unsubmitted")
        upper = self.upload(ESSAY, "SCAN.PDF", b"caps")["id"]
        self.assertEqual(self.submit(ESSAY, [upper]).status, 201, "extensions ignore case")
        final = self.upload(FINAL, "anything", b"")  # no allowed_extensions: any name would do
        self.assertIn("id", final)

    def test_only_this_assignments_own_uploads_may_be_attached(self):
        homework_file = self.upload(HOMEWORK, "hw.pdf", b"hw")["id"]
        other_course = self.upload(assignment_id(2, 2), "essay.pdf", b"c2", course=2)["id"]
        unconfirmed = self.upload(ESSAY, "essay.pdf", b"pending", confirm=False)["id"]
        self.control("POST", "config", {"role": "teacher"})
        course_file = self.course_file("essay.pdf", b"course file")["id"]
        self.control("POST", "config", {"role": "student"})
        good = self.upload(ESSAY, "essay.pdf", b"mine")["id"]
        for bad in (homework_file, other_course, unconfirmed, course_file, 999999, "abc"):
            reply = self.submit(ESSAY, [good, bad])
            self.assertEqual(reply.status, 400, bad)
            self.assertIn(str(bad), reply.json()["message"])
        self.assertEqual(self.attempts(), [])
        self.assertEqual(self.submit(ESSAY, [good]).status, 201)

    def test_a_lost_reply_still_records_the_attempt(self):
        file_id = self.upload(HOMEWORK, "hw.pdf", b"late work")["id"]
        self.fault(f"/assignments/{HOMEWORK}/submissions", "lost_reply", method="POST")
        with self.assertRaises((http.client.HTTPException, ConnectionError)):
            self.submit(HOMEWORK, [file_id])
        [recorded] = self.attempts()
        self.assertEqual((recorded["attempt"], recorded["late"]), (1, True))
        self.assertEqual(self.api(f"{self.base(HOMEWORK)}/self").json()["attempt"], 1)
        posts = [r for r in self.requests_seen() if r["method"] == "POST" and r["path"] == self.base(HOMEWORK)]
        self.assertEqual([(r["status"], r["fault"]) for r in posts], [("reset", "lost_reply")])
        retry = self.submit(HOMEWORK, [file_id])
        self.assertEqual((retry.status, retry.json()["attempt"]), (201, 2), "a retry is a new attempt")

    def test_a_match_ending_in_a_dollar_must_end_the_path(self):
        self.fault("/submissions$", "lost_reply", method="POST")
        file_id = self.upload(ESSAY, "a.pdf", b"x")["id"]  # step 1 ends in /files: not matched
        with self.assertRaises((http.client.HTTPException, ConnectionError)):
            self.submit(ESSAY, [file_id])
        self.assertEqual(len(self.attempts()), 1)
        self.assertEqual(self.submit(ESSAY, [file_id]).status, 201, "the rule was used up by the hand-in")

    def test_other_faults_apply_to_the_submission_routes(self):
        self.fault("/submissions/self/files", "503")
        self.assertEqual(self.ticket(ESSAY, "a.pdf").status, 503)
        file_id = self.upload(ESSAY, "a.pdf", b"x")["id"]
        self.fault("/submissions", "500", method="POST")
        self.assertEqual(self.submit(ESSAY, [file_id]).status, 500)
        self.assertEqual(self.attempts(), [], "an injected error does no work")

    def test_the_assignment_list_shows_the_latest_attempt(self):
        self.assertEqual(self.submit(HOMEWORK, [self.upload(HOMEWORK, "a.pdf", b"1")["id"]]).status, 201)
        reply = self.submit(HOMEWORK, [self.upload(HOMEWORK, "b.pdf", b"2")["id"]])
        assignments = self.api("/api/v1/courses/1/assignments?include[]=submission").json()
        sub = assignments[0]["submission"]
        self.assertEqual({k: sub[k] for k in ("attempt", "workflow_state", "late", "missing", "submitted_at")},
                         {"attempt": 2, "workflow_state": "submitted", "late": True, "missing": False,
                          "submitted_at": reply.json()["submitted_at"]})
        self.assertGreater(sub["seconds_late"], 0)
        self.assertTrue(assignments[0]["has_submitted_submissions"])
        self.assertEqual(assignments[1]["submission"]["workflow_state"], "unsubmitted")
        self.assertFalse(assignments[1]["has_submitted_submissions"])

    def test_concurrent_posts_get_distinct_attempts(self):
        file_id = self.upload(ESSAY, "essay.pdf", b"race")["id"]
        statuses, attempts = [], []

        def post():
            reply = self.submit(ESSAY, [file_id])
            statuses.append(reply.status)
            attempts.append(reply.json().get("attempt"))
        threads = [threading.Thread(target=post) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        self.assertEqual(statuses, [201] * 8)
        self.assertEqual(sorted(attempts), list(range(1, 9)))

    def test_reset_clears_submissions_and_their_files(self):
        upload = self.upload(ESSAY, "essay.pdf", b"gone")
        self.assertEqual(self.submit(ESSAY, [upload["id"]]).status, 201)
        self.assertEqual(self.control("POST", "reset").status, 200)
        self.assertEqual(self.attempts(), [])
        self.assertEqual(self.api(f"/api/v1/files/{upload['id']}").status, 404)
        self.control("POST", "config", {"role": "student"})
        self.assertEqual(self.api(f"{self.base(ESSAY)}/self").json()["workflow_state"], "unsubmitted")


# --------------------------------------------------------------------------
# Process lifetime (own server processes)
# --------------------------------------------------------------------------

class LifetimeTests(unittest.TestCase):
    def test_sigterm_exits_promptly(self):
        proc, port, control = start_server()
        self.assertNotEqual(port, control)
        self.assertEqual(request("GET", f"http://127.0.0.1:{control}/__control/health").status, 200)
        start = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        self.assertEqual(proc.wait(5), 0)
        self.assertLess(time.monotonic() - start, 2.0)
        proc.stdout.close()

    def test_lifetime_ends_the_server(self):
        proc = subprocess.Popen([sys.executable, SERVER, "--port", "0", "--token", TOKEN,
                                 "--lifetime", "1"], stdout=subprocess.PIPE)
        try:
            self.assertTrue(read_lines(proc, 1, timeout=10)[0].startswith("PORT "))
            self.assertEqual(proc.wait(5), 0)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.stdout.close()

    def test_only_loopback_is_bound(self):
        proc, port, _ = start_server()
        try:
            with open("/proc/net/tcp") as table:
                rows = [line.split() for line in table.readlines()[1:]]
            listening = [r[1] for r in rows if r[3] == "0A" and int(r[1].split(":")[1], 16) == port]
            self.assertEqual(listening, ["0100007F:%04X" % port])
        finally:
            stop_server(proc)


if __name__ == "__main__":
    unittest.main()
