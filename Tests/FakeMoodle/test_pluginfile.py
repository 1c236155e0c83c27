"""Self-test of fake_moodle.py: webservice/pluginfile.php downloads."""

from __future__ import annotations

import hashlib
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import TOKEN, ModuleServer  # noqa: E402

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop
SYLLABUS = "/11011/mod_resource/content/1/de-cuong.pdf"
SWIFT = "/11021/mod_folder/content/1/code/main.swift"


def fatal(errorcode: str, message: str) -> dict:
    return {"error": message, "errorcode": errorcode, "stacktrace": None, "debuginfo": None,
            "reproductionlink": None}


def contents_url(cmid: int, course: int = 101, index: int = 0) -> str:
    sections = SERVER.rest("core_course_get_contents", {"courseid": course})
    module = [m for s in sections for m in s["modules"] if m["id"] == cmid][0]
    return module["contents"][index]["fileurl"]


class Base(unittest.TestCase):
    def setUp(self):
        SERVER.reset()


class TokenAndAccessTests(Base):
    def test_token_errors(self):
        missing = SERVER.pluginfile(SYLLABUS, token=None)
        self.assertEqual((missing.status, missing.json()),
                         (200, fatal("missingparam", "A required parameter (token) was missing")))
        bad = SERVER.pluginfile(SYLLABUS, token="ffffffffffffffffffffffffffffffff")
        self.assertEqual((bad.status, bad.json()), (200, fatal("invalidtoken", "Invalid token - token not found")))
        self.assertEqual(bad.headers["Content-Type"], "application/json; charset=utf-8")

    def test_unknown_file_is_404_json(self):
        for path in ("/11011/mod_resource/content/1/khong-co.pdf", "/99999/mod_resource/content/1/x.pdf",
                     "/11033/assignsubmission_file/submission_files/9999/bai-lam.pdf"):
            reply = SERVER.pluginfile(path)
            self.assertEqual((reply.status, reply.json()), (404, fatal("filenotfound", "File not found")), path)

    def test_restricted_module_is_requireloginerror(self):
        reply = SERVER.pluginfile("/11041/mod_resource/content/1/dap-an.pdf")
        self.assertEqual((reply.status, reply.json()),
                         (200, fatal("requireloginerror", "Course or activity not accessible.")))


