"""One fake Canvas shared by every test of a module: a test module that wants one says

    SERVER = ModuleServer()
    setUpModule, tearDownModule, control = SERVER.start, SERVER.stop, SERVER.control

and reaches the API at `SERVER.url(path)`.
"""

from __future__ import annotations

from test_fake_canvas import Reply, control_request, start_server, stop_server


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

    def control(self, method: str, name: str, payload=None) -> Reply:
        """A request to the control API, with `payload` as its JSON body."""
        return control_request(self.control_port, method, name, payload)

    def url(self, path: str) -> str:
        """`path` on the API port; a whole URL stays as it is."""
        return path if path.startswith("http") else f"http://127.0.0.1:{self.port}{path}"
