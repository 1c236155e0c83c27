"""Announcements: the announcements API, a course's announcement topics, and marking one read.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_announcements.py" -v
"""

from __future__ import annotations

import os
import sys
import unittest
from datetime import datetime, timedelta, timezone
from urllib.parse import urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_fake_canvas import AUTH, control_request, every_page, request, start_server, stop_server  # noqa: E402
from test_planner import stamp, today  # noqa: E402


def posted(topic: dict) -> datetime:
    return datetime.strptime(topic["posted_at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


SERVER = None  # (process, API port, control port): one server for the module, reset before every test


def setUpModule():
    global SERVER
    SERVER = start_server("--courses", "12")


def tearDownModule():
    stop_server(SERVER[0])


class AnnouncementTests(unittest.TestCase):
    def setUp(self):
        self.port, self.control_port = SERVER[1], SERVER[2]
        self.assertEqual(control_request(self.control_port, "POST", "reset").status, 200)

    def url(self, path: str) -> str:
        return path if path.startswith("http") else f"http://127.0.0.1:{self.port}{path}"

    def every(self, path: str, params: list) -> list:
        """Every topic of a listing, read by following the next links."""
        return every_page(self, self.url(f"{path}?{urlencode(params)}"))

    def recent(self, course: int = 2, per_page: int = 100) -> list:
        return self.every("/api/v1/announcements", [
            ("context_codes[]", f"course_{course}"), ("start_date", stamp(today() - timedelta(days=14))),
            ("end_date", stamp(today() + timedelta(days=1))), ("per_page", str(per_page))])

    def unread(self, course: int = 2, per_page: int = 100) -> list:
        return self.every(f"/api/v1/courses/{course}/discussion_topics",
                          [("only_announcements", "true"), ("filter_by", "unread"), ("per_page", str(per_page))])

    def mark_read(self, course: int, topic: int):
        return request("PUT", self.url(f"/api/v1/courses/{course}/discussion_topics/{topic}/read"), body=b"",
                       headers=dict(AUTH, **{"Content-Length": "0"}))

    def test_recent_announcements_are_the_last_two_weeks_newest_first_in_canvas_shape(self):
        topics = self.recent()
        self.assertEqual([t["title"] for t in topics], ["Friday's lecture moves to room B-204", "Week slides are up"])
        self.assertEqual([posted(t) for t in topics], sorted((posted(t) for t in topics), reverse=True))
        first = topics[0]
        self.assertEqual(first["read_state"], "unread")
        self.assertEqual(topics[1]["read_state"], "read")
        self.assertEqual(first["context_code"], "course_2")
        self.assertIn("<strong>Friday</strong>", first["message"])
        self.assertEqual(first["author"]["display_name"], "Course Teacher")
        self.assertTrue(first["html_url"].endswith(f"/courses/2/discussion_topics/{first['id']}"), first["html_url"])
        self.assertIsNone(first["delayed_post_at"])

    def test_without_dates_canvas_starts_two_weeks_back(self):
        topics = self.every("/api/v1/announcements", [("context_codes[]", "course_12")])
        self.assertEqual(len(topics), 2)
        self.assertTrue(all(posted(t) >= today() - timedelta(days=14) for t in topics))

    def test_the_announcements_api_wants_course_context_codes_and_readable_dates(self):
        missing = request("GET", self.url("/api/v1/announcements"), headers=AUTH)
        self.assertEqual(missing.status, 400)
        self.assertIn("Missing context_codes", missing.body.decode())
        wrong = request("GET", self.url("/api/v1/announcements?context_codes[]=group_1"), headers=AUTH)
        self.assertEqual(wrong.status, 400)
        bad_date = request("GET", self.url("/api/v1/announcements?context_codes[]=course_1&start_date=soon"), headers=AUTH)
        self.assertEqual(bad_date.status, 400)
        unknown = request("GET", self.url("/api/v1/announcements?context_codes[]=course_999"), headers=AUTH)
        self.assertEqual(unknown.status, 404)

    def test_unread_topics_include_older_ones_and_only_unread(self):
        topics = self.unread()
        self.assertEqual([t["title"] for t in topics], ["Friday's lecture moves to room B-204", "Midterm review session"])
        self.assertTrue(all(t["read_state"] == "unread" for t in topics))
        self.assertLess(posted(topics[1]), today() - timedelta(days=14))

    def test_a_course_has_no_discussions_but_its_announcements_and_most_have_none(self):
        everything = self.every("/api/v1/courses/2/discussion_topics", [("only_announcements", "true")])
        self.assertEqual(len(everything), 4)
        self.assertEqual(self.every("/api/v1/courses/2/discussion_topics", []), [])
        self.assertEqual(self.recent(course=1), [])
        self.assertEqual(self.unread(course=11), [])

    def test_pages_follow_link_headers_and_add_up_to_one_answer(self):
        self.assertEqual([t["id"] for t in self.recent(per_page=1)], [t["id"] for t in self.recent()])
        self.assertEqual([t["id"] for t in self.unread(per_page=1)], [t["id"] for t in self.unread()])

    def test_marking_read_answers_204_flips_read_state_and_is_recorded(self):
        topic = self.unread(course=12)[0]
        reply = self.mark_read(12, topic["id"])
        self.assertEqual(reply.status, 204)
        self.assertEqual(reply.body, b"")
        self.assertNotIn(topic["id"], [t["id"] for t in self.unread(course=12)])
        self.assertEqual(next(t for t in self.recent(course=12) if t["id"] == topic["id"])["read_state"], "read")
        self.assertEqual(self.unread(course=2)[0]["read_state"], "unread", "other courses are untouched")
        log = control_request(self.control_port, "GET", "requests").json()
        puts = [e for e in log if e["method"] == "PUT"]
        self.assertEqual([e["path"] for e in puts], [f"/api/v1/courses/12/discussion_topics/{topic['id']}/read"])

    def test_the_planner_lists_the_same_announcements_with_their_read_state(self):
        self.assertEqual(control_request(self.control_port, "POST", "config", {"role": "student"}).status, 200)
        recent = self.recent()
        self.assertEqual(self.mark_read(2, recent[0]["id"]).status, 204)
        planner = self.every("/api/v1/planner/items", [
            ("start_date", stamp(today() - timedelta(days=14))), ("end_date", stamp(today() + timedelta(days=1))),
            ("per_page", "100")])
        planned = {row["plannable_id"]: row["plannable"]["read_state"] for row in planner
                   if row["plannable_type"] == "announcement" and row["course_id"] == 2}
        self.assertEqual(planned, {topic["id"]: ("read" if topic is recent[0] else topic["read_state"]) for topic in recent})
        self.assertEqual(planned[recent[0]["id"]], "read")

    def test_an_unknown_topic_is_404_and_a_reset_forgets_the_marks(self):
        self.assertEqual(self.mark_read(2, 12345).status, 404)
        topic = self.unread()[0]
        self.assertEqual(self.mark_read(2, topic["id"]).status, 204)
        self.assertEqual(control_request(self.control_port, "POST", "reset").status, 200)
        self.assertIn(topic["id"], [t["id"] for t in self.unread()])


if __name__ == "__main__":
    unittest.main()
