"""Assignments, their grades and rubrics, computed from ids and today's date like the rest of the data set."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Optional

from http_types import NOT_FOUND_MESSAGE, ApiError, Request, Response, iso


# Every course's assignments: (number, name, due in days, submission_types,
# allowed_extensions, locked for a student).
ASSIGNMENT_SPECS = [
    (1, "Homework 1", -5, ["online_upload"], ["pdf"], False),
    (2, "Essay", 2, ["online_upload"], ["pdf", "docx"], False),
    (3, "Final Project", 20, ["online_upload"], [], True),
]


# The course whose Essay takes a text entry or a link as well as files (a current one no test hands files in to).
TEXT_COURSE = 52
# The one course with discussions (see DISCUSSION_TOPICS); its graded one, "Reflection post", is
# assignment 4 of the course (500524), which only this course has: it is handed in by posting.
DISCUSSION_COURSE = TEXT_COURSE
DISCUSSION_ASSIGNMENT_SPECS = [(4, "Reflection post", 3, ["discussion_topic"], [], False)]


def course_assignment_specs(cid: int) -> list:
    """The data set's assignments of course `cid` (before any /__control/changes): the three every
    course has, and in course 52 the graded discussion's assignment too."""
    return ASSIGNMENT_SPECS + (DISCUSSION_ASSIGNMENT_SPECS if cid == DISCUSSION_COURSE else [])


# How a course grades its assignments and where a student's Homework 1 stands, by
# course id: "points" (id % 5 == 1 or 3, courses 1 and 43 among them: nothing beyond the
# three above), "letter" (id % 5 == 2: graded B and posted), "unposted" (id % 5 == 4:
# graded, not posted, so Canvas strips the score and grade), "missing_policy" (id % 10 == 0:
# the missing policy's automatic zero) and "pass_fail" (id % 10 == 5: complete).
GRADING_VARIANTS = {1: "points", 2: "letter", 3: "points", 4: "unposted"}
# Courses with grading periods (id % 12 == 7): the enrollment's totals are then the current
# period's beside the whole course's, as `include[]=current_grading_period_scores` gives them;
# course 7 lets students see the total over every period, course 19 does not.
GRADING_PERIOD_TITLE = "Fall Q2"
# Homework 1's rubric where the course has feedback (`Dataset.has_feedback`), as the assignment carries it,
# and the marks its 8.5 came from: one rating picked, one scored freely with a comment.
RUBRIC = {
    "use_rubric_for_grading": True, "free_form_criterion_comments": False,
    "rubric_settings": {"id": 61, "title": "Homework rubric", "points_possible": 10.0,
                        "free_form_criterion_comments": False, "hide_score_total": False, "hide_points": False},
    "rubric": [
        {"id": "_c1", "description": "Correctness", "long_description": None, "points": 6.0, "criterion_use_range": False,
         "ratings": [{"id": "_r1", "description": "Full marks", "long_description": "", "points": 6.0},
                     {"id": "_r2", "description": "Partly right", "long_description": "", "points": 3.0},
                     {"id": "_r3", "description": "Not attempted", "long_description": "", "points": 0.0}]},
        {"id": "_c2", "description": "Clarity", "long_description": None, "points": 4.0, "criterion_use_range": False,
         "ratings": [{"id": "_r4", "description": "Clear", "long_description": "", "points": 4.0},
                     {"id": "_r5", "description": "Hard to follow", "long_description": "", "points": 1.0}]},
    ],
}
RUBRIC_MARKS = {"_c1": {"rating_id": "_r1", "comments": None, "points": 6.0},
                "_c2": {"rating_id": None, "comments": "Step 3 skips a case.", "points": 2.5}}


# Canvas's default grading scheme: the lowest percentage of each letter.
DEFAULT_GRADING_SCHEME = [("A", 94), ("A-", 90), ("B+", 87), ("B", 84), ("B-", 80), ("C+", 77),
                          ("C", 74), ("C-", 70), ("D+", 67), ("D", 64), ("D-", 61), ("F", 0)]


def letter_grade(score: Optional[float]) -> Optional[str]:
    if score is None:
        return None
    return next(letter for letter, lowest in DEFAULT_GRADING_SCHEME if score >= lowest)