class DownloadTests(Base):
    def test_resource_from_its_contents_url(self):
        url = contents_url(1011)
        reply = SERVER.pluginfile(url)
        self.assertEqual(reply.status, 200)
        self.assertEqual(len(reply.body), 40960)
        self.assertTrue(reply.body.startswith(b"%PDF-1.4"))
        self.assertEqual(reply.headers["Content-Type"], "application/pdf")
        self.assertEqual(reply.headers["Etag"], f'"{hashlib.sha1(reply.body).hexdigest()}"')
        self.assertEqual(reply.headers["Content-Disposition"], 'inline; filename="de-cuong.pdf"')
        self.assertEqual(reply.headers["Accept-Ranges"], "bytes")
        self.assertIn("GMT", reply.headers["Last-Modified"])
        other_revision = SERVER.pluginfile("/11011/mod_resource/content/77/de-cuong.pdf")
        self.assertEqual(other_revision.body, reply.body)                  # the revision is ignored

    def test_if_none_match(self):
        etag = SERVER.pluginfile(SYLLABUS).headers["Etag"]
        same = SERVER.pluginfile(SYLLABUS, headers={"If-None-Match": etag})
        self.assertEqual((same.status, same.body), (304, b""))
        self.assertEqual(same.headers["Etag"], etag)
        weak = SERVER.pluginfile(SYLLABUS, headers={"If-None-Match": f"W/{etag}"})
        self.assertEqual(weak.status, 200)

    def test_ranges(self):
        whole = SERVER.pluginfile(SYLLABUS).body
        part = SERVER.pluginfile(SYLLABUS, headers={"Range": "bytes=100-199"})
        self.assertEqual((part.status, part.body), (206, whole[100:200]))
        self.assertEqual(part.headers["Content-Range"], "bytes 100-199/40960")
        tail = SERVER.pluginfile(SYLLABUS, headers={"Range": "bytes=-10"})
        self.assertEqual((tail.status, tail.body), (206, whole[-10:]))
        clipped = SERVER.pluginfile(SYLLABUS, headers={"Range": "bytes=40000-99999"})
        self.assertEqual((clipped.status, clipped.body), (206, whole[40000:]))
        past = SERVER.pluginfile(SYLLABUS, headers={"Range": "bytes=50000-"})
        self.assertEqual((past.status, len(past.body)), (200, 40960))         # never 416
        ignored = SERVER.pluginfile(SYLLABUS, headers={"Range": "bytes=10-19", "If-Range": '"not-the-etag"'})
        self.assertEqual((ignored.status, ignored.body), (206, whole[10:20]))  # If-Range is not implemented
        multi = SERVER.pluginfile(SYLLABUS, headers={"Range": "bytes=0-3,10-13"})
        self.assertEqual(multi.status, 206)
        self.assertEqual(multi.headers["Content-Type"], "multipart/byteranges; boundary=s1k2o3d4a5k6s7")
        self.assertIn(b"Content-Range: bytes 10-13/40960\r\n\r\n" + whole[10:14], multi.body)

    def test_text_plain_has_no_ranges(self):
        reply = SERVER.pluginfile(SWIFT, headers={"Range": "bytes=0-9"})
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.headers["Content-Type"], "text/plain; charset=utf-8")
        self.assertEqual(reply.headers["Accept-Ranges"], "none")
        self.assertIn("Xin chào".encode(), reply.body)

    def test_utf8_name_and_subfolder(self):
        url = contents_url(1021, index=3)
        reply = SERVER.pluginfile(url)
        self.assertEqual((reply.status, len(reply.body)), (200, 2048))
        readme = SERVER.pluginfile("/11021/mod_folder/content/1/code/README.md")
        self.assertEqual(readme.headers["Content-Type"], "text/markdown")

    def test_submission_and_forum_files_are_attachments(self):
        mine = SERVER.pluginfile("/11033/assignsubmission_file/submission_files/9505/bai-lam.pdf")
        self.assertEqual((mine.status, len(mine.body)), (200, 12288))
        self.assertEqual(mine.headers["Content-Disposition"], 'attachment; filename="bai-lam.pdf"')
        embedded = SERVER.pluginfile("/11022/assignsubmission_onlinetext/submissions_onlinetext/9502/hinh.png")
        self.assertEqual(embedded.headers["Content-Type"], "image/png")
        attachment = SERVER.pluginfile("/11001/mod_forum/attachment/30111/lich-hoc.pdf")
        self.assertEqual((attachment.status, len(attachment.body)), (200, 8192))
        overview = SERVER.pluginfile("/5101/course/overviewfiles/anh-bia.jpg")
        self.assertEqual(overview.headers["Content-Type"], "image/jpeg")

    def test_page_index_html(self):
        reply = SERVER.pluginfile(contents_url(1002, index=1))
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.headers["Content-Type"], "text/html")
        self.assertEqual(reply.headers["Accept-Ranges"], "none")
        self.assertIn('src="so-do-lop.png"'.encode(), reply.body)

    def test_five_gigabyte_file_by_range_and_head(self):
        path = "/16012/mod_resource/content/1/bai-giang-tong-hop.mp4"
        head = SERVER.pluginfile(path, method="HEAD")
        self.assertEqual((head.status, head.headers["Content-Length"], head.body), (200, "5000000000", b""))
        end = SERVER.pluginfile(path, headers={"Range": "bytes=4999999990-"})
        self.assertEqual((end.status, len(end.body)), (206, 10))
        self.assertEqual(end.headers["Content-Range"], "bytes 4999999990-4999999999/5000000000")

    def test_changed_file_gets_a_new_etag_and_revision(self):
        before = SERVER.pluginfile(SYLLABUS).headers["Etag"]
        changed = SERVER.control("POST", "files", {"cmid": 1011, "filename": "de-cuong.pdf", "size": 5000}).json()
        self.assertEqual(changed["revision"], 2)
        self.assertTrue(contents_url(1011).endswith("/mod_resource/content/2/de-cuong.pdf?forcedownload=1"))
        after = SERVER.pluginfile(SYLLABUS)
        self.assertNotEqual(after.headers["Etag"], before)
        self.assertEqual((len(after.body), after.headers["Etag"]), (5000, f'"{changed["contenthash"]}"'))

    def test_post_token_and_file_parameter(self):
        reply = SERVER.request("POST", "/webservice/pluginfile.php?file=" + SYLLABUS,
                               f"token={TOKEN}".encode(), {"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual((reply.status, len(reply.body)), (200, 40960))


if __name__ == "__main__":
    unittest.main()
