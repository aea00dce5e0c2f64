"""Card text that is already markup, written by Volley rather than read from a file.

The play window escapes every other string on a unit card (names come from
the scenario and may look like markup); a `Markup` value is drawn as it is.
"""

from __future__ import annotations


class Markup(str):
    """A string of Qt rich text made by Volley's own code (never from a file)."""

    __slots__ = ()
