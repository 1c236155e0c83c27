"""Self-test for what fake_canvas.py does to a hand-in that must be made only once: a
reply dropped on a kept-alive connection after the attempt is made, Canvas's redirect
for a locked assignment, and Canvas's names for a copy in a submissions folder.

    python3 -m unittest Tests/FakeCanvas/test_handin_once.py -v
"""

from __future__ import annotations

import os
import re
import socket
import sys
import unittest
from urllib.parse import urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import ModuleServer  # noqa: E402
from test_fake_canvas import AUTH, MULTIPART_TYPE, TOKEN, multipart, request  # noqa: E402
from uploads import submission_name  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule, control = SERVER.start, SERVER.stop, SERVER.control
ESSAY = 500012      # course 1, assignment 2 of the fake's data set
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def api(path: str, method="GET", body=None, headers=None):
    return request(method, SERVER.url(path), body, {**AUTH, **(headers or {})})


def upload(name: str, data: bytes, aid: int = ESSAY) -> dict:
    """Steps 1-3 of a file to hand in to `aid` of course 1; returns the confirmed file."""
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    ticket = api(f"/api/v1/courses/1/assignments/{aid}/submissions/self/files", "POST",
                 urlencode({"name": name, "size": len(data)}).encode(), form).json()
    body = multipart(list(ticket["upload_params"].items()), name, data)
    located = request("POST", ticket["upload_url"], body, {"Content-Type": MULTIPART_TYPE})
    return api(located.headers["Location"]).json()


def hand_in_form(file_id: int) -> bytes:
    return urlencode([("submission[submission_type]", "online_upload"),
                      ("submission[file_ids][]", str(file_id))]).encode()


def read_answer(sock: socket.socket) -> bytes:
    """One whole answer (headers and a Content-Length body) from a kept-alive connection."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise AssertionError(f"closed after {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))
    while len(body) < length:
        body += sock.recv(65536)
    return head


class HandInOnceTest(unittest.TestCase):
    def setUp(self):
        self.assertEqual(control("POST", "reset").status, 200)
        control("POST", "config", {"role": "student"})

    def fault(self, spec: dict) -> None:
        self.assertEqual(control("POST", "faults", spec).status, 201)


class DropReplyTests(HandInOnceTest):
    def test_the_attempt_is_made_and_the_kept_connection_closes_without_a_byte(self):
        file_id = upload("essay.pdf", b"%PDF essay")["id"]
        self.fault({"match": "/submissions$", "method": "POST", "kind": "drop_reply"})
        path = f"/api/v1/courses/1/assignments/{ESSAY}/submissions"
        form = hand_in_form(file_id)
        with socket.create_connection(("127.0.0.1", SERVER.port), timeout=10) as sock:
            sock.sendall(f"GET {path}/self HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         f"Authorization: Bearer {TOKEN}\r\n\r\n".encode())
            self.assertTrue(read_answer(sock).startswith(b"HTTP/1.1 200"), "the connection is kept")
            sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}\r\n"
                         f"Content-Type: application/x-www-form-urlencoded\r\n"
                         f"Content-Length: {len(form)}\r\n\r\n".encode() + form)
            self.assertEqual(sock.recv(65536), b"", "closed in order, with nothing written")
        self.assertEqual([a["attempt"] for a in control("GET", "submissions").json()], [1])
        posts = [r for r in control("GET", "requests").json() if r["method"] == "POST" and r["path"] == path]
        self.assertEqual([(r["status"], r["fault"]) for r in posts], [("dropped", "drop_reply")])

    def test_the_rule_is_used_up_and_the_next_hand_in_is_answered(self):
        file_id = upload("essay.pdf", b"%PDF essay")["id"]
        self.fault({"match": "/submissions$", "method": "POST", "kind": "drop_reply"})
        path = f"/api/v1/courses/1/assignments/{ESSAY}/submissions"
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        with self.assertRaises(ConnectionError):
            api(path, "POST", hand_in_form(file_id), headers)
        again = api(path, "POST", hand_in_form(file_id), headers)
        self.assertEqual((again.status, again.json()["attempt"]), (201, 2), "a second POST is a second attempt")


class LockedRedirectTests(HandInOnceTest):
    def test_a_302_to_the_assignment_page_and_nothing_is_made(self):
        file_id = upload("essay.pdf", b"%PDF essay")["id"]
        self.fault({"match": "/submissions$", "method": "POST", "kind": "locked_redirect"})
        path = f"/api/v1/courses/1/assignments/{ESSAY}/submissions"
        reply = api(path, "POST", hand_in_form(file_id), {"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual(reply.status, 302)
        self.assertEqual(reply.headers["Location"], f"http://127.0.0.1:{SERVER.port}/courses/1/assignments/{ESSAY}")
        self.assertEqual(reply.body, b"")
        self.assertEqual(control("GET", "submissions").json(), [])

    def test_the_page_names_the_course_by_its_canvas_id(self):
        self.fault({"match": "/submissions$", "method": "POST", "kind": "locked_redirect"})
        reply = api("/api/v1/courses/sis_course_id:ABC-101/assignments/542422/submissions", "POST", b"")
        self.assertEqual(reply.headers["Location"], f"http://127.0.0.1:{SERVER.port}/courses/4242/assignments/542422")


class SubmissionNameTests(unittest.TestCase):
    """Canvas's `Attachment.make_unique_filename`: -1 .. -7 before the extension, then a UUID."""

    def test_the_extension_starts_at_the_first_dot_of_the_ending_made_of_letter_parts(self):
        cases = {
            "essay.pdf": "essay-1.pdf",
            "report.final.pdf": "report-1.final.pdf",
            "archive.tar.gz": "archive-1.tar.gz",
            "v1.2.pdf": "v1.2-1.pdf",
            "bài.tập.pdf": "bài.tập-1.pdf",
            "README": "README-1",
            "notes.": "notes-1.",
            ".bashrc": ".bashrc-1.bashrc",
            ".config.json": ".config.json-1.config.json",
            "photo.2024.jpg": "photo.2024-1.jpg",
            "report..pdf": "report.-1.pdf",
            "a.B2.c3": "a-1.B2.c3",
        }
        for name, copy in cases.items():
            self.assertEqual(submission_name(name, {name}), copy, name)

    def test_a_free_name_is_kept_and_numbers_go_up_to_seven_then_a_uuid(self):
        self.assertEqual(submission_name("essay.pdf", {"other.pdf"}), "essay.pdf")
        taken = {"report.final.pdf"} | {f"report-{n}.final.pdf" for n in range(1, 7)}
        self.assertEqual(submission_name("report.final.pdf", taken), "report-7.final.pdf")
        taken.add("report-7.final.pdf")
        renamed = submission_name("report.final.pdf", taken)
        self.assertRegex(renamed, r"\Areport-" + UUID.pattern + r"\.final\.pdf\Z")

    def test_the_upload_route_renames_as_canvas_does(self):
        control("POST", "reset")
        control("POST", "config", {"role": "student"})
        names = [upload("report.final.pdf", bytes([n]))["display_name"] for n in range(3)]
        self.assertEqual(names, ["report.final.pdf", "report-1.final.pdf", "report-2.final.pdf"])


if __name__ == "__main__":
    unittest.main()
