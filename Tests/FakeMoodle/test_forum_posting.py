"""Self-test of fake_moodle.py: the general forum 309 of course 101, reply permissions
(canreply, locked, capabilities.reply) and mod_forum_add_discussion_post."""

from __future__ import annotations

import http.client
import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import FORM_TYPE, TOKEN, ModuleServer, form  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop
ADD = "mod_forum_add_discussion_post"
MESSAGES = [{"type": "success", "message": "Your post was successfully added."},
            {"type": "success", "message": "You have 30 mins to edit it if you want to make any changes."}]
NOPOST = {"exception": "moodle_exception", "errorcode": "nopostforum",
          "message": "Sorry, you are not allowed to post to this forum"}


def forums(*courses) -> list:
    return SERVER.rest("mod_forum_get_forums_by_courses", [(f"courseids[{i}]", str(c)) for i, c in enumerate(courses)])


def discussions(forumid: int, **extra) -> dict:
    return SERVER.rest("mod_forum_get_forum_discussions", {"forumid": forumid, **extra})


def posts(discussionid: int, **extra) -> dict:
    return SERVER.rest("mod_forum_get_discussion_posts", {"discussionid": discussionid, **extra})


def add_pairs(postid: int, subject: str, message: str, options=(), messageformat: int | None = 1) -> list:
    pairs = [("postid", str(postid)), ("subject", subject), ("message", message)]
    if messageformat is not None:
        pairs.append(("messageformat", str(messageformat)))
    for i, (name, value) in enumerate(options):
        pairs += [(f"options[{i}][name]", name), (f"options[{i}][value]", value)]
    return pairs


def add(postid: int, subject: str = "Re: Hỏi về bài tập 1", message: str = "<p>Em cảm ơn thầy ạ!</p>",
        **kw) -> dict:
    return SERVER.rest(ADD, add_pairs(postid, subject, message, **kw))


def stored(discussionid: int) -> list:
    reply = SERVER.control("GET", f"forum_posts?discussion={discussionid}")
    assert reply.status == 200, reply.body
    return reply.json()


class Base(unittest.TestCase):
    def setUp(self):
        SERVER.reset()


