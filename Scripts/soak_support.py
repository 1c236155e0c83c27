"""What the soaks share: the fake Canvas in a child process, and a home of its own for each run.

Standard library only; the fake is Tests/FakeCanvas/fake_canvas.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKE = os.path.join(ROOT, "Tests", "FakeCanvas", "fake_canvas.py")


class Fake:
    """The fake Canvas in a child process, and its control API."""

    def __init__(self, token: str, lifetime: float):
        self.process = subprocess.Popen(
            [sys.executable, FAKE, "--port", "0", "--token", token, "--lifetime", str(lifetime)],
            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
        ports = {}
        while "PORT" not in ports or "CONTROL" not in ports:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("the fake Canvas did not start")
            name, _, port = line.strip().partition(" ")
            ports[name] = int(port)
        self.base = f"http://127.0.0.1:{ports['PORT']}"
        self.control_base = f"http://127.0.0.1:{ports['CONTROL']}/__control"

    def control(self, method: str, name: str, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        request = urllib.request.Request(f"{self.control_base}/{name}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def app_environment(home: str, token: str) -> dict:
    """A clean environment for the app whose every folder is below `home`, with `token` for Canvas."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "HOME": home,
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "XDG_DATA_HOME": os.path.join(home, "share"),
        "CANVAS_TOKEN": token,
    }
