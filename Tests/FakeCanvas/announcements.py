"""Announcements: the discussion topics a course's teacher posts to everyone."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Optional

from course_files import FILE_ID_BASE, FILE_ITEM_FILE
from http_types import ApiError, Request, Response, iso


@dataclass
class Topic:
    """One announcement of a course; `read` is its state before any PUT."""
    id: int
    course_id: int
    title: str
    message: str
    posted_at: datetime
    read: bool


SLIDES_ANNOUNCEMENT = "Week slides are up"   # posted with a file
# (title, HTML message, days before today, read before any PUT): one from today, one from this
# week that was read, one older still unread, and an old one read, which the last two weeks leave out.
ANNOUNCEMENTS = [
    ("Friday's lecture moves to room B-204",
     "<p>The lecture on <strong>Friday</strong> is in room <em>B-204</em> this week.</p>"
     "<ul><li>Bring your laptop.</li><li>The lab after it is cancelled.</li></ul>", 0.25, False),
    ("Week slides are up", "<p>This week's slides are in Files.</p>", 5, True),
    ("Midterm review session", "<p>Review session on Thursday at 17:00 &amp; online.</p>", 30, False),
    ("Welcome to the course", "<p>Welcome! Please read the syllabus.</p>", 60, True),
]


class Announcements:
    """The announcements of courses 2, 12, 22, … (id % 10 == 2; the others have none), and
    which ones the user marked read since the last reset."""

    def __init__(self):
        self.marked: set = set()

    def reset(self) -> None:
        self.marked = set()

    @staticmethod
    def topics(cid: int, today: datetime, posted: list = ()) -> list:
        """The course's announcements, newest first: those a test posted through
        /__control/changes (`posted`, as `DataChanges.announcements()` gives them), then the data set's."""
        extra = [Topic(pid, cid, title, f"<p>{html.escape(title)}</p>", at, False)
                 for course, pid, title, at in reversed(posted) if course == cid]
        if cid % 10 != 2:
            return extra
        return extra + [Topic(800000 + cid * 10 + number, cid, title, message, today - timedelta(days=days), read)
                        for number, (title, message, days, read) in enumerate(ANNOUNCEMENTS, start=1)]

    def is_read(self, topic: Topic) -> bool:
        return topic.read or topic.id in self.marked

    def mark_read(self, topic: Topic) -> None:
        self.marked.add(topic.id)

    def json(self, topic: Topic, base: str) -> dict:
        url = f"{base}/courses/{topic.course_id}/discussion_topics/{topic.id}"
        return {
            "id": topic.id, "title": topic.title, "message": topic.message,
            "posted_at": iso(topic.posted_at), "delayed_post_at": None, "last_reply_at": iso(topic.posted_at),
            "discussion_type": "threaded", "published": True, "locked": False, "pinned": False,
            "read_state": "read" if self.is_read(topic) else "unread", "unread_count": 0, "subscribed": False,
            "user_name": "Course Teacher",
            "author": {"id": 2, "anonymous_id": "2", "display_name": "Course Teacher",
                       "avatar_image_url": None, "html_url": f"{base}/courses/{topic.course_id}/users/2"},
            "html_url": url, "url": url, "attachments": [], "podcast_url": None, "require_initial_post": None,
        }


class AnnouncementRoutes:
    """`GET /api/v1/announcements`; FakeCanvas mixes it in. A course's `discussion_topics` list
    announcements too: see discussions.py."""

    def list_announcements(self, req: Request) -> Response:
        """`GET /api/v1/announcements`: the announcements of the `context_codes[]` courses posted
        from `start_date` to `end_date` (Canvas's defaults: 14 days ago at midnight, and 28 days
        after the start), newest first, each with its `context_code`; shaped as canvas-lms's
        `discussion_topics_api_json` writes them, `read_state` the user's own."""
        codes = [value for key, value in req.query if key == "context_codes[]"]
        if not codes:
            raise ApiError(400, "Missing context_codes")
        courses = []
        for code in codes:
            kind, _, key = code.partition("_")
            if kind != "course" or not key:
                raise ApiError(400, "Invalid context_codes; only `course` codes are supported")
            courses.append(self._readable_course(key))
        start = self._announcement_date(req.param("start_date"), "start_date", end_of_day=False)
        start = start or self.data.today - timedelta(days=14)
        end = self._announcement_date(req.param("end_date"), "end_date", end_of_day=True) or start + timedelta(days=28)
        rows = []
        for cid in courses:
            for topic in self.announcements.topics(cid, self.data.today, self.data.changes.announcements()):
                if start <= topic.posted_at <= end:
                    rows.append((topic.posted_at, dict(self._announcement_json(topic), context_code=f"course_{cid}")))
        rows.sort(key=lambda row: row[0], reverse=True)
        return self._paged(req, [row for _, row in rows])

    @staticmethod
    def _announcement_date(text: Optional[str], name: str, end_of_day: bool) -> Optional[datetime]:
        """A `yyyy-mm-dd` day (its start, or its end for `end_date`) or an ISO 8601 moment, as Canvas reads them."""
        if not text:
            return None
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            day = datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=timezone.utc)
            return day + timedelta(days=1, microseconds=-1) if end_of_day else day
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise ApiError(400, f"Invalid {name}")
        return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)

    def _announcement_json(self, topic: Topic) -> dict:
        """The topic as canvas-lms writes it; "Week slides are up" comes with the course's
        Lecture 1.pdf as its one attachment (a topic has at most one)."""
        answer = self.announcements.json(topic, self.base)
        if topic.title == SLIDES_ANNOUNCEMENT:
            slides = self.catalog.get(FILE_ID_BASE + topic.course_id * 100 + FILE_ITEM_FILE)
            if slides is not None:
                answer["attachments"] = [self.course_file_json(slides)]
        return answer
