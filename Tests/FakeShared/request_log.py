"""The request log a fake keeps for its control API: entries in order, numbered, updated as answers go out."""

from __future__ import annotations

import threading
import time
from typing import Optional


class RequestLog:
    """Every request a fake logs, each entry numbered (`seq`) as it is added. A fake's log makes
    its entries (what they hold, never a secret) and adds them with `add`."""

    def __init__(self, started: Optional[float] = None):
        self._lock = threading.Lock()
        self._entries: list[dict] = []
        self._started = time.monotonic() if started is None else started

    def seconds(self) -> float:
        """Seconds since the log started (by time.monotonic)."""
        return time.monotonic() - self._started

    def add(self, entry: dict) -> dict:
        with self._lock:
            entry["seq"] = len(self._entries) + 1
            self._entries.append(entry)
        return entry

    def update(self, entry: dict, **values) -> None:
        with self._lock:
            entry.update(values)

    def to_json(self) -> list:
        with self._lock:
            return [dict(e) for e in self._entries]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
