"""One fake Moodle shared by every test of a module, and the small HTTP helpers the tests use.

A test module says

    SERVER = ModuleServer()
    setUpModule, tearDownModule = SERVER.start, SERVER.stop

and reaches the site with `SERVER.rest(...)`, `SERVER.request(...)` and `SERVER.control(...)`.
Standard library only.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import select
import subprocess
import sys
import time
from urllib.parse import urlencode, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "fake_moodle.py")
TOKEN = "0123456789abcdef0123456789abcdef"
BOUNDARY = "----FakeMoodleTestBoundary9Zq4"
MULTIPART_TYPE = f"multipart/form-data; boundary={BOUNDARY}"
DAY = 86400


def start_server(*extra: str):
    """Start the server on free ports; return (process, api port, control port)."""
    proc = subprocess.Popen([sys.executable, SCRIPT, "--port", "0", "--lifetime", "120", *extra],
                            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    first, second = read_lines(proc, 2, timeout=10)
    port = int(re.fullmatch(r"PORT (\d+)", first).group(1))
    control = int(re.fullmatch(r"CONTROL (\d+)", second).group(1))
    return proc, port, control


def read_lines(proc, count: int, timeout: float) -> list:
    """Read `count` stdout lines from the raw pipe (no buffering to fool select)."""
    fd, buf = proc.stdout.fileno(), b""
    deadline = time.monotonic() + timeout
    while buf.count(b"\n") < count:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            proc.kill()
            raise AssertionError(f"server printed only {buf!r} in time")
        chunk = os.read(fd, 4096)
        if not chunk:
            raise AssertionError(f"server exited after printing {buf!r}")
        buf += chunk
    return buf.decode().splitlines()[:count]


def stop_server(proc) -> None:
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    proc.stdout.close()


class Reply:
    def __init__(self, status, headers, body, reason=""):
        self.status, self.headers, self.body, self.reason = status, headers, body, reason

    def json(self):
        return json.loads(self.body.decode("utf-8"))


def request(method: str, url: str, body=None, headers=None, timeout: float = 10) -> Reply:
    """One request on a fresh connection; redirects are not followed."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        conn.request(method, target, body=body, headers=dict(headers or {}))
        resp = conn.getresponse()
        return Reply(resp.status, resp.headers, resp.read(), resp.reason)
    finally:
        conn.close()


def form(pairs) -> bytes:
    return urlencode(list(pairs.items()) if isinstance(pairs, dict) else list(pairs)).encode()


FORM_TYPE = {"Content-Type": "application/x-www-form-urlencoded"}


def multipart(fields: list, files: list) -> bytes:
    """fields: [(name, value)]; files: [(field, filename, bytes)]."""
    out = []
    for name, value in fields:
        out.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for field_name, filename, data in files:
        out.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{field_name}"; '
                   f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode())
        out.append(data)
        out.append(b"\r\n")
    out.append(f"--{BOUNDARY}--\r\n".encode())
    return b"".join(out)


class ModuleServer:
    """The server process and its two ports, known once `start` has run."""

    def __init__(self):
        self.proc = None
        self.port: int | None = None
        self.control_port: int | None = None

    def start(self) -> None:
        self.proc, self.port, self.control_port = start_server()

    def stop(self) -> None:
        stop_server(self.proc)

    @property
    def wwwroot(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return path if path.startswith("http") else f"{self.wwwroot}{path}"

    def request(self, method: str, path: str, body=None, headers=None) -> Reply:
        return request(method, self.url(path), body, headers)

    def control(self, method: str, name: str, payload=None) -> Reply:
        body = json.dumps(payload).encode() if payload is not None else None
        return request(method, f"http://127.0.0.1:{self.control_port}/__control/{name}", body,
                       {"Content-Type": "application/json"})

    def reset(self) -> None:
        reply = self.control("POST", "reset")
        if reply.status != 200:
            raise AssertionError(f"reset failed: {reply.status} {reply.body!r}")

    def rest_reply(self, function: str, params=None, token: str = TOKEN, settings=None) -> Reply:
        """A REST call as a POST form: wstoken, wsfunction, moodlewsrestformat=json, then `params`
        (a dict, or a list of pairs for bracket syntax)."""
        pairs = [("wstoken", token), ("wsfunction", function), ("moodlewsrestformat", "json")]
        pairs += list((params or {}).items()) if isinstance(params, dict) else list(params or [])
        pairs += list((settings or {}).items())
        return self.request("POST", "/webservice/rest/server.php", form(pairs), FORM_TYPE)

    def rest(self, function: str, params=None, **kw):
        reply = self.rest_reply(function, params, **kw)
        if reply.status != 200:
            raise AssertionError(f"{function}: HTTP {reply.status} {reply.body[:200]!r}")
        return reply.json()

    def nologin(self, requests) -> Reply:
        return self.request("POST", "/lib/ajax/service-nologin.php", json.dumps(requests).encode(),
                            {"Content-Type": "application/json"})

    def upload(self, files: list, itemid: int = 0, token: str = TOKEN, filepath: str = "/") -> Reply:
        """POST /webservice/upload.php with `files` [(filename, bytes)] as file_1, file_2, ..."""
        fields = [("token", token), ("filearea", "draft"), ("itemid", str(itemid)), ("filepath", filepath)]
        parts = [(f"file_{i + 1}", name, data) for i, (name, data) in enumerate(files)]
        return self.request("POST", "/webservice/upload.php", multipart(fields, parts),
                            {"Content-Type": MULTIPART_TYPE})

    def pluginfile(self, path: str, token: str | None = TOKEN, headers=None, method: str = "GET") -> Reply:
        sep = "&" if "?" in path else "?"
        url = path if token is None else f"{path}{sep}token={token}"
        if not url.startswith("http"):
            url = f"{self.wwwroot}/webservice/pluginfile.php{url}"
        return request(method, url, None, headers)

    def requests_seen(self) -> list:
        return self.control("GET", "requests").json()
