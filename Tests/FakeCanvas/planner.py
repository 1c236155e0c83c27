"""The student's planner: its items, overrides (done marks) and notes (to-dos of their own)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Optional

from http_types import (NOT_FOUND_MESSAGE, ApiError, Request, Response, error_response, iso, json_response,
                        parse_iso, value_to_boolean)
from request_bodies import form_fields


PLANNABLE_TYPES = ("announcement", "assignment", "discussion_topic", "quiz", "wiki_page", "planner_note",
                   "calendar_event", "assessment_request")


def taken_response(attribute: str) -> Response:
    """A model validation failure as Canvas renders it: {"errors": {attr: [{attribute, type, message}]}}."""
    return json_response(400, {"errors": {attribute: [{"attribute": attribute, "type": "taken",
                                                        "message": "taken"}]}})


class PlannerStore:
    """The user's planner overrides and notes (planner_overrides_controller.rb, planner_notes_controller.rb).

    An override is unique per (plannable_type, plannable_id) whatever its state, as the model's
    uniqueness check and the table's unique index are: a second POST for the same item fails with
    400 `taken`, a deleted one included (DELETE only soft-deletes). Notes have no such key: every
    POST makes a new one."""

    def __init__(self, today: datetime):
        self.today = today
        self.reset()

    def reset(self) -> None:
        self.overrides: dict = {}
        self.notes: dict = {}
        self.next_override = 70001
        self.next_note = 80001
        note_at = self.today + timedelta(days=1, hours=12)
        self.notes[900003] = self._note(900003, "Buy lab goggles", note_at, None, None)

    @staticmethod
    def now() -> str:
        return iso(datetime.now(timezone.utc))

    # ---- overrides

    def override_for(self, kind: str, pid: int) -> Optional[dict]:
        """The item's override as planner items carry it: none where it was deleted."""
        found = next((o for o in self.overrides.values()
                      if (o["plannable_type"], o["plannable_id"]) == (kind, pid)), None)
        return dict(found) if found and found["workflow_state"] != "deleted" else None

    def create_override(self, kind: str, pid: int, complete: bool, dismissed: bool) -> Optional[dict]:
        if any((o["plannable_type"], o["plannable_id"]) == (kind, pid) for o in self.overrides.values()):
            return None
        now = self.now()
        oid = self.next_override
        self.next_override += 1
        self.overrides[oid] = {"id": oid, "plannable_type": kind, "plannable_id": pid, "user_id": 1,
                               "assignment_id": pid if kind == "assignment" else None, "workflow_state": "active",
                               "marked_complete": complete, "dismissed": dismissed, "created_at": now,
                               "updated_at": now, "deleted_at": None}
        return dict(self.overrides[oid])

    # ---- notes

    def _note(self, nid: int, title: str, when: datetime, details: Optional[str], course: Optional[int]) -> dict:
        now = self.now()
        return {"id": nid, "todo_date": iso(when), "title": title, "details": details, "user_id": 1,
                "course_id": course, "workflow_state": "active", "created_at": now, "updated_at": now}

    def create_note(self, title: str, when: datetime, details: Optional[str], course: Optional[int]) -> dict:
        nid = self.next_note
        self.next_note += 1
        self.notes[nid] = self._note(nid, title, when, details, course)
        return dict(self.notes[nid])

    def active_notes(self) -> list:
        return [dict(n) for n in sorted(self.notes.values(), key=lambda n: (n["todo_date"], n["id"]))
                if n["workflow_state"] == "active"]


