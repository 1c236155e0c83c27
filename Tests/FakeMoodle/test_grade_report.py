"""Self-test of fake_moodle.py: the student's grade report (gradereport_user_get_grade_items and
_get_grades_table) and a rubric in an assignment's feedback."""

from __future__ import annotations

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import ModuleServer  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop


def items(course: int) -> list:
    report = SERVER.rest("gradereport_user_get_grade_items", {"courseid": course, "userid": 7})
    return report["usergrades"][0]["gradeitems"]


class GradeItemsTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        SERVER.reset()

    def test_rows_in_report_order_with_totals_after_their_items(self):
        rows = items(101)
        kinds = [(r["itemtype"], r["itemname"]) for r in rows]
        self.assertEqual(kinds[:4], [("mod", "Bài tập 1"), ("mod", "Bài tập 0"), ("mod", "Bài tập đã nộp"), ("category", None)])
        self.assertEqual(kinds[-1], ("course", None))
        self.assertIn(("manual", "Điểm chuyên cần"), kinds)

    def test_category_and_course_totals_name_nothing_and_point_at_their_category(self):
        rows = items(101)
        category = next(r for r in rows if r["itemtype"] == "category")
        course = rows[-1]
        self.assertIsNone(category["categoryid"])
        self.assertEqual(category["iteminstance"], 9102)
        self.assertEqual(course["iteminstance"], 9101)
        self.assertNotIn("weightraw", course)
        self.assertEqual(rows[0]["categoryid"], 9102)

    def test_natural_totals_leave_empty_grades_out(self):
        rows = items(101)
        category = next(r for r in rows if r["itemtype"] == "category")
        # Only "Bài tập đã nộp" (9/10) is graded in the category.
        self.assertEqual((category["graderaw"], category["grademax"]), (9.0, 10.0))
        done = next(r for r in rows if r["itemname"] == "Bài tập đã nộp")
        self.assertEqual((done["weightraw"], done["gradeformatted"], done["percentageformatted"]), (1.0, "9.00", "90.00 %"))
        empty = rows[0]
        self.assertEqual((empty["graderaw"], empty["weightraw"], empty["status"]), (None, 0.0, "novalue"))
        course = rows[-1]
        self.assertEqual((course["graderaw"], course["grademax"]), (13.5, 15.0))
        self.assertEqual(category["weightraw"], 10 / 15)

    def test_activity_rows_carry_their_cmid_and_manual_ones_none(self):
        rows = items(101)
        self.assertEqual(rows[2]["cmid"], 1033)
        manual = next(r for r in rows if r["itemtype"] == "manual")
        self.assertNotIn("cmid", manual)
        self.assertEqual(manual["feedback"], "<p>Đi học đầy đủ.</p>")

    def test_hidden_grade_is_left_out_and_hides_the_total(self):
        rows = items(103)
        self.assertNotIn("出席", [r["itemname"] for r in rows])
        self.assertIsNone(rows[-1]["graderaw"])
        self.assertEqual(rows[-1]["gradeformatted"], "-")

    def test_other_users_and_courses_without_grades_are_refused(self):
        everyone = SERVER.rest("gradereport_user_get_grade_items", {"courseid": 101})
        self.assertEqual(everyone["errorcode"], "nopermissions")
        hidden = SERVER.rest("gradereport_user_get_grade_items", {"courseid": 105, "userid": 7})
        self.assertEqual(hidden["errorcode"], "nopermissiontoviewgrades")


class GradesTableTests(unittest.TestCase):
    def test_category_headings_carry_their_names(self):
        table = SERVER.rest("gradereport_user_get_grades_table", {"courseid": 101, "userid": 7})["tables"][0]
        headings = [row["itemname"] for row in table["tabledata"] if "category" in row.get("itemname", {}).get("class", "")]
        self.assertEqual([h["id"] for h in headings], ["cat_9101_7", "cat_9102_7"])
        self.assertIn("<span>Bài tập về nhà</span>", headings[1]["content"])


class RubricFeedbackTests(unittest.TestCase):
    def test_rubric_marks_the_chosen_levels_before_the_long_grade(self):
        status = SERVER.rest("mod_assign_get_submission_status", {"assignid": 505})
        shown = status["feedback"]["gradefordisplay"]
        self.assertTrue(shown.startswith('<div class="advancedgrade">'))
        self.assertIn('id="rubric0-criteria-61-levels-613" class="level last even checked"', shown)
        self.assertIn('<td class="remark">Ví dụ về optional rất hay.</td>', shown)
        self.assertTrue(shown.endswith("</div>9.00 / 10.00"))


if __name__ == "__main__":
    unittest.main()
