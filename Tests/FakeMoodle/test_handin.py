"""Self-test of fake_moodle.py: assignments, draft uploads, save_submission and submit_for_grading."""

from __future__ import annotations

import hashlib
import http.client
import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import BOUNDARY, DAY, MULTIPART_TYPE, TOKEN, ModuleServer  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop
DUE_PASSED = "The due date for this assignment has now passed"


def save(assignid: int, files: int | None = None, text: str | None = None, text_itemid: int = 0) -> list:
    pairs = [("assignmentid", str(assignid))]
    if files is not None:
        pairs.append(("plugindata[files_filemanager]", str(files)))
    if text is not None:
        pairs += [("plugindata[onlinetext_editor][text]", text), ("plugindata[onlinetext_editor][format]", "1"),
                  ("plugindata[onlinetext_editor][itemid]", str(text_itemid))]
    return SERVER.rest("mod_assign_save_submission", pairs)


def submit(assignid: int, accept: str = "1") -> list:
    return SERVER.rest("mod_assign_submit_for_grading", {"assignmentid": assignid, "acceptsubmissionstatement": accept})


def status(assignid: int, **settings) -> dict:
    return SERVER.rest("mod_assign_get_submission_status", {"assignid": assignid}, settings=settings)


def draft(*files) -> int:
    reply = SERVER.upload(list(files))
    assert reply.status == 200, reply.body
    return reply.json()[0]["itemid"]


def submission(assignid: int) -> dict:
    return [s for s in SERVER.control("GET", "submissions").json() if s["assignid"] == assignid][0]


def plugin(state: dict, kind: str) -> dict:
    return [p for p in state["lastattempt"]["submission"]["plugins"] if p["type"] == kind][0]


PDF = b"%PDF-1.4 bai lam\n" * 100


class Base(unittest.TestCase):
    def setUp(self):
        SERVER.reset()

    def assertWarning(self, warnings: list, item: str, assignid: int, code: str = "couldnotsavesubmission"):
        message = {"couldnotsavesubmission": "Could not save submission.",
                   "couldnotsubmitforgrading": "Could not submit assignment for grading."}[code]
        self.assertEqual(warnings, [{"item": item, "itemid": assignid, "warningcode": code, "message": message}])


