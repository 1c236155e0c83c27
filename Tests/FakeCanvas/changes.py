"""What a test changes in the data set while it runs, as a teacher would between two looks of a student."""

from __future__ import annotations

import threading
from datetime import datetime, timezone

from assignments import AssignmentData, course_assignment_specs
from http_types import ApiError, Response, iso, json_response


class DataChanges:
    """What tests changed in the data set through /__control/changes, laid over it: assignments
    added to a course, due dates moved, grades given, more time given (`extend`: the submission's
    `late_policy_status` "extended"), work asked for again (`redo`: `redo_request`) and
    announcements posted, as a teacher would between two looks of a student."""

    KINDS = ("add_assignment", "move_due", "grade", "announce", "extend", "redo")

    def __init__(self):
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self._lock:
            self.added = {}          # course id -> [(number, name, due in days)]
            self.due_days = {}       # assignment id -> due in days
            self.grades = {}         # assignment id -> (score, posted_at)
            self.posted = []         # (course id, announcement id, title, posted_at)
            self.extended = set()    # assignment ids
            self.redone = set()      # assignment ids

    def apply(self, change, now: datetime) -> dict:
        """One change, as `{"kind": …}` with its fields; answers what it made."""
        if not isinstance(change, dict) or change.get("kind") not in self.KINDS:
            raise ApiError(400, f"a change is an object whose kind is one of {', '.join(self.KINDS)}")
        kind = change["kind"]
        with self._lock:
            if kind == "add_assignment":
                cid = self._whole(change, "course")
                taken = len(course_assignment_specs(cid)) + len(self.added.get(cid, []))
                if taken >= 9:
                    raise ApiError(400, "a course holds at most nine assignments")
                number = taken + 1
                name = change.get("name") or f"Assignment {number}"
                self.added.setdefault(cid, []).append((number, str(name), float(change.get("due_in_days", 7))))
                return {"kind": kind, "course": cid, "id": AssignmentData.assignment_id(cid, number)}
            if kind == "move_due":
                aid = self._whole(change, "assignment")
                self.due_days[aid] = float(change.get("due_in_days", 0))
                return {"kind": kind, "assignment": aid, "due_in_days": self.due_days[aid]}
            if kind in ("extend", "redo"):
                aid = self._whole(change, "assignment")
                (self.extended if kind == "extend" else self.redone).add(aid)
                return {"kind": kind, "assignment": aid}
            if kind == "grade":
                aid = self._whole(change, "assignment")
                self.grades[aid] = (float(change.get("score", 10)), iso(now))
                return {"kind": kind, "assignment": aid, "score": self.grades[aid][0]}
            cid = self._whole(change, "course")
            pid = 910000 + len(self.posted) + 1
            self.posted.append((cid, pid, str(change.get("title") or "Announcement"), now))
            return {"kind": kind, "course": cid, "id": pid}

    @staticmethod
    def _whole(change: dict, key: str) -> int:
        value = change.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ApiError(400, f"{key} is a whole number")
        return value

    def specs(self, cid: int) -> list:
        """The course's added assignments, shaped as ASSIGNMENT_SPECS rows."""
        with self._lock:
            return [(number, name, days, ["online_upload"], [], False) for number, name, days in self.added.get(cid, [])]

    def due_in_days(self, aid: int, days: float) -> float:
        with self._lock:
            return self.due_days.get(aid, days)

    def graded(self, aid: int, submission: dict) -> dict:
        """`submission` graded and posted, if a test graded the assignment."""
        with self._lock:
            grade = self.grades.get(aid)
            extended, redone = aid in self.extended, aid in self.redone
        submission = dict(submission, redo_request=redone)
        if extended:
            # Canvas's `missing` and `late` are false while an extension runs.
            submission.update(late_policy_status="extended", missing=False, late=False)
        if grade is None:
            return submission
        score, posted_at = grade
        number = f"{score:g}"
        return dict(submission, workflow_state="graded", graded_at=posted_at, grader_id=1001, missing=False,
                    score=score, grade=number, entered_score=score, entered_grade=number, posted_at=posted_at)

    def announcements(self) -> list:
        with self._lock:
            return list(self.posted)

    def to_json(self) -> dict:
        with self._lock:
            return {"added": {str(cid): [list(spec) for spec in specs] for cid, specs in self.added.items()},
                    "due_in_days": {str(aid): days for aid, days in self.due_days.items()},
                    "grades": {str(aid): score for aid, (score, _) in self.grades.items()},
                    "announcements": [{"course": cid, "id": pid, "title": title, "posted_at": iso(at)}
                                      for cid, pid, title, at in self.posted]}


class ChangeRoutes:
    """`/__control/changes`; FakeCanvas mixes it in."""

    def control_changes(self, _payload) -> Response:
        return json_response(200, self.data.changes.to_json())

    def control_add_changes(self, payload) -> Response:
        """One change (`{"kind": "add_assignment", "course": 1, "name": "Quiz", "due_in_days": 5}`,
        `move_due` with `assignment` and `due_in_days`, `grade` with `assignment` and `score`,
        `announce` with `course` and `title`, `extend` and `redo` with `assignment`) or a list of
        them, applied in order."""
        changes = payload if isinstance(payload, list) else [payload]
        now = datetime.now(timezone.utc)
        try:
            answer = [self.data.changes.apply(change, now) for change in changes]
        except (TypeError, ValueError) as exc:
            raise ApiError(400, f"bad change: {exc}") from exc
        return json_response(201, answer if isinstance(payload, list) else answer[0])
