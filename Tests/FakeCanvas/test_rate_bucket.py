"""The rate bucket: Canvas's per-token leaky bucket, drained by requests, refilled over time.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_rate_bucket.py" -v
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_fake_canvas import AUTH, control_request, request, start_server, stop_server  # noqa: E402

SELF = "/api/v1/users/self"


SERVER = {}


def setUpModule():
    SERVER["proc"], SERVER["port"], SERVER["control"] = start_server("--courses", "2")


def tearDownModule():
    stop_server(SERVER["proc"])


class RateBucketTests(unittest.TestCase):
    def setUp(self):
        self.port, self.control_port = SERVER["port"], SERVER["control"]
        self.assertEqual(control_request(self.control_port, "POST", "reset").status, 200)

    def bucket(self, **settings):
        reply = control_request(self.control_port, "POST", "config", {"rate_bucket": settings})
        self.assertEqual(reply.status, 200, reply.body)

    def state(self) -> dict:
        return json.loads(control_request(self.control_port, "GET", "rate_bucket").body)

    def get(self, path: str = SELF, headers=AUTH):
        return request("GET", f"http://127.0.0.1:{self.port}{path}", headers=headers)

    def test_off_by_default_keeps_the_plain_headers(self):
        reply = self.get()
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.headers["X-Rate-Limit-Remaining"], "700.0")
        self.assertIsNone(self.state()["settings"])

    def test_each_answer_says_what_is_left_and_what_it_cost(self):
        self.bucket(size=600, outflow=0, up_front=50, cost=25)
        first = self.get()
        second = self.get()
        self.assertEqual(float(first.headers["X-Rate-Limit-Remaining"]), 575)
        self.assertEqual(float(second.headers["X-Rate-Limit-Remaining"]), 550)
        self.assertEqual(float(second.headers["X-Request-Cost"]), 25)
        self.assertEqual(len(second.headers.get_all("X-Rate-Limit-Remaining")), 1)

    def test_an_empty_bucket_answers_403_rate_limit_exceeded_and_logs_it(self):
        self.bucket(size=100, outflow=0, up_front=10, cost=50)
        statuses = [self.get().status for _ in range(3)]
        self.assertEqual(statuses, [200, 200, 403])
        throttled = self.get()
        self.assertIn(b"Rate Limit Exceeded", throttled.body)
        self.assertLessEqual(float(throttled.headers["X-Rate-Limit-Remaining"]), 0)
        self.assertIsNone(throttled.headers.get("X-Request-Cost"))
        state = self.state()
        self.assertEqual([t["path"] for t in state["throttled"]], [SELF, SELF])
        self.assertEqual(state["admitted"], 2)

    def test_the_bucket_leaks_back_over_time(self):
        self.bucket(size=100, outflow=200, up_front=10, cost=150)
        self.assertEqual(self.get().status, 200)
        self.assertEqual(self.get().status, 403)
        time.sleep(0.3)
        self.assertEqual(self.get().status, 200)

    def test_requests_in_flight_hold_the_up_front_cost(self):
        self.bucket(size=100, outflow=0, up_front=40, cost=1, hold=0.5)
        replies = []
        threads = [threading.Thread(target=lambda: replies.append(self.get().status)) for _ in range(4)]
        for thread in threads:
            thread.start()
            time.sleep(0.05)
        for thread in threads:
            thread.join()
        # Three up-front costs fill 100 while the first three run; the fourth meets a full bucket.
        self.assertEqual(sorted(replies), [200, 200, 200, 403])
        self.assertEqual(self.state()["remaining"], 97)

    def test_requests_without_the_token_are_not_counted(self):
        self.bucket(size=100, outflow=0, up_front=10, cost=60)
        self.assertEqual(self.get(headers={}).status, 401)
        self.assertEqual(self.state()["admitted"], 0)

    def test_a_bad_setting_is_refused(self):
        reply = control_request(self.control_port, "POST", "config", {"rate_bucket": {"volume": 3}})
        self.assertEqual(reply.status, 400)

    def test_reset_turns_it_off(self):
        self.bucket(size=10, outflow=0, up_front=1, cost=20)
        self.get()
        self.assertEqual(self.get().status, 403)
        control_request(self.control_port, "POST", "reset")
        self.assertEqual(self.get().status, 200)


if __name__ == "__main__":
    unittest.main()
