"""Self-test of fake_moodle.py: forums, discussions, read tracking and calendar action events."""

from __future__ import annotations

import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import ModuleServer  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop
EVENTS = "core_calendar_get_action_events_by_timesort"
ORDER = [1034, 1031, 3011, 2011, 1013, 3011, 3012, 1022, 1032]   # cmids by timesort; 3011 twice: due, then the extension


def forums(*courses) -> list:
    return SERVER.rest("mod_forum_get_forums_by_courses", [(f"courseids[{i}]", str(c)) for i, c in enumerate(courses)])


def discussions(forumid: int, **extra) -> dict:
    return SERVER.rest("mod_forum_get_forum_discussions", {"forumid": forumid, **extra})


def posts(discussionid: int, **extra) -> dict:
    return SERVER.rest("mod_forum_get_discussion_posts", {"discussionid": discussionid, **extra})


class Base(unittest.TestCase):
    def setUp(self):
        SERVER.reset()


class ForumTests(Base):
    def test_bare_list_with_news_forums_and_tracking(self):
        answer = forums()
        self.assertIsInstance(answer, list)
        self.assertEqual([f["id"] for f in answer], [301, 309, 302, 303, 304, 305, 306])   # 309: 101's general forum
        by_id = {f["id"]: f for f in answer}
        news = by_id[301]
        self.assertEqual((news["type"], news["name"], news["cmid"], news["course"]), ("news", "Announcements", 1001, 101))
        self.assertEqual((news["istracked"], news["unreadpostscount"], news["numdiscussions"]), (True, 1, 3))
        self.assertEqual(by_id[302]["name"], "Thông báo")
        self.assertIs(by_id[303]["istracked"], False)
        self.assertNotIn("unreadpostscount", by_id[303])
        self.assertEqual([f["id"] for f in forums(103, 107)], [303])      # an inaccessible course: dropped

    def test_discussions_fields_and_unread(self):
        answer = discussions(301)
        self.assertEqual(answer["warnings"], [])
        rows = answer["discussions"]
        self.assertEqual([(d["discussion"], d["id"]) for d in rows], [(3011, 30111), (3012, 30121), (3013, 30131)])
        self.assertEqual([d["numunread"] for d in rows], [1, 0, 0])     # 30 days old counts as read
        self.assertEqual([d["numreplies"] for d in rows], [0, 1, 0])
        first = rows[0]
        for key in ("name", "groupid", "timemodified", "usermodified", "timestart", "timeend", "parent", "userid",
                    "created", "modified", "mailed", "subject", "message", "messageformat", "messagetrust",
                    "attachment", "totalscore", "mailnow", "userfullname", "usermodifiedfullname", "userpictureurl",
                    "usermodifiedpictureurl", "pinned", "locked", "starred", "canreply", "canlock", "canfavourite"):
            self.assertIn(key, first)
        self.assertEqual(first["name"], "Lịch học tuần này &amp; phòng thi")
        self.assertEqual(first["userfullname"], "TS. Nguyễn Văn Hùng")
        self.assertEqual(first["attachment"], "1")
        self.assertEqual(first["attachments"][0]["fileurl"],
                         f"{SERVER.wwwroot}/webservice/pluginfile.php/11001/mod_forum/attachment/30111/lich-hoc.pdf")
        self.assertNotIn("attachments", rows[1])
        self.assertEqual([d["numunread"] for d in discussions(303)["discussions"]], [0])   # untracked

    def test_sortorder_and_paging(self):
        created_asc = discussions(301, sortorder=4)["discussions"]
        self.assertEqual([d["discussion"] for d in created_asc], [3013, 3012, 3011])
        page = discussions(301, page=1, perpage=1)["discussions"]
        self.assertEqual([d["discussion"] for d in page], [3012])
        error = discussions(301, sortorder=7)
        self.assertEqual(error["errorcode"], "invalidparameter")
        self.assertIn("allowed values are: 1,2,3,4,5,6", error["debuginfo"])
        self.assertEqual(discussions(999)["errorcode"], "invalidrecord")

    def test_posts_and_unread(self):
        answer = posts(3012)
        self.assertEqual((answer["forumid"], answer["courseid"], answer["warnings"]), (301, 101, []))
        self.assertEqual([p["id"] for p in answer["posts"]], [30122, 30121])             # created DESC
        reply, first = answer["posts"]
        self.assertEqual((reply["hasparent"], reply["parentid"], first["parentid"]), (True, 30121, None))
        self.assertEqual(first["author"]["fullname"], "ThS. Trần Thị Mai Anh")
        self.assertEqual([p["unread"] for p in answer["posts"]], [False, False])
        self.assertEqual(first["replysubject"], "Re: Thay đổi phòng học")
        self.assertIsNone(posts(3031)["posts"][0]["unread"])                            # untracked forum
        attached = posts(3011)["posts"][0]["attachments"][0]
        self.assertEqual(attached["url"], f"{SERVER.wwwroot}/pluginfile.php/11001/mod_forum/attachment/30111/"
                                          "lich-hoc.pdf?forcedownload=1")
        ascending = posts(3012, sortdirection="ASC")["posts"]
        self.assertEqual([p["id"] for p in ascending], [30121, 30122])
        self.assertEqual(posts(3012, sortby="subject")["errorcode"], "invalidparameter")

    def test_reading_posts_marks_nothing_but_view_marks_the_discussion(self):
        self.assertIs(posts(3011)["posts"][0]["unread"], True)
        self.assertIs(posts(3011)["posts"][0]["unread"], True)
        self.assertEqual(SERVER.rest("mod_forum_view_forum_discussion", {"discussionid": 3011}),
                         {"status": True, "warnings": []})
        self.assertIs(posts(3011)["posts"][0]["unread"], False)
        self.assertEqual(discussions(301)["discussions"][0]["numunread"], 0)
        self.assertEqual(forums(101)[0]["unreadpostscount"], 0)

    def test_tracking_off_site_wide(self):
        SERVER.control("POST", "config", {"forum_tracking": False})
        news = forums(101)[0]
        self.assertIs(news["istracked"], False)
        self.assertNotIn("unreadpostscount", news)
        self.assertEqual([d["numunread"] for d in discussions(301)["discussions"]], [0, 0, 0])
        self.assertIsNone(posts(3011)["posts"][0]["unread"])

    def test_announce_makes_an_unread_discussion(self):
        made = SERVER.control("POST", "announce", {"course": 101, "subject": "Nghỉ học thứ Sáu",
                                                   "message": "<p>Lớp nghỉ.</p>"}).json()
        rows = discussions(301)["discussions"]
        self.assertEqual((rows[0]["discussion"], rows[0]["subject"], rows[0]["numunread"]),
                         (made["discussionid"], "Nghỉ học thứ Sáu", 1))
        self.assertEqual(forums(101)[0]["unreadpostscount"], 2)