class UploadTests(Base):
    def test_upload_answers_file_records(self):
        reply = SERVER.upload([("a.pdf", PDF), ("ảnh 1.png", b"\x89PNG..")])
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.headers["Content-Type"], "text/plain; charset=utf-8")   # files were posted
        first, second = reply.json()
        self.assertEqual(first["itemid"], second["itemid"])
        self.assertEqual({k: v for k, v in first.items() if k != "itemid"}, {
            "component": "user", "contextid": 25, "userid": 7, "filearea": "draft", "filename": "a.pdf",
            "filepath": "/", "license": "unknown", "author": "Nguyễn Văn An",
            "source": 'O:8:"stdClass":1:{s:6:"source";s:5:"a.pdf";}', "filesize": len(PDF)})
        self.assertEqual(second["source"], 'O:8:"stdClass":1:{s:6:"source";s:11:"ảnh 1.png";}')   # bytes
        drafts = SERVER.control("GET", "drafts").json()
        self.assertEqual(drafts[0]["files"][0]["sha256"], hashlib.sha256(PDF).hexdigest())

    def test_filenameexist_neither_renames_nor_overwrites(self):
        itemid = draft(("a.pdf", PDF))
        reply = SERVER.upload([("a.pdf", b"other"), ("b.pdf", b"bbb")], itemid=itemid).json()
        self.assertEqual((reply[0]["errortype"], reply[0]["error"]), ("filenameexist", "File name already exists: a.pdf"))
        self.assertEqual(reply[1]["filename"], "b.pdf")
        files = SERVER.control("GET", "drafts").json()[0]["files"]
        self.assertEqual([(f["filename"], f["size"]) for f in files], [("a.pdf", len(PDF)), ("b.pdf", 3)])

    def test_oversized_file_is_an_error_element(self):
        SERVER.control("POST", "config", {"maxbytes": 1000})
        reply = SERVER.upload([("big.pdf", b"x" * 2000), ("ok.pdf", b"y" * 10)]).json()
        self.assertEqual((reply[0]["errortype"], reply[0]["error"]),
                         ("fileoversized", "This file is bigger than the maximum size"))
        self.assertEqual(reply[1]["filename"], "ok.pdf")

    def test_token_errors_are_the_fatal_object(self):
        reply = SERVER.upload([("a.pdf", PDF)], token="nope")
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.json(), {"error": "Invalid token - token not found", "errorcode": "invalidtoken",
                                        "stacktrace": None, "debuginfo": None, "reproductionlink": None})
        self.assertEqual(SERVER.control("GET", "drafts").json(), [])

    def test_draft_areas_expire_after_four_days(self):
        itemid = draft(("a.pdf", PDF))
        SERVER.control("POST", "clock", {"advance_days": 3})
        self.assertEqual(len(SERVER.control("GET", "drafts").json()), 1)
        SERVER.control("POST", "clock", {"advance_days": 1.5})
        self.assertEqual(SERVER.control("GET", "drafts").json(), [])
        self.assertWarning(save(501, itemid), "Nothing was submitted", 501)

    def test_tens_of_megabytes_stream_chunked(self):
        size = 24 * 1024 * 1024
        block = hashlib.sha256(b"big").digest() * 32768      # 1 MiB
        head = (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n{TOKEN}\r\n'
                f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file_1"; filename="video.mp4"\r\n'
                f"Content-Type: video/mp4\r\n\r\n").encode()
        tail = f"\r\n--{BOUNDARY}--\r\n".encode()

        def chunks():
            yield head
            for _ in range(size // len(block)):
                yield block
            yield tail

        conn = http.client.HTTPConnection("127.0.0.1", SERVER.port, timeout=30)
        conn.request("POST", "/webservice/upload.php", body=chunks(),
                     headers={"Content-Type": MULTIPART_TYPE, "Transfer-Encoding": "chunked"}, encode_chunked=True)
        answer = conn.getresponse()
        body = answer.read()
        conn.close()
        self.assertEqual(answer.status, 200, body)
        digest = hashlib.sha256(block * (size // len(block))).hexdigest()
        files = SERVER.control("GET", "drafts").json()[0]["files"]
        self.assertEqual((files[0]["size"], files[0]["sha256"]), (size, digest))


class AssignmentsTests(Base):
    def test_get_assignments(self):
        answer = SERVER.rest("mod_assign_get_assignments", [("courseids[0]", "101"), ("courseids[1]", "107")])
        self.assertEqual(answer["warnings"], [{"item": "course", "itemid": 107, "warningcode": "2",
                                               "message": "User is not enrolled or does not have requested capability"}])
        course = answer["courses"][0]
        by_cmid = {a["cmid"]: a for a in course["assignments"]}
        self.assertEqual(sorted(by_cmid), [1013, 1022, 1031, 1032, 1033, 1034])
        essay = by_cmid[1022]
        self.assertEqual((essay["id"], essay["submissiondrafts"], essay["requiresubmissionstatement"]), (502, 1, 1))
        self.assertIn("Tôi xin cam đoan", essay["submissionstatement"])
        configs = {(c["plugin"], c["name"]): c["value"] for c in essay["configs"]}
        self.assertEqual(configs[("onlinetext", "enabled")], "1")
        self.assertEqual(configs[("file", "maxfilesubmissions")], "5")
        homework = {(c["plugin"], c["name"]): c["value"] for c in by_cmid[1013]["configs"]}
        self.assertEqual(homework[("file", "filetypeslist")], ".pdf,.docx")
        self.assertEqual(homework[("file", "maxsubmissionsizebytes")], "1048576")
        self.assertNotIn(("onlinetext", "enabled"), homework)     # a disabled plugin has no rows at all
        self.assertIn("intro", by_cmid[1013])
        self.assertNotIn("intro", by_cmid[1032])                 # not open yet, alwaysshowdescription 0
        self.assertEqual(by_cmid[1013]["grade"], 10)

    def test_submission_status_shapes(self):
        none = status(501)
        self.assertNotIn("submission", none["lastattempt"])
        self.assertEqual((none["lastattempt"]["canedit"], none["lastattempt"]["cansubmit"]), (True, False))
        self.assertIsNone(none["lastattempt"]["extensionduedate"])
        self.assertNotIn("feedback", none)
        self.assertEqual(none["assignmentdata"], {"attachments": {"intro": []}})
        self.assertEqual(status(504)["assignmentdata"], [])
        graded = status(505)
        self.assertEqual(graded["lastattempt"]["gradingstatus"], "graded")
        self.assertTrue(graded["feedback"]["gradefordisplay"].endswith("</div>9.00 / 10.00"), "graded by rubric")
        self.assertEqual(graded["feedback"]["grade"]["gradefordisplay"], "9.00&nbsp;/&nbsp;10.00")
        self.assertEqual(graded["feedback"]["grade"]["grade"], "9.00000")
        comments = graded["feedback"]["plugins"][0]["editorfields"][0]
        self.assertEqual((comments["name"], comments["text"]), ("comments", "<p>Tốt lắm! Chú ý phần kết luận.</p>"))
        file_plugin = plugin(graded, "file")["fileareas"][0]["files"][0]
        self.assertEqual(file_plugin["fileurl"], f"{SERVER.wwwroot}/webservice/pluginfile.php/11033/"
                                                 "assignsubmission_file/submission_files/9505/bai-lam.pdf")
        self.assertAlmostEqual(status(701)["lastattempt"]["extensionduedate"], time.time() + 2 * DAY, delta=120)
        previous = SERVER.rest("mod_assign_get_submission_status", {"assignid": 801})["previousattempts"]
        self.assertEqual([p["attemptnumber"] for p in previous], [0])
        self.assertEqual(previous[0]["grade"]["grade"], "5.00000")
        self.assertEqual(SERVER.rest("mod_assign_get_submission_status", {"assignid": 9})["errorcode"], "invalidrecord")

    def test_onlinetext_rewritten_or_raw(self):
        field = plugin(status(502), "onlinetext")["editorfields"][0]
        self.assertEqual(field["text"], f"<p>Bản nháp phần mở đầu {SERVER.wwwroot}/webservice/pluginfile.php/11022/"
                                        "assignsubmission_onlinetext/submissions_onlinetext/9502/hinh.png</p>")
        self.assertEqual((field["name"], field["description"], field["format"]), ("onlinetext", "Online text", 1))
        raw = plugin(status(502, moodlewssettingraw="1"), "onlinetext")["editorfields"][0]
        self.assertEqual(raw["text"], "<p>Bản nháp phần mở đầu @@PLUGINFILE@@/hinh.png</p>")
        self.assertEqual(status(502)["lastattempt"]["submission"]["status"], "draft")


class SaveTests(Base):
    def test_drafts_off_the_save_is_the_hand_in(self):
        itemid = draft(("a.pdf", PDF), ("b.docx", b"PK\x03\x04docx"))
        self.assertEqual(save(501, itemid), [])
        row = submission(501)
        self.assertEqual((row["status"], row["attemptnumber"], row["saves"], row["submits"]), ("submitted", 0, 1, 0))
        self.assertEqual([f["name"] for f in row["files"]], ["a.pdf", "b.docx"])
        self.assertEqual(row["files"][0]["sha256"], hashlib.sha256(PDF).hexdigest())
        self.assertWarning(submit(501), "User id: 7, Assignment id: 501 Notices:", 501, "couldnotsubmitforgrading")
        state = status(501)["lastattempt"]
        self.assertEqual((state["submission"]["status"], state["canedit"], state["cansubmit"]),
                         ("submitted", True, False))
        events = SERVER.rest("core_calendar_get_action_events_by_timesort")["events"]
        self.assertNotIn(1013, [e["instance"] for e in events])     # handed in: off the timeline

    def test_drafts_on_save_then_submit_with_the_statement(self):
        itemid = draft(("essay.pdf", PDF))
        self.assertEqual(save(502, itemid, "<p>Phần mở đầu</p>"), [])
        self.assertEqual(submission(502)["status"], "draft")
        self.assertIs(status(502)["lastattempt"]["cansubmit"], True)
        self.assertWarning(submit(502, "0"), "User id: 7, Assignment id: 502 Notices:", 502,
                           "couldnotsubmitforgrading")
        self.assertEqual(submit(502), [])
        row = submission(502)
        self.assertEqual((row["status"], row["saves"], row["submits"]), ("submitted", 1, 1))
        self.assertWarning(submit(502), "User id: 7, Assignment id: 502 Notices:", 502, "couldnotsubmitforgrading")
        self.assertWarning(save(502, itemid, "<p>sửa</p>"), DUE_PASSED, 502)     # submitted with drafts on
        self.assertIs(status(502)["lastattempt"]["canedit"], False)

    def test_missing_statement_param_is_invalidparameter(self):
        error = SERVER.rest("mod_assign_submit_for_grading", {"assignmentid": 502})
        self.assertEqual((error["errorcode"], error["debuginfo"]),
                         ("invalidparameter", "Missing required key in single structure: acceptsubmissionstatement"))

    def test_onlinetext_enabled_without_editor_is_a_dml_exception(self):
        itemid = draft(("essay.pdf", PDF))
        error = save(502, itemid)
        self.assertEqual((error["exception"], error["errorcode"], error["message"]),
                         ("dml_write_exception", "dmlwriteexception", "Error writing to database"))
        row = submission(502)
        self.assertEqual((row["status"], row["files"], row["saves"]), ("draft", [], 0))
        self.assertEqual(row["onlinetext"], "<p>Bản nháp phần mở đầu @@PLUGINFILE@@/hinh.png</p>")

    def test_editor_itemid_0_keeps_embedded_files_and_absent_files_keep_files(self):
        itemid = draft(("essay.pdf", PDF))
        self.assertEqual(save(502, itemid, "<p>v1 @@PLUGINFILE@@/hinh.png</p>"), [])
        self.assertEqual(save(502, None, "<p>v2 @@PLUGINFILE@@/hinh.png</p>"), [])
        row = submission(502)
        self.assertEqual((row["onlinetext"], row["onlinetext_files"]), ("<p>v2 @@PLUGINFILE@@/hinh.png</p>", ["hinh.png"]))
        self.assertEqual([f["name"] for f in row["files"]], ["essay.pdf"])
        self.assertEqual(save(502, -1, "<p>v3</p>", text_itemid=-1), [])
        row = submission(502)
        self.assertEqual(([f["name"] for f in row["files"]], row["onlinetext_files"], row["saves"]),
                         (["essay.pdf"], ["hinh.png"], 3))

    def test_editor_draft_replaces_embedded_files(self):
        images = draft(("moi.png", b"\x89PNG new"), ("thua.png", b"\x89PNG unused"))
        text = f'<p><img src="{SERVER.wwwroot}/draftfile.php/25/user/draft/{images}/moi.png"></p>'
        self.assertEqual(save(502, None, text, text_itemid=images), [])
        row = submission(502)
        self.assertEqual(row["onlinetext"], '<p><img src="@@PLUGINFILE@@/moi.png"></p>')
        self.assertEqual(row["onlinetext_files"], ["moi.png"])

    def test_a_new_draft_replaces_the_files(self):
        self.assertEqual(save(505, draft(("v2.pdf", PDF))), [])             # drafts 0: a submitted one stays open
        self.assertEqual([f["name"] for f in submission(505)["files"]], ["v2.pdf"])

    def test_minus_one_and_nothing_are_nothing_submitted(self):
        self.assertWarning(save(501, -1), "Nothing was submitted", 501)
        self.assertWarning(save(501, 0), "Nothing was submitted", 501)
        self.assertEqual(submission(501)["status"], "new")          # the row was made all the same
        error = save(501)                                             # no plugindata at all
        self.assertEqual((error["errorcode"], error["debuginfo"]),
                         ("invalidparameter", "Missing required key in single structure: plugindata"))

    def test_extra_and_oversized_files_are_dropped_silently(self):
        itemid = draft(("1.pdf", PDF), ("2.pdf", PDF))
        self.assertEqual(save(503, itemid), [])                          # maxfilesubmissions 1
        self.assertEqual([f["name"] for f in submission(503)["files"]], ["1.pdf"])
        itemid = draft(("huge.pdf", b"x" * (1048576 + 1)), ("small.pdf", b"ok"))
        self.assertEqual(save(501, itemid), [])                          # 1 MB limit
        self.assertEqual([f["name"] for f in submission(501)["files"]], ["small.pdf"])
        self.assertWarning(save(501, draft(("huge.pdf", b"x" * (1048576 + 1)))), "Nothing was submitted", 501)

    def test_the_gate(self):
        itemid = draft(("a.pdf", PDF))
        for assignid in (506, 504):                  # after the cutoff; not open yet
            self.assertWarning(save(assignid, itemid), DUE_PASSED, assignid)
            self.assertWarning(submit(assignid), f"User id: 7, Assignment id: {assignid} Notices:", assignid,
                               "couldnotsubmitforgrading")
        self.assertEqual(save(503, itemid), [])      # overdue but before the cutoff
        self.assertEqual(save(701, itemid), [])      # after the cutoff, inside the extension

    def test_control_grade_releases_feedback(self):
        self.assertEqual(save(501, draft(("a.pdf", PDF))), [])
        SERVER.control("POST", "grade", {"cmid": 1013, "grade": 7.5, "feedback": "<p>Khá</p>"})
        state = status(501)
        self.assertEqual(state["feedback"]["gradefordisplay"], "7.50&nbsp;/&nbsp;10.00")
        self.assertIs(state["lastattempt"]["graded"], True)


if __name__ == "__main__":
    unittest.main()
