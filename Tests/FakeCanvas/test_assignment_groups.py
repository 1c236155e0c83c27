"""Self-test for fake_canvas.py's grade structure: assignment groups with weights and drop rules,
the course's scheme and weighting, and grading periods' scores on a student's enrollment, as
canvas-lms's assignment_groups_controller and course_json give them.

    python3 -m unittest Tests/FakeCanvas/test_assignment_groups.py -v
"""

from __future__ import annotations

import os
import sys
import unittest
from datetime import datetime, timedelta, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from module_server import ModuleServer  # noqa: E402
from test_fake_canvas import AUTH, every_page, request  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop
GROUPS = "/api/v1/courses/{}/assignment_groups?include[]=assignments&include[]=submission&include[]=score_statistics"


class StudentCase(unittest.TestCase):
    """A fresh server, and the user a student of every course."""

    def setUp(self):
        self.assertEqual(SERVER.control("POST", "reset").status, 200)
        self.assertEqual(SERVER.control("POST", "config", {"role": "student"}).status, 200)

    def api(self, path: str, status: int = 200):
        reply = request("GET", SERVER.url(path), headers=AUTH)
        self.assertEqual(reply.status, status, (path, reply.body))
        return reply.json()


class AssignmentGroupsTest(StudentCase):
    def test_groups_hold_every_assignment_once_with_weights_where_the_course_weights(self):
        weighted = self.api(GROUPS.format(4))
        self.assertEqual([g["name"] for g in weighted], ["Assignments", "Essays", "Projects"])
        self.assertEqual([g["group_weight"] for g in weighted], [30.0, 30.0, 40.0])
        self.assertEqual(weighted[0]["rules"], {"drop_lowest": 1})
        listed = sorted(a["id"] for g in weighted for a in g["assignments"])
        every = sorted(a["id"] for a in self.api("/api/v1/courses/4/assignments"))
        self.assertEqual(listed, every)
        self.assertTrue(self.api("/api/v1/courses/4")["apply_assignment_group_weights"])
        self.assertFalse(self.api("/api/v1/courses/2")["apply_assignment_group_weights"])

    def test_statistics_only_for_a_posted_score_and_only_with_the_submission(self):
        groups = self.api(GROUPS.format(2))
        homework = groups[0]["assignments"][0]
        self.assertEqual(homework["submission"]["score"], 8.5)
        self.assertEqual(homework["score_statistics"], {"min": 3.0, "max": 10.0, "mean": 7.1})
        self.assertNotIn("score_statistics", groups[1]["assignments"][0], "nothing graded, nothing to compare")
        bare = self.api("/api/v1/courses/2/assignment_groups?include[]=assignments&include[]=score_statistics")
        self.assertNotIn("score_statistics", bare[0]["assignments"][0])
        self.assertNotIn("submission", bare[0]["assignments"][0])
        self.assertNotIn("assignments", self.api("/api/v1/courses/2/assignment_groups")[0])

    def test_the_scheme_comes_as_pairs_when_asked(self):
        course = self.api("/api/v1/courses/2?include[]=grading_scheme")
        self.assertEqual(course["grading_scheme"][0], ["A", 0.94])
        self.assertEqual(course["grading_scheme"][-1], ["F", 0.0])
        self.assertNotIn("grading_scheme", self.api("/api/v1/courses/2"))

    def test_a_course_with_grading_periods_gives_the_periods_scores_beside_the_total(self):
        enrollment = self.api("/api/v1/courses/7?include[]=total_scores&include[]=current_grading_period_scores")["enrollments"][0]
        self.assertEqual((enrollment["computed_current_score"], enrollment["computed_current_grade"]), (91.3, "A-"))
        self.assertEqual((enrollment["current_period_computed_current_score"], enrollment["current_period_computed_current_grade"]), (68.2, "D+"))
        self.assertEqual(enrollment["current_grading_period_title"], "Fall Q2")
        self.assertTrue(enrollment["totals_for_all_grading_periods_option"])
        self.assertFalse(self.api("/api/v1/courses/19?include[]=total_scores&include[]=current_grading_period_scores")["enrollments"][0]["totals_for_all_grading_periods_option"])
        plain = self.api("/api/v1/courses/2?include[]=total_scores&include[]=current_grading_period_scores")["enrollments"][0]
        self.assertFalse(plain["has_grading_periods"])
        self.assertIsNone(plain["current_period_computed_current_score"])
        only_totals = self.api("/api/v1/courses/7?include[]=total_scores")["enrollments"][0]
        self.assertNotIn("current_period_computed_current_score", only_totals, "the period's scores need both includes")

    def test_a_grading_period_of_another_course_is_not_found(self):
        self.api(GROUPS.format(7) + "&grading_period_id=7007")
        self.api(GROUPS.format(7) + "&grading_period_id=7008", status=404)
        self.api(GROUPS.format(2) + "&grading_period_id=7002", status=404)


