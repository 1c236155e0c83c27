"""The planner's `submissions.posted_at`: when the student's grade was released, null until then,
as canvas-lms's `submission_statuses` writes it beside `graded` (which Canvas sets for a grade
the student may not see yet).

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_planner_posted.py" -v
"""

from __future__ import annotations

import os
import sys
import unittest
from datetime import datetime, timedelta, timezone
from urllib.parse import urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_fake_canvas import AUTH, ServerTestCase, request  # noqa: E402
from test_planner import stamp, today  # noqa: E402

# Homework 1 of course 3 (plain points: not graded), 2 (a letter, posted) and 19 (graded, not
# posted): courses the planner shows, among the first twenty.
UNGRADED, POSTED, UNPOSTED = 500031, 500021, 500191


class PlannerPostedTests(ServerTestCase):
    server_arguments = ("--courses", "20",)

    def setUp(self):
        super().setUp()
        self.assertEqual(self.control("POST", "config", {"role": "student"}).status, 200)

    def get(self, path: str):
        reply = request("GET", f"http://127.0.0.1:{self.port}{path}", headers=AUTH)
        self.assertEqual(reply.status, 200, reply.body)
        return reply.json()

    def statuses(self) -> dict:
        params = urlencode({"start_date": stamp(today() - timedelta(days=14)),
                            "end_date": stamp(today() + timedelta(days=28)), "per_page": 100})
        rows = self.get(f"/api/v1/planner/items?{params}")
        return {row["plannable_id"]: row["submissions"] for row in rows if row["plannable_type"] == "assignment"}

    def submission(self, course: int, assignment: int) -> dict:
        rows = self.get(f"/api/v1/courses/{course}/assignments?include[]=submission&per_page=50")
        return next(row["submission"] for row in rows if row["id"] == assignment)

    def test_a_grade_not_posted_is_graded_with_a_null_posted_at(self):
        status = self.statuses()[UNPOSTED]
        self.assertTrue(status["graded"])
        self.assertIn("posted_at", status)
        self.assertIsNone(status["posted_at"])

    def test_a_posted_grade_carries_the_submissions_posted_at(self):
        status = self.statuses()[POSTED]
        self.assertTrue(status["graded"])
        self.assertIsNotNone(status["posted_at"])
        self.assertEqual(status["posted_at"], self.submission(2, POSTED)["posted_at"])

    def test_work_not_graded_has_a_null_posted_at(self):
        status = self.statuses()[UNGRADED]
        self.assertFalse(status["graded"])
        self.assertIsNone(status["posted_at"])

    def test_a_grade_a_test_gives_is_posted_now(self):
        before = datetime.now(timezone.utc).replace(microsecond=0)
        reply = self.control("POST", "changes", {"kind": "grade", "assignment": UNGRADED, "score": 7})
        self.assertEqual(reply.status, 201, reply.body)
        status = self.statuses()[UNGRADED]
        self.assertTrue(status["graded"])
        posted = datetime.fromisoformat(status["posted_at"].replace("Z", "+00:00"))
        self.assertLessEqual(before, posted)
        self.assertLessEqual(posted, datetime.now(timezone.utc))
        self.assertEqual(status["posted_at"], self.submission(3, UNGRADED)["posted_at"])


if __name__ == "__main__":
    unittest.main()
