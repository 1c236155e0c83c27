"""The `link_loop_respelled` fault: a next link back at the same page, spelled anew each time.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_paging_loops.py" -v
"""

from __future__ import annotations

import os
import sys
import unittest
from urllib.parse import parse_qsl, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_fake_canvas import AUTH, ServerTestCase, request  # noqa: E402

MODULES = "/api/v1/courses/1/modules"


def normalised(url: str) -> tuple:
    """What a careful client compares: scheme and host in lower case, the query sorted and
    decoded, no fragment."""
    parts = urlsplit(url)
    return (parts.scheme.lower(), parts.netloc.lower(), parts.path,
            tuple(sorted(parse_qsl(parts.query, keep_blank_values=True))))


class RespelledLinkLoopTests(ServerTestCase):

    def loop_forever(self, match: str = MODULES) -> None:
        rule = {"match": match, "kind": "link_loop_respelled", "count": -1}
        self.assertEqual(self.control("POST", "faults", rule).status, 201)

    def get(self, url: str):
        if not url.startswith(("http", "HTTP")):
            url = f"http://127.0.0.1:{self.port}{url}"
        # http.client wants the scheme as it is; the capital one is only a spelling.
        return request("GET", "http" + url[4:], headers=AUTH)

    def follow(self, url: str, pages: int) -> list:
        """The next links of `pages` pages in a row, each answer checked to be a page."""
        links = []
        for _ in range(pages):
            reply = self.get(url)
            self.assertEqual(reply.status, 200, reply.body)
            links.append(reply.links()["next"])
            url = links[-1]
        return links

    def test_the_same_page_comes_back_under_a_new_spelling_every_time(self):
        self.loop_forever()
        first = self.get(f"{MODULES}?include[]=items&per_page=2")
        links = self.follow(f"{MODULES}?include[]=items&per_page=2", 12)
        self.assertEqual(len(set(links[:6])), 6, links)
        for before, after in zip(links, links[1:]):
            self.assertNotEqual(before, after, "no link names itself as it was spelled")
        bodies = {self.get(link).body for link in links}
        self.assertEqual(bodies, {first.body}, "every spelling serves the same page")
        self.assertEqual(set(first.links()), {"next"}, "no other link leads out of the loop")

    def test_the_spellings_take_six_forms_in_turn(self):
        self.loop_forever()
        links = self.follow(f"{MODULES}?include[]=items", 6)
        added, token, reversed_query, brackets, fragment, capitals = links
        plain = normalised(reversed_query)
        self.assertIn("loop=1", added)
        self.assertNotEqual(dict(parse_qsl(urlsplit(token).query))["page_token"],
                            dict(parse_qsl(urlsplit(reversed_query).query))["page_token"])
        self.assertTrue(reversed_query.split("?")[1].startswith("page_token="), reversed_query)
        self.assertIn("include[]=items", brackets)
        self.assertTrue(fragment.endswith("#loop5"), fragment)
        self.assertTrue(capitals.startswith("HTTP://"), capitals)
        for spelling in (brackets, fragment, capitals):
            self.assertEqual(normalised(spelling), plain, "only the spelling differs")
        for spelling in (added, token):
            self.assertNotEqual(normalised(spelling), plain, "the URL itself differs")

    def test_every_respelled_request_is_logged_as_the_fault(self):
        self.loop_forever()
        self.follow(MODULES, 4)
        log = self.control("GET", "requests").json()
        self.assertEqual([entry["status"] for entry in log], [200] * 4)
        self.assertEqual({entry["fault"] for entry in log}, {"link_loop_respelled"})

    def test_a_fresh_page_token_is_refused_once_the_rule_is_gone(self):
        self.loop_forever()
        token_spelling = self.follow(MODULES, 2)[1]
        self.assertEqual(self.control("DELETE", "faults").status, 200)
        self.assertEqual(self.get(token_spelling).status, 400, "the page token is a made-up one")

    def test_other_lists_are_left_alone(self):
        self.loop_forever()
        reply = self.get("/api/v1/courses")
        self.assertEqual(reply.status, 200)
        self.assertIn("last", reply.links())
        self.assertNotIn("loop=", reply.links()["next"])


if __name__ == "__main__":
    unittest.main()
