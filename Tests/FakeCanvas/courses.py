"""Courses, their terms, syllabus, modules and items, computed from ids and today's date."""

from __future__ import annotations

import html
import unicodedata
from datetime import datetime, timedelta, timezone
from typing import Optional

from assignments import DEFAULT_GRADING_SCHEME, AssignmentData
from changes import DataChanges
from course_files import CourseFileCatalog
from http_types import NOT_AUTHORIZED_MESSAGE, NOT_FOUND_MESSAGE, ApiError, Request, Response, iso, json_response, parse_iso

SPECIAL_COURSE_ID = 4242
SPECIAL_SIS_ID = "ABC-101"
EMBEDS_COURSE_ID = 4             # its syllabus embeds a recording and a video
ITEMS_INLINE_LIMIT = 10          # modules with more items come without `items`


def _today() -> datetime:
    now = datetime.now(timezone.utc)
    return datetime(now.year, now.month, now.day, tzinfo=timezone.utc)


def make_terms(today: datetime) -> dict:
    """Two past terms, the current one and Canvas's undated "Default Term", dated from today
    so that "current" means the same on every run."""
    def term(tid, name, start_days, end_days):
        return {"id": tid, "name": name, "start_at": iso(today + timedelta(days=start_days)),
                "end_at": iso(today + timedelta(days=end_days)), "workflow_state": "active"}
    return {
        1: term(1, "Past Term A", -700, -580),
        2: term(2, "Past Term B", -330, -220),
        3: term(3, "Current Term", -60, 60),
        4: {"id": 4, "name": "Default Term", "start_at": None, "end_at": None,
            "workflow_state": "active"},
    }


SUBJECTS = [("CS", "Computer Science"), ("MATH", "Calculus"), ("BIO", "Biology"),
            ("HIST", "World History"), ("PHYS", "Physics"), ("ECON", "Economics"),
            ("ART", "Art History"), ("CHEM", "Chemistry")]
SPECIAL_COURSE_NAMES = {
    3: "Lập trình hướng đối tượng",                        # Vietnamese, NFC
    4: "情報科学入門",                                       # Japanese
    5: "Evil \u001b[31mRed\u001b[0m Course",               # terminal escape
    7: unicodedata.normalize("NFD", "Cơ sở dữ liệu"),       # Vietnamese, NFD
    8: "日本語の文法と表現（上級）",                           # Japanese, fullwidth parens
    9: "Interdisciplinary Perspectives on " + "Very " * 30 + "Long Course Names",
    SPECIAL_COURSE_ID: "Introduction to Accounting",
}
TEACHER_NAMES = ["Ada Lovelace", "Nguyễn Văn An", "山田 太郎", "Grace Hopper",
                 "Trần Thị Bình", "佐藤 花子", "Alan Turing"]
TOPICS = ["Getting Started", "Foundations", "Practice", "Review", "Projects", "Wrap-up"]
ITEM_TYPES = ["Page", "Assignment", "File", "Discussion", "Quiz", "ExternalUrl", "SubHeader"]
ITEM_LABELS = {"Page": "Reading", "Assignment": "Homework", "File": "Slides",
               "Discussion": "Discussion", "Quiz": "Quiz",
               "ExternalUrl": "External resource", "SubHeader": "Section"}
ITEM_PATHS = {"Page": "pages", "Assignment": "assignments", "File": "files",
              "Discussion": "discussion_topics", "Quiz": "quizzes"}
# (course, module position) -> item count; everything else is 1..8.
ITEM_COUNT_OVERRIDES = {(1, 2): 14, (1, 3): 10, (2, 1): 25, (2, 3): 0}


