"""Self-test for h2_front.py: the TLS front offers HTTP/2 and HTTP/1.1, relays the fake
Canvas's answers with the fake's origin rewritten to its own, and counts connections.

    python3 -m unittest Tests/FakeCanvas/test_h2_front.py -v

The front needs the `h2` module (python3-h2); without it, it fails to start and so do these tests.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import ssl
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import ModuleServer  # noqa: E402
from test_fake_canvas import TOKEN  # noqa: E402

SERVER = ModuleServer()
FRONT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "h2_front.py")


class Front:
    """h2_front.py in a child process before the module's fake Canvas."""

    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, FRONT, "--upstream", SERVER.url(""),
                                      "--port", "0", "--lifetime", "120"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = {}
        while len(lines) < 3:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(f"h2_front.py did not start: {self.proc.stderr.read()}")
            name, _, value = line.strip().partition(" ")
            lines[name] = value
        self.ca, self.port, self.control_port = lines["CA"], int(lines["PORT"]), int(lines["CONTROL"])
        self.context = ssl.create_default_context(cafile=self.ca)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)
        self.proc.stdout.close()
        self.proc.stderr.close()

    def connect(self, alpn: list) -> ssl.SSLSocket:
        self.context.set_alpn_protocols(alpn)
        return self.context.wrap_socket(socket.create_connection(("127.0.0.1", self.port), timeout=10),
                                        server_hostname="127.0.0.1")

    def log(self) -> dict:
        connection = http.client.HTTPConnection("127.0.0.1", self.control_port, timeout=10)
        try:
            connection.request("GET", "/log")
            return json.loads(connection.getresponse().read())
        finally:
            connection.close()


def setUpModule():
    SERVER.start()


def tearDownModule():
    SERVER.stop()


class H2FrontTests(unittest.TestCase):
    def setUp(self):
        self.front = Front()

    def tearDown(self):
        self.front.stop()

    def get(self, connection: http.client.HTTPSConnection, path: str):
        connection.request("GET", path, headers={"Authorization": f"Bearer {TOKEN}"})
        answer = connection.getresponse()
        return answer, answer.read()

    def test_offers_h2_first_and_http1_to_a_client_without_it(self):
        with self.front.connect(["h2", "http/1.1"]) as sock:
            self.assertEqual(sock.selected_alpn_protocol(), "h2")
        with self.front.connect(["http/1.1"]) as sock:
            self.assertEqual(sock.selected_alpn_protocol(), "http/1.1")

    def test_links_and_urls_in_answers_name_the_front_not_the_fake(self):
        connection = http.client.HTTPSConnection("127.0.0.1", self.front.port, context=self.front.context, timeout=10)
        answer, body = self.get(connection, "/api/v1/courses?per_page=2")
        self.assertEqual(answer.status, 200)
        front, fake = f"https://127.0.0.1:{self.front.port}/", SERVER.url("/")
        self.assertIn(f"<{front}api/v1/courses?", answer.headers["Link"])
        self.assertNotIn(fake, answer.headers["Link"])
        self.assertEqual(len(json.loads(body)), 2)
        answer, body = self.get(connection, "/api/v1/courses/1/files")
        self.assertEqual(answer.status, 200)
        urls = [file["url"] for file in json.loads(body) if file["url"]]  # a locked file has none
        self.assertTrue(urls)
        self.assertTrue(all(url.startswith(front) for url in urls), urls)
        connection.close()

    def test_counts_connections_and_records_each_request_with_its_protocol(self):
        first = http.client.HTTPSConnection("127.0.0.1", self.front.port, context=self.front.context, timeout=10)
        self.get(first, "/api/v1/courses/1")
        self.get(first, "/api/v1/courses/2")
        second = http.client.HTTPSConnection("127.0.0.1", self.front.port, context=self.front.context, timeout=10)
        self.get(second, "/api/v1/courses/3")
        first.close()
        second.close()
        log = self.front.log()
        self.assertEqual(log["connections"], 2)
        self.assertEqual([(r["connection"], r["protocol"], r["path"]) for r in log["requests"]],
                         [(1, "http/1.1", "/api/v1/courses/1"), (1, "http/1.1", "/api/v1/courses/2"),
                          (2, "http/1.1", "/api/v1/courses/3")])


if __name__ == "__main__":
    unittest.main()