class SeedTests(Base):
    def test_the_general_forum_is_a_module_and_a_forum(self):
        general = SERVER.rest("core_course_get_contents", {"courseid": 101})[0]
        self.assertEqual([m["id"] for m in general["modules"]], [1001, 1002, 1003, 1009])
        module = general["modules"][-1]
        self.assertEqual((module["modname"], module["instance"], module["name"], module["contextid"]),
                         ("forum", 309, "Thảo luận chung", 11009))
        self.assertEqual(module["url"], f"{SERVER.wwwroot}/mod/forum/view.php?id=1009")
        rows = forums(101)
        self.assertEqual([f["id"] for f in rows], [301, 309])
        news, general_forum = rows
        self.assertEqual((general_forum["type"], general_forum["name"], general_forum["cmid"], general_forum["course"]),
                         ("general", "Thảo luận chung", 1009, 101))
        self.assertEqual((general_forum["trackingtype"], general_forum["istracked"], general_forum["unreadpostscount"],
                          general_forum["numdiscussions"]), (1, True, 1, 2))
        self.assertIs(general_forum["cancreatediscussions"], True)     # mod/forum:startdiscussion
        self.assertIs(news["cancreatediscussions"], False)             # no mod/forum:addnews
        self.assertEqual((news["unreadpostscount"], news["numdiscussions"]), (1, 3))   # unchanged

    def test_discussions_report_locked_and_canreply(self):
        rows = discussions(309)["discussions"]
        self.assertEqual([(d["discussion"], d["id"]) for d in rows], [(3091, 30911), (3092, 30921)])
        self.assertEqual([d["name"] for d in rows], ["Hỏi về bài tập 1", "Nhóm học tập tuần 2"])
        self.assertEqual([d["locked"] for d in rows], [False, True])
        self.assertEqual([d["canreply"] for d in rows], [True, False])
        self.assertEqual([d["numreplies"] for d in rows], [2, 1])
        self.assertEqual([d["numunread"] for d in rows], [1, 0])
        question = rows[0]
        self.assertEqual((question["userid"], question["userfullname"]), (31, "Trần Thị Bích"))
        self.assertEqual((question["usermodified"], question["usermodifiedfullname"]), (32, "Lê Văn Cường"))
        self.assertEqual(rows[1]["userfullname"], "TS. Nguyễn Văn Hùng")
        news = discussions(301)["discussions"]
        self.assertEqual([(d["canreply"], d["locked"]) for d in news], [(False, False)] * 3)   # no replynews

    def test_posts_of_the_question_chain_and_unread(self):
        answer = posts(3091, sortdirection="ASC")
        self.assertEqual((answer["forumid"], answer["courseid"]), (309, 101))
        rows = answer["posts"]
        self.assertEqual([p["id"] for p in rows], [30911, 30912, 30913])
        self.assertEqual([p["parentid"] for p in rows], [None, 30911, 30912])
        self.assertEqual([p["hasparent"] for p in rows], [False, True, True])
        self.assertEqual([p["author"]["id"] for p in rows], [31, 21, 32])
        self.assertEqual([p["author"]["fullname"] for p in rows], ["Trần Thị Bích", "TS. Nguyễn Văn Hùng", "Lê Văn Cường"])
        self.assertEqual([p["unread"] for p in rows], [False, False, True])
        self.assertEqual([p["message"] for p in rows], ["<p>Bài 3 có cần nộp code không?</p>",
                                                        "<p>Có, nộp cả code và báo cáo.</p>", "<p>Cảm ơn thầy!</p>"])
        self.assertEqual(rows[1]["subject"], "Re: Hỏi về bài tập 1")
        day = 86400
        self.assertEqual(rows[0]["timecreated"] - rows[2]["timecreated"], -2 * day)
        for post in rows:
            self.assertIs(post["capabilities"]["reply"], True)
            self.assertIs(post["capabilities"]["edit"], False)        # not the student's
            self.assertEqual(post["urls"]["reply"], f"{SERVER.wwwroot}/mod/forum/post.php?reply={post['id']}#mformforum")
            self.assertIsNone(post["urls"]["edit"])
        for discussion in (3092, 3011, 3012):                          # locked; news
            for post in posts(discussion)["posts"]:
                self.assertIs(post["capabilities"]["reply"], False)
                self.assertIsNone(post["urls"]["reply"])
        locked = posts(3092, sortdirection="ASC")["posts"]
        self.assertEqual([(p["id"], p["parentid"], p["author"]["id"], p["unread"]) for p in locked],
                         [(30921, None, 21, False), (30922, 30921, 31, False)])

    def test_control_lists_the_stored_posts(self):
        rows = stored(3091)
        self.assertEqual([(p["id"], p["parent"], p["userid"]) for p in rows],
                         [(30911, 0, 31), (30912, 30911, 21), (30913, 30912, 32)])
        self.assertEqual(rows[2]["message"], "<p>Cảm ơn thầy!</p>")
        self.assertEqual(set(rows[0]), {"id", "parent", "userid", "subject", "message", "created"})
        reply = SERVER.control("GET", "forum_posts?discussion=9999")
        self.assertEqual(reply.status, 404)
        self.assertIn("error", reply.json())
        self.assertEqual(SERVER.control("GET", "forum_posts").status, 404)