class AssignmentData:
    """The assignments and grades part of the data set (`Dataset` inherits it)."""

    # ---- grades

    @staticmethod
    def hides_final_grades(cid: int) -> bool:
        """The course hides its totals from students: Canvas then sends no scores at all."""
        return cid % 8 == 3

    def has_feedback(self, cid: int) -> bool:
        """Homework 1 has a rubric and the teacher's comment in courses 7, 9, 17, 19, … (graded by
        letter, or not posted yet); the other courses keep their assignments as short as before."""
        return cid % 10 in (7, 9) and self.grading_variant(cid) in ("letter", "unposted")

    @staticmethod
    def weights_groups(cid: int) -> bool:
        """The course counts its assignment groups by weight (`apply_assignment_group_weights`)."""
        return cid % 3 == 1

    @staticmethod
    def has_grading_periods(cid: int) -> bool:
        return cid % 12 == 7

    def period_scores(self, cid: int) -> dict:
        """What `current_grading_period_scores` adds to a student's enrollment: the period's
        id and title even where totals are hidden, its scores only where they are not."""
        periods = self.has_grading_periods(cid)
        scores = {
            "has_grading_periods": periods, "multiple_grading_periods_enabled": periods,
            "totals_for_all_grading_periods_option": cid == 7,
            "current_grading_period_id": str(7000 + cid) if periods else None,
            "current_grading_period_title": GRADING_PERIOD_TITLE if periods else None,
        }
        if not self.hides_final_grades(cid):
            current = 68.2 if periods else None
            scores.update({
                "current_period_computed_current_score": current,
                "current_period_computed_final_score": round(current * 0.6, 2) if current else None,
                "current_period_computed_current_grade": letter_grade(current),
                "current_period_computed_final_grade": letter_grade(round(current * 0.6, 2)) if current else None,
            })
        return scores

    def assignment_groups_json(self, cid: int, assignments: list, with_statistics: bool) -> list:
        """The course's assignments in three groups, as `GET …/assignment_groups` gives them:
        weighted 30/30/40 where the course weights groups (its first group dropping the lowest
        score), each assignment with `score_statistics` once its grade is posted."""
        weighted = self.weights_groups(cid)
        groups = [
            {"id": 900000 + cid * 10 + 1, "name": "Assignments", "position": 1, "group_weight": 30.0 if weighted else 0.0,
             "rules": {"drop_lowest": 1} if weighted else {}, "assignments": []},
            {"id": 900000 + cid * 10 + 2, "name": "Essays", "position": 2, "group_weight": 30.0 if weighted else 0.0,
             "rules": {}, "assignments": []},
            {"id": 900000 + cid * 10 + 3, "name": "Projects", "position": 3, "group_weight": 40.0 if weighted else 0.0,
             "rules": {}, "assignments": []},
        ]
        for assignment in assignments:
            number = assignment["id"] - self.assignment_id(cid, 0)
            group = groups[{2: 1, 3: 2}.get(number, 0)]
            member = dict(assignment, assignment_group_id=group["id"], omit_from_final_grade=False, anonymize_students=False)
            submission = member.get("submission")
            if with_statistics and submission and submission.get("posted_at") and submission.get("score") is not None:
                member["score_statistics"] = {"min": 3.0, "max": 10.0, "mean": 7.1}
            group["assignments"].append(member)
        return groups

    @staticmethod
    def total_scores(cid: int) -> dict:
        """A student's totals as Canvas computes them: the current score counts what is graded,
        the final one counts what is not graded as zero. A course without a grading scheme has
        no letter; one with nothing graded yet has neither."""
        if cid % 7 == 6:
            current = final = None
        elif cid % 12 == 7:
            current, final = 91.3, 54.78
        else:
            current = 60 + (cid * 7.5) % 40
            final = round(current * 0.6, 2)
        scheme = cid % 5 != 4
        return {
            "computed_current_score": current,
            "computed_final_score": final,
            "computed_current_grade": letter_grade(current) if scheme else None,
            "computed_final_grade": letter_grade(final) if scheme else None,
        }

    # ---- assignments

    @staticmethod
    def assignment_id(cid: int, number: int) -> int:
        return 500000 + cid * 10 + number

    @staticmethod
    def submission_id(aid: int) -> int:
        """The student's one Submission per assignment; its id stays the same across attempts."""
        return 3000000 + aid

    @staticmethod
    def grading_variant(cid: int) -> str:
        """See GRADING_VARIANTS."""
        if cid % 5 == 0:
            return "missing_policy" if cid % 10 == 0 else "pass_fail"
        return GRADING_VARIANTS[cid % 5]

    def grading_type(self, cid: int, number: int) -> str:
        """Homework 1 is graded as its variant says, the Essay by percent where the course is
        not plain points, and the rest by points."""
        variant = self.grading_variant(cid)
        if number == 1:
            return {"letter": "letter_grade", "pass_fail": "pass_fail"}.get(variant, "points")
        return "percent" if number == 2 and variant != "points" else "points"

    def lock_dates(self, cid: int, number: int, due: datetime) -> tuple:
        """`unlock_at` and `lock_at`: where the course is not plain points, the Essay closes
        to hand-ins two days after it is due; nothing else has either."""
        if number == 2 and self.grading_variant(cid) != "points":
            return None, due + timedelta(days=2)
        return None, None

    def student_submission(self, cid: int, number: int, aid: int, due: Optional[datetime]) -> dict:
        """The student's Submission before they hand anything in, as the assignment list and
        `submissions/self` show it: unsubmitted (missing once past due), or graded without
        a hand-in as the course's variant says. A grade not posted yet comes with
        `posted_at: null` and without `score`, `grade`, `entered_score` and `entered_grade`,
        which Canvas leaves out for a student who may not read them yet."""
        past = due is not None and datetime.now(timezone.utc) > due
        submission = {
            "id": self.submission_id(aid), "assignment_id": aid, "user_id": 1, "attempt": None,
            "submitted_at": None, "workflow_state": "unsubmitted", "submission_type": None,
            "late": False, "missing": past, "late_policy_status": None, "redo_request": False, "excused": None, "score": None, "grade": None,
            "posted_at": None, "seconds_late": 0,
        }
        variant = self.grading_variant(cid)
        if number != 1 or variant == "points":
            return submission
        graded_at = iso(due + timedelta(days=1)) if due else None
        submission.update({"workflow_state": "graded", "graded_at": graded_at, "grader_id": 1001,
                           "missing": False, "grade_matches_current_submission": True})
        if variant == "unposted":
            for secret in ("score", "grade"):
                del submission[secret]
            return submission
        score, grade = {"letter": (8.5, "B"), "pass_fail": (10.0, "complete"), "missing_policy": (0.0, "0")}[variant]
        if variant == "missing_policy":
            # Canvas's missing policy grades it by itself: no grader, and still missing.
            submission.update({"grader_id": None, "missing": True})
        submission.update({"score": score, "grade": grade, "entered_score": score, "entered_grade": grade,
                           "posted_at": graded_at})
        return submission

    @staticmethod
    def submission_types(cid: int, number: int, types) -> list:
        """The Essay of course 56 takes a text entry or a link as well as files."""
        if number == 2 and cid == TEXT_COURSE:
            return ["online_text_entry", "online_url"] + list(types)
        return list(types)

    def assignments_json(self, cid: int, base: str, role: str, with_submission: bool) -> list:
        """Three assignments a course: one past due, one due in two days that takes PDFs,
        one locked (and in course 52 a fourth, the graded discussion "Reflection post", due in
        three days); a student's come with their own submission when asked for."""
        result = []
        now = datetime.now(timezone.utc)
        for number, name, days, types, extensions, locked in course_assignment_specs(cid) + self.changes.specs(cid):
            aid = self.assignment_id(cid, number)
            days = self.changes.due_in_days(aid, days)
            due = (self.today + timedelta(days=days)).replace(hour=23, minute=59, second=0)
            unlock_at, lock_at = self.lock_dates(cid, number, due)
            assignment = {
                "id": aid, "course_id": cid, "name": f"{name}", "description": "<p>Hand in your work.</p>",
                "due_at": iso(due), "lock_at": iso(lock_at), "unlock_at": iso(unlock_at), "points_possible": 10.0,
                "grading_type": self.grading_type(cid, number), "submission_types": self.submission_types(cid, number, types),
                "allowed_extensions": list(extensions),
                "html_url": f"{base}/courses/{cid}/assignments/{aid}", "published": True,
                "has_submitted_submissions": False, "position": number,
            }
            if number == 1 and self.has_feedback(cid):
                assignment.update(RUBRIC)
            if role == "student":
                # Outside its unlock_at..lock_at window an assignment is locked for a student.
                closed = (unlock_at is not None and now < unlock_at) or (lock_at is not None and now >= lock_at)
                assignment["locked_for_user"] = locked or closed
                if locked:
                    # HTML, as canvas-lms's lock explanation for work in a module not unlocked yet.
                    module = self.module_id(cid, 2)
                    assignment["lock_explanation"] = (
                        "This assignment is part of the module <b>Week 2</b> and hasn't been unlocked yet.<br/>"
                        f"<a href='{base}/courses/{cid}/modules#module_{module}'>Visit the course modules page for "
                        "information on how to unlock this content.</a>"
                        f"<a href='/courses/{cid}/modules/{module}/prerequisites/assignment_{aid}' style='display: none;' "
                        "id='module_prerequisites_lookup_link'>&nbsp;</a>")
                if with_submission:
                    assignment["submission"] = self.changes.graded(aid, self.student_submission(cid, number, aid, due))
            result.append(assignment)
        return result

    def assignment(self, cid: int, key: str, base: str, role: str) -> Optional[dict]:
        """One of the course's assignments by id, as the listing shows it to `role`;
        None for an id that is not one of this course's (Canvas answers 404)."""
        if not key.isdigit():
            return None
        for assignment in self.assignments_json(cid, base, role, False):
            if assignment["id"] == int(key):
                return assignment
        return None