class ActionEventTests(Base):
    def events(self, **params) -> dict:
        return SERVER.rest(EVENTS, params)

    def test_open_assignment_due_events_and_the_quiz(self):
        answer = self.events()
        events = answer["events"]
        self.assertEqual([e["instance"] for e in events], ORDER)      # instance is the cmid
        self.assertEqual((answer["firstid"], answer["lastid"]), (events[0]["id"], events[-1]["id"]))
        times = [e["timesort"] for e in events]
        self.assertEqual(times, sorted(times))
        by_cmid = {e["instance"]: e for e in events}
        homework = by_cmid[1013]
        self.assertEqual(homework["url"], f"{SERVER.wwwroot}/mod/assign/view.php?id=1013")
        self.assertEqual(homework["action"], {
            "name": "Add submission", "url": f"{SERVER.wwwroot}/mod/assign/view.php?id=1013&action=editsubmission",
            "itemcount": 1, "actionable": True, "showitemcount": False})
        self.assertEqual((homework["modulename"], homework["eventtype"], homework["course"]["id"]), ("assign", "due", 101))
        self.assertIs(homework["overdue"], False)
        self.assertIs(by_cmid[1031]["overdue"], True)
        self.assertIs(by_cmid[1031]["action"]["actionable"], True)      # late, before the cutoff
        self.assertIs(by_cmid[1034]["action"]["actionable"], False)     # after the cutoff
        self.assertIs(by_cmid[1032]["action"]["actionable"], False)     # not open yet
        self.assertIs(by_cmid[3011]["action"]["actionable"], True)      # an extension
        extension = [e for e in events if e["instance"] == 3011]
        self.assertEqual([e["eventtype"] for e in extension], ["due", "extension"])
        self.assertEqual(extension[1]["id"], 8701)
        self.assertEqual((by_cmid[3012]["modulename"], by_cmid[3012]["eventtype"]), ("quiz", "close"))
        self.assertEqual(by_cmid[2011]["course"]["fullname"], "Cơ sở dữ liệu &amp; SQL")

    def test_paging_by_aftereventid(self):
        seen, after = [], 0
        while True:
            page = self.events(limitnum=3, aftereventid=after)
            seen += [e["instance"] for e in page["events"]]
            if len(page["events"]) < 3:
                break
            after = page["lastid"]
        self.assertEqual(seen, ORDER)
        empty = self.events(aftereventid=self.events()["lastid"])
        self.assertEqual((empty["events"], empty["firstid"], empty["lastid"]), ([], None, None))

    def test_limitnum_bounds_and_timesort_window(self):
        for limit in (0, 51):
            error = self.events(limitnum=limit)
            self.assertEqual((error["exception"], error["errorcode"]),
                             ("moodle_exception", "Limit must be between 1 and 50 (inclusive)"))
        self.assertEqual(len(self.events(limitnum=50)["events"]), len(ORDER))
        future = self.events(timesortfrom=int(time.time()))["events"]
        self.assertEqual([e["instance"] for e in future], ORDER[3:])
        self.assertEqual(SERVER.rest(EVENTS, {"userid": 21})["errorcode"], "nopermissions")


if __name__ == "__main__":
    unittest.main()
