"""Puts Tests/FakeShared, the code the fake Canvas shares with the fake Moodle, on sys.path."""

import os
import sys

SHARED = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "FakeShared")
if SHARED not in sys.path:
    sys.path.insert(0, SHARED)