class AssignmentRoutes:
    """The assignment and grade routes; FakeCanvas mixes them in."""

    def list_assignments(self, req: Request, course: str) -> Response:
        """The data set's assignments, with what has been handed in laid over them."""
        cid = self._readable_course(course)
        return self._paged(req, self._assignments(cid, "submission" in req.includes()))

    def _assignments(self, cid: int, with_submission: bool) -> list:
        assignments = self.data.assignments_json(cid, self.base, self.role, with_submission)
        for assignment in assignments:
            topic = self.discussions.topic_for_assignment(assignment["id"])
            if topic is not None:
                # `assignment_json` carries a graded discussion's topic (without its assignment).
                assignment["discussion_topic"] = self._discussion_json(topic, include_assignment=False)
            latest = self.submissions.latest(cid, assignment["id"])
            if latest is None:
                continue
            assignment["has_submitted_submissions"] = True
            if "submission" in assignment:
                assignment["submission"] = self.submission_json(assignment, latest)
        return assignments

    def list_student_submissions(self, req: Request, course: str) -> Response:
        """`GET /api/v1/courses/:id/students/submissions` with no `student_ids[]`: the student's own
        submissions to the course's published assignments. `include[]=submission_comments` adds
        the comments the student may read (a teacher's comment on a grade not posted is hidden),
        `include[]=rubric_assessment` the rubric's marks once the grade is posted; both keys are
        left out otherwise, as canvas-lms's `submission_json` does."""
        cid = self._readable_course(course)
        if self.role != "student":
            return self._paged(req, [])
        includes = req.includes()
        result = []
        for assignment in self._assignments(cid, True):
            submission = dict(assignment["submission"], assignment_id=assignment["id"])
            number = assignment["id"] - self.data.assignment_id(cid, 0)
            posted = submission.get("posted_at") is not None
            if "submission_comments" in includes:
                submission["submission_comments"] = self.comments_json(cid, number, posted)
            if "rubric_assessment" in includes and posted and "rubric" in assignment:
                submission["rubric_assessment"] = RUBRIC_MARKS
            result.append(submission)
        return self._paged(req, result)

    def comments_json(self, cid: int, number: int, posted: bool) -> list:
        """Course `cid`'s comments on Homework 1 where it is graded: the teacher's, with a file,
        hidden from the student until the grade is posted."""
        if number != 1 or not self.data.has_feedback(cid) or not posted:
            return []
        teacher = self.data._teachers(cid, self.base)[0]
        attachment = self.course_file_json(self.catalog.feedback_file(cid))
        stamp = iso(self.data.today - timedelta(days=3))
        return [{
            "id": 880000 + cid, "author_id": teacher["id"], "author_name": teacher["display_name"],
            "author": {"id": teacher["id"], "display_name": teacher["display_name"], "avatar_image_url": None,
                       "html_url": teacher["html_url"]},
            "comment": "Good structure. Explain step 3 more fully next time.", "created_at": stamp, "edited_at": None,
            "attempt": None, "attachments": [attachment],
        }]

    def list_assignment_groups(self, req: Request, course: str) -> Response:
        """`GET /api/v1/courses/:id/assignment_groups`: the groups, with their assignments under
        `include[]=assignments` (each with the student's submission under `include[]=submission`,
        and the class's scores under `include[]=score_statistics`, which Canvas gives only with
        both). `grading_period_id` names a period of the course: 404 for any other."""
        cid = self._readable_course(course)
        includes = req.includes()
        period = req.param("grading_period_id")
        if period not in (None, "0") and (not self.data.has_grading_periods(cid) or period != str(7000 + cid)):
            raise ApiError(404, NOT_FOUND_MESSAGE)
        with_assignments = "assignments" in includes
        assignments = self._assignments(cid, "submission" in includes) if with_assignments else []
        groups = self.data.assignment_groups_json(cid, assignments, {"submission", "score_statistics"} <= includes)
        if not with_assignments:
            for group in groups:
                del group["assignments"]
        return self._paged(req, groups)
