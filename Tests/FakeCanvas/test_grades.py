"""Self-test for the grades and locks in fake_canvas.py's assignments: grading types, a grade
posted or not (Canvas strips what a student may not read yet), the missing policy's zero,
and lock dates that close an assignment to a student.

    python3 -m unittest Tests/FakeCanvas/test_grades.py -v
"""

from __future__ import annotations

import os
import sys
import unittest
from datetime import datetime, timedelta, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from courses import Dataset  # noqa: E402
from module_server import ModuleServer  # noqa: E402
from test_fake_canvas import AUTH, request  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule, control = SERVER.start, SERVER.stop, SERVER.control
SECRETS = ("score", "grade", "entered_score", "entered_grade")


def api(path: str):
    reply = request("GET", SERVER.url(path), headers=AUTH)
    assert reply.status == 200, (path, reply.status, reply.body)
    return reply.json()


def parse(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


class GradesTest(unittest.TestCase):
    def setUp(self):
        self.assertEqual(control("POST", "reset").status, 200)
        self.assertEqual(control("POST", "config", {"role": "student"}).status, 200)

    def assignments(self, course: int) -> list:
        return api(f"/api/v1/courses/{course}/assignments?include[]=submission")

    def homework(self, course: int) -> dict:
        return self.assignments(course)[0]["submission"]


class GradingTypeTests(GradesTest):
    def test_every_assignment_says_how_it_is_graded(self):
        for course in (1, 2, 4, 5, 10, 43):
            for assignment in self.assignments(course):
                self.assertIn(assignment["grading_type"], ("points", "percent", "letter_grade", "pass_fail"))

    def test_courses_1_and_43_stay_plain(self):
        for course in (1, 43):
            homework, essay, final = self.assignments(course)
            self.assertEqual([a["grading_type"] for a in (homework, essay, final)], ["points"] * 3)
            self.assertEqual(homework["submission"]["workflow_state"], "unsubmitted")
            self.assertTrue(homework["submission"]["missing"])
            self.assertIsNone(essay["lock_at"])
            self.assertIsNone(essay["unlock_at"])

    def test_a_posted_letter_grade_comes_with_its_score(self):
        homework = self.assignments(2)[0]
        self.assertEqual(homework["grading_type"], "letter_grade")
        sub = homework["submission"]
        self.assertEqual((sub["workflow_state"], sub["score"], sub["grade"]), ("graded", 8.5, "B"))
        self.assertGreater(parse(sub["posted_at"]), parse(homework["due_at"]))
        self.assertFalse(sub["missing"], "graded by the teacher, so not missing")

    def test_a_grade_not_posted_leaves_out_what_the_student_may_not_read(self):
        sub = self.homework(4)
        self.assertEqual(sub["workflow_state"], "graded")
        self.assertIsNone(sub["posted_at"])
        for secret in SECRETS:
            self.assertNotIn(secret, sub)

    def test_submissions_self_says_the_same_as_the_list(self):
        aid = Dataset.assignment_id(4, 1)
        sub = api(f"/api/v1/courses/4/assignments/{aid}/submissions/self")
        self.assertEqual((sub["workflow_state"], sub["posted_at"]), ("graded", None))
        self.assertFalse(any(secret in sub for secret in SECRETS))

    def test_the_missing_policy_gives_a_zero_and_leaves_it_missing(self):
        sub = self.homework(10)
        self.assertEqual((sub["workflow_state"], sub["missing"], sub["score"], sub["grade"]), ("graded", True, 0.0, "0"))
        self.assertIsNone(sub["grader_id"])
        self.assertIsNotNone(sub["posted_at"])

    def test_pass_fail_is_complete_or_incomplete(self):
        homework = self.assignments(5)[0]
        self.assertEqual(homework["grading_type"], "pass_fail")
        self.assertEqual(homework["submission"]["grade"], "complete")

    def test_a_teacher_sees_grading_types_and_locks_but_no_submission(self):
        control("POST", "config", {"role": "teacher"})
        essay = api("/api/v1/courses/2/assignments?include[]=submission")[1]
        self.assertEqual(essay["grading_type"], "percent")
        self.assertIsNotNone(essay["lock_at"])
        self.assertNotIn("submission", essay)
        self.assertNotIn("locked_for_user", essay)


class LockTests(GradesTest):
    def test_the_essay_closes_two_days_after_it_is_due_where_the_course_is_not_plain(self):
        essay = self.assignments(2)[1]
        self.assertEqual(parse(essay["lock_at"]) - parse(essay["due_at"]), timedelta(days=2))
        self.assertFalse(essay["locked_for_user"], "its lock is ahead")

    def test_past_its_lock_an_assignment_is_locked_for_a_student(self):
        long_ago = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=10)
        data = Dataset(50, today=long_ago)
        essay = data.assignments_json(2, "http://x", "student", True)[1]
        self.assertLess(parse(essay["lock_at"]), datetime.now(timezone.utc))
        self.assertTrue(essay["locked_for_user"])
        plain = data.assignments_json(1, "http://x", "student", True)[1]
        self.assertFalse(plain["locked_for_user"], "past due, but nothing locks it")


if __name__ == "__main__":
    unittest.main()