class AddPostTests(Base):
    def test_a_reply_is_made_stored_as_sent_and_read_for_its_author(self):
        message = "<p>Em cũng <b>cảm ơn</b> thầy ạ! Code &amp; báo cáo</p><script>alert(1)</script>\n"
        before = int(time.time())
        answer = add(30913, message=message)
        after = int(time.time())
        self.assertEqual(set(answer), {"postid", "warnings", "post", "messages"})
        self.assertEqual((answer["postid"], answer["warnings"], answer["messages"]), (700001, [], MESSAGES))
        post = answer["post"]
        seeded = posts(3091)["posts"][-1]
        self.assertEqual(set(post), set(seeded))                      # the same exported shape
        self.assertEqual(set(post["capabilities"]), set(seeded["capabilities"]))
        self.assertEqual(set(post["urls"]), set(seeded["urls"]))
        self.assertEqual((post["id"], post["discussionid"], post["parentid"], post["hasparent"]),
                         (700001, 3091, 30913, True))
        self.assertEqual((post["author"]["id"], post["author"]["fullname"]), (7, "Nguyễn Văn An"))
        self.assertEqual((post["subject"], post["messageformat"]), ("Re: Hỏi về bài tập 1", 1))
        self.assertNotIn("<script>", post["message"])                  # formatted on the way out
        self.assertIs(post["unread"], False)                           # forum_tp_mark_post_read()
        self.assertIs(post["isprivatereply"], False)
        self.assertEqual((post["capabilities"]["reply"], post["capabilities"]["edit"], post["capabilities"]["delete"]),
                         (True, True, True))                           # own post, within 30 minutes
        self.assertEqual(post["urls"]["edit"], f"{SERVER.wwwroot}/mod/forum/post.php?edit=700001")
        self.assertTrue(before <= post["timecreated"] == post["timemodified"] <= after)
        # Stored as sent.
        last = stored(3091)[-1]
        self.assertEqual(last, {"id": 700001, "parent": 30913, "userid": 7, "subject": "Re: Hỏi về bài tập 1",
                                "message": message, "created": post["timecreated"]})
        raw = posts(3091, moodlewssettingraw="1")["posts"][0]
        self.assertEqual(raw["message"], message)
        # Seen by the reads: newest first, by the student, read.
        newest = posts(3091)["posts"]
        self.assertEqual([p["id"] for p in newest], [700001, 30913, 30912, 30911])
        self.assertEqual((newest[0]["author"]["id"], newest[0]["unread"]), (7, False))
        row = discussions(309)["discussions"][0]
        self.assertEqual((row["discussion"], row["numreplies"], row["numunread"], row["usermodified"]),
                         (3091, 3, 1, 7))
        self.assertEqual(forums(101)[1]["unreadpostscount"], 1)

    def test_a_reply_to_the_first_post_with_options(self):
        answer = add(30911, subject="Hỏi thêm", options=[("discussionsubscribe", "0"), ("private", "1"),
                                                         ("inlineattachmentsid", "0"), ("topreferredformat", "0")],
                     messageformat=None)
        post = answer["post"]
        self.assertEqual((post["parentid"], post["messageformat"]), (30911, 1))
        self.assertIs(post["isprivatereply"], False)                   # a student cannot reply privately
        self.assertEqual(post["replysubject"], "Re: Hỏi thêm")

    def test_sending_the_same_reply_twice_makes_two_posts(self):
        first = add(30912, message="<p>Giống nhau</p>")
        second = add(30912, message="<p>Giống nhau</p>")
        self.assertEqual((first["postid"], second["postid"]), (700001, 700002))
        rows = stored(3091)
        self.assertEqual([(p["id"], p["parent"], p["message"]) for p in rows[-2:]],
                         [(700001, 30912, "<p>Giống nhau</p>"), (700002, 30912, "<p>Giống nhau</p>")])
        self.assertEqual(discussions(309)["discussions"][0]["numreplies"], 4)

    def test_nopostforum_for_a_locked_discussion_and_a_news_forum(self):
        for postid in (30921, 30922, 30111, 30122):
            self.assertEqual(add(postid), NOPOST, postid)
        self.assertEqual(len(stored(3092)), 2)
        self.assertEqual(len(stored(3011)), 1)
        self.assertEqual(len(stored(3012)), 2)

    def test_invalidparentpostid_comes_first(self):
        expected = {"exception": "moodle_exception", "errorcode": "invalidparentpostid",
                    "message": "Parent post ID was incorrect"}
        self.assertEqual(add(999999), expected)
        self.assertEqual(add(999999, options=[("nonsense", "1")]), expected)

    def test_errorinvalidparam_for_an_unknown_option_before_the_permission(self):
        expected = {"exception": "moodle_exception", "errorcode": "errorinvalidparam",
                    "message": 'The param "nonsense" is invalid.'}
        self.assertEqual(add(30913, options=[("nonsense", "1")]), expected)
        self.assertEqual(add(30921, options=[("nonsense", "1")]), expected)   # locked, but options come first
        # The name is PARAM_ALPHANUM: validate_parameters() refuses an underscore outright.
        self.assertEqual(add(30913, options=[("discussion_subscribe", "1")])["errorcode"], "invalidparameter")
        self.assertEqual(len(stored(3091)), 3)

    def test_parameter_validation(self):
        self.assertEqual(add(30913, subject="<b>Re</b>")["errorcode"], "invalidparameter")   # PARAM_TEXT
        missing = SERVER.rest(ADD, [("postid", "30913"), ("subject", "Re")])
        self.assertEqual(missing["errorcode"], "invalidparameter")
        self.assertIn("message", missing["debuginfo"])
        self.assertEqual(add(30913, messageformat=None)["post"]["messageformat"], 1)   # FORMAT_HTML by default

    def test_plain_text_kept_unless_converted(self):
        plain = "Dòng 1\nDòng 2 <không phải thẻ>"
        add(30913, message=plain, messageformat=2)
        raw = posts(3091, moodlewssettingraw="1")["posts"][0]
        self.assertEqual((raw["message"], raw["messageformat"]), (plain, 2))
        formatted = posts(3091)["posts"][0]
        self.assertEqual((formatted["message"], formatted["messageformat"]),
                         ("Dòng 1<br />\nDòng 2 &lt;không phải thẻ&gt;", 1))
        add(30913, message="a & b\nc", messageformat=2, options=[("topreferredformat", "1")])
        self.assertEqual(stored(3091)[-1]["message"], "a &amp; b<br />\nc")

    def test_tracking_off_marks_nothing(self):
        SERVER.control("POST", "config", {"forum_tracking": False})
        self.assertIsNone(add(30913)["post"]["unread"])
        SERVER.control("POST", "config", {"forum_tracking": True})
        self.assertIs(posts(3091)["posts"][0]["unread"], True)         # not marked for its author

    def test_in_the_site_functions(self):
        names = {f["name"]: f["version"] for f in SERVER.rest("core_webservice_get_site_info")["functions"]}
        self.assertEqual(names[ADD], "2024100700")

    def test_a_lost_reply_still_makes_the_post(self):
        reply = SERVER.control("POST", "faults", {"match": ADD, "kind": "lost_reply"})
        self.assertEqual(reply.status, 201, reply.body)
        body = form([("wstoken", TOKEN), ("wsfunction", ADD), ("moodlewsrestformat", "json")]
                    + add_pairs(30913, "Re: Hỏi về bài tập 1", "<p>Mất câu trả lời</p>"))
        with self.assertRaises((ConnectionError, http.client.HTTPException)):
            SERVER.request("POST", "/webservice/rest/server.php", body, FORM_TYPE)
        rows = stored(3091)
        self.assertEqual((rows[-1]["id"], rows[-1]["userid"], rows[-1]["message"]), (700001, 7, "<p>Mất câu trả lời</p>"))
        entry = SERVER.requests_seen()[-1]
        self.assertEqual((entry["wsfunction"], entry["fault"], entry["status"]), (ADD, "lost_reply", "reset"))
        # The retry makes a second post: nothing deduplicates.
        self.assertEqual(add(30913, message="<p>Mất câu trả lời</p>")["postid"], 700002)

    def test_reset_forgets_posts_made_through_the_api(self):
        add(30913)
        add(30911)
        self.assertEqual(len(stored(3091)), 5)
        SERVER.reset()
        self.assertEqual([p["id"] for p in stored(3091)], [30911, 30912, 30913])
        self.assertEqual(add(30913)["postid"], 700001)                 # the counter starts again


if __name__ == "__main__":
    unittest.main()
