"""Self-test for `--store-on-canvas-host`: uploads go to the Canvas host's /files_api and files come
from its /files/:id/download, as on a self-hosted Canvas with local storage.

    python3 -m unittest Tests/FakeCanvas/test_store_on_canvas_host.py -v
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import sys
import unittest
from urllib.parse import parse_qs, urlencode, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_fake_canvas import AUTH, BOUNDARY, MULTIPART_TYPE, ServerTestCase, request  # noqa: E402


def form(before: list, file_name: str, filename: str, data: bytes, after: list = ()) -> bytes:
    """A multipart body: `before`'s fields, the file part named `file_name`, then `after`'s."""
    def field(name, value):
        return f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()

    return b"".join([*(field(n, v) for n, v in before),
                     f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{file_name}"; '
                     f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode(),
                     data, b"\r\n", *(field(n, v) for n, v in after), f"--{BOUNDARY}--\r\n".encode()])


class StoreOnCanvasHostTest(ServerTestCase):
    server_arguments = ("--store-on-canvas-host",)

    def api(self, path: str, method="GET", headers=AUTH, **kw):
        url = path if path.startswith("http") else f"http://127.0.0.1:{self.port}{path}"
        return request(method, url, headers=headers, **kw)

    def ticket(self, path: str, name: str, **params) -> dict:
        body = urlencode({"name": name, **params}).encode()
        reply = self.api(path, "POST", body=body,
                         headers={**AUTH, "Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual(reply.status, 200, reply.body)
        return reply.json()

    def post(self, ticket: dict, data: bytes, name: str, file_name=None, after=False, headers=None):
        fields = list(ticket["upload_params"].items())
        body = form([] if after else fields, file_name or ticket["file_param"], name, data, fields if after else [])
        return request("POST", ticket["upload_url"], body, {"Content-Type": MULTIPART_TYPE, **(headers or {})})

    def test_a_course_file_is_uploaded_to_the_canvas_host_and_downloaded_from_it(self):
        data = "bài tập 1\n".encode() * 300
        ticket = self.ticket("/api/v1/courses/1/files", "notes.txt", size=len(data), content_type="text/plain")
        # Step 1: the local files_api on Canvas's own host, with the local-storage upload_params.
        upload = urlsplit(ticket["upload_url"])
        self.assertEqual((upload.scheme, upload.netloc, upload.path), ("http", f"127.0.0.1:{self.port}", "/files_api"))
        self.assertEqual(parse_qs(upload.query), {"on_duplicate": ["rename"]})
        self.assertEqual(set(ticket["upload_params"]), {"Filename", "key", "acl", "Policy", "Signature", "content-type"})
        self.assertEqual(ticket["file_param"], "attachment[uploaded_data]")
        policy = json.loads(base64.b64decode(ticket["upload_params"]["Policy"]))
        self.assertIn({"acl": "private"}, policy["conditions"])
        # Step 2 without the token: a 302 to create_success, nothing listed yet.
        located = self.post(ticket, data, "notes.txt")
        self.assertEqual((located.status, located.body), (302, b""))
        location = urlsplit(located.headers["Location"])
        self.assertEqual(location.netloc, f"127.0.0.1:{self.port}")
        self.assertRegex(location.path, r"^/api/v1/files/\d+/create_success$")
        self.assertEqual(set(parse_qs(location.query)), {"on_duplicate", "uuid"})
        self.assertEqual(self.control("GET", "files").json(), [])
        # Step 3 with the token confirms it.
        confirmed = self.api(located.headers["Location"])
        self.assertEqual(confirmed.status, 200, confirmed.body)
        file_json = confirmed.json()
        self.assertEqual((file_json["display_name"], file_json["size"]), ("notes.txt", len(data)))
        [stored] = self.control("GET", "files").json()
        self.assertEqual(stored["sha256"], hashlib.sha256(data).hexdigest())
        # Its download comes from the Canvas host, whole, by its verifier alone.
        download = request("GET", file_json["url"])
        self.assertEqual((download.status, download.body), (200, data))
        self.assertIn("filename*=UTF-8''notes.txt", download.headers["Content-Disposition"])
        log = self.control("GET", "requests").json()
        self.assertEqual([(r["method"], r["path"], r["auth_present"]) for r in log if r["path"].startswith("/files_api")],
                         [("POST", "/files_api?on_duplicate=rename", False)])
        self.assertFalse([r for r in log if r["store"]])

    def test_the_policy_may_come_after_the_file_and_the_file_be_called_file(self):
        ticket = self.ticket("/api/v1/courses/1/files", "late-fields.bin")
        located = self.post(ticket, b"abc", "late-fields.bin", file_name="file", after=True)
        self.assertEqual(located.status, 302, located.body)
        self.assertEqual(self.api(located.headers["Location"]).json()["size"], 3)

    def test_the_token_is_not_needed_and_not_refused(self):
        self.control("POST", "config", {"reject_upload_auth": True, "upload_answer": "201"})
        ticket = self.ticket("/api/v1/courses/1/files", "with-token.bin")
        located = self.post(ticket, b"x" * 10, "with-token.bin", headers=AUTH)
        self.assertEqual(located.status, 302, located.body)
        [entry] = [r for r in self.control("GET", "requests").json() if r["path"].startswith("/files_api")]
        self.assertTrue(entry["auth_present"])

    def test_a_bad_used_or_expired_policy_is_a_bare_400(self):
        ticket = self.ticket("/api/v1/courses/1/files", "once.bin")
        forged = self.post(dict(ticket, upload_params=dict(ticket["upload_params"], Signature="AAAA")), b"1", "once.bin")
        self.assertEqual((forged.status, forged.body), (400, b""))
        self.assertEqual(self.post(ticket, b"1", "once.bin").status, 302)
        again = self.post(ticket, b"1", "once.bin")
        self.assertEqual((again.status, again.body), (400, b""))
        no_file = request("POST", ticket["upload_url"], form(list(ticket["upload_params"].items()), "other", "x", b""),
                          {"Content-Type": MULTIPART_TYPE})
        self.assertEqual(no_file.status, 400)
        self.control("POST", "config", {"signature_ttl": 0})
        late = self.ticket("/api/v1/courses/1/files", "late.bin")
        self.assertEqual(self.post(late, b"1", "late.bin").status, 400)
        self.assertEqual(self.api("/files_api/upload/anything", "POST").status, 404)

    def test_a_course_file_comes_whole_from_the_canvas_host(self):
        listed = {f["display_name"]: f for f in self.api("/api/v1/courses/1/files?per_page=50").json()}
        lecture = listed["Lecture 2.pdf"]
        self.assertTrue(lecture["url"].startswith(f"http://127.0.0.1:{self.port}/files/{lecture['id']}/download?"))
        # Rails' send_file answers a range with the whole file.
        reply = request("GET", lecture["url"], headers={"Range": "bytes=100-"})
        self.assertEqual((reply.status, len(reply.body)), (200, lecture["size"]))
        self.assertNotIn("Location", reply.headers)
        self.assertEqual(reply.headers["Cache-Control"], "private, max-age=86400")
        self.assertEqual(reply.headers["Content-Disposition"],
                         "attachment; filename=\"Lecture 2.pdf\"; filename*=UTF-8''Lecture%202.pdf")
        [made] = [f for f in self.control("GET", "course_files").json() if f["id"] == lecture["id"]]
        self.assertEqual(hashlib.sha256(reply.body).hexdigest(), made["sha256"])
        self.assertEqual(request("GET", lecture["url"].split("verifier=")[0] + "verifier=wrong").status, 404)
        locked = listed["Exam rules.pdf"]
        self.assertEqual(locked["url"], "")
        self.assertEqual(self.api(f"/files/{locked['id']}/download").status, 403)
        self.assertFalse([r for r in self.control("GET", "requests").json() if r["store"]])

    def test_a_submission_file_carries_its_quota_exemption_through_to_create_success(self):
        self.control("POST", "config", {"role": "student"})
        aid = 500012
        ticket = self.ticket(f"/api/v1/courses/1/assignments/{aid}/submissions/self/files", "essay.pdf", size=4)
        exemption = parse_qs(urlsplit(ticket["upload_url"]).query)["quota_exemption"]
        located = self.post(ticket, b"%PDF", "essay.pdf")
        self.assertEqual(located.status, 302, located.body)
        self.assertEqual(parse_qs(urlsplit(located.headers["Location"]).query)["quota_exemption"], exemption)
        file_id = self.api(located.headers["Location"]).json()["id"]
        body = urlencode([("submission[submission_type]", "online_upload"), ("submission[file_ids][]", file_id)])
        handed = self.api(f"/api/v1/courses/1/assignments/{aid}/submissions", "POST", body=body.encode(),
                          headers={**AUTH, "Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual(handed.status, 201, handed.body)
        self.assertEqual([a["display_name"] for a in handed.json()["attachments"]], ["essay.pdf"])


if __name__ == "__main__":
    unittest.main()