class PlannerRoutes:
    """The planner routes (planner_controller.rb, planner_overrides_controller.rb,
    planner_notes_controller.rb); FakeCanvas mixes them in."""

    def list_planner_items(self, req: Request) -> Response:
        """`GET /api/v1/planner/items`: what is due from `start_date` up to `end_date` (two weeks
        either side of today when neither is given), oldest first, in pages, each row shaped
        as canvas-lms's `planner_item_json` writes it. Only active enrollments in courses not
        concluded count, as Canvas's planner leaves the rest out unless `include[]=concluded`."""
        start, end = self._planner_range(req)
        rows = [row for row in self._planner_rows() if start <= row[0] < end]
        rows.sort(key=lambda row: row[0])
        return self._paged(req, [item for _, item in rows])

    def _planner_range(self, req: Request) -> tuple:
        given = (req.param("start_date"), req.param("end_date"))
        if not any(given):
            return self.data.today - timedelta(days=14), self.data.today + timedelta(days=14)
        far = timedelta(days=3650)
        return (self._planner_date("start_date", given[0], self.data.today - far),
                self._planner_date("end_date", given[1], self.data.today + far))

    @staticmethod
    def _planner_date(name: str, text: Optional[str], missing: datetime) -> datetime:
        if not text:
            return missing
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise ApiError(400, f"Invalid date or datetime for {name}")
        return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)

    def _planner_rows(self) -> list:
        """(when, item) for every plannable: each current course's assignments and announcements
        (the same the announcements API lists), an all-day event in the first course, a note of
        the user's own, and with the
        `planner_unknown_type` switch a row of a type clients do not know."""
        courses = [cid for cid in self.data.course_ids() if self._plans(cid)]
        rows = []
        for cid in courses:
            for assignment in self.data.assignments_json(cid, self.base, "student", True):
                rows.append(self._planner_assignment(cid, assignment))
        today = self.data.today
        if courses:
            first = courses[0]
            event_day = today + timedelta(days=3)
            event = self._planner_row(first, "calendar_event", 900002, event_day, False,
                                      {"title": "Field trip", "all_day": True, "start_at": iso(event_day),
                                       "end_at": iso(event_day)},
                                      f"/courses/{first}/calendar_events/900002")
            event["plannable_date"] = event_day.strftime("%Y-%m-%d")
            rows.append((event_day, event))
            if self.config.planner_unknown_type:
                rows.append(self._planner_row(first, "hologram_lecture", 900004, today + timedelta(hours=15), False,
                                              {"title": "Virtual visit"}, f"/courses/{first}/holograms/900004"))
        posted = self.data.changes.announcements()
        for cid in courses:
            for topic in self.announcements.topics(cid, today, posted):
                state = "read" if self.announcements.is_read(topic) else "unread"
                rows.append(self._planner_row(cid, "announcement", topic.id, topic.posted_at, False,
                                              {"title": topic.title, "unread_count": 0, "read_state": state},
                                              f"/courses/{cid}/discussion_topics/{topic.id}"))
        for note in self.planner.active_notes():
            at = parse_iso(note["todo_date"])
            rows.append((at, self._planner_row(note["course_id"], "planner_note", note["id"], at, False, note, None)))
        rows = [row if isinstance(row, tuple) else (parse_iso(row["plannable_date"]), row) for row in rows]
        for _, row in rows:
            row["planner_override"] = self.planner.override_for(row["plannable_type"], row["plannable_id"])
        return rows

    def list_missing_submissions(self, req: Request) -> Response:
        """`GET /api/v1/users/self/missing_submissions`: assignments of the student's current
        courses that are missing (not excused, not extended), by due date, without their
        submission; each with its `course` under `include[]=course` and `planner_override`
        under `include[]=planner_overrides`, as canvas-lms's users_controller gives them."""
        includes = req.includes()
        rows = []
        if self.role != "student":
            # Only the courses the user takes part in as a student count.
            return self._paged(req, rows)
        for cid in (cid for cid in self.data.course_ids() if self._plans(cid)):
            for assignment in self._assignments(cid, True):
                submission = assignment.pop("submission")
                if not submission.get("missing") or submission.get("excused"):
                    continue
                if "course" in includes:
                    assignment["course"] = {"id": cid, "name": self.data._course_name(cid),
                                            "course_code": self.data._course_code(cid)}
                if "planner_overrides" in includes:
                    assignment["planner_override"] = self.planner.override_for("assignment", assignment["id"])
                rows.append(assignment)
        rows.sort(key=lambda a: (a["due_at"] or "", a["id"]))
        return self._paged(req, rows)

    def _plannable_exists(self, kind: str, pid: int) -> bool:
        if kind == "planner_note":
            return pid in self.planner.notes
        return any((row["plannable_type"], row["plannable_id"]) == (kind, pid) for _, row in self._planner_rows())

    def list_planner_overrides(self, req: Request) -> Response:
        """Only active overrides are listed: deleted ones are not, though they still hold their item."""
        active = [dict(o) for _, o in sorted(self.planner.overrides.items()) if o["workflow_state"] == "active"]
        return self._paged(req, active)

    def create_planner_override(self, req: Request) -> Response:
        fields = form_fields(req)
        kind = fields.get("plannable_type") or ""
        if kind not in PLANNABLE_TYPES:
            # The controller looks the type up and calls `constantize` on nil: an unhandled error.
            return error_response(500, "An error occurred.")
        raw = fields.get("plannable_id") or ""
        if not raw.strip().isdigit() or not self._plannable_exists(kind, int(raw)):
            raise ApiError(404, NOT_FOUND_MESSAGE)
        created = self.planner.create_override(kind, int(raw), value_to_boolean(fields.get("marked_complete")),
                                               value_to_boolean(fields.get("dismissed")))
        if created is None:
            return taken_response("plannable_id")
        return json_response(201, created)

    def _override(self, override: str) -> dict:
        found = self.planner.overrides.get(int(override))
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return found

    def get_planner_override(self, req: Request, override: str) -> Response:
        return json_response(200, dict(self._override(override)))

    def update_planner_override(self, req: Request, override: str) -> Response:
        """Both flags are always assigned: one left out becomes false."""
        found = self._override(override)
        fields = form_fields(req)
        found.update(marked_complete=value_to_boolean(fields.get("marked_complete")),
                     dismissed=value_to_boolean(fields.get("dismissed")), updated_at=self.planner.now())
        return json_response(200, dict(found))

    def delete_planner_override(self, req: Request, override: str) -> Response:
        found = self._override(override)
        found.update(workflow_state="deleted", deleted_at=self.planner.now(), updated_at=self.planner.now())
        return json_response(200, dict(found))

    @staticmethod
    def _todo_date(text: Optional[str], end_of_day: bool = False) -> Optional[datetime]:
        """`yyyy-mm-dd` (the day's start, or its end for an end date) or an ISO 8601 moment."""
        if not text:
            return None
        try:
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
                day = datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=timezone.utc)
                return day + timedelta(days=1, seconds=-1) if end_of_day else day
            return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(timezone.utc)
        except ValueError:
            return None

    def list_planner_notes(self, req: Request) -> Response:
        notes = self.planner.active_notes()
        for name, end in (("start_date", False), ("end_date", True)):
            text = req.param(name)
            if text is None:
                continue
            bound = self._todo_date(text, end)
            if bound is None:
                return json_response(400, {"errors": f"Invalid date or datetime for {name}"})
            notes = [n for n in notes if (parse_iso(n["todo_date"]) >= bound if not end
                                          else parse_iso(n["todo_date"]) <= bound)]
        codes = [v for k, v in req.query if k in ("context_codes[]", "context_codes")]
        if codes:
            courses = {int(c[len("course_"):]) for c in codes if c.startswith("course_") and c[7:].isdigit()}
            mine = "user_1" in codes
            notes = [n for n in notes if n["course_id"] in courses or (mine and n["course_id"] is None)]
        return json_response(200, notes)

    def create_planner_note(self, req: Request) -> Response:
        fields = form_fields(req)
        title = (fields.get("title") or "").strip()
        when = self._todo_date(fields.get("todo_date"))
        if not title or when is None:
            attribute = "title" if not title else "todo_date"
            return json_response(400, {"errors": {attribute: [{"attribute": attribute, "type": "blank",
                                                               "message": "blank"}]}})
        course = None
        if fields.get("course_id"):
            course = self._course(fields["course_id"])
        return json_response(201, self.planner.create_note(title, when, fields.get("details"), course))

    def _note(self, note: str) -> dict:
        found = self.planner.notes.get(int(note))
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return found

    def get_planner_note(self, req: Request, note: str) -> Response:
        return json_response(200, dict(self._note(note)))

    def update_planner_note(self, req: Request, note: str) -> Response:
        found = self._note(note)
        fields = form_fields(req)
        if "title" in fields:
            if not fields["title"].strip():
                return json_response(400, {"errors": {"title": [{"attribute": "title", "type": "blank",
                                                                 "message": "blank"}]}})
            found["title"] = fields["title"].strip()
        if "details" in fields:
            found["details"] = fields["details"]
        if "todo_date" in fields:
            when = self._todo_date(fields["todo_date"])
            if when is None:
                return json_response(400, {"errors": {"todo_date": [{"attribute": "todo_date", "type": "blank",
                                                                     "message": "blank"}]}})
            found["todo_date"] = iso(when)
        if "course_id" in fields:
            found["course_id"] = self._course(fields["course_id"]) if fields["course_id"] else None
        found["updated_at"] = self.planner.now()
        return json_response(200, dict(found))

    def delete_planner_note(self, req: Request, note: str) -> Response:
        """A soft delete, answered with the note; again, the same."""
        found = self._note(note)
        found["workflow_state"] = "deleted"
        return json_response(200, dict(found))

    def _plans(self, cid: int) -> bool:
        data = self.data
        return (data.enrollment_state(cid) == "active" and not data.is_concluded(cid)
                and data.workflow_state(cid) == "available" and not data.is_restricted(cid, "student"))

    def _planner_assignment(self, cid: int, assignment: dict) -> dict:
        submission = assignment["submission"]
        latest = self.submissions.latest(cid, assignment["id"])
        if latest is not None:
            submission = self.submission_json(assignment, latest)
        submitted = submission.get("submitted_at") is not None
        graded = submission.get("workflow_state") == "graded"
        status = {"submitted": submitted, "excused": bool(submission.get("excused")), "graded": graded,
                  "posted_at": submission.get("posted_at"), "late": bool(submission.get("late")),
                  "missing": bool(submission.get("missing")), "needs_grading": submitted and not graded,
                  "has_feedback": False, "redo_request": bool(submission.get("redo_request")),
                  "extended": submission.get("late_policy_status") == "extended"}
        number = assignment["id"] - self.data.assignment_id(cid, 0)
        comments = self.comments_json(cid, number, submission.get("posted_at") is not None)
        if comments:
            # canvas-lms's planner adds the teacher's last comment where there is feedback.
            status["has_feedback"] = True
            status["feedback"] = {"comment": comments[-1]["comment"], "is_media": False,
                                  "author_name": comments[-1]["author_name"], "author_avatar_url": None}
        plannable = {"id": assignment["id"], "title": assignment["name"], "course_id": cid,
                     "points_possible": assignment["points_possible"], "due_at": assignment["due_at"],
                     "assignment_id": None}
        path = f"/courses/{cid}/assignments/{assignment['id']}"
        if submitted or graded:
            path += "/submissions/1"
        return self._planner_row(cid, "assignment", assignment["id"], parse_iso(assignment["due_at"]), status,
                                 plannable, path)

    def _planner_row(self, cid: Optional[int], kind: str, pid: int, when: datetime, submissions,
                     plannable: dict, html_url: Optional[str]) -> dict:
        row = {"plannable_id": pid, "plannable_type": kind, "plannable_date": iso(when),
               "planner_override": None, "new_activity": False, "submissions": submissions,
               "plannable": dict(plannable, id=pid)}
        if cid is None:
            row.update({"context_type": "User", "user_id": 1})
        else:
            row.update({"context_type": "Course", "course_id": cid, "context_name": self.data.course_json(
                cid, set(), self.base, True)["name"], "context_image": None})
        if html_url is not None:
            row["html_url"] = html_url
        return row

    def control_planner(self, _payload) -> Response:
        """Every planner override (deleted ones too) and note, as stored."""
        return json_response(200, {"overrides": [dict(o) for _, o in sorted(self.planner.overrides.items())],
                                   "notes": [dict(n) for _, n in sorted(self.planner.notes.items())]})
