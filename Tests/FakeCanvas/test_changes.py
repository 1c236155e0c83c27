"""`/__control/changes`: what a teacher changes between two looks of a student, laid over the data set.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_changes.py" -v
"""

from __future__ import annotations

import os
import sys
import unittest
from datetime import timedelta
from urllib.parse import urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_fake_canvas import AUTH, control_request, request, start_server, stop_server  # noqa: E402
from test_planner import stamp, today  # noqa: E402

SERVER = {}


def setUpModule():
    SERVER["proc"], SERVER["port"], SERVER["control"] = start_server("--courses", "3")


def tearDownModule():
    stop_server(SERVER["proc"])


class ChangesTests(unittest.TestCase):
    def setUp(self):
        self.port, self.control_port = SERVER["port"], SERVER["control"]
        for name, payload in (("reset", None), ("config", {"role": "student"})):
            self.assertEqual(control_request(self.control_port, "POST", name, payload).status, 200)

    def change(self, payload, status: int = 201):
        reply = control_request(self.control_port, "POST", "changes", payload)
        self.assertEqual(reply.status, status, reply.body)
        return reply.json()

    def get(self, path: str):
        reply = request("GET", f"http://127.0.0.1:{self.port}{path}", headers=AUTH)
        self.assertEqual(reply.status, 200, reply.body)
        return reply.json()

    def assignments(self, course: int) -> dict:
        rows = self.get(f"/api/v1/courses/{course}/assignments?include[]=submission&per_page=50")
        return {row["id"]: row for row in rows}

    def planner(self) -> list:
        params = urlencode({"start_date": stamp(today() - timedelta(days=14)),
                            "end_date": stamp(today() + timedelta(days=28)), "per_page": 100})
        return self.get(f"/api/v1/planner/items?{params}")

    def test_an_added_assignment_is_listed_and_planned(self):
        made = self.change({"kind": "add_assignment", "course": 2, "name": "Quiz 4", "due_in_days": 5})
        self.assertEqual(made, {"kind": "add_assignment", "course": 2, "id": 500024})
        added = self.assignments(2)[500024]
        self.assertEqual(added["name"], "Quiz 4")
        self.assertEqual(added["due_at"], stamp((today() + timedelta(days=5)).replace(hour=23, minute=59)))
        self.assertEqual(added["submission"]["workflow_state"], "unsubmitted")
        self.assertIn(500024, [row["plannable_id"] for row in self.planner()])
        self.assertNotIn(500034, self.assignments(3), "only the course it was added to")

    def test_a_moved_due_date_moves_in_the_list_and_the_planner(self):
        self.change({"kind": "move_due", "assignment": 500022, "due_in_days": 6})
        due = stamp((today() + timedelta(days=6)).replace(hour=23, minute=59))
        self.assertEqual(self.assignments(2)[500022]["due_at"], due)
        row = next(row for row in self.planner() if row["plannable_id"] == 500022)
        self.assertEqual(row["plannable_date"], due)

    def test_a_grade_is_posted_with_its_score(self):
        self.change({"kind": "grade", "assignment": 500022, "score": 9})
        submission = self.assignments(2)[500022]["submission"]
        self.assertEqual((submission["workflow_state"], submission["score"], submission["grade"]), ("graded", 9.0, "9"))
        self.assertIsNotNone(submission["posted_at"])
        row = next(row for row in self.planner() if row["plannable_id"] == 500022)
        self.assertTrue(row["submissions"]["graded"])

    def test_an_announcement_is_planned_now_in_its_course(self):
        made = self.change({"kind": "announce", "course": 3, "title": "Exam moved"})
        row = next(row for row in self.planner() if row["plannable_id"] == made["id"])
        self.assertEqual((row["plannable_type"], row["course_id"], row["plannable"]["title"]), ("announcement", 3, "Exam moved"))

    def test_a_posted_announcement_is_listed_unread_first_in_its_course_and_can_be_read(self):
        made = self.change({"kind": "announce", "course": 3, "title": "Exam room changed"})
        topics = self.get("/api/v1/courses/3/discussion_topics?only_announcements=true&filter_by=unread")
        self.assertEqual([topic["id"] for topic in topics], [made["id"]])
        self.assertEqual(topics[0]["title"], "Exam room changed")
        self.assertEqual(topics[0]["read_state"], "unread")
        listed = self.get("/api/v1/announcements?context_codes[]=course_3")
        self.assertEqual([topic["id"] for topic in listed], [made["id"]])
        reply = request("PUT", f"http://127.0.0.1:{self.port}/api/v1/courses/3/discussion_topics/{made['id']}/read", headers=AUTH)
        self.assertEqual(reply.status, 204, reply.body)
        self.assertEqual(self.get("/api/v1/courses/3/discussion_topics?only_announcements=true&filter_by=unread"), [])

    def test_a_list_of_changes_applies_in_order_and_reset_undoes_them(self):
        made = self.change([{"kind": "add_assignment", "course": 3}, {"kind": "add_assignment", "course": 3}])
        self.assertEqual([m["id"] for m in made], [500034, 500035])
        listed = control_request(self.control_port, "GET", "changes").json()
        self.assertEqual(len(listed["added"]["3"]), 2)
        control_request(self.control_port, "POST", "reset")
        self.assertNotIn(500034, self.assignments(3))

    def test_a_bad_change_is_refused(self):
        self.change({"kind": "paint"}, status=400)
        self.change({"kind": "grade", "assignment": "500022"}, status=400)
        self.change({"kind": "move_due", "assignment": 500022, "due_in_days": "soon"}, status=400)


if __name__ == "__main__":
    unittest.main()
