"""`GET /__control/connections`: how many connections the API port holds open, and the most at once.

    python3 -m unittest discover -s Tests/FakeCanvas -p "test_connections.py" -v
"""

from __future__ import annotations

import http.client
import time
import unittest

from module_server import ModuleServer
from test_fake_canvas import AUTH

SERVER = ModuleServer()
setUpModule, tearDownModule, control = SERVER.start, SERVER.stop, SERVER.control


def gauge() -> dict:
    return control("GET", "connections").json()


def settled(want: int) -> dict:
    """The gauge once `open` is `want`: a handler thread counts its connection a moment after accept."""
    deadline = time.monotonic() + 5
    reading = gauge()
    while reading["open"] != want and time.monotonic() < deadline:
        time.sleep(0.02)
        reading = gauge()
    return reading


class ConnectionGaugeTests(unittest.TestCase):
    def setUp(self):
        self.assertEqual(control("POST", "reset").status, 200)
        settled(0)

    def connect(self) -> http.client.HTTPConnection:
        """A kept-alive connection that has carried one request."""
        connection = http.client.HTTPConnection("127.0.0.1", SERVER.port, timeout=10)
        connection.request("GET", "/api/v1/courses/1", headers=AUTH)
        reply = connection.getresponse()
        reply.read()
        self.assertEqual(reply.status, 200)
        return connection

    def test_kept_alive_connections_count_while_open_and_the_most_stays(self):
        connections = [self.connect() for _ in range(3)]
        self.assertEqual(settled(3), {"open": 3, "most": 3})
        for connection in connections:
            connection.close()
        self.assertEqual(settled(0), {"open": 0, "most": 3})

    def test_a_delete_counts_the_most_from_those_open_now(self):
        first, second = self.connect(), self.connect()
        settled(2)
        second.close()
        settled(1)
        self.assertEqual(control("DELETE", "connections").json(), {"open": 1, "most": 1})
        first.close()
        self.assertEqual(settled(0), {"open": 0, "most": 1})

    def test_the_control_port_is_not_counted(self):
        for _ in range(3):
            gauge()
        self.assertEqual(gauge()["most"], 0)


if __name__ == "__main__":
    unittest.main()
