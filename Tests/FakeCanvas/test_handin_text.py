"""Self-test of text and link hand-ins in fake_canvas.py, as submissions_controller.rb takes
them: the Essay of course 52 takes a text entry or a link; each hand-in is a
new attempt whose history carries its body or link; an empty body is turned away with a
redirect; a link without a scheme gets `http://`.

    python3 -m unittest Tests/FakeCanvas/test_handin_text.py -v
"""

from __future__ import annotations

import os
import sys
import unittest
from urllib.parse import urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import ModuleServer  # noqa: E402
from test_fake_canvas import AUTH, control_request, request, start_server  # noqa: E402


class SixtyCourses(ModuleServer):
    """The shared server, with sixty courses: course 52 among them."""

    def start(self) -> None:
        self.proc, self.port, self.control_port = start_server("--courses", "60")

    def reset(self) -> None:
        assert control_request(self.control_port, "POST", "reset").status == 200
        assert control_request(self.control_port, "POST", "config", {"role": "student"}).status == 200


SERVER = SixtyCourses()
setUpModule, tearDownModule = SERVER.start, SERVER.stop
ESSAY_52 = 500522     # course 52, assignment 2
FORM = {**AUTH, "Content-Type": "application/x-www-form-urlencoded"}


def hand_in(fields: dict, course: int = 52, aid: int = ESSAY_52):
    return request("POST", SERVER.url(f"/api/v1/courses/{course}/assignments/{aid}/submissions"),
                   urlencode(fields).encode(), FORM)


def history(course: int = 52, aid: int = ESSAY_52) -> list:
    reply = request("GET", SERVER.url(f"/api/v1/courses/{course}/assignments/{aid}/submissions/self"
                                      "?include[]=submission_history"), None, AUTH)
    return reply.json()["submission_history"]


class TextAndLinkTests(unittest.TestCase):
    def setUp(self):
        SERVER.reset()

    def test_only_the_essay_of_course_52_takes_text_and_links(self):
        assignments = request("GET", SERVER.url("/api/v1/courses/52/assignments"), None, AUTH).json()
        essay = next(a for a in assignments if a["id"] == ESSAY_52)
        self.assertEqual(essay["submission_types"], ["online_text_entry", "online_url", "online_upload"])
        other = request("GET", SERVER.url("/api/v1/courses/1/assignments"), None, AUTH).json()
        self.assertTrue(all("online_text_entry" not in a["submission_types"] for a in other))
        refused = hand_in({"submission[submission_type]": "online_text_entry", "submission[body]": "x"}, 1, 500012)
        self.assertEqual(refused.status, 400)

    def test_a_text_entry_is_an_attempt_whose_history_carries_its_body(self):
        body = "<p>Value types &amp; reference types</p>"
        made = hand_in({"submission[submission_type]": "online_text_entry", "submission[body]": body})
        self.assertEqual(made.status, 201, made.body)
        self.assertEqual((made.json()["submission_type"], made.json()["body"], made.json()["attempt"]),
                         ("online_text_entry", body, 1))
        again = hand_in({"submission[submission_type]": "online_text_entry", "submission[body]": body})
        self.assertEqual(again.json()["attempt"], 2, "every hand-in is a new attempt: nothing dedupes it")
        self.assertEqual([h["body"] for h in history()], [body, body])
        self.assertNotIn("attachments", history()[0])

    def test_an_empty_body_is_turned_away_with_a_redirect_and_makes_nothing(self):
        refused = hand_in({"submission[submission_type]": "online_text_entry", "submission[body]": "  "})
        self.assertEqual(refused.status, 302)
        self.assertTrue(refused.headers["Location"].endswith(f"/courses/52/assignments/{ESSAY_52}"))
        self.assertEqual(history()[0]["attempt"], None)

    def test_a_link_without_a_scheme_gets_http(self):
        made = hand_in({"submission[submission_type]": "online_url", "submission[url]": "example.com/essay"})
        self.assertEqual(made.status, 201, made.body)
        self.assertEqual(made.json()["url"], "http://example.com/essay")
        self.assertEqual(hand_in({"submission[submission_type]": "online_url"}).status, 400)


if __name__ == "__main__":
    unittest.main()
