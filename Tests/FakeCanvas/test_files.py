"""Course files: folders and files listed, a file's bytes served by a file store on another origin.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_files.py" -v
"""

from __future__ import annotations

import hashlib
import http.client
import os
import socket
import sys
import time
import unittest
from urllib.parse import urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from module_server import ModuleServer  # noqa: E402
from test_fake_canvas import AUTH, every_page, request  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop

LECTURE_2 = 2_000_000 + 2 * 100 + 3      # course 2's "Lecture 2.pdf", 200_003 bytes
LOCKED = 2_000_000 + 2 * 100 + 5         # course 2's "Exam rules.pdf"


def raw_get(url: str, headers=None, timeout: float = 10) -> tuple:
    """(status, headers, body bytes read until the server closed or the length was reached, whether the
    body was cut short); http.client would raise on a short body, which these tests look at."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""), headers=dict(headers or {}))
        resp = conn.getresponse()
        try:
            body = resp.read()
            short = False
        except http.client.IncompleteRead as cut:
            body, short = cut.partial, True
        return resp.status, resp.headers, body, short
    finally:
        conn.close()


class FileTests(unittest.TestCase):
    def setUp(self):
        self.assertEqual(SERVER.control("POST", "reset").status, 200)

    def api(self, path: str):
        reply = request("GET", SERVER.url(path), headers=AUTH)
        return reply

    def every(self, path: str) -> list:
        return every_page(self, SERVER.url(path))

    def store_address(self, file_id: int, course: int = 2) -> str:
        """The file's `url`, followed once: the signed file store address Canvas redirects to."""
        url = self.api(f"/api/v1/courses/{course}/files/{file_id}").json()["url"]
        reply = request("GET", url, headers=AUTH)
        self.assertEqual(reply.status, 302, reply.body)
        return reply.headers["Location"]

    def digest(self, file_id: int) -> str:
        files = SERVER.control("GET", "course_files").json()
        return next(f["sha256"] for f in files if f["id"] == file_id)

    def config(self, **values):
        self.assertEqual(SERVER.control("POST", "config", values).status, 200)

    def fault(self, **rule):
        self.assertEqual(SERVER.control("POST", "faults", rule).status, 201)

    # ---- listings

    def test_folders_and_files_are_listed_on_pages_in_canvas_shape(self):
        folders = self.every("/api/v1/courses/2/folders?per_page=2")
        self.assertEqual([f["full_name"] for f in folders],
                         ["course files", "course files/Lectures", "course files/Readings",
                          "course files/Readings/Week 1", "course files/Solutions"])
        top = folders[0]
        self.assertIsNone(top["parent_folder_id"])
        self.assertEqual(folders[3]["parent_folder_id"], folders[2]["id"])
        self.assertEqual(top["folders_count"], 3)
        self.assertEqual([f["hidden_for_user"] for f in folders], [False, False, False, False, True])
        files = self.every("/api/v1/courses/2/files?per_page=4")
        self.assertEqual(len(files), 6)
        self.assertEqual([f["display_name"] for f in files], sorted((f["display_name"] for f in files), key=str.lower))
        for key in ("id", "folder_id", "display_name", "filename", "content-type", "size", "updated_at",
                    "modified_at", "url", "locked", "hidden", "locked_for_user", "unlock_at", "lock_at"):
            self.assertIn(key, files[0])
        lectures = [f for f in files if f["folder_id"] == folders[1]["id"]]
        self.assertEqual(sorted(f["display_name"] for f in lectures), ["Lecture 1.pdf", "Lecture 2.pdf"])
        self.assertEqual(folders[1]["files_count"], 2)

    def test_a_locked_file_has_no_url_and_says_why(self):
        locked = self.api(f"/api/v1/courses/2/files/{LOCKED}").json()
        self.assertTrue(locked["locked_for_user"])
        self.assertEqual(locked["url"], "")
        self.assertIn("locked until", locked["lock_explanation"])
        # Its download address, guessed from another file's, is refused with the reason.
        reply = request("GET", SERVER.url(f"/files/{LOCKED}/download?download_frd=1"), headers=AUTH)
        self.assertEqual(reply.status, 403)
        self.assertIn(b"locked until", reply.body)

    def test_a_file_is_found_in_its_course_and_by_id_but_not_in_another_course(self):
        self.assertEqual(self.api(f"/api/v1/courses/2/files/{LECTURE_2}").json()["size"], 200_003)
        self.assertEqual(self.api(f"/api/v1/files/{LECTURE_2}").json()["display_name"], "Lecture 2.pdf")
        self.assertEqual(self.api(f"/api/v1/courses/3/files/{LECTURE_2}").status, 404)

    def test_module_items_of_type_file_name_a_file_of_the_course(self):
        items = self.every("/api/v1/courses/2/modules/100021/items?per_page=50")
        file_items = [item for item in items if item["type"] == "File"]
        self.assertTrue(file_items)
        for item in file_items:
            reply = self.api(f"/api/v1/courses/2/files/{item['content_id']}")
            self.assertEqual(reply.status, 200, reply.body)

    def test_a_student_gets_not_authorized_where_files_are_hidden_from_students(self):
        self.config(role="student")
        reply = self.api("/api/v1/courses/18/files")
        self.assertEqual(reply.status, 401)
        self.assertEqual(reply.json()["status"], "unauthorized")
        self.assertEqual(self.api("/api/v1/courses/18/folders").status, 401)
        self.assertEqual(self.api("/api/v1/courses/2/files").status, 200)

    # ---- the file store

    def test_the_url_redirects_to_a_store_on_another_origin_that_serves_the_bytes(self):
        location = self.store_address(LECTURE_2)
        store, api = urlsplit(location), urlsplit(SERVER.url("/"))
        self.assertNotEqual((store.hostname, store.port), (api.hostname, api.port))
        self.assertIn("sig=", store.query)
        self.assertIn("expires=", store.query)
        status, headers, body, _ = raw_get(location)
        self.assertEqual(status, 200)
        self.assertEqual(len(body), 200_003)
        self.assertEqual(hashlib.sha256(body).hexdigest(), self.digest(LECTURE_2))
        self.assertTrue(headers["ETag"])
        self.assertTrue(headers["Last-Modified"])
        self.assertEqual(headers["Accept-Ranges"], "bytes")
        log = SERVER.control("GET", "requests").json()
        self.assertTrue(log[-1]["store"])
        self.assertFalse(log[-1]["auth_present"])
        self.assertFalse(log[-2]["store"])

    def test_a_range_resumes_and_if_range_restarts_a_changed_file(self):
        location = self.store_address(LECTURE_2)
        _, headers, whole, _ = raw_get(location)
        for validator in (headers["ETag"], headers["Last-Modified"]):
            status, part_headers, rest, _ = raw_get(location, {"Range": "bytes=150000-", "If-Range": validator})
            self.assertEqual(status, 206)
            self.assertEqual(part_headers["Content-Range"], "bytes 150000-200002/200003")
            self.assertEqual(rest, whole[150000:])
        status, _, again, _ = raw_get(location, {"Range": "bytes=150000-", "If-Range": '"an-old-etag"'})
        self.assertEqual((status, again), (200, whole))
        status, headers416, _, _ = raw_get(location, {"Range": "bytes=200003-"})
        self.assertEqual(status, 416)
        self.assertEqual(headers416["Content-Range"], "bytes */200003")
        log = SERVER.control("GET", "requests").json()
        self.assertEqual(log[-2]["range"], "bytes=150000-")
        self.assertEqual(log[-2]["if_range"], '"an-old-etag"')

    def test_the_store_refuses_and_records_a_token(self):
        status, _, body, _ = raw_get(self.store_address(LECTURE_2), {"Authorization": AUTH["Authorization"]})
        self.assertEqual(status, 400)
        self.assertIn(b"Only one auth mechanism", body)
        entry = SERVER.control("GET", "requests").json()[-1]
        self.assertTrue(entry["store"])
        self.assertTrue(entry["auth_present"])

    def test_an_expired_or_wrong_signature_is_refused_as_expired(self):
        location = self.store_address(LECTURE_2)
        status, _, body, _ = raw_get(location.replace("sig=", "sig=0"))
        self.assertEqual(status, 403)
        self.assertIn(b"Request has expired", body)
        self.config(store_url_ttl=-5)
        status, _, body, _ = raw_get(self.store_address(LECTURE_2))
        self.assertEqual(status, 403)
        self.assertIn(b"Request has expired", body)

    def test_store_faults(self):
        location = self.store_address(LECTURE_2)
        _, _, whole, _ = raw_get(location)
        self.fault(match="/store/", kind="store_ignore_range")
        status, _, body, _ = raw_get(location, {"Range": "bytes=10-"})
        self.assertEqual((status, body), (200, whole))
        self.fault(match="/store/", kind="store_expired")
        self.assertEqual(raw_get(location)[0], 403)
        self.fault(match="/store/", kind="store_short")
        status, headers, body, short = raw_get(location)
        self.assertTrue(short)
        self.assertEqual(headers["Content-Length"], "200003")
        self.assertEqual(body, whole[:len(body)])
        self.assertLess(len(body), 200_003)
        self.fault(match="/store/", kind="store_long")
        status, _, body, short = raw_get(location)
        self.assertFalse(short)
        self.assertEqual(len(body), 200_003 + 1024)
        self.assertEqual(body[:200_003], whole)
        self.fault(match="/store/", kind="store_drop_after", bytes=70_000)
        status, _, body, short = raw_get(location, {"Range": "bytes=1000-"})
        self.assertEqual((status, short, len(body)), (206, True, 70_000))
        self.assertEqual(body, whole[1000:71_000])
        self.fault(match="/store/", kind="503")
        self.assertEqual(raw_get(location)[0], 503)
        self.assertEqual(raw_get(location)[0], 200)

    def test_store_faults_leave_canvas_alone(self):
        self.fault(match="/", kind="store_expired", count=-1)
        self.assertEqual(self.api("/api/v1/courses/2/files").status, 200)
        self.assertEqual(raw_get(self.store_address(LECTURE_2))[0], 403)

    # ---- control

    def test_a_file_added_and_changed_through_control(self):
        added = SERVER.control("POST", "files", {"course": 2, "name": "Week 3.pdf", "size": 3_000_000,
                                                "folder": "Lectures/Week 3"}).json()
        self.assertEqual(added["size"], 3_000_000)
        folders = self.every("/api/v1/courses/2/folders?per_page=50")
        made = next(f for f in folders if f["full_name"] == "course files/Lectures/Week 3")
        self.assertEqual(added["folder_id"], made["id"])
        location = self.store_address(added["id"])
        _, headers, body, _ = raw_get(location)
        self.assertEqual(hashlib.sha256(body).hexdigest(), self.digest(added["id"]))
        changed = SERVER.control("POST", "files", {"course": 2, "id": added["id"], "content": "new text"}).json()
        self.assertEqual(changed["size"], 8)
        self.assertGreater(changed["updated_at"], added["updated_at"])
        status, new_headers, new_body, _ = raw_get(location, {"Range": "bytes=4-", "If-Range": headers["ETag"]})
        self.assertEqual((status, new_body), (200, b"new text"))
        self.assertNotEqual(new_headers["ETag"], headers["ETag"])

    def test_a_large_file_streams_fast_without_being_held(self):
        added = SERVER.control("POST", "files", {"course": 2, "name": "big.bin", "size": 256 << 20}).json()
        location = self.store_address(added["id"])
        parts = urlsplit(location)
        started = time.monotonic()
        with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
            sock.sendall(f"GET {parts.path}?{parts.query} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            received = 0
            while chunk := sock.recv(1 << 20):
                received += len(chunk)
        elapsed = time.monotonic() - started
        self.assertGreater(received, 256 << 20)
        # Loopback serves well over 1 GB/s; a loaded CI machine still far over this.
        self.assertLess(elapsed, 5.0)


if __name__ == "__main__":
    unittest.main()
