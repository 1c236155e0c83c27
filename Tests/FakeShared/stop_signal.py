"""How a fake's process knows to end: a signal, its lifetime, or its parent going away."""

from __future__ import annotations

import os
import signal
import time
from typing import Optional


class StopSignal:
    """Remembers SIGTERM/SIGINT/SIGHUP; installed before PORT is printed so
    a test that kills the server right away still gets a clean, prompt exit.

    The handler only sets an attribute (no locks), and the main loop polls it.
    """

    def __init__(self):
        self.why: Optional[str] = None
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, self._on_signal)

    def _on_signal(self, signum, _frame):
        self.why = signal.Signals(signum).name

    def wait(self, lifetime: float) -> str:
        """Block until a signal, the lifetime, or the parent going away."""
        deadline = time.monotonic() + lifetime
        parent = os.getppid()
        while self.why is None:
            if time.monotonic() >= deadline:
                return "lifetime"
            if os.getppid() != parent:
                return "orphaned"  # the test process died without stopping the server
            time.sleep(0.1)
        return self.why
