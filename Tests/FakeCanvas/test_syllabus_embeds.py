"""Course 4's syllabus embeds a Canvas recording and a YouTube video, as iframes.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_syllabus_embeds.py" -v
"""

from __future__ import annotations

import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_fake_canvas import AUTH, request, start_server, stop_server  # noqa: E402


class SyllabusEmbedTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.proc, cls.port, _ = start_server()

    @classmethod
    def tearDownClass(cls):
        stop_server(cls.proc)

    def syllabus(self, course: int) -> str:
        reply = request("GET", f"http://127.0.0.1:{self.port}/api/v1/courses/{course}?include[]=syllabus_body",
                        headers=AUTH)
        self.assertEqual(reply.status, 200)
        return reply.json()["syllabus_body"]

    def iframes(self, html: str) -> list:
        return [dict(re.findall(r'([\w-]+)="([^"]*)"', tag)) for tag in re.findall(r"<iframe([^>]*)>", html)]

    def test_course_four_embeds_a_recording_as_canvas_does(self):
        recording, video = self.iframes(self.syllabus(4))
        self.assertEqual(recording["title"], "Video player for lecture1.mp4")
        self.assertEqual(recording["data-media-type"], "video")
        self.assertEqual(recording["src"],
                         f"http://127.0.0.1:{self.port}/media_objects_iframe/m-4lecture1?type=video")
        self.assertEqual(recording["data-media-id"], "m-4lecture1")
        self.assertEqual(video["title"], "YouTube video player")
        self.assertTrue(video["src"].startswith("https://www.youtube.com/embed/"), video)

    def test_the_video_has_a_fallback_text_and_every_iframe_is_closed(self):
        body = self.syllabus(4)
        self.assertIn(">Your browser does not support iframes.</iframe>", body)
        self.assertEqual(body.count("<iframe"), body.count("</iframe>"))

    def test_other_syllabi_embed_nothing(self):
        for course in (1, 2, 3, 5, 10):
            self.assertNotIn("<iframe", self.syllabus(course))


if __name__ == "__main__":
    unittest.main()
