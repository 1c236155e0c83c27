"""Fault rules a test adds through the control API: ordered, each used up as requests match it."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable, Optional
from urllib.parse import unquote


@dataclass
class FaultRule:
    """What every fake's rule holds; a fake's rule adds its own fields and says how it matches."""

    id: int
    match: str
    kind: str
    count: int
    seconds: float = 2.0
    method: Optional[str] = None
    body: Optional[str] = None

    def takes(self, method: str) -> bool:
        """Not used up, and for any method or this one."""
        if self.count == 0:
            return False
        return not self.method or self.method.upper() == method

    def in_target(self, target: str) -> bool:
        """`match` is in the path and query as sent, or as percent-decoded."""
        return self.match in target or self.match in unquote(target)

    def to_json(self) -> dict:
        return {"id": self.id, "match": self.match, "kind": self.kind, "count": self.count,
                "seconds": self.seconds, "method": self.method, "body": self.body}


class FaultRules:
    """Ordered fault rules; the first live match applies and is used up (a negative count never is)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._rules: list = []
        self._next_id = 1
        self._released = threading.Event()

    def append(self, make: Callable[[int], FaultRule]) -> FaultRule:
        """The rule `make` makes with the next id, kept after the others."""
        with self._lock:
            rule = make(self._next_id)
            self._next_id += 1
            self._rules.append(rule)
        return rule

    def take(self, method: str, target: str, *more) -> Optional[FaultRule]:
        """The first rule whose `matches(method, target, *more)` holds, one use of it taken."""
        with self._lock:
            for rule in self._rules:
                if rule.matches(method, target, *more):
                    if rule.count > 0:
                        rule.count -= 1
                    return rule
        return None

    def clear(self) -> None:
        with self._lock:
            self._rules.clear()
            # Every request a `hold` rule keeps waiting is let go.
            self._released.set()
            self._released = threading.Event()

    def hold(self, rule: FaultRule) -> None:
        """Keeps a request that a `hold` rule matched waiting until the rules are cleared, at most
        the rule's `seconds`: the test decides when the answer comes, however slowly a loaded
        machine gets there."""
        with self._lock:
            released = self._released
        released.wait(max(0.0, rule.seconds))

    def to_json(self) -> list:
        with self._lock:
            return [rule.to_json() for rule in self._rules]
