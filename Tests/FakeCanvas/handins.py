"""Hand-ins: a student's attempts at an assignment, with files, a text or a link."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Optional

from http_types import (NOT_AUTHORIZED_MESSAGE, NOT_FOUND_MESSAGE, ApiError, Request, Response, iso, json_response,
                        not_permitted_response, parse_iso)
from request_bodies import form_pairs
from uploads import StoredFile


@dataclass
class Attempt:
    """One hand-in.  Canvas keeps a single Submission per student and assignment and
    records each hand-in as a new attempt in its history; this is one of those."""

    course_id: int
    assignment_id: int
    attempt: int
    submitted_at: str
    late: bool
    seconds_late: int
    file_ids: list
    comment: Optional[str] = None
    submission_type: str = "online_upload"
    body: Optional[str] = None
    url: Optional[str] = None


class SubmissionStore:
    """Every attempt, in the order they were made.

    The lock covers numbering and recording together, so two POSTs that race
    still get attempts N and N+1 -- never two of the same number.
    """

    def __init__(self):
        self._lock = threading.Lock()
        self._attempts: list[Attempt] = []

    def submit(self, course_id: int, assignment_id: int, file_ids: list,
               comment: Optional[str], due_at: Optional[datetime], kind: str = "online_upload",
               body: Optional[str] = None, url: Optional[str] = None) -> Attempt:
        with self._lock:
            number = 1 + sum(1 for a in self._attempts
                             if (a.course_id, a.assignment_id) == (course_id, assignment_id))
            now = datetime.now(timezone.utc).replace(microsecond=0)
            late = due_at is not None and now > due_at
            seconds_late = int((now - due_at).total_seconds()) if late else 0
            attempt = Attempt(course_id, assignment_id, number, iso(now), late, seconds_late,
                              list(file_ids), comment, kind, body, url)
            self._attempts.append(attempt)
        return attempt

    def history(self, course_id: int, assignment_id: int) -> list:
        """This assignment's attempts, oldest first."""
        with self._lock:
            return [a for a in self._attempts
                    if (a.course_id, a.assignment_id) == (course_id, assignment_id)]

    def latest(self, course_id: int, assignment_id: int) -> Optional[Attempt]:
        history = self.history(course_id, assignment_id)
        return history[-1] if history else None

    def all(self) -> list:
        with self._lock:
            return list(self._attempts)

    def reset(self) -> None:
        with self._lock:
            self._attempts.clear()