class Dataset(AssignmentData):
    """Courses, modules and items computed from ids and today's date, so every run is identical.

    The user the token belongs to is enrolled in every course. As a teacher (the default
    role) they see every course; as a student they see what Canvas shows a student: only
    published courses, date-restricted ones as bare stubs, module progress and locks.
    """

    def __init__(self, course_count: int, today: Optional[datetime] = None):
        self.course_count = course_count
        self.today = today or _today()
        self.terms = make_terms(self.today)
        self.changes = DataChanges()

    # ---- courses

    def course_ids(self) -> list:
        return list(range(1, self.course_count + 1)) + [SPECIAL_COURSE_ID]

    def resolve_course(self, key: str) -> Optional[int]:
        """A numeric id, or `sis_course_id:ABC-101` as Canvas allows."""
        if key == f"sis_course_id:{SPECIAL_SIS_ID}":
            return SPECIAL_COURSE_ID
        if key.isdigit():
            cid = int(key)
            if 1 <= cid <= self.course_count or cid == SPECIAL_COURSE_ID:
                return cid
        return None

    @staticmethod
    def term_id(cid: int) -> int:
        return 1 + cid % 4

    @staticmethod
    def enrollment_state(cid: int) -> str:
        """The user's enrollment: concluded with the course, an invitation, or active."""
        if cid % 9 == 0:
            return "completed"
        return "invited" if cid % 10 == 7 else "active"

    @staticmethod
    def is_restricted(cid: int, role: str) -> bool:
        """A student's course that is closed to them by date: Canvas lists it as a stub."""
        return role == "student" and cid % 25 == 11

    @staticmethod
    def is_favorite(cid: int) -> bool:
        return cid % 6 == 1

    def is_concluded(self, cid: int) -> bool:
        """Canvas's `concluded`: the course is completed, or its term has ended."""
        end = parse_iso(self.terms[self.term_id(cid)]["end_at"])
        return self.workflow_state(cid) == "completed" or (end is not None and end <= self.today)

    def visible(self, cid: int, role: str) -> bool:
        """Whether the course is in the user's default list: a student never sees unpublished
        or completed courses there."""
        if role == "student":
            return self.workflow_state(cid) == "available" and self.enrollment_state(cid) != "completed"
        return True

    def course_json(self, cid: int, includes: set, base: str, single: bool, role: str = "teacher") -> dict:
        if not single and self.is_restricted(cid, role):
            return {"id": cid, "access_restricted_by_date": True}
        term_id = self.term_id(cid)
        start, end = self._course_dates(cid, term_id)
        course = {
            "id": cid,
            "name": self._course_name(cid),
            "course_code": self._course_code(cid),
            "workflow_state": self.workflow_state(cid),
            "account_id": 1,
            "uuid": f"fakecanvascourse{cid:08d}",
            "start_at": iso(start),
            "end_at": iso(end),
            "enrollment_term_id": term_id,
            "sis_course_id": SPECIAL_SIS_ID if cid == SPECIAL_COURSE_ID else None,
            "default_view": "modules",
            "time_zone": "Asia/Ho_Chi_Minh" if cid % 2 else "America/Denver",
            "enrollments": [{"type": role, "role": f"{role.capitalize()}Enrollment",
                             "role_id": 3 if role == "student" else 4, "user_id": 1,
                             "enrollment_state": self.enrollment_state(cid)}],
        }
        if cid % 12 == 10:
            # The user set a nickname: Canvas shows it as the name and adds the real one.
            course["original_name"] = course["name"]
            course["name"] = f"My {self._course_code(cid)}"
        if "term" in includes:
            course["term"] = dict(self.terms[term_id])
        if "teachers" in includes:
            course["teachers"] = self._teachers(cid, base)
        if "favorites" in includes:
            course["is_favorite"] = self.is_favorite(cid)
        if "concluded" in includes:
            course["concluded"] = self.is_concluded(cid)
        course["hide_final_grades"] = self.hides_final_grades(cid)
        course["apply_assignment_group_weights"] = self.weights_groups(cid)
        # Letters where the course uses Canvas's default scheme (0), none where it has no scheme.
        course["grading_standard_id"] = 0 if cid % 5 != 4 else None
        if "grading_scheme" in includes:
            # The course's scheme, else Canvas's default: `[name, lowest share]` pairs.
            course["grading_scheme"] = [[letter, lowest / 100] for letter, lowest in DEFAULT_GRADING_SCHEME]
        if "total_scores" in includes and role == "student" and not self.hides_final_grades(cid):
            course["enrollments"][0].update(self.total_scores(cid))
        if {"total_scores", "current_grading_period_scores"} <= includes and role == "student":
            course["has_grading_periods"] = self.has_grading_periods(cid)
            course["enrollments"][0].update(self.period_scores(cid))
        if single and "syllabus_body" in includes:
            course["syllabus_body"] = self._syllabus(cid, base)
        return course

    def _course_name(self, cid: int) -> str:
        if cid in SPECIAL_COURSE_NAMES:
            return SPECIAL_COURSE_NAMES[cid]
        _, subject = SUBJECTS[cid % len(SUBJECTS)]
        return f"{subject} {100 + cid}"

    def _course_code(self, cid: int) -> str:
        if cid == SPECIAL_COURSE_ID:
            return SPECIAL_SIS_ID
        code, _ = SUBJECTS[cid % len(SUBJECTS)]
        return f"{code} {100 + cid}"

    @staticmethod
    def workflow_state(cid: int) -> str:
        if cid % 14 == 0:
            return "unpublished"
        return "completed" if cid % 9 == 0 else "available"

    def _course_dates(self, cid: int, term_id: int):
        """Courses in the default term have no dates (null), as in Canvas."""
        term = self.terms[term_id]
        start, end = parse_iso(term["start_at"]), parse_iso(term["end_at"])
        if start is None:
            return None, None
        return start + timedelta(days=cid % 5), end

    @staticmethod
    def _teachers(cid: int, base: str) -> list:
        count = 1 + cid % 2
        teachers = []
        for offset in range(count):
            index = (cid + offset * 3) % len(TEACHER_NAMES)
            uid = 1000 + index
            teachers.append({
                "id": uid,
                "display_name": TEACHER_NAMES[index],
                "avatar_image_url": f"{base}/images/messages/avatar-50.png",
                "html_url": f"{base}/courses/{cid}/users/{uid}",
                "pronouns": None,
            })
        return teachers

    def _syllabus(self, cid: int, base: str) -> Optional[str]:
        """HTML with entities, lists and a script, for the text converter."""
        if cid % 6 == 0:
            return None  # Canvas sends null when there is no syllabus
        name = html.escape(self._course_name(cid))
        return (f"<h2>Syllabus: {name}</h2>"
                "<p>Welcome! Office hours are Mon &amp; Wed, 10&ndash;12.</p>"
                "<ul><li>Week 1: introductions</li>"
                "<li>Week 2: <strong>first assignment</strong> due</li></ul>"
                "<p>Grading: homework 40%, exams 60%.</p>"
                + (self._embeds(cid, base) if cid == EMBEDS_COURSE_ID else "")
                + "<script>alert('not shown')</script>")

    @staticmethod
    def _embeds(cid: int, base: str) -> str:
        """A recording as Canvas's editor embeds it (the API gives its address in full),
        and a YouTube video with a fallback text a browser never shows."""
        media = f"m-{cid}lecture1"
        return (f'<p><iframe style="width: 400px; height: 225px; display: inline-block;" '
                f'title="Video player for lecture1.mp4" data-media-type="video" '
                f'src="{base}/media_objects_iframe/{media}?type=video" allowfullscreen="allowfullscreen" '
                f'allow="fullscreen" data-media-id="{media}"></iframe></p>'
                '<p><iframe width="560" height="315" src="https://www.youtube.com/embed/aqz-KE-bpKQ" '
                'title="YouTube video player" frameborder="0" allowfullscreen>'
                'Your browser does not support iframes.</iframe></p>')

    # ---- modules and items

    @staticmethod
    def module_id(cid: int, position: int) -> int:
        return 100000 + cid * 10 + position

    @staticmethod
    def module_count(cid: int) -> int:
        return 3 + cid % 3

    @staticmethod
    def item_count(cid: int, position: int) -> int:
        return ITEM_COUNT_OVERRIDES.get((cid, position), 1 + (cid * 5 + position * 3) % 8)

    def module_position(self, cid: int, module_key: str) -> Optional[int]:
        if not module_key.isdigit():
            return None
        for position in range(1, self.module_count(cid) + 1):
            if self.module_id(cid, position) == int(module_key):
                return position
        return None

    def modules_json(self, cid: int, with_items: bool, base: str, role: str = "teacher",
                     details: bool = False) -> list:
        return [self.module_json(cid, p, with_items, base, role, details)
                for p in range(1, self.module_count(cid) + 1)]

    def is_locked(self, cid: int, position: int, role: str) -> bool:
        """For a student, the last of four or more modules is locked until next week."""
        count = self.module_count(cid)
        return role == "student" and count >= 4 and position == count

    def module_json(self, cid: int, position: int, with_items: bool, base: str,
                    role: str = "teacher", details: bool = False) -> dict:
        mid = self.module_id(cid, position)
        count = self.item_count(cid, position)
        locked = self.is_locked(cid, position, role)
        module = {
            "id": mid,
            "name": self._module_name(cid, position),
            "position": position,
            "workflow_state": "active",
            "unlock_at": iso(self.unlock_date()) if locked else None,
            "require_sequential_progress": False,
            "prerequisite_module_ids": [],
            "published": True,
            "items_count": count,
            "items_url": f"{base}/api/v1/courses/{cid}/modules/{mid}/items",
        }
        if role == "student":
            # Canvas reports progress only to students.
            module["state"] = "locked" if locked else {1: "completed", 2: "started"}.get(position, "unlocked")
            module["completed_at"] = iso(self.today - timedelta(days=30)) if position == 1 else None
            del module["published"]
        # Canvas leaves `items` out when a module has too many of them.
        if with_items and count <= ITEMS_INLINE_LIMIT:
            module["items"] = self.items_json(cid, position, base, role, details)
        return module

    def unlock_date(self) -> datetime:
        return self.today + timedelta(days=7, hours=8)

    @staticmethod
    def _module_name(cid: int, position: int) -> str:
        if cid == 3:
            return f"Tuần {position}: Giới thiệu"
        if cid == 4:
            return f"第{position}週：基礎"
        return f"Week {position}: {TOPICS[(cid + position) % len(TOPICS)]}"

    def items_json(self, cid: int, position: int, base: str, role: str = "teacher",
                   details: bool = False) -> list:
        mid = self.module_id(cid, position)
        locked = self.is_locked(cid, position, role)
        items = []
        for p in range(1, self.item_count(cid, position) + 1):
            item = self._item_json(cid, mid, p, base)
            if item["type"] != "SubHeader":
                kind = "must_submit" if item["type"] in ("Assignment", "Quiz") else "must_view"
                item["completion_requirement"] = {"type": kind}
                if role == "student":
                    item["completion_requirement"]["completed"] = position == 1 or (position == 2 and p == 1)
                if details:
                    item["content_details"] = self._details(locked)
            items.append(item)
        return items

    def _details(self, locked: bool) -> dict:
        details = {"locked_for_user": locked}
        if locked:
            when = self.unlock_date()
            details["unlock_at"] = iso(when)
            details["lock_explanation"] = f"This module is locked until {when:%b} {when.day} at {when:%H:%M}."
        return details

    @staticmethod
    def _item_json(cid: int, mid: int, position: int, base: str) -> dict:
        iid = mid * 100 + position
        kind = ITEM_TYPES[(position - 1 + mid) % len(ITEM_TYPES)]
        title = f"{ITEM_LABELS[kind]} {position}"
        if cid == 5 and position == 1:
            title = "Tricky \u001b]0;pwned\u0007 title"  # OSC sequence
        item = {
            "id": iid,
            "module_id": mid,
            "position": position,
            "title": title,
            "indent": (position - 1) % 3,
            "type": kind,
            "html_url": f"{base}/courses/{cid}/modules/items/{iid}",
            "published": True,
        }
        if kind == "File":
            file_id = CourseFileCatalog.file_item_id(cid)
            item["content_id"] = file_id
            item["url"] = f"{base}/api/v1/courses/{cid}/files/{file_id}"
        elif kind in ITEM_PATHS:
            item["content_id"] = iid
            item["url"] = f"{base}/api/v1/courses/{cid}/{ITEM_PATHS[kind]}/{iid}"
        if kind == "Page":
            item["page_url"] = f"reading-{iid}"
        if kind == "ExternalUrl":
            item["external_url"] = f"https://example.com/resources/{iid}"
        return item


