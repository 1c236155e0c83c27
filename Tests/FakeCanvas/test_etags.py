"""ETags on API GETs, `304 Not Modified` for a matching `If-None-Match`, and the request log's
`if_none_match` and `body_bytes`.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_etags.py" -v
"""

from __future__ import annotations

import hashlib
import unittest

from module_server import ModuleServer
from test_fake_canvas import AUTH, request

SERVER = ModuleServer()
setUpModule, tearDownModule, control = SERVER.start, SERVER.stop, SERVER.control


class ETagTests(unittest.TestCase):
    def setUp(self):
        for name, payload in (("reset", None), ("config", {"role": "student"})):
            self.assertEqual(control("POST", name, payload).status, 200)

    def get(self, path: str, **headers):
        return request("GET", SERVER.url(path), headers={**AUTH, **headers})

    def logged(self) -> list:
        return control("GET", "requests").json()

    def test_a_json_answer_carries_a_weak_etag_of_its_body(self):
        reply = self.get("/api/v1/courses/1")
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.headers.get("ETag"), 'W/"' + hashlib.md5(reply.body).hexdigest() + '"')

    def test_a_matching_if_none_match_is_answered_304_without_a_body_and_with_the_budget(self):
        first = self.get("/api/v1/courses/1")
        again = self.get("/api/v1/courses/1", **{"If-None-Match": first.headers["ETag"]})
        self.assertEqual(again.status, 304)
        self.assertEqual(again.body, b"")
        self.assertEqual(again.headers.get("ETag"), first.headers["ETag"])
        self.assertIsNotNone(again.headers.get("X-Rate-Limit-Remaining"))

    def test_the_strong_spelling_of_a_weak_tag_matches_too_and_a_list_of_tags_is_searched(self):
        tag = self.get("/api/v1/courses/1").headers["ETag"]
        self.assertEqual(self.get("/api/v1/courses/1", **{"If-None-Match": tag[2:]}).status, 304)
        self.assertEqual(self.get("/api/v1/courses/1", **{"If-None-Match": f'"other", {tag}'}).status, 304)

    def test_another_tag_gets_the_whole_answer(self):
        reply = self.get("/api/v1/courses/1", **{"If-None-Match": 'W/"0123"'})
        self.assertEqual(reply.status, 200)
        self.assertGreater(len(reply.body), 0)

    def test_a_change_on_canvas_changes_the_tag(self):
        path = "/api/v1/courses/2/assignments?per_page=50"
        tag = self.get(path).headers["ETag"]
        made = control("POST", "changes", {"kind": "add_assignment", "course": 2, "name": "Quiz 9", "due_in_days": 3})
        self.assertEqual(made.status, 201, made.body)
        reply = self.get(path, **{"If-None-Match": tag})
        self.assertEqual(reply.status, 200)
        self.assertNotEqual(reply.headers["ETag"], tag)
        self.assertIn("Quiz 9", reply.body.decode())

    def test_a_304_for_a_page_carries_that_pages_current_link_header(self):
        first = self.get("/api/v1/courses?per_page=1")
        again = self.get("/api/v1/courses?per_page=1", **{"If-None-Match": first.headers["ETag"]})
        self.assertEqual(again.status, 304)
        self.assertEqual(again.headers.get("Link"), first.headers.get("Link"))
        self.assertIn('rel="next"', again.headers.get("Link", ""))

    def test_the_log_says_what_was_asked_and_how_many_body_bytes_went_out(self):
        control("DELETE", "requests")
        first = self.get("/api/v1/courses/1")
        self.get("/api/v1/courses/1", **{"If-None-Match": first.headers["ETag"]})
        entries = [entry for entry in self.logged() if entry["path"] == "/api/v1/courses/1"]
        self.assertEqual([entry["if_none_match"] for entry in entries], [None, first.headers["ETag"]])
        self.assertEqual([entry["status"] for entry in entries], [200, 304])
        self.assertEqual([entry["body_bytes"] for entry in entries], [len(first.body), 0])

    def test_with_etags_off_no_tag_is_sent_and_a_condition_is_ignored(self):
        tag = self.get("/api/v1/courses/1").headers["ETag"]
        self.assertEqual(control("POST", "config", {"etags": False}).status, 200)
        reply = self.get("/api/v1/courses/1", **{"If-None-Match": tag})
        self.assertEqual(reply.status, 200)
        self.assertIsNone(reply.headers.get("ETag"))
        self.assertGreater(len(reply.body), 0)

    def test_errors_carry_no_tag(self):
        reply = self.get("/api/v1/courses/999999")
        self.assertEqual(reply.status, 404)
        self.assertIsNone(reply.headers.get("ETag"))


if __name__ == "__main__":
    unittest.main()