class StudentSubmissionsTest(StudentCase):
    """`GET /courses/:id/students/submissions`: the student's own, with comments and rubric marks when asked."""

    FEEDBACK = "/api/v1/courses/{}/students/submissions?include[]=submission_comments&include[]=rubric_assessment"

    def test_a_posted_grade_brings_the_teachers_comment_with_its_file_and_the_rubrics_marks(self):
        homework = self.api(self.FEEDBACK.format(7))[0]
        self.assertEqual(homework["assignment_id"], 500071)
        comment = homework["submission_comments"][0]
        self.assertEqual(comment["comment"], "Good structure. Explain step 3 more fully next time.")
        self.assertEqual(comment["attachments"][0]["display_name"], "Marked Homework 1.pdf")
        self.assertEqual(homework["rubric_assessment"]["_c1"], {"rating_id": "_r1", "comments": None, "points": 6.0})
        download = request("GET", comment["attachments"][0]["url"])
        self.assertEqual(download.status, 302, "the file is served as a course file is")
        files = [f["id"] for f in self.api("/api/v1/courses/7/files")]
        self.assertNotIn(comment["attachments"][0]["id"], files, "a comment's file is in no course's Files")

    def test_nothing_while_the_grade_is_not_posted_and_keys_left_out_unless_asked(self):
        unposted = self.api(self.FEEDBACK.format(9))[0]
        self.assertEqual(unposted["submission_comments"], [], "a teacher's comment on an unposted grade is hidden")
        self.assertNotIn("rubric_assessment", unposted)
        plain = self.api("/api/v1/courses/2/students/submissions")[0]
        self.assertNotIn("submission_comments", plain)
        self.assertNotIn("rubric_assessment", plain)

    def test_the_rubric_rides_on_the_assignment(self):
        homework = self.api("/api/v1/courses/7/assignments")[0]
        self.assertEqual([c["id"] for c in homework["rubric"]], ["_c1", "_c2"])
        self.assertFalse(homework["rubric_settings"]["hide_points"])
        self.assertNotIn("rubric", self.api("/api/v1/courses/1/assignments")[0])
        self.assertNotIn("rubric", self.api("/api/v1/courses/2/assignments")[0], "graded by letter, but no feedback in course 2")


class MissingAndFlagsTest(StudentCase):
    """Missing work past the planner's dates, and the teacher's extensions and redo requests."""

    def change(self, change: dict):
        self.assertEqual(SERVER.control("POST", "changes", change).status, 201)

    def planner_row(self, assignment: int) -> dict:
        """The planner's row of `assignment`, which is due within a week either side of today."""
        today = datetime.now(timezone.utc)
        window = f"start_date={(today - timedelta(days=7)).date()}&end_date={(today + timedelta(days=7)).date()}"
        rows = every_page(self, SERVER.url(f"/api/v1/planner/items?per_page=100&{window}"))
        return next(r for r in rows if r["plannable_id"] == assignment)

    def missing(self) -> list:
        return self.api("/api/v1/users/self/missing_submissions?include[]=course&include[]=planner_overrides&per_page=100")

    def test_missing_work_of_any_age_with_its_course_and_no_submission(self):
        self.change({"kind": "move_due", "assignment": 500031, "due_in_days": -20})
        rows = self.missing()
        old = next(r for r in rows if r["id"] == 500031)
        self.assertEqual(old["course"]["course_code"], self.api("/api/v1/courses/3")["course_code"])
        self.assertIsNone(old["planner_override"])
        self.assertNotIn("submission", old)
        self.assertEqual([r["due_at"] for r in rows], sorted(r["due_at"] for r in rows))
        self.assertNotIn("course", self.api("/api/v1/users/self/missing_submissions")[0])

    def test_an_extension_is_not_missing_and_says_so(self):
        self.change({"kind": "extend", "assignment": 500031})
        self.assertNotIn(500031, [r["id"] for r in self.missing()])
        submission = self.api("/api/v1/courses/3/assignments?include[]=submission")[0]["submission"]
        self.assertEqual((submission["late_policy_status"], submission["missing"]), ("extended", False))
        row = self.planner_row(500031)
        self.assertTrue(row["submissions"]["extended"])
        self.assertFalse(row["submissions"]["missing"])

    def test_a_redo_request_is_on_the_submission_and_the_planner(self):
        self.change({"kind": "redo", "assignment": 500032})
        self.assertTrue(self.api("/api/v1/courses/3/assignments?include[]=submission")[1]["submission"]["redo_request"])
        row = self.planner_row(500032)
        self.assertTrue(row["submissions"]["redo_request"])


class AnnouncementAttachmentTest(unittest.TestCase):
    def setUp(self):
        self.assertEqual(SERVER.control("POST", "reset").status, 200)

    def test_the_slides_announcement_carries_its_file_and_the_others_none(self):
        reply = request("GET", SERVER.url("/api/v1/announcements?context_codes[]=course_2"), headers=AUTH)
        topics = {t["title"]: t for t in reply.json()}
        slides = topics["Week slides are up"]["attachments"]
        self.assertEqual([f["display_name"] for f in slides], ["Lecture 1.pdf"])
        self.assertIn("content-type", slides[0])
        self.assertEqual(topics["Friday's lecture moves to room B-204"]["attachments"], [])


if __name__ == "__main__":
    unittest.main()
