"""Show text from a file (names, titles, file names, messages) as the letters it is.

Qt reads a label, tooltip or message box as rich text whenever the string
looks like markup, so a side named `<font size=99>BIG</font>` would render
huge and `<img src=...>` would load a local file.  Every widget that shows
such text goes through one of these helpers instead of guessing.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget


def esc(text: object) -> str:
    """`text` made safe to put inside markup that is ours (bold, colours, tables)."""
    return html.escape(str(text), quote=True)


def plain(label: QLabel, text: str | None = None) -> QLabel:
    """Make `label` show its text literally, whatever it contains; returns it."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    if text is not None:
        label.setText(text)
    return label


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A new label that never reads its text as markup."""
    return plain(QLabel(parent), text)


def literal(text: str) -> str:
    """Markup that shows `text` literally, line breaks kept.

    For the places that have no plain-text switch (tooltips, static message
    boxes): text with nothing markup-like in it is returned unchanged, so
    ordinary tooltips keep Qt's plain look.
    """
    if "<" not in text and "&" not in text:
        return text
    return f"<p style='white-space:pre-wrap'>{esc(text)}</p>"



def no_mnemonic(text: str) -> str:
    """`text` for a menu, tab or button, where a lone '&' would underline the next letter."""
    return text.replace("&", "&&")
