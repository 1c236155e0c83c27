"""Self-test for the current grades in fake_canvas.py's courses: `include[]=total_scores` puts
a student's totals on their enrollment, only when asked and never in a course that hides its
final grades, as Canvas's course JSON does.

    python3 -m unittest Tests/FakeCanvas/test_total_scores.py -v
"""

from __future__ import annotations

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from assignments import letter_grade  # noqa: E402
from module_server import ModuleServer  # noqa: E402
from test_fake_canvas import AUTH, request  # noqa: E402

TOTALS = ("computed_current_score", "computed_final_score", "computed_current_grade", "computed_final_grade")
SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop


class TotalScoresTest(unittest.TestCase):
    def setUp(self):
        self.assertEqual(SERVER.control("POST", "reset").status, 200)
        self.become("student")

    def become(self, role: str):
        self.assertEqual(SERVER.control("POST", "config", {"role": role}).status, 200)

    def api(self, path: str):
        reply = request("GET", SERVER.url(path), headers=AUTH)
        self.assertEqual(reply.status, 200, (path, reply.body))
        return reply.json()

    def enrollment(self, course: int, query: str = "?include[]=total_scores") -> dict:
        return self.api(f"/api/v1/courses/{course}{query}")["enrollments"][0]

    def test_a_students_totals_come_only_when_asked(self):
        self.assertEqual({k: self.enrollment(2)[k] for k in TOTALS},
                         {"computed_current_score": 75.0, "computed_final_score": 45.0,
                          "computed_current_grade": "C", "computed_final_grade": "F"})
        plain = self.enrollment(2, "")
        self.assertEqual(plain["enrollment_state"], "active")
        self.assertFalse(set(TOTALS) & set(plain), "without the include Canvas sends no totals")

    def test_the_listing_carries_them_too(self):
        courses = self.api("/api/v1/courses?per_page=50&include[]=total_scores")
        listed = {c["id"]: c for c in courses}
        self.assertEqual(listed[2]["enrollments"][0]["computed_current_grade"], "C")
        self.assertTrue(all("hide_final_grades" in c for c in courses if "name" in c))

    def test_a_course_that_hides_final_grades_says_so_and_sends_no_totals(self):
        course = self.api("/api/v1/courses/3?include[]=total_scores")
        self.assertTrue(course["hide_final_grades"])
        self.assertFalse(set(TOTALS) & set(course["enrollments"][0]))
        self.assertFalse(self.api("/api/v1/courses/2")["hide_final_grades"], "sent with or without includes")

    def test_no_grading_scheme_means_no_letter_and_nothing_graded_means_no_score(self):
        unlettered = self.enrollment(4)
        self.assertEqual((unlettered["computed_current_score"], unlettered["computed_current_grade"]), (90.0, None))
        ungraded = self.enrollment(6)
        self.assertEqual([ungraded[k] for k in TOTALS], [None] * 4)

    def test_a_teachers_enrollment_has_no_totals(self):
        self.become("teacher")
        self.assertFalse(set(TOTALS) & set(self.enrollment(2)))

    def test_letters_follow_canvas_default_scheme(self):
        cases = [(94, "A"), (93.99, "A-"), (87, "B+"), (61, "D-"), (60.9, "F"), (None, None)]
        self.assertEqual([letter_grade(score) for score, _ in cases], [letter for _, letter in cases])


if __name__ == "__main__":
    unittest.main()
