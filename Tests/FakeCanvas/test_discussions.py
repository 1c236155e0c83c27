"""Discussions (topics that are not announcements) in fake_canvas.py, as canvas-lms's
DiscussionTopicsController#index and DiscussionTopicsApiController answer them: course 52's
topics, the cached `view` with its lag, entries and replies, marking read, `require_initial_post`.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_discussions.py" -v
"""

from __future__ import annotations

import http.client
import json
import os
import sys
import time
import unittest
from urllib.parse import urlencode

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import ModuleServer  # noqa: E402
from test_fake_canvas import AUTH, every_page, request, start_server  # noqa: E402


class SixtyCourses(ModuleServer):
    """The shared server, with sixty courses: course 52, the one with discussions, among them."""

    def start(self) -> None:
        self.proc, self.port, self.control_port = start_server("--courses", "60")


SERVER = SixtyCourses()
setUpModule, tearDownModule = SERVER.start, SERVER.stop

WEEK3, REFLECTION, INTRO, WEEK1 = 600521, 600522, 600523, 600524
REFLECTION_ASSIGNMENT = 500524
TOPICS = "/api/v1/courses/52/discussion_topics"
FORM = {**AUTH, "Content-Type": "application/x-www-form-urlencoded"}
TOPIC_KEYS = {"id", "title", "message", "html_url", "url", "posted_at", "last_reply_at", "created_at",
              "delayed_post_at", "lock_at", "user_name", "author", "discussion_subentry_count", "read_state",
              "unread_count", "subscribed", "require_initial_post", "user_can_see_posts", "discussion_type",
              "pinned", "locked", "locked_for_user", "assignment_id", "published", "is_announcement",
              "permissions", "todo_date"}


def api(method: str, path: str, body=None, headers=None):
    return request(method, SERVER.url(path), body, headers or AUTH)


def get(test: unittest.TestCase, path: str):
    reply = api("GET", path)
    test.assertEqual(reply.status, 200, reply.body)
    return reply.json()


def post(topic: int, message: str, entry: int | None = None, as_json: bool = False):
    path = f"{TOPICS}/{topic}/entries" + (f"/{entry}/replies" if entry else "")
    if as_json:
        return api("POST", path, json.dumps({"message": message}).encode(), {**AUTH, "Content-Type": "application/json"})
    return api("POST", path, urlencode({"message": message}).encode(), FORM)


def put(path: str):
    return api("PUT", path, b"", {**AUTH, "Content-Length": "0"})


def topics(test: unittest.TestCase, query: str = "") -> list:
    return every_page(test, SERVER.url(f"{TOPICS}?{query}"))


def topic(test: unittest.TestCase, tid: int) -> dict:
    return next(t for t in topics(test) if t["id"] == tid)


def view(test: unittest.TestCase, tid: int, new_entries: bool = False) -> dict:
    return get(test, f"{TOPICS}/{tid}/view" + ("?include_new_entries=1" if new_entries else ""))


def flat(entries: list) -> list:
    """The ids of a view's tree, depth first."""
    return [i for e in entries for i in [e["id"]] + flat(e.get("replies", []))]


def recorded(tid: int) -> dict:
    return next(t for t in SERVER.control("GET", "discussions").json() if t["id"] == tid)


