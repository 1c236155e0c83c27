"""Course 52's discussions: topics, threaded entries, and what the student has read of them."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Optional

from assignments import DISCUSSION_COURSE
from courses import Dataset
from http_types import (NOT_AUTHORIZED_MESSAGE, NOT_FOUND_MESSAGE, ApiError, Request, Response, iso, json_response,
                        value_to_boolean)
from request_bodies import form_fields


class InitialPostRequired(ApiError):
    """DiscussionTopicsApiController's `require_initial_post` filter: 403 with the bare JSON
    string "require_initial_post" to a student who must post in the topic before reading it."""

    def __init__(self):
        super().__init__(403, "require_initial_post")

    def response(self) -> "Response":
        return json_response(403, "require_initial_post")


# The caller (user 1) and the course's teacher post too; these classmates wrote the rest.
CLASSMATES = {2101: "Mai Phương", 2102: "Kenji Watanabe", 2103: "Lucía Fernández", 2104: "Omar Haddad"}
TEACHER = 0                      # in the tables below: the course's (first) teacher
# Course 52's topics: (id, title, HTML message, hours before today it was posted, discussion_type,
# pinned position or None, locked (closed for comments), require_initial_post, assignment number
# or None, read by the user before any PUT). Listed by default as Canvas does: pinned first, then
# by latest activity: Introduce yourself, Reflection post, Week 3 questions, Week 1 questions.
DISCUSSION_TOPICS = [
    (600521, "Week 3 questions", "<p>Ask your questions about week 3 here.</p>",
     63, "threaded", None, False, False, None, False),
    (600522, "Reflection post", "<p>Write a short reflection on this week's lab. You will see your "
     "classmates' posts once you have posted yours.</p>", 39, "threaded", None, False, True, 4, False),
    (600523, "Introduce yourself", "<p>Say hello: who are you, and what do you hope to learn?</p>",
     471, "not_threaded", 1, False, False, None, True),
    (600524, "Week 1 questions", "<p>Questions about week 1. This topic is closed now.</p>",
     327, "threaded", None, True, False, None, True),
]
# Their entries: (id, topic, parent or None, author, HTML message (None: deleted), hours before
# today, read by the user before any PUT). Week 3 questions: five active entries, replies two
# levels deep (52101 > 52102 > 52103), 52104 deleted, 52103, 52105 and 52106 unread; 52102's
# message has a link and an entity. Reflection post: two unread entries by others, none by the user.
DISCUSSION_ENTRIES = [
    (52101, 600521, None, 2101, "<p>Is problem 4 about <em>linear</em> or quadratic probing?</p>", 39, True),
    (52102, 600521, 52101, TEACHER, '<p>Linear probing: see <a href="https://example.com/notes/hashing">the '
     'notes on hashing</a> &amp; chapter 5.</p>', 37, True),
    (52103, 600521, 52102, 2102, "<p>Thanks, that clears it up.</p>", 16, False),
    (52104, 600521, 52101, 2104, None, 34, True),
    (52105, 600521, None, 2103, "<p>Will Friday's quiz cover chapter 6?</p>", 14, False),
    (52106, 600521, 52105, 2101, "<p>I think it stops at chapter 5.</p>", 12, False),
    (52201, 600522, None, 2103, "<p>The lab showed me how much the load factor matters.</p>", 10, False),
    (52202, 600522, None, 2104, "<p>I had not expected resizing to take so long.</p>", 8, False),
    (52301, 600523, None, 2102, "<p>Hi, I'm Kenji. I study physics.</p>", 460, True),
    (52302, 600523, None, 2101, "<p>Hello! Mai here, in my second year.</p>", 440, True),
    (52303, 600523, 52302, 2103, "<p>Welcome, Mai!</p>", 438, True),
    (52401, 600524, None, 2104, "<p>Where are the lecture notes?</p>", 320, True),
    (52402, 600524, 52401, TEACHER, "<p>In Files, under Lectures.</p>", 318, True),
]
FIRST_POSTED_ENTRY = 700001      # entries posted through the API or /__control/discussions


@dataclass
class DiscussionTopicRow:
    id: int
    course_id: int
    title: str
    message: str
    author_id: int
    posted_at: datetime
    discussion_type: str          # "threaded", "not_threaded" or "side_comment"
    position: Optional[int]       # set: pinned, at this place
    locked: bool                  # closed for comments
    require_initial_post: bool
    assignment_id: Optional[int]

    @property
    def threaded(self) -> bool:
        return self.discussion_type == "threaded"


@dataclass
class DiscussionEntryRow:
    id: int
    topic_id: int
    parent_id: Optional[int]
    user_id: int
    message: Optional[str]
    created_at: datetime
    deleted: bool = False
    editor_id: Optional[int] = None


class Discussions:
    """Course 52's discussion topics and entries, and what the user (id 1) has read of them, as
    canvas-lms keeps it per user (DiscussionTopicParticipant, DiscussionEntryParticipant). Entries
    posted since the last reset are kept too; a reset forgets them and every mark."""

    def __init__(self, today: datetime):
        self.today = today
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self._lock:
            teacher = Dataset._teachers(DISCUSSION_COURSE, "")[0]["id"]
            self._topics: dict = {}
            self._entries: dict = {}
            self._read_topics: set = set()
            self._read_entries: set = set()
            self._forced: set = set()
            self._next_entry = FIRST_POSTED_ENTRY
            for tid, title, message, hours, kind, position, locked, initial, number, read in DISCUSSION_TOPICS:
                aid = Dataset.assignment_id(DISCUSSION_COURSE, number) if number else None
                self._topics[tid] = DiscussionTopicRow(tid, DISCUSSION_COURSE, title, message, teacher,
                                                       self.today - timedelta(hours=hours), kind, position,
                                                       locked, initial, aid)
                if read:
                    self._read_topics.add(tid)
            for eid, tid, parent, author, message, hours, read in DISCUSSION_ENTRIES:
                self._entries[eid] = DiscussionEntryRow(eid, tid, parent, teacher if author == TEACHER else author,
                                                        message, self.today - timedelta(hours=hours),
                                                        deleted=message is None,
                                                        editor_id=teacher if message is None else None)
                if read:
                    self._read_entries.add(eid)

    def topics(self, cid: int) -> list:
        with self._lock:
            return [t for t in self._topics.values() if t.course_id == cid]

    def topic(self, cid: int, key: str) -> Optional[DiscussionTopicRow]:
        with self._lock:
            found = self._topics.get(int(key)) if key.isdigit() else None
        return found if found is not None and found.course_id == cid else None

    def topic_for_assignment(self, aid: int) -> Optional[DiscussionTopicRow]:
        with self._lock:
            return next((t for t in self._topics.values() if t.assignment_id == aid), None)

    def entries(self, tid: int) -> list:
        """The topic's entries, deleted ones too, oldest first."""
        with self._lock:
            return sorted((e for e in self._entries.values() if e.topic_id == tid),
                          key=lambda e: (e.created_at, e.id))

    def entry(self, tid: int, key: str) -> Optional[DiscussionEntryRow]:
        with self._lock:
            found = self._entries.get(int(key)) if key.isdigit() else None
        return found if found is not None and found.topic_id == tid else None

    def has_posted(self, tid: int, uid: int = 1) -> bool:
        with self._lock:
            return any(e.topic_id == tid and e.user_id == uid and not e.deleted for e in self._entries.values())

    def add(self, tid: int, parent_id: Optional[int], uid: int, message: str) -> DiscussionEntryRow:
        """A new entry, posted now; the user's own are read (Canvas marks an author's entry read)."""
        with self._lock:
            entry = DiscussionEntryRow(self._next_entry, tid, parent_id, uid, message, datetime.now(timezone.utc))
            self._next_entry += 1
            self._entries[entry.id] = entry
            if uid == 1:
                self._read_entries.add(entry.id)
            return entry

    def is_read(self, eid: int) -> bool:
        with self._lock:
            return eid in self._read_entries

    def is_forced(self, eid: int) -> bool:
        with self._lock:
            return eid in self._forced

    def topic_read(self, tid: int) -> bool:
        with self._lock:
            return tid in self._read_topics

    def mark_entry_read(self, eid: int, forced: bool) -> None:
        with self._lock:
            self._read_entries.add(eid)
            if forced:
                self._forced.add(eid)

    def mark_topic_read(self, tid: int) -> None:
        with self._lock:
            self._read_topics.add(tid)

    def mark_all_read(self, tid: int) -> None:
        with self._lock:
            self._read_topics.add(tid)
            self._read_entries.update(e.id for e in self._entries.values() if e.topic_id == tid)

    def to_json(self) -> list:
        """What /__control/discussions shows: every topic with its entries (flat, oldest first)
        and what the user has read."""
        answer = []
        for topic in sorted(self._all_topics(), key=lambda t: t.id):
            entries = self.entries(topic.id)
            with self._lock:
                read = sorted(e.id for e in entries if e.id in self._read_entries)
                forced = sorted(e.id for e in entries if e.id in self._forced)
                topic_read = topic.id in self._read_topics
            answer.append({
                "course_id": topic.course_id, "id": topic.id, "title": topic.title, "topic_read": topic_read,
                "entries": [{"id": e.id, "parent_id": e.parent_id, "user_id": e.user_id, "message": e.message,
                             "deleted": e.deleted, "created_at": iso(e.created_at)} for e in entries],
                "read_entry_ids": read,
                "unread_entry_ids": [e.id for e in entries if not e.deleted and e.id not in read],
                "forced_entry_ids": forced,
            })
        return answer

    def _all_topics(self) -> list:
        with self._lock:
            return list(self._topics.values())


