"""`GET /api/v1/planner/items`: the planner across courses, as canvas-lms writes it.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_planner.py" -v
"""

from __future__ import annotations

import os
import sys
import unittest
from datetime import datetime, timedelta, timezone
from urllib.parse import urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_fake_canvas import AUTH, ServerTestCase, request  # noqa: E402

PLANNER = "/api/v1/planner/items"


def today() -> datetime:
    now = datetime.now(timezone.utc)
    return datetime(now.year, now.month, now.day, tzinfo=timezone.utc)


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def when(row: dict) -> datetime:
    text = row["plannable_date"]
    if len(text) == 10:
        return datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=timezone.utc)
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


class PlannerTests(ServerTestCase):
    server_arguments = ("--courses", "3",)


    def get(self, url: str):
        if not url.startswith("http"):
            url = f"http://127.0.0.1:{self.port}{url}"
        return request("GET", url, headers=AUTH)

    def planner(self, **params):
        reply = self.get(f"{PLANNER}?{urlencode(params)}")
        self.assertEqual(reply.status, 200, reply.body)
        return reply

    def everything(self, start: datetime, end: datetime, per_page: int = 100) -> list:
        """Every row from `start` to `end`, read by following the next links."""
        reply = self.planner(start_date=stamp(start), end_date=stamp(end), per_page=per_page)
        rows = reply.json()
        while "next" in reply.links():
            reply = self.get(reply.links()["next"])
            self.assertEqual(reply.status, 200, reply.body)
            rows += reply.json()
        return rows

    def month(self) -> list:
        return self.everything(today() - timedelta(days=14), today() + timedelta(days=28))

    def test_rows_come_in_date_order_within_the_range(self):
        start, end = today() - timedelta(days=3), today() + timedelta(days=4)
        rows = self.everything(start, end)
        dates = [when(row) for row in rows]
        self.assertEqual(dates, sorted(dates))
        self.assertTrue(all(start <= d < end for d in dates), dates)
        kinds = {row["plannable_type"] for row in rows}
        self.assertIn("assignment", kinds)
        self.assertNotIn("Final Project", [row["plannable"]["title"] for row in rows], "due in 20 days")

    def test_pages_follow_link_headers_and_add_up_to_one_answer(self):
        whole = self.month()
        paged = self.everything(today() - timedelta(days=14), today() + timedelta(days=28), per_page=2)
        self.assertGreater(len(whole), 2)
        self.assertEqual([(r["plannable_type"], r["plannable_id"]) for r in paged],
                         [(r["plannable_type"], r["plannable_id"]) for r in whole])

    def test_an_assignment_row_has_canvas_shape(self):
        row = next(r for r in self.month() if r["plannable_type"] == "assignment" and r["plannable"]["title"] == "Homework 1")
        keys = {"submitted", "excused", "graded", "posted_at", "late", "missing", "needs_grading", "has_feedback",
                "redo_request", "extended"}
        # `feedback` (the teacher's last comment) only where there is some.
        self.assertEqual(set(row["submissions"]) - {"feedback"}, keys)
        self.assertEqual("feedback" in row["submissions"], row["submissions"]["has_feedback"])
        self.assertTrue(row["html_url"].startswith(f"/courses/{row['course_id']}/assignments/"), row["html_url"])
        self.assertIn("points_possible", row["plannable"])
        self.assertEqual(row["plannable"]["due_at"], row["plannable_date"])
        self.assertIn("context_name", row)
        self.assertIn("planner_override", row)
        self.assertFalse(row["new_activity"])

    def test_a_note_has_no_course_and_no_address(self):
        note = next(r for r in self.month() if r["plannable_type"] == "planner_note")
        self.assertNotIn("course_id", note)
        self.assertNotIn("html_url", note)
        self.assertIs(note["submissions"], False)

    def test_an_all_day_event_has_a_plain_date_and_an_announcement_is_there(self):
        rows = self.month()
        event = next(r for r in rows if r["plannable_type"] == "calendar_event")
        self.assertRegex(event["plannable_date"], r"^\d{4}-\d{2}-\d{2}$")
        self.assertTrue(event["plannable"]["all_day"])
        self.assertIn("announcement", {r["plannable_type"] for r in rows})

    def test_the_unknown_type_comes_only_when_switched_on(self):
        self.assertNotIn("hologram_lecture", {r["plannable_type"] for r in self.month()})
        self.assertEqual(self.control("POST", "config", {"planner_unknown_type": True}).status, 200)
        self.assertIn("hologram_lecture", {r["plannable_type"] for r in self.month()})

    def test_nothing_handed_in_reads_as_not_submitted_and_past_due_as_missing(self):
        rows = [r for r in self.month() if r["plannable_type"] == "assignment"]
        self.assertTrue(rows and not any(r["submissions"]["submitted"] for r in rows))
        past = [r for r in rows if when(r) < datetime.now(timezone.utc) and not r["submissions"]["graded"]]
        self.assertTrue(past and all(r["submissions"]["missing"] for r in past))

    def test_no_dates_means_two_weeks_either_side(self):
        rows = self.planner(per_page=100).json()
        self.assertTrue(all(today() - timedelta(days=14) <= when(r) < today() + timedelta(days=14) for r in rows))
        self.assertTrue(rows)

    def test_a_bad_date_is_a_400(self):
        reply = self.get(f"{PLANNER}?start_date=someday")
        self.assertEqual(reply.status, 400)

    def test_only_current_active_courses_count(self):
        courses = {r.get("course_id") for r in self.month()} - {None}
        listed = self.get("/api/v1/courses?per_page=100&enrollment_state=active").json()
        self.assertTrue(courses)
        self.assertLessEqual(courses, {c["id"] for c in listed})


if __name__ == "__main__":
    unittest.main()
