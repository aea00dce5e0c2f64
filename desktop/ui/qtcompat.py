"""Work-arounds for defects in the Qt binding, each detected before it is applied.

PySide6 6.12.0 on CPython 3.11 returns None from every void method without
taking a reference to it, so each call such as `QPainterPath.moveTo` or
`QPainter.setPen` lowers None's reference count by one; after some thousands
of calls the interpreter aborts with "none_dealloc: deallocating None".
CPython 3.12 made None immortal, which is why the binding gets away with it
there.  We do what 3.12 does: give None a reference count so large that the
leak can never bring it to zero.  The check is exact (it measures the leak),
so a fixed binding is left alone.
"""

from __future__ import annotations

import ctypes
import sys

#: What CPython 3.12 gives immortal objects, roughly; far beyond any run's calls.
_IMMORTAL_REFS = 1 << 40


def void_call_leaks_none() -> bool:
    """Does a void Qt method drop a reference to None?"""
    from PySide6.QtGui import QColor

    colour = QColor(0, 0, 0)
    before = sys.getrefcount(None)
    for _ in range(64):
        colour.setAlpha(255)
    return sys.getrefcount(None) < before - 32


def guard_none_refcount() -> bool:
    """Make None immortal if this binding leaks it; True if the guard was applied."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    if not void_call_leaks_none():
        return False
    refcnt = ctypes.c_ssize_t.from_address(id(None))
    if refcnt.value < _IMMORTAL_REFS:
        refcnt.value += _IMMORTAL_REFS
    return True