class CourseRoutes:
    """The course, user and module routes; FakeCanvas mixes them in."""

    def list_courses(self, req: Request) -> Response:
        """`enrollment_state` and `state[]` narrow the list as Canvas documents them."""
        includes = req.includes()
        wanted = req.param("enrollment_state")
        states = {v for k, v in req.query if k == "state[]"}
        ids = [cid for cid in self.data.course_ids() if self._listed(cid, wanted, states)]
        courses = [self.data.course_json(cid, includes, self.base, False, self.role) for cid in ids]
        return self._paged(req, courses)

    def _listed(self, cid: int, wanted: Optional[str], states: set) -> bool:
        data = self.data
        if states:
            if data.workflow_state(cid) not in states:
                return False
        elif not data.visible(cid, self.role):
            return False
        enrollment = data.enrollment_state(cid)
        if wanted == "active":
            return enrollment == "active" and not data.is_concluded(cid)
        if wanted == "invited_or_pending":
            return enrollment == "invited"
        if wanted == "completed":
            return data.is_concluded(cid)
        return True

    def list_favorites(self, req: Request) -> Response:
        """Canvas returns the favorites in one answer, without pages."""
        ids = [cid for cid in self.data.course_ids() if self.data.is_favorite(cid)
               and self.data.visible(cid, self.role) and not self.data.is_restricted(cid, self.role)]
        courses = [self.data.course_json(cid, req.includes(), self.base, False, self.role) for cid in ids]
        return json_response(200, courses)

    def get_self(self, _req: Request) -> Response:
        name = self.config.user_name
        first, _, last = name.rpartition(" ")
        return json_response(200, {"id": 1, "name": name, "short_name": name,
                                   "sortable_name": f"{last}, {first}" if first else name})

    def _readable_course(self, key: str) -> int:
        """A course the user may open: a date-restricted one is "not authorized", as on Canvas."""
        cid = self._course(key)
        unpublished = self.role == "student" and self.data.workflow_state(cid) == "unpublished"
        if self.data.is_restricted(cid, self.role) or unpublished:
            raise ApiError(401, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        return cid

    def get_course(self, req: Request, course: str) -> Response:
        cid = self._readable_course(course)
        return json_response(200, self.data.course_json(cid, req.includes(), self.base, True, self.role))

    def list_modules(self, req: Request, course: str) -> Response:
        cid = self._readable_course(course)
        includes = req.includes()
        modules = self.data.modules_json(cid, "items" in includes, self.base, self.role,
                                         "content_details" in includes)
        return self._paged(req, modules)

    def _module_position(self, cid: int, module: str) -> int:
        position = self.data.module_position(cid, module)
        if position is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return position

    def get_module(self, req: Request, course: str, module: str) -> Response:
        cid = self._readable_course(course)
        position = self._module_position(cid, module)
        includes = req.includes()
        return json_response(200, self.data.module_json(cid, position, "items" in includes,
                                                        self.base, self.role,
                                                        "content_details" in includes))

    def list_items(self, req: Request, course: str, module: str) -> Response:
        cid = self._readable_course(course)
        position = self._module_position(cid, module)
        details = "content_details" in req.includes()
        return self._paged(req, self.data.items_json(cid, position, self.base, self.role, details))
