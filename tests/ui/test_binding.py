"""The installed Qt binding must not leak references to None.

PySide6 6.12.0 under CPython 3.11 drops a reference to None on every call of
a void method, and the interpreter aborts once the count reaches zero; the
dependency pin in pyproject.toml keeps it out. This catches a future version
with the same defect before users meet the crash.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QColor


def test_void_calls_keep_none_alive() -> None:
    colour = QColor(0, 0, 0)
    before = sys.getrefcount(None)
    for _ in range(1000):
        colour.setAlpha(255)
    assert sys.getrefcount(None) >= before - 10
