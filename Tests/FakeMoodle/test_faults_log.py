"""Self-test of fake_moodle.py: faults, the request log, the control API, keep-alive and the
process's lifetime."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from module_server import (FORM_TYPE, SCRIPT, TOKEN, ModuleServer, form, read_lines,  # noqa: E402
                           start_server, stop_server)

SERVER = ModuleServer()
setUpModule, tearDownModule = SERVER.start, SERVER.stop
PASSWORD = "Mật-khẩu-1"


def save_form(itemid: int) -> bytes:
    return form([("wstoken", TOKEN), ("wsfunction", "mod_assign_save_submission"), ("moodlewsrestformat", "json"),
                 ("assignmentid", "501"), ("plugindata[files_filemanager]", str(itemid))])


def saves(assignid: int = 501) -> int:
    return [s for s in SERVER.control("GET", "submissions").json() if s["assignid"] == assignid][0]["saves"]


class Base(unittest.TestCase):
    def setUp(self):
        SERVER.reset()

    def fault(self, **spec) -> dict:
        reply = SERVER.control("POST", "faults", spec)
        self.assertEqual(reply.status, 201, reply.body)
        return reply.json()

    def draft(self) -> int:
        return SERVER.upload([("a.pdf", b"%PDF-1.4 fault test")]).json()[0]["itemid"]


class FaultTests(Base):
    def test_lost_reply_keeps_the_save(self):
        itemid = self.draft()
        self.fault(match="mod_assign_save_submission", kind="lost_reply")   # matched by wsfunction, in the body
        with self.assertRaises((ConnectionError, http.client.HTTPException)):
            SERVER.request("POST", "/webservice/rest/server.php", save_form(itemid), FORM_TYPE)
        self.assertEqual(saves(), 1)
        entry = SERVER.requests_seen()[-1]
        self.assertEqual((entry["wsfunction"], entry["fault"], entry["status"]),
                         ("mod_assign_save_submission", "lost_reply", "reset"))

    def test_drop_reply_keeps_the_save_and_reset_does_not(self):
        itemid = self.draft()
        self.fault(match="/webservice/rest/server.php", kind="drop_reply")
        with self.assertRaises((ConnectionError, http.client.HTTPException)):
            SERVER.request("POST", "/webservice/rest/server.php", save_form(itemid), FORM_TYPE)
        self.assertEqual(saves(), 1)
        self.fault(match="mod_assign_save_submission", kind="reset")
        with self.assertRaises((ConnectionError, http.client.HTTPException)):
            SERVER.request("POST", "/webservice/rest/server.php", save_form(itemid), FORM_TYPE)
        self.assertEqual(saves(), 1)
        self.assertEqual([e["status"] for e in SERVER.requests_seen()[-2:]], ["dropped", "reset"])

    def test_html_answers(self):
        self.fault(match="server.php", kind="503")
        reply = SERVER.rest_reply("core_webservice_get_site_info")
        self.assertEqual((reply.status, reply.reason, reply.headers["Retry-After"]),
                         (503, "Moodle under maintenance", "300"))
        self.assertTrue(reply.headers["Content-Type"].startswith("text/html"))
        self.fault(match="server.php", kind="500")
        self.assertEqual(SERVER.rest_reply("core_webservice_get_site_info").status, 500)
        self.fault(match="token.php", kind="html")
        reply = SERVER.request("POST", "/login/token.php", form({"username": "x"}), FORM_TYPE)
        self.assertEqual(reply.status, 200)
        self.assertIn(b'<form class="login-form" id="login" action="', reply.body)
        self.assertIn(b"/login/index.php", reply.body)
        self.assertEqual(SERVER.rest_reply("core_webservice_get_site_info").status, 200)   # count 1: used up

    def test_exception_and_malformed(self):
        self.fault(match="core_course_get_contents", kind="exception", errorcode="invalidtoken",
                   message="Invalid token - token not found")
        self.assertEqual(SERVER.rest("core_course_get_contents", {"courseid": 101}),
                         {"exception": "moodle_exception", "errorcode": "invalidtoken",
                          "message": "Invalid token - token not found"})
        self.fault(match="core_enrol_get_users_courses", kind="malformed")
        self.assertEqual(SERVER.rest_reply("core_enrol_get_users_courses", {"userid": 7}).body, b'{"courses":[')

    def test_slow_hold_count_and_method(self):
        self.fault(match="site_info", kind="slow", seconds=0.3, count=2, method="POST")
        started = time.monotonic()
        SERVER.rest("core_webservice_get_site_info")
        self.assertGreaterEqual(time.monotonic() - started, 0.3)
        self.assertEqual(SERVER.control("GET", "faults").json()[0]["count"], 1)
        self.assertEqual(SERVER.control("DELETE", "faults").status, 200)
        self.fault(match="site_info", kind="hold", seconds=10)
        done = []
        worker = threading.Thread(target=lambda: done.append(SERVER.rest("core_webservice_get_site_info")))
        worker.start()
        time.sleep(0.2)
        self.assertEqual(done, [])
        started = time.monotonic()
        SERVER.control("DELETE", "faults")
        worker.join(5)
        self.assertLess(time.monotonic() - started, 2)
        self.assertEqual(done[0]["userid"], 7)

    def test_unknown_kind_is_refused(self):
        self.assertEqual(SERVER.control("POST", "faults", {"match": "x", "kind": "explode"}).status, 400)


class LogTests(Base):
    def test_no_token_and_no_password_anywhere(self):
        SERVER.request("POST", "/login/token.php", form({"username": "sv2026001", "password": PASSWORD,
                                                         "service": "moodle_mobile_app"}), FORM_TYPE)
        SERVER.request("GET", f"/login/token.php?username=sv2026001&password=abc&service=moodle_mobile_app")
        SERVER.request("GET", f"/webservice/rest/server.php?wstoken={TOKEN}&moodlewsrestformat=json"
                              "&wsfunction=core_webservice_get_site_info")
        SERVER.rest("core_enrol_get_users_courses", {"userid": 7})
        SERVER.upload([("a.pdf", b"abc")])
        SERVER.pluginfile("/11011/mod_resource/content/1/de-cuong.pdf", headers={"Range": "bytes=0-9",
                                                                                 "If-Range": '"x"'})
        raw = SERVER.control("GET", "requests").body.decode()
        self.assertNotIn(TOKEN, raw)
        self.assertNotIn(PASSWORD, raw)
        self.assertNotIn("password=abc", raw)
        entries = SERVER.requests_seen()
        self.assertEqual([e["seq"] for e in entries], [1, 2, 3, 4, 5, 6])
        self.assertNotIn("password", entries[0]["params"])
        self.assertEqual(entries[0]["params"]["username"], "sv2026001")
        self.assertEqual(entries[1]["path"], "/login/token.php?username=sv2026001&password=***&service=moodle_mobile_app")
        get, post, upload, download = entries[2:]
        self.assertEqual(get["path"], "/webservice/rest/server.php?wstoken=***&moodlewsrestformat=json"
                                      "&wsfunction=core_webservice_get_site_info")
        self.assertEqual((get["token_in_url"], get["token_valid"], get["wsfunction"]),
                         (True, True, "core_webservice_get_site_info"))
        self.assertEqual((post["token_in_url"], post["params"]["userid"], post["status"]), (False, "7", 200))
        self.assertNotIn("wstoken", post["params"])
        self.assertEqual((upload["token_valid"], upload["files"][0]["filename"]), (True, "a.pdf"))
        self.assertEqual((download["token_in_url"], download["range"], download["if_range"], download["status"],
                          download["body_bytes"]), (True, "bytes=0-9", '"x"', 206, 10))
        for entry in entries:
            self.assertLessEqual(entry["time"], entry["answered"])

    def test_nested_params_and_clear(self):
        SERVER.rest("core_course_get_contents", [("courseid", "101"), ("options[0][name]", "cmid"),
                                                 ("options[0][value]", "1013")])
        entry = SERVER.requests_seen()[0]
        self.assertEqual(entry["params"]["options"], {"0": {"name": "cmid", "value": "1013"}})
        SERVER.control("DELETE", "requests")
        self.assertEqual(SERVER.requests_seen(), [])


class ControlTests(Base):
    def test_health_down_and_up(self):
        health = SERVER.control("GET", "health").json()
        self.assertEqual(health, {"ok": True, "port": SERVER.port, "control_port": SERVER.control_port, "up": True})
        SERVER.control("POST", "down")
        with self.assertRaises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", SERVER.port), timeout=2).close()
        self.assertIs(SERVER.control("GET", "health").json()["up"], False)
        SERVER.control("POST", "up")
        self.assertEqual(SERVER.rest("core_webservice_get_site_info")["userid"], 7)

    def test_keep_alive_carries_several_answers(self):
        conn = http.client.HTTPConnection("127.0.0.1", SERVER.port, timeout=5)
        try:
            conn.request("GET", f"/webservice/rest/server.php?wstoken={TOKEN}&moodlewsrestformat=json"
                                "&wsfunction=core_webservice_get_site_info")
            conn.getresponse().read()
            first = conn.sock
            conn.request("POST", "/lib/ajax/service-nologin.php",
                         b'[{"index":0,"methodname":"tool_mobile_get_public_config","args":{}}]')
            self.assertEqual(conn.getresponse().status, 200)
            self.assertIs(conn.sock, first)
        finally:
            conn.close()

    def test_reset_restores_config_and_data(self):
        SERVER.control("POST", "config", {"maintenance": True})
        SERVER.control("POST", "revoke")
        SERVER.control("POST", "reset")
        self.assertEqual(SERVER.control("GET", "config").json()["maintenance"], False)
        self.assertEqual(SERVER.rest("core_webservice_get_site_info")["userid"], 7)
        self.assertEqual(SERVER.control("POST", "config", {"typeoflogin": 9}).status, 400)


class ProcessTests(unittest.TestCase):
    def test_sigterm_removes_the_temp_dir(self):
        with tempfile.TemporaryDirectory() as scratch:
            env = dict(os.environ, TMPDIR=scratch)
            proc = subprocess.Popen([sys.executable, SCRIPT, "--port", "0", "--lifetime", "30"],
                                    stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env)
            read_lines(proc, 2, timeout=10)
            self.assertEqual(len(os.listdir(scratch)), 1)
            proc.send_signal(signal.SIGTERM)
            self.assertEqual(proc.wait(5), 0)
            proc.stdout.close()
            self.assertEqual(os.listdir(scratch), [])

    def test_lifetime_ends_it_and_it_prints_only_two_lines(self):
        proc, _port, _control = start_server("--lifetime", "0.5")
        try:
            self.assertEqual(proc.wait(5), 0)
            self.assertEqual(proc.stdout.read(), b"")
        finally:
            stop_server(proc)


if __name__ == "__main__":
    unittest.main()