class DiscussionRoutes:
    """The discussion topic routes (DiscussionTopicsController#index, DiscussionTopicsApiController),
    announcements' among them; FakeCanvas mixes them in."""

    def list_discussion_topics(self, req: Request, course: str) -> Response:
        """`GET /api/v1/courses/:id/discussion_topics`: with `only_announcements=true`, the
        course's announcements newest first, `filter_by=unread` keeping those the user has not
        read. Without it, DiscussionTopicsController#index's discussions (no announcements; only
        course 52 has any), shaped by `discussion_topics_api_json`: pinned ones first by position,
        then by latest activity (`last_reply_at`), newest first; `order_by=title` by title;
        `filter_by=unread` keeping the topics whose own `read_state` is unread."""
        cid = self._readable_course(course)
        if req.param("only_announcements") not in ("true", "1"):
            return self._paged(req, [self._discussion_json(t) for t in self._ordered_discussions(req, cid)])
        topics = self.announcements.topics(cid, self.data.today, self.data.changes.announcements())
        if req.param("filter_by") == "unread":
            topics = [topic for topic in topics if not self.announcements.is_read(topic)]
        topics.sort(key=lambda topic: topic.posted_at, reverse=True)
        return self._paged(req, [self._announcement_json(topic) for topic in topics])

    def mark_topic_read(self, _req: Request, course: str, topic: str) -> Response:
        """`PUT /api/v1/courses/:id/discussion_topics/:topic_id/read`: `204 No Content`, and the
        topic's `read_state` is `read` from then on (its entries keep theirs). For a discussion it
        is exempt from `require_initial_post`, as DiscussionTopicsApiController#mark_topic_read is."""
        cid = self._readable_course(course)
        discussion = self.discussions.topic(cid, topic)
        if discussion is not None:
            self.discussions.mark_topic_read(discussion.id)
            return Response(204, b"", None)
        found = next((t for t in self.announcements.topics(cid, self.data.today, self.data.changes.announcements()) if str(t.id) == topic), None)
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        self.announcements.mark_read(found)
        return Response(204, b"", None)

    def _discussion(self, course: str, topic: str) -> tuple:
        """The course (readable by the user) and its discussion topic; 404 for another's or none."""
        cid = self._readable_course(course)
        found = self.discussions.topic(cid, topic)
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return cid, found

    def _initial_post_required(self, topic: DiscussionTopicRow) -> bool:
        """DiscussionTopic#initial_post_required?: the topic wants a post first, the user has none,
        and cannot read as an admin (a teacher can)."""
        return topic.require_initial_post and self.role == "student" and not self.discussions.has_posted(topic.id)

    def _require_initial_post(self, topic: DiscussionTopicRow) -> None:
        if self._initial_post_required(topic):
            raise InitialPostRequired()

    def _closed_to_user(self, topic: DiscussionTopicRow) -> bool:
        """A topic closed for comments is locked for a student; a teacher (read_as_admin) may still post."""
        return topic.locked and self.role == "student"

    def _discussion_user(self, uid: int, cid: int) -> dict:
        """`user_display_json`: who wrote a topic or an entry."""
        if uid == 1:
            name = self.config.user_name
        elif uid in CLASSMATES:
            name = CLASSMATES[uid]
        else:
            name = next((t["display_name"] for t in self.data._teachers(cid, self.base) if t["id"] == uid), f"User {uid}")
        return {"id": uid, "anonymous_id": format(uid, "x"), "display_name": name,
                "avatar_image_url": f"{self.base}/images/messages/avatar-50.png",
                "html_url": f"{self.base}/courses/{cid}/users/{uid}", "pronouns": None}

    def _last_reply_at(self, topic: DiscussionTopicRow, entries: list) -> datetime:
        return max([topic.posted_at] + [e.created_at for e in entries if not e.deleted])

    def _ordered_discussions(self, req: Request, cid: int) -> list:
        """The course's discussions in the order `order_by` asks for (see list_discussion_topics)."""
        topics = self.discussions.topics(cid)
        if req.param("filter_by") == "unread":
            topics = [t for t in topics if not self.discussions.topic_read(t.id)]
        if req.param("order_by") == "title":
            return sorted(topics, key=lambda t: (t.title.casefold(), t.id))
        last = {t.id: self._last_reply_at(t, self.discussions.entries(t.id)) for t in topics}
        return sorted(topics, key=lambda t: (t.position is None, t.position or 0, -last[t.id].timestamp(), -t.id))

    def _discussion_json(self, topic: DiscussionTopicRow, include_assignment: bool = True) -> dict:
        """`discussion_topic_api_json` for the user: read state and unread count their own,
        `user_can_see_posts` false while a required first post of theirs is missing."""
        cid = topic.course_id
        entries = self.discussions.entries(topic.id)
        active = [e for e in entries if not e.deleted]
        posted = self.discussions.has_posted(topic.id)
        student = self.role == "student"
        closed = self._closed_to_user(topic)
        author = self._discussion_user(topic.author_id, cid)
        url = f"{self.base}/courses/{cid}/discussion_topics/{topic.id}"
        answer = {
            "id": topic.id, "title": topic.title, "message": topic.message, "html_url": url, "url": url,
            "posted_at": iso(topic.posted_at), "created_at": iso(topic.posted_at),
            "last_reply_at": iso(self._last_reply_at(topic, entries)), "delayed_post_at": None, "lock_at": None,
            "todo_date": None, "user_name": author["display_name"], "author": author,
            "discussion_subentry_count": len(active),
            "read_state": "read" if self.discussions.topic_read(topic.id) else "unread",
            "unread_count": sum(1 for e in active if not self.discussions.is_read(e.id)),
            "subscribed": posted, "require_initial_post": topic.require_initial_post,
            "user_can_see_posts": not self._initial_post_required(topic),
            "discussion_type": topic.discussion_type, "position": topic.position, "pinned": topic.position is not None,
            "locked": topic.locked, "locked_for_user": closed, "assignment_id": topic.assignment_id,
            "published": True, "is_announcement": False, "podcast_url": None, "attachments": [],
            "topic_children": [], "root_topic_id": None, "group_category_id": None,
            "allow_rating": False, "only_graders_can_rate": False, "sort_by_rating": False,
            "permissions": {"attach": not student, "update": not student, "reply": not closed, "delete": not student},
        }
        if self._initial_post_required(topic):
            answer["subscription_hold"] = "initial_post_required"
        if closed:
            answer["lock_info"] = {"asset_string": f"discussion_topic_{topic.id}", "can_view": True}
            answer["lock_explanation"] = "This topic is closed for comments."
        if include_assignment and topic.assignment_id is not None:
            answer["assignment"] = self.data.assignment(cid, str(topic.assignment_id), self.base, self.role)
        return answer

    def _entry_json(self, entry: DiscussionEntryRow, cid: int, for_user: bool) -> dict:
        """`serialize_entry`: a deleted entry keeps its place as `deleted: true`, without its
        message or author. The cached view (`for_user` false) has no `user_name` or read state."""
        answer = {"id": entry.id, "created_at": iso(entry.created_at), "updated_at": iso(entry.created_at),
                  "parent_id": entry.parent_id, "rating_count": None, "rating_sum": None}
        if entry.deleted:
            answer.update(editor_id=entry.editor_id, deleted=True)
        else:
            answer.update(user_id=entry.user_id, message=entry.message)
            if for_user:
                answer["user_name"] = self._discussion_user(entry.user_id, cid)["display_name"]
        if for_user:
            answer["read_state"] = "read" if self.discussions.is_read(entry.id) else "unread"
            answer["forced_read_state"] = self.discussions.is_forced(entry.id)
        return answer

    def get_discussion_topic(self, req: Request, course: str, topic: str) -> Response:
        """`GET …/discussion_topics/:topic` (DiscussionTopicsApiController#show): the topic as the
        list gives it, exempt from `require_initial_post`; an announcement by its id too."""
        cid = self._readable_course(course)
        found = self.discussions.topic(cid, topic)
        if found is not None:
            return json_response(200, self._discussion_json(found))
        announcement = next((t for t in self.announcements.topics(cid, self.data.today, self.data.changes.announcements())
                             if str(t.id) == topic), None)
        if announcement is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        return json_response(200, dict(self._announcement_json(announcement), is_announcement=True))

    def view_discussion(self, req: Request, course: str, topic: str) -> Response:
        """`GET …/discussion_topics/:topic/view` (DiscussionTopicsApiController#view): the cached
        tree of every entry (`view`, oldest first, `replies` only under an entry that has some),
        `unread_entries`, `forced_entries`, `entry_ratings` and the `participants`. The tree is
        Canvas's materialized view, rebuilt a little after each post: an entry younger than the
        config's `discussion_view_lag` (10 s) is not in it, only in `new_entries` (flat, oldest
        first) and then only with `include_new_entries=1`. 403 "require_initial_post" first."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        with_new = req.param("include_new_entries") == "1"
        now = datetime.now(timezone.utc)
        lag = self.config.discussion_view_lag
        entries = self.discussions.entries(found.id)
        settled = [e for e in entries if (now - e.created_at).total_seconds() >= lag]
        fresh = [e for e in entries if (now - e.created_at).total_seconds() < lag]
        view, nodes = [], {}
        for entry in settled:
            node = self._entry_json(entry, cid, False)
            nodes[entry.id] = node
            parent = nodes.get(entry.parent_id)
            if parent is not None:
                parent.setdefault("replies", []).append(node)
            else:
                view.append(node)
        shown = settled + (fresh if with_new else [])
        users = sorted({e.user_id for e in shown} | {e.editor_id for e in shown if e.editor_id is not None})
        return json_response(200, {
            "unread_entries": sorted(e.id for e in shown if not e.deleted and not self.discussions.is_read(e.id)),
            "forced_entries": sorted(e.id for e in shown if self.discussions.is_forced(e.id)),
            "entry_ratings": {},
            "participants": [{k: v for k, v in self._discussion_user(uid, cid).items()
                              if k in ("id", "display_name", "avatar_image_url", "html_url")} for uid in users],
            "view": view,
            "new_entries": [self._entry_json(e, cid, False) for e in fresh] if with_new else [],
        })

    def list_discussion_entries(self, req: Request, course: str, topic: str) -> Response:
        """`GET …/discussion_topics/:topic/entries` (DiscussionTopicsApiController#entries): the
        top-level entries, newest first, in pages, each with `user_name` and its read state, and,
        where it has replies, `recent_replies` (its ten newest replies at any depth, newest first)
        and `has_more_replies`. Behind `require_initial_post`."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        entries = self.discussions.entries(found.id)
        newest_first = sorted((e for e in entries if not e.deleted), key=lambda e: (e.created_at, e.id), reverse=True)
        rows = []
        for entry in (e for e in newest_first if e.parent_id is None):
            row = self._entry_json(entry, cid, True)
            replies = self._replies_newest_first(entries, entry.id)
            if replies:
                row["recent_replies"] = [self._entry_json(e, cid, True) for e in replies[:10]]
                row["has_more_replies"] = len(replies) > 10
            rows.append(row)
        return self._paged(req, rows)

    @staticmethod
    def _replies_newest_first(entries: list, eid: int) -> list:
        """Every active reply under the entry `eid`, at any depth, newest first."""
        below: dict = {}
        for entry in entries:
            below.setdefault(entry.parent_id, []).append(entry)
        found, pending = [], list(below.get(eid, []))
        while pending:
            child = pending.pop()
            found.append(child)
            pending += below.get(child.id, [])
        return sorted((e for e in found if not e.deleted), key=lambda e: (e.created_at, e.id), reverse=True)

    def list_discussion_replies(self, req: Request, course: str, topic: str, entry: str) -> Response:
        """`GET …/entries/:entry/replies` (DiscussionTopicsApiController#replies): every reply
        under the entry at any depth, flat, newest first, in pages, each with `user_name` and its
        read state. Behind `require_initial_post`; an entry not in the topic is 404."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        parent = self.discussions.entry(found.id, entry)
        if parent is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        replies = self._replies_newest_first(self.discussions.entries(found.id), parent.id)
        return self._paged(req, [self._entry_json(e, cid, True) for e in replies])

    def _posted_entry(self, cid: int, topic: DiscussionTopicRow, parent: Optional[int], req: Request) -> Response:
        """`save_entry`: 201 with the new entry as the user sees it. Nothing dedupes a post."""
        message = form_fields(req).get("message") or ""
        entry = self.discussions.add(topic.id, parent, 1, message)
        answer = self._entry_json(entry, cid, True)
        answer["user"] = self._discussion_user(1, cid)
        return json_response(201, answer)

    def post_discussion_entry(self, req: Request, course: str, topic: str) -> Response:
        """`POST …/discussion_topics/:topic/entries` (DiscussionTopicsApiController#add_entry),
        `message` as a form or JSON field: 201 with the entry. Exempt from `require_initial_post`
        (it is the initial post); a topic closed for comments answers a student 403 "not authorized"."""
        cid, found = self._discussion(course, topic)
        if self._closed_to_user(found):
            raise ApiError(403, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        return self._posted_entry(cid, found, None, req)

    def post_discussion_reply(self, req: Request, course: str, topic: str, entry: str) -> Response:
        """`POST …/entries/:entry/replies` (DiscussionTopicsApiController#add_reply): 201 with the
        reply, its `parent_id` the entry; in a topic that is not threaded a reply to a reply goes
        under the thread's top entry. Behind `require_initial_post`; an unknown entry is 404, a
        closed topic 403 "not authorized"."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        parent = self.discussions.entry(found.id, entry)
        if parent is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        if self._closed_to_user(found):
            raise ApiError(403, NOT_AUTHORIZED_MESSAGE, extra={"status": "unauthorized"})
        while not found.threaded and parent.parent_id is not None:
            parent = self.discussions.entry(found.id, str(parent.parent_id))
        return self._posted_entry(cid, found, parent.id, req)

    def mark_discussion_entry_read(self, req: Request, course: str, topic: str, entry: str) -> Response:
        """`PUT …/entries/:entry/read` (DiscussionTopicsApiController#mark_entry_read): 204, and the
        entry is read for the user (again: the same); `forced_read_state=true` marks it forced.
        Behind `require_initial_post`; an entry of another topic is 404."""
        cid, found = self._discussion(course, topic)
        self._require_initial_post(found)
        target = self.discussions.entry(found.id, entry)
        if target is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        self.discussions.mark_entry_read(target.id, value_to_boolean(form_fields(req).get("forced_read_state")))
        return Response(204, b"", None)

    def mark_discussion_read_all(self, req: Request, course: str, topic: str) -> Response:
        """`PUT …/discussion_topics/:topic/read_all` (DiscussionTopicsApiController#mark_all_read):
        204, the topic and every entry read. Behind `require_initial_post`."""
        _, found = self._discussion(course, topic)
        self._require_initial_post(found)
        self.discussions.mark_all_read(found.id)
        return Response(204, b"", None)

    def control_discussions(self, _payload) -> Response:
        """Every discussion topic with its entries (flat, oldest first: id, parent_id, user_id,
        message, deleted, created_at) and which of them the user has read."""
        return json_response(200, self.discussions.to_json())

    def control_add_discussion_entry(self, payload) -> Response:
        """A classmate posts (`{"topic": 600521, "message": "<p>…</p>", "parent_id": 52101,
        "user_id": 2101}`; `parent_id` and `user_id` optional, a classmate or the teacher): 201 with
        the entry, unread for the user and, like any new entry, out of `view` for a while."""
        if not isinstance(payload, dict) or not isinstance(payload.get("topic"), int):
            raise ApiError(400, "a discussion entry needs a topic id")
        found = self.discussions.topic(DISCUSSION_COURSE, str(payload["topic"]))
        if found is None:
            raise ApiError(404, NOT_FOUND_MESSAGE)
        teacher = Dataset._teachers(found.course_id, self.base)[0]["id"]
        uid = payload.get("user_id", min(CLASSMATES))
        if uid not in CLASSMATES and uid != teacher:
            raise ApiError(400, f"user_id is one of {sorted(CLASSMATES)} or the teacher, {teacher}")
        parent = payload.get("parent_id")
        if parent is not None and self.discussions.entry(found.id, str(parent)) is None:
            raise ApiError(404, "no such parent entry in the topic")
        entry = self.discussions.add(found.id, parent, uid, str(payload.get("message") or ""))
        return json_response(201, self._entry_json(entry, found.course_id, True))