class HandinRoutes:
    """The submission routes (a student hands in an assignment); FakeCanvas mixes them in."""

    def _student_assignment(self, course: str, assignment: str) -> tuple[int, dict]:
        """The course and assignment a submission route names, as its student sees it.

        Only a student has a submission: a teacher gets the "not authorized" 401 before
        anything is looked up.  Then an unknown course or an assignment that is not the
        course's is a 404 (and a course the student may not open, the usual 401).
        """
        if self.role != "student":
            raise ApiError(401, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        cid = self._readable_course(course)
        found = self.data.assignment(cid, assignment, self.base, "student")
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return cid, found

    def start_submission_upload(self, req: Request, course: str, assignment: str, user: str) -> Response:
        """Step 1 for a file to hand in: the file goes to the user's submission context
        for this assignment, not to the course's Files; steps 2 and 3 are the usual ones."""
        cid, found = self._student_assignment(course, assignment)
        params = dict(form_pairs(req))
        return json_response(200, self._ticket(self.files.issue(cid, params, assignment_id=found["id"])))

    def submit_assignment(self, req: Request, course: str, assignment: str) -> Response:
        """Create the next attempt, after Canvas's checks in Canvas's order."""
        cid, found = self._student_assignment(course, assignment)
        if found.get("locked_for_user"):
            return not_permitted_response()
        pairs = form_pairs(req)
        fields: dict = {}
        for key, value in pairs:
            fields.setdefault(key, []).append(value)
        kind = (fields.get("submission[submission_type]") or [""])[0]
        if kind not in found["submission_types"]:
            raise ApiError(400, "Invalid submission[submission_type] given", bare=True)
        comment = (fields.get("comment[text_comment]") or [None])[0]
        if kind in ("online_text_entry", "online_url"):
            return self._submit_text_or_url(req, cid, found, kind, fields, comment)
        raw_ids = fields.get("submission[file_ids][]", []) + fields.get("submission[file_ids]", [])
        raw_ids = list(dict.fromkeys(r.strip() for r in raw_ids if r.strip()))
        if kind == "online_upload" and not raw_ids:
            raise ApiError(400, "No valid file ids given: an online_upload submission needs at "
                                "least one file attached (submission[file_ids][])", bare=True)
        files = [self._submission_file(cid, found["id"], raw) for raw in raw_ids]
        allowed = [e.lower() for e in found.get("allowed_extensions") or []]
        for stored in files:
            name = stored.display_name or stored.requested_name
            extension = name.rsplit(".", 1)[1].lower() if "." in name else ""
            if allowed and extension not in allowed:
                raise ApiError(400, f"Invalid file type: {name} (allowed: {', '.join(allowed)})", bare=True)
        attempt = self.submissions.submit(cid, found["id"], [f.id for f in files], comment,
                                          parse_iso(found["due_at"]))
        return json_response(201, self.submission_json(found, attempt))

    def _submit_text_or_url(self, req: Request, cid: int, found: dict, kind: str, fields: dict,
                            comment: Optional[str]) -> Response:
        """A text entry or a link, as submissions_controller.rb takes them: an empty body is
        turned away with a redirect to the assignment's page (nothing made); a link without a
        scheme gets `http://`, as the Submission model does."""
        if kind == "online_text_entry":
            body = (fields.get("submission[body]") or [""])[0]
            if not body.strip():
                return Response(302, b"", "text/html; charset=utf-8",
                                [("Location", f"{self.base}/courses/{cid}/assignments/{found['id']}")])
            attempt = self.submissions.submit(cid, found["id"], [], comment, parse_iso(found["due_at"]),
                                              kind, body=body)
        else:
            url = (fields.get("submission[url]") or [""])[0].strip()
            if not url:
                raise ApiError(400, "Invalid submission[url] given", bare=True)
            if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", url):
                url = "http://" + url
            attempt = self.submissions.submit(cid, found["id"], [], comment, parse_iso(found["due_at"]),
                                              kind, url=url)
        return json_response(201, self.submission_json(found, attempt))

    def _submission_file(self, cid: int, aid: int, raw: str) -> StoredFile:
        """A file may be handed in only if this user uploaded (and confirmed) it through
        this assignment's submissions/self/files -- not a course file, not another's."""
        stored = self.files.get(int(raw)) if raw.isdigit() else None
        if stored is None or stored.assignment_id != aid or stored.course_id != cid:
            raise ApiError(400, f"Invalid file id {raw}: not a file you uploaded for this "
                                "assignment's submission", bare=True)
        return stored

    def get_submission(self, req: Request, course: str, assignment: str, user: str) -> Response:
        """The latest attempt, or the unsubmitted Submission Canvas has before any."""
        cid, found = self._student_assignment(course, assignment)
        history = self.submissions.history(cid, found["id"])
        includes = req.includes()
        submission = self.submission_json(found, history[-1] if history else None)
        if "submission_history" in includes:
            submission["submission_history"] = ([self.submission_json(found, a) for a in history]
                                                or [self.submission_json(found, None)])
        if "submission_comments" in includes:
            submission["submission_comments"] = [
                {"id": 70000 + a.attempt, "author_id": 1, "author_name": "Test User",
                 "comment": a.comment, "created_at": a.submitted_at, "attempt": a.attempt}
                for a in history if a.comment]
        return json_response(200, submission)

    def submission_json(self, assignment: dict, attempt: Optional[Attempt]) -> dict:
        """A Canvas Submission object for one attempt, or the unsubmitted one (None)."""
        aid = assignment["id"]
        submission = {
            "id": self.data.submission_id(aid), "assignment_id": aid, "user_id": 1,
            "attempt": None, "submitted_at": None, "workflow_state": "unsubmitted",
            "submission_type": None, "late": False, "missing": False, "excused": None,
            "score": None, "grade": None, "posted_at": None, "seconds_late": 0,
        }
        if attempt is None:
            return self.data.student_submission(assignment["course_id"], assignment["position"], aid,
                                                parse_iso(assignment.get("due_at")))
        attachments = [self.files.get(fid) for fid in attempt.file_ids]
        submission.update({
            "attempt": attempt.attempt, "submitted_at": attempt.submitted_at,
            "workflow_state": "submitted", "submission_type": attempt.submission_type,
            "late": attempt.late, "seconds_late": attempt.seconds_late,
            "body": attempt.body, "url": attempt.url,
        })
        if attempt.submission_type == "online_upload":
            submission["attachments"] = [self.file_json(f) for f in attachments if f is not None]
        return submission

    def control_submissions(self, _payload) -> Response:
        """Every attempt, in the order made, with the files' sizes and digests."""
        answer = []
        for attempt in self.submissions.all():
            files = [self.files.get(fid) for fid in attempt.file_ids]
            answer.append({
                "course_id": attempt.course_id, "assignment_id": attempt.assignment_id,
                "attempt": attempt.attempt, "submitted_at": attempt.submitted_at,
                "late": attempt.late, "submission_type": attempt.submission_type,
                "body": attempt.body, "url": attempt.url,
                "files": [{"id": f.id, "name": f.display_name, "size": f.size, "sha256": f.sha256}
                          for f in files if f is not None],
            })
        return json_response(200, answer)