class DiscussionTests(unittest.TestCase):
    def setUp(self):
        self.assertEqual(SERVER.control("POST", "reset").status, 200)
        self.role("student")

    def role(self, name: str) -> None:
        self.assertEqual(SERVER.control("POST", "config", {"role": name}).status, 200)

    # ---- the list

    def test_course_52_lists_its_discussions_pinned_first_then_by_latest_activity(self):
        listed = topics(self)
        self.assertEqual([t["title"] for t in listed],
                         ["Introduce yourself", "Reflection post", "Week 3 questions", "Week 1 questions"])
        self.assertEqual([t["id"] for t in listed], [INTRO, REFLECTION, WEEK3, WEEK1])
        for row in listed:
            self.assertLessEqual(TOPIC_KEYS, set(row), row["title"])
            self.assertFalse(row["is_announcement"])
            self.assertTrue(row["published"])
            self.assertTrue(row["html_url"].endswith(f"/courses/52/discussion_topics/{row['id']}"))
            self.assertEqual(set(row["permissions"]), {"attach", "update", "reply", "delete"})
        self.assertEqual([t["pinned"] for t in listed], [True, False, False, False])
        self.assertEqual(listed[1]["last_reply_at"], max(t["last_reply_at"] for t in listed[1:]))

    def test_week_3_questions_counts_its_entries_and_what_is_unread(self):
        week3 = topic(self, WEEK3)
        self.assertEqual((week3["discussion_type"], week3["assignment_id"], week3["require_initial_post"]),
                         ("threaded", None, False))
        self.assertEqual(week3["discussion_subentry_count"], 5, "the deleted entry is not counted")
        self.assertEqual((week3["unread_count"], week3["read_state"]), (3, "unread"))
        self.assertNotIn("assignment", week3)
        self.assertEqual(week3["author"]["display_name"], week3["user_name"])

    def test_reflection_post_is_graded_by_an_assignment_of_course_52(self):
        reflection = topic(self, REFLECTION)
        self.assertEqual(reflection["assignment_id"], REFLECTION_ASSIGNMENT)
        self.assertEqual(reflection["assignment"]["submission_types"], ["discussion_topic"])
        self.assertEqual((reflection["require_initial_post"], reflection["user_can_see_posts"]), (True, False))
        self.assertEqual((reflection["discussion_subentry_count"], reflection["unread_count"]), (2, 2))
        assignments = {a["id"]: a for a in get(self, "/api/v1/courses/52/assignments?per_page=50")}
        self.assertEqual(sorted(assignments), [500521, 500522, 500523, REFLECTION_ASSIGNMENT])
        self.assertEqual(assignments[REFLECTION_ASSIGNMENT]["discussion_topic"]["id"], REFLECTION)
        self.assertNotIn("assignment", assignments[REFLECTION_ASSIGNMENT]["discussion_topic"])
        self.assertEqual(len(get(self, "/api/v1/courses/51/assignments")), 3, "other courses keep three")
        added = SERVER.control("POST", "changes", {"kind": "add_assignment", "course": 52, "name": "Quiz"}).json()
        self.assertEqual(added["id"], 500525, "an added one is numbered after the discussion's")

    def test_other_courses_have_none_and_announcements_stay_apart(self):
        self.assertEqual(topics(self, "").__len__(), 4)
        self.assertEqual(every_page(self, SERVER.url("/api/v1/courses/2/discussion_topics")), [])
        announcements = topics(self, "only_announcements=true")
        self.assertEqual(len(announcements), 4)
        self.assertFalse({t["id"] for t in announcements} & {WEEK3, REFLECTION, INTRO, WEEK1})

    def test_order_by_title_filter_by_unread_and_pages(self):
        self.assertEqual([t["title"] for t in topics(self, "order_by=title")],
                         ["Introduce yourself", "Reflection post", "Week 1 questions", "Week 3 questions"])
        self.assertEqual([t["id"] for t in topics(self, "order_by=recent_activity")], [INTRO, REFLECTION, WEEK3, WEEK1])
        self.assertEqual([t["id"] for t in topics(self, "filter_by=unread")], [REFLECTION, WEEK3])
        first = api("GET", f"{TOPICS}?per_page=1")
        self.assertIn('rel="next"', first.headers["Link"])
        self.assertEqual([t["id"] for t in topics(self, "per_page=1")], [t["id"] for t in topics(self)])

    def test_a_student_sees_a_closed_topic_locked_and_a_teacher_does_not(self):
        week1 = topic(self, WEEK1)
        self.assertEqual((week1["locked"], week1["locked_for_user"], week1["permissions"]["reply"]), (True, True, False))
        self.role("teacher")
        week1 = topic(self, WEEK1)
        self.assertEqual((week1["locked"], week1["locked_for_user"], week1["permissions"]["reply"]), (True, False, True))

    def test_one_topic_by_id_and_unknown_ones(self):
        self.assertEqual(get(self, f"{TOPICS}/{WEEK3}")["title"], "Week 3 questions")
        self.assertEqual(api("GET", f"{TOPICS}/{REFLECTION}").status, 200, "show is exempt from require_initial_post")
        self.assertEqual(api("GET", f"/api/v1/courses/2/discussion_topics/{WEEK3}/view").status, 404)
        self.assertEqual(api("GET", f"{TOPICS}/123/view").status, 404)
        self.assertEqual(put(f"{TOPICS}/{WEEK3}/entries/52201/read").status, 404, "an entry of another topic")
        self.assertEqual(post(WEEK3, "x", entry=99999).status, 404)

    # ---- the view

    def test_the_view_is_a_tree_with_a_deleted_entry_kept_in_its_place(self):
        answer = view(self, WEEK3)
        self.assertEqual(set(answer), {"unread_entries", "forced_entries", "entry_ratings", "participants", "view",
                                       "new_entries"})
        self.assertEqual((answer["forced_entries"], answer["entry_ratings"], answer["new_entries"]), ([], {}, []))
        self.assertEqual(answer["unread_entries"], [52103, 52105, 52106])
        tree = answer["view"]
        self.assertEqual([e["id"] for e in tree], [52101, 52105])
        self.assertEqual(flat(tree), [52101, 52102, 52103, 52104, 52105, 52106])
        question = tree[0]
        self.assertEqual((question["parent_id"], question["rating_count"], question["rating_sum"]), (None, None, None))
        teacher_answer, deleted = question["replies"]
        self.assertEqual(teacher_answer["replies"][0]["parent_id"], 52102, "two levels deep")
        self.assertIn('<a href="https://example.com/notes/hashing">', teacher_answer["message"])
        self.assertIn("&amp;", teacher_answer["message"])
        self.assertTrue(teacher_answer["message"].startswith("<p>"))
        self.assertTrue(deleted["deleted"])
        self.assertNotIn("message", deleted)
        self.assertNotIn("user_id", deleted)
        for entry in [question, teacher_answer, deleted]:
            self.assertNotIn("read_state", entry)
            self.assertNotIn("user_name", entry)
        self.assertNotIn("replies", teacher_answer["replies"][0], "a leaf has no replies key, as in Canvas's view")
        names = {p["id"]: p["display_name"] for p in answer["participants"]}
        self.assertEqual(names[2101], "Mai Phương")
        self.assertEqual(set(answer["participants"][0]), {"id", "display_name", "avatar_image_url", "html_url"})

    # ---- marking read

    def test_marking_entries_read_lowers_the_unread_count_and_is_idempotent(self):
        reply = put(f"{TOPICS}/{WEEK3}/entries/52103/read")
        self.assertEqual((reply.status, reply.body), (204, b""))
        self.assertEqual(put(f"{TOPICS}/{WEEK3}/entries/52103/read").status, 204)
        self.assertEqual(topic(self, WEEK3)["unread_count"], 2)
        self.assertEqual(view(self, WEEK3)["unread_entries"], [52105, 52106])
        self.assertEqual(recorded(WEEK3)["unread_entry_ids"], [52105, 52106])
        self.assertIn(52103, recorded(WEEK3)["read_entry_ids"])
        self.assertEqual(put(f"{TOPICS}/{WEEK3}/read").status, 204)
        week3 = topic(self, WEEK3)
        self.assertEqual((week3["read_state"], week3["unread_count"]), ("read", 2), "the topic only, not its entries")
        self.assertEqual(put(f"{TOPICS}/{WEEK3}/read_all").status, 204)
        self.assertEqual(topic(self, WEEK3)["unread_count"], 0)
        self.assertEqual(view(self, WEEK3)["unread_entries"], [])
        self.assertEqual(SERVER.control("POST", "reset").status, 200)
        self.assertEqual(topic(self, WEEK3)["unread_count"], 3, "a reset forgets the marks")

    def test_a_forced_read_state_is_listed(self):
        reply = api("PUT", f"{TOPICS}/{WEEK3}/entries/52105/read", b"forced_read_state=true", FORM)
        self.assertEqual(reply.status, 204)
        self.assertEqual(view(self, WEEK3)["forced_entries"], [52105])

    # ---- require_initial_post

    def test_a_student_must_post_before_reading_a_topic_that_requires_it(self):
        for method, path in (("GET", "view"), ("GET", "entries"), ("PUT", "entries/52201/read"), ("PUT", "read_all"),
                             ("POST", "entries/52201/replies")):
            reply = api(method, f"{TOPICS}/{REFLECTION}/{path}", b"message=x" if method == "POST" else b"", FORM)
            self.assertEqual((reply.status, reply.json()), (403, "require_initial_post"), f"{method} {path}")
        self.assertEqual(put(f"{TOPICS}/{REFLECTION}/read").status, 204, "marking the topic read is exempt")
        self.assertEqual(recorded(REFLECTION)["entries"].__len__(), 2, "nothing refused was posted")

        made = post(REFLECTION, "<p>My reflection.</p>")
        self.assertEqual(made.status, 201, made.body)
        entry = made.json()
        self.assertEqual((entry["parent_id"], entry["user_id"], entry["message"], entry["read_state"],
                          entry["forced_read_state"]), (None, 1, "<p>My reflection.</p>", "read", False))
        self.assertEqual((entry["user"]["id"], entry["user_name"]), (1, "Test User"))
        self.assertLessEqual({"id", "created_at", "updated_at", "rating_count", "rating_sum"}, set(entry))

        reflection = topic(self, REFLECTION)
        self.assertEqual((reflection["user_can_see_posts"], reflection["subscribed"]), (True, True))
        self.assertEqual((reflection["discussion_subentry_count"], reflection["unread_count"]), (3, 2))
        self.assertNotIn("subscription_hold", reflection)
        self.assertEqual(view(self, REFLECTION)["unread_entries"], [52201, 52202])
        listed = get(self, f"{TOPICS}/{REFLECTION}/entries")
        self.assertEqual([e["id"] for e in listed], [entry["id"], 52202, 52201], "newest first")
        self.assertEqual(post(REFLECTION, "<p>A reply.</p>", entry=52201).status, 201)
        self.assertEqual(put(f"{TOPICS}/{REFLECTION}/read_all").status, 204)
        self.assertEqual(topic(self, REFLECTION)["unread_count"], 0)

    def test_a_teacher_reads_without_posting(self):
        self.role("teacher")
        self.assertEqual(topic(self, REFLECTION)["user_can_see_posts"], True)
        self.assertEqual(flat(view(self, REFLECTION)["view"]), [52201, 52202])

    # ---- posting

    def test_a_new_entry_is_only_in_new_entries_until_the_view_catches_up(self):
        made = post(WEEK3, "<p>Is there a lab this week?</p>", entry=52105, as_json=True)
        self.assertEqual(made.status, 201, made.body)
        new_id = made.json()["id"]
        self.assertEqual(made.json()["parent_id"], 52105)
        plain = view(self, WEEK3)
        self.assertNotIn(new_id, flat(plain["view"]))
        self.assertEqual(plain["new_entries"], [])
        fresh = view(self, WEEK3, new_entries=True)
        self.assertNotIn(new_id, flat(fresh["view"]))
        self.assertEqual([(e["id"], e["parent_id"], e["user_id"]) for e in fresh["new_entries"]], [(new_id, 52105, 1)])
        self.assertNotIn("replies", fresh["new_entries"][0])
        self.assertNotIn(new_id, fresh["unread_entries"], "the user's own entry is read")
        self.assertIn(1, [p["id"] for p in fresh["participants"]])
        self.assertEqual(topic(self, WEEK3)["discussion_subentry_count"], 6, "the list counts it at once")

        self.assertEqual(SERVER.control("POST", "config", {"discussion_view_lag": 0}).status, 200)
        settled = view(self, WEEK3, new_entries=True)
        self.assertEqual(settled["new_entries"], [])
        under = next(e for e in settled["view"] if e["id"] == 52105)["replies"]
        self.assertEqual([e["id"] for e in under], [52106, new_id])

    def test_the_view_catches_up_by_itself(self):
        self.assertEqual(SERVER.control("POST", "config", {"discussion_view_lag": 1.5}).status, 200)
        started = time.monotonic()
        new_id = post(WEEK3, "<p>Soon in the view.</p>").json()["id"]
        first = flat(view(self, WEEK3)["view"])
        if time.monotonic() - started < 1.5:  # a machine this slow can't see the lag
            self.assertNotIn(new_id, first)
        deadline = time.monotonic() + 10
        while new_id not in flat(view(self, WEEK3)["view"]) and time.monotonic() < deadline:
            time.sleep(0.2)
        self.assertEqual(flat(view(self, WEEK3)["view"])[-1], new_id)
        self.assertGreaterEqual(time.monotonic() - started, 1.5)

    def test_every_post_makes_an_entry_and_replies_thread_as_the_topic_does(self):
        first, second = post(WEEK3, "<p>Same</p>"), post(WEEK3, "<p>Same</p>")
        self.assertEqual((first.status, second.status), (201, 201))
        self.assertNotEqual(first.json()["id"], second.json()["id"], "nothing dedupes a post")
        deep = post(WEEK3, "<p>Deeper</p>", entry=52103)
        self.assertEqual(deep.json()["parent_id"], 52103, "a threaded topic nests a reply to a reply")
        flattened = post(INTRO, "<p>Hi Lucía</p>", entry=52303)
        self.assertEqual(flattened.status, 201, flattened.body)
        self.assertEqual(flattened.json()["parent_id"], 52302, "not threaded: under the thread's top entry")
        mine = [e for e in recorded(WEEK3)["entries"] if e["user_id"] == 1]
        self.assertEqual([(e["message"], e["parent_id"], e["deleted"]) for e in mine],
                         [("<p>Same</p>", None, False), ("<p>Same</p>", None, False), ("<p>Deeper</p>", 52103, False)])
        self.assertEqual(SERVER.control("POST", "reset").status, 200)
        self.assertFalse([e for e in recorded(WEEK3)["entries"] if e["user_id"] == 1], "a reset forgets posts")

    def test_a_closed_topic_refuses_a_students_post_but_not_a_teachers(self):
        refused = post(WEEK1, "<p>Late question</p>")
        self.assertEqual(refused.status, 403)
        self.assertEqual(refused.json(), {"status": "unauthorized",
                                          "errors": [{"message": "user not authorized to perform that action"}]})
        self.assertEqual(post(WEEK1, "<p>Late</p>", entry=52401).status, 403)
        self.role("teacher")
        self.assertEqual(post(WEEK1, "<p>Closing note</p>").status, 201)

    def test_the_entries_list_has_recent_replies_and_read_states(self):
        listed = get(self, f"{TOPICS}/{WEEK3}/entries")
        self.assertEqual([e["id"] for e in listed], [52105, 52101], "top-level entries, newest first")
        question = listed[1]
        self.assertEqual([r["id"] for r in question["recent_replies"]], [52103, 52102], "newest first, no deleted")
        self.assertFalse(question["has_more_replies"])
        self.assertEqual((question["user_name"], question["read_state"]), ("Mai Phương", "read"))
        self.assertEqual(listed[0]["read_state"], "unread")
        self.assertEqual(question["recent_replies"][0]["read_state"], "unread")
        for number in range(11):
            self.assertEqual(post(WEEK3, f"<p>{number}</p>", entry=52105).status, 201)
        busy = get(self, f"{TOPICS}/{WEEK3}/entries")[0]
        self.assertEqual((len(busy["recent_replies"]), busy["has_more_replies"]), (10, True))
        paged = every_page(self, SERVER.url(f"{TOPICS}/{WEEK3}/entries?per_page=1"))
        self.assertEqual([e["id"] for e in paged], [52105, 52101])

    def test_an_entrys_replies_are_listed_flat_newest_first(self):
        listed = get(self, f"{TOPICS}/{WEEK3}/entries/52101/replies")
        self.assertEqual([e["id"] for e in listed], [52103, 52102], "every depth, newest first, no deleted")
        deep = post(WEEK3, "<p>Under a reply</p>", entry=52103).json()
        again = get(self, f"{TOPICS}/{WEEK3}/entries/52101/replies")
        self.assertEqual([e["id"] for e in again], [deep["id"], 52103, 52102], "a reply to a reply is listed under the top entry")
        self.assertEqual((again[0]["user_id"], again[0]["message"]), (1, "<p>Under a reply</p>"))
        self.assertEqual(api("GET", f"{TOPICS}/{WEEK3}/entries/99999/replies").status, 404)
        paged = every_page(self, SERVER.url(f"{TOPICS}/{WEEK3}/entries/52101/replies?per_page=1"))
        self.assertEqual(len(paged), 3)

    def test_an_entrys_replies_are_hidden_until_the_student_posts(self):
        hidden = api("GET", f"{TOPICS}/{REFLECTION}/entries/52201/replies")
        self.assertEqual((hidden.status, hidden.json()), (403, "require_initial_post"))

    def test_faults_apply_to_the_discussion_routes(self):
        rule = {"match": f"/discussion_topics/{WEEK3}/entries$", "method": "POST", "kind": "lost_reply"}
        self.assertEqual(SERVER.control("POST", "faults", rule).status, 201)
        with self.assertRaises((http.client.HTTPException, ConnectionError)):
            post(WEEK3, "<p>Lost answer</p>")
        self.assertEqual([e["message"] for e in recorded(WEEK3)["entries"] if e["user_id"] == 1], ["<p>Lost answer</p>"],
                         "the post was made; only its answer was lost")
        self.assertEqual(SERVER.control("POST", "faults", {"match": "/view", "kind": "503"}).status, 201)
        self.assertEqual(api("GET", f"{TOPICS}/{WEEK3}/view").status, 503)

    # ---- control

    def test_a_classmate_posts_through_the_control_api(self):
        made = SERVER.control("POST", "discussions", {"topic": WEEK3, "message": "<p>Me too</p>", "parent_id": 52105})
        self.assertEqual(made.status, 201, made.body)
        self.assertEqual((made.json()["user_id"], made.json()["read_state"]), (2101, "unread"))
        self.assertEqual(topic(self, WEEK3)["unread_count"], 4)
        self.assertIn(made.json()["id"], view(self, WEEK3, new_entries=True)["unread_entries"])
        self.assertEqual(SERVER.control("POST", "discussions", {"topic": 1, "message": "x"}).status, 404)
        self.assertEqual(SERVER.control("POST", "discussions", {"topic": WEEK3, "user_id": 1}).status, 400)

    def test_the_control_api_lists_topics_entries_and_reads(self):
        rows = SERVER.control("GET", "discussions").json()
        self.assertEqual([(r["course_id"], r["id"], r["title"]) for r in rows],
                         [(52, WEEK3, "Week 3 questions"), (52, REFLECTION, "Reflection post"),
                          (52, INTRO, "Introduce yourself"), (52, WEEK1, "Week 1 questions")])
        week3 = rows[0]
        self.assertEqual([e["id"] for e in week3["entries"]], [52101, 52102, 52104, 52103, 52105, 52106])
        self.assertEqual(set(week3["entries"][0]), {"id", "parent_id", "user_id", "message", "deleted", "created_at"})
        self.assertEqual([e["id"] for e in week3["entries"] if e["deleted"]], [52104])
        self.assertEqual(week3["unread_entry_ids"], [52103, 52105, 52106])
        self.assertEqual(rows[1]["unread_entry_ids"], [52201, 52202])


if __name__ == "__main__":
    unittest.main()
