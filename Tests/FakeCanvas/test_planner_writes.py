"""The student's planner writes: overrides (done marks) and notes (to-dos of their own), as
canvas-lms's planner_overrides_controller.rb and planner_notes_controller.rb answer them.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_planner_writes.py" -v
"""

from __future__ import annotations

import os
import sys
import unittest
from urllib.parse import urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_fake_canvas import AUTH, ServerTestCase, request  # noqa: E402

FORM = dict(AUTH, **{"Content-Type": "application/x-www-form-urlencoded"})


class PlannerWriteTests(ServerTestCase):
    server_arguments = ("--courses", "3",)


    def call(self, method: str, path: str, **fields):
        body = urlencode(fields).encode() if fields else None
        return request(method, f"http://127.0.0.1:{self.port}{path}", body, FORM if body else AUTH)

    def items(self) -> list:
        reply = self.call("GET", "/api/v1/planner/items?per_page=100")
        self.assertEqual(reply.status, 200, reply.body)
        return reply.json()

    def first_assignment(self) -> dict:
        return next(row for row in self.items() if row["plannable_type"] == "assignment")

    def test_an_override_marks_the_item_done_in_the_planner(self):
        row = self.first_assignment()
        self.assertIsNone(row["planner_override"])
        created = self.call("POST", "/api/v1/planner/overrides", plannable_type="assignment",
                            plannable_id=row["plannable_id"], marked_complete="true")
        self.assertEqual(created.status, 201, created.body)
        body = created.json()
        self.assertEqual((body["plannable_type"], body["marked_complete"], body["dismissed"], body["workflow_state"]),
                         ("assignment", True, False, "active"))
        again = next(r for r in self.items() if r["plannable_id"] == row["plannable_id"])
        self.assertEqual(again["planner_override"]["id"], body["id"])
        self.assertTrue(again["planner_override"]["marked_complete"])

    def test_a_second_post_for_the_same_item_is_taken_and_names_no_id(self):
        row = self.first_assignment()
        fields = dict(plannable_type="assignment", plannable_id=row["plannable_id"], marked_complete="true")
        self.assertEqual(self.call("POST", "/api/v1/planner/overrides", **fields).status, 201)
        second = self.call("POST", "/api/v1/planner/overrides", **fields)
        self.assertEqual(second.status, 400)
        self.assertEqual(second.json()["errors"]["plannable_id"][0]["type"], "taken")
        listed = self.call("GET", "/api/v1/planner/overrides").json()
        self.assertEqual(len(listed), 1, "the one override, found by listing")

    def test_put_sets_both_flags_and_one_left_out_becomes_false(self):
        row = self.first_assignment()
        oid = self.call("POST", "/api/v1/planner/overrides", plannable_type="assignment",
                        plannable_id=row["plannable_id"], marked_complete="true", dismissed="true").json()["id"]
        updated = self.call("PUT", f"/api/v1/planner/overrides/{oid}", marked_complete="false")
        self.assertEqual(updated.status, 200)
        self.assertEqual((updated.json()["marked_complete"], updated.json()["dismissed"]), (False, False))

    def test_a_deleted_override_leaves_the_planner_yet_still_holds_its_item(self):
        row = self.first_assignment()
        fields = dict(plannable_type="assignment", plannable_id=row["plannable_id"], marked_complete="true")
        oid = self.call("POST", "/api/v1/planner/overrides", **fields).json()["id"]
        deleted = self.call("DELETE", f"/api/v1/planner/overrides/{oid}")
        self.assertEqual((deleted.status, deleted.json()["workflow_state"]), (200, "deleted"))
        self.assertIsNone(next(r for r in self.items() if r["plannable_id"] == row["plannable_id"])["planner_override"])
        self.assertEqual(self.call("GET", "/api/v1/planner/overrides").json(), [])
        self.assertEqual(self.call("POST", "/api/v1/planner/overrides", **fields).status, 400)

    def test_unknown_items_and_types_are_refused(self):
        self.assertEqual(self.call("POST", "/api/v1/planner/overrides", plannable_type="assignment",
                                   plannable_id="999999").status, 404)
        self.assertEqual(self.call("POST", "/api/v1/planner/overrides", plannable_type="hologram",
                                   plannable_id="1").status, 500)
        self.assertEqual(self.call("PUT", "/api/v1/planner/overrides/12345", marked_complete="true").status, 404)

    def test_a_note_is_made_every_time_it_is_posted(self):
        fields = dict(title="Đọc chương 3", todo_date="2026-12-10", details="trang 40–60")
        first = self.call("POST", "/api/v1/planner_notes", **fields)
        self.assertEqual(first.status, 201, first.body)
        note = first.json()
        self.assertEqual((note["title"], note["todo_date"], note["course_id"], note["workflow_state"]),
                         ("Đọc chương 3", "2026-12-10T00:00:00Z", None, "active"))
        self.assertEqual(self.call("POST", "/api/v1/planner_notes", **fields).status, 201)
        same_day = self.call("GET", "/api/v1/planner_notes?start_date=2026-12-10&end_date=2026-12-10").json()
        self.assertEqual([n["title"] for n in same_day], ["Đọc chương 3", "Đọc chương 3"], "no key dedupes a note")

    def test_a_note_needs_a_title_and_a_date_and_a_known_course(self):
        self.assertEqual(self.call("POST", "/api/v1/planner_notes", todo_date="2026-12-10").json()["errors"]["title"][0]["type"], "blank")
        self.assertEqual(self.call("POST", "/api/v1/planner_notes", title="x").status, 400)
        self.assertEqual(self.call("POST", "/api/v1/planner_notes", title="x", todo_date="2026-12-10", course_id="999").status, 404)
        self.assertEqual(self.call("GET", "/api/v1/planner_notes?start_date=soon").status, 400)

    def test_a_note_is_edited_and_deleted_and_the_planner_follows(self):
        nid = self.call("POST", "/api/v1/planner_notes", title="Mua kính", todo_date="2026-12-11T09:00:00Z",
                        course_id="1").json()["id"]
        row = next(r for r in self.items() if r["plannable_type"] == "planner_note" and r["plannable_id"] == nid)
        self.assertEqual((row["plannable"]["title"], row["course_id"]), ("Mua kính", 1))
        edited = self.call("PUT", f"/api/v1/planner_notes/{nid}", title="Mua kính bảo hộ")
        self.assertEqual((edited.status, edited.json()["title"]), (200, "Mua kính bảo hộ"))
        self.assertEqual(self.call("DELETE", f"/api/v1/planner_notes/{nid}").json()["workflow_state"], "deleted")
        self.assertEqual(self.call("DELETE", f"/api/v1/planner_notes/{nid}").status, 200, "a second delete is the same")
        self.assertFalse(any(r["plannable_id"] == nid for r in self.items() if r["plannable_type"] == "planner_note"))
        notes = self.call("GET", "/api/v1/planner_notes?context_codes[]=course_1").json()
        self.assertFalse(any(n["id"] == nid for n in notes))

    def test_an_override_may_mark_a_note_done(self):
        note = next(r for r in self.items() if r["plannable_type"] == "planner_note")
        made = self.call("POST", "/api/v1/planner/overrides", plannable_type="planner_note",
                         plannable_id=note["plannable_id"], marked_complete="1")
        self.assertEqual(made.status, 201, made.body)


if __name__ == "__main__":
    unittest.main()
