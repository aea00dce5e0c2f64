"""The dice tray: the dice (or cards) the last action rolled, drawn as dice,
each group with what it was for.

The tray is laid out first (`marks`: every caption, purpose, die and card with
the rectangle it is drawn in) and painted from that, so that what is drawn can
be held to the tray's size: a tray too short for a purpose above its dice puts
the purpose beside them, text too long for its room is cut with "…" (the
tooltip has it whole), and rolls that do not fit are counted, not cut in half
(issue 34: the second roll's dice ran off the tray's bottom, and a card's
purpose off its top and bottom).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from desktop.ui.plaintext import literal

Die = tuple[str, int | str]  # (kind, value)


@dataclass(frozen=True)
class Mark:
    """One thing drawn in the tray: "caption", "purpose" or "more" (text), "die" or "card"."""

    kind: str
    rect: QRectF
    text: str = ""
    die: Die | None = None
    purpose: str = ""


def fit_lines(text: str, fm: QFontMetricsF, width: float, lines: int) -> str:
    """`text` broken into at most `lines` lines of `width`, the last cut with "…"
    if the rest does not fit."""
    if lines <= 1:
        return fm.elidedText(" ".join(text.split()), Qt.TextElideMode.ElideRight, width)
    words = text.split()
    out: list[str] = []
    line = ""
    for i, word in enumerate(words):
        trial = f"{line} {word}" if line else word
        if fm.horizontalAdvance(trial) <= width or not line:
            line = trial
            continue
        out.append(line)
        if len(out) == lines - 1:  # the last line takes the rest, cut
            line = " ".join(words[i:])
            break
        line = word
    out.append(line)
    return "\n".join(fm.elidedText(x, Qt.TextElideMode.ElideRight, width) for x in out)


class DiceTray(QWidget):
    """The dice the last action rolled, drawn as dice, with what each was for."""

    PIPS: ClassVar[dict[int, list[tuple[float, float]]]] = {
            1: [(0.5, 0.5)], 2: [(0.25, 0.25), (0.75, 0.75)],
            3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
            4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
            5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
            6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78),
                (0.75, 0.78)]}

    #: Tactical Dice faces as glyphs on a die, with their colours.
    SYMBOLS: ClassVar[dict[str, tuple[str, str]]] = {
        "Officer": ("★", "#8a6a00"), "Target": ("◎", "#1d1d1b"), "Flag": ("⚑", "#b22222"),
        "Fire": ("✹", "#c2570c"), "Sabre": ("⚔", "#1f4e9c")}

    #: A die's side, the gap between dice, the tray's margin (pixels).
    DIE, GAP, MARGIN = 26.0, 6.0, 8.0
    #: A card's width and height, and the gap between cards (pixels).
    CARD_W, CARD_H, CARD_GAP = 34.0, 48.0, 10.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.dice: list[tuple[str, int | str, str]] = []
        self.caption = "No dice rolled yet."
        #: (kind, value, purpose) -> a face name such as "Flag", for symbol dice.
        self.face_of: Callable[[str, int | str, str], str | None] = lambda k, v, p: None
        self.setMinimumHeight(96)

    def set_dice(self, dice: Sequence[tuple[str, int | str, str]], caption: str) -> None:
        self.dice = list(dice)
        self.caption = caption
        # the whole caption and every purpose, for when the tray is too narrow
        purposes = list(dict.fromkeys(p for _, _, p in self.dice))
        self.setToolTip(literal("\n".join([caption, *purposes])))
        self.update()

    def fonts(self) -> tuple[QFont, QFont]:
        """The caption's font and the purposes' (smaller)."""
        f = QFont()
        f.setPointSize(9)
        small = QFont()
        small.setPointSize(8)
        return f, small

    def shown_caption(self) -> str:
        """The caption as drawn: whole when it fits the tray, else cut with "…"
        (issue 34: long captions ran off the tray's edge; the tooltip has it whole)."""
        f, _ = self.fonts()
        return QFontMetricsF(f).elidedText(self.caption, Qt.TextElideMode.ElideRight,
                                           self.width() - 2 * self.MARGIN)

    def sizeHint(self) -> QSize:
        return QSize(300, 110)

    def groups(self) -> list[tuple[str, list[Die]]]:
        """The dice by purpose, in the order each purpose first came up."""
        out: dict[str, list[Die]] = {}
        for kind, value, purpose in self.dice:
            out.setdefault(purpose, []).append((kind, value))
        return list(out.items())

    # --- layout ------------------------------------------------------------------------

    def marks(self) -> list[Mark]:
        """Everything the tray draws, where, at its present size."""
        f, small = self.fonts()
        m = self.MARGIN
        line = QFontMetricsF(f).height()
        out = [Mark("caption", QRectF(m, 4, self.width() - 2 * m, line), self.shown_caption())]
        top = 4 + line + 4
        if self.dice and all(k == "card" for k, _, _ in self.dice):
            return out + self._card_marks(QFontMetricsF(small), top)
        groups = self.groups()
        fm = QFontMetricsF(small)
        stacked = self._stacked(groups, fm, top)
        if stacked is not None:
            return out + stacked
        return out + self._side_by_side(groups, fm, top)

    def _per_row(self) -> int:
        room = self.width() - 2 * self.MARGIN + self.GAP
        return max(1, int(room // (self.DIE + self.GAP)))

    def _stacked(self, groups: list[tuple[str, list[Die]]], fm: QFontMetricsF,
                 top: float) -> list[Mark] | None:
        """Each purpose above its dice, the dice wrapping; None if it does not all fit."""
        m, size, gap = self.MARGIN, self.DIE, self.GAP
        width = self.width() - 2 * m
        out: list[Mark] = []
        y = top
        per_row = self._per_row()
        for purpose, dice in groups:
            label = fm.height()
            out.append(Mark("purpose", QRectF(m, y, width, label),
                            fm.elidedText(purpose, Qt.TextElideMode.ElideRight, width)))
            y += label + 1
            for i, die in enumerate(dice):
                row, col = divmod(i, per_row)
                out.append(Mark("die", QRectF(m + col * (size + gap), y + row * (size + gap),
                                              size, size), die=die, purpose=purpose))
            y += math.ceil(len(dice) / per_row) * (size + gap) + 2
        return out if y - gap - 2 <= self.height() - 2 else None

    def _side_by_side(self, groups: list[tuple[str, list[Die]]], fm: QFontMetricsF,
                      top: float) -> list[Mark]:
        """A short tray: each roll on one row, its dice and then its purpose; the
        rolls that do not fit are counted on the last row."""
        m, size, gap = self.MARGIN, self.DIE, self.GAP
        out: list[Mark] = []
        y = top
        per_row = self._per_row()
        for k, (purpose, dice) in enumerate(groups):
            left = len(groups) - k
            last_row = y + 2 * (size + gap) > self.height() + gap
            if last_row and left > 1:  # room for one row only, and more than one roll
                text = f"and {left} more rolls: hover for them all"
                out.append(Mark("more", QRectF(m, y, self.width() - 2 * m, size), text))
                break
            shown = dice[:per_row]
            for i, die in enumerate(shown):
                out.append(Mark("die", QRectF(m + i * (size + gap), y, size, size), die=die,
                                purpose=purpose))
            x = m + len(shown) * (size + gap)
            room = self.width() - m - x
            if room > 20:
                out.append(Mark("purpose", QRectF(x, y, room, size),
                                fm.elidedText(purpose, Qt.TextElideMode.ElideRight, room)))
            y += size + gap
        return out

    def _card_marks(self, fm: QFontMetricsF, top: float) -> list[Mark]:
        """Cards turned (Blown Away): side by side, each with what it was for beside
        it, in as many lines as the card is high."""
        m, cw, ch, gap = self.MARGIN, self.CARD_W, self.CARD_H, self.CARD_GAP
        n = len(self.dice)
        per_row = max(1, min(n, int((self.width() - 2 * m) // 150)))
        rows = math.ceil(n / per_row)
        if top + rows * (ch + gap) - gap > self.height():
            per_row = n  # too short for the rows: all in one, with less room for words
        slot = (self.width() - 2 * m) / per_row
        lines = max(1, int(ch // fm.height()))
        out: list[Mark] = []
        for i, (kind, value, purpose) in enumerate(self.dice):
            row, col = divmod(i, per_row)
            x = m + col * slot
            y = top + row * (ch + gap)
            out.append(Mark("card", QRectF(x, y, cw, ch), die=(kind, value), purpose=purpose))
            room = slot - cw - 12
            if room < 30:
                continue  # no room for its words beside it: the tooltip has them
            text = fit_lines(purpose, fm, room, lines)
            high = fm.height() * (text.count("\n") + 1)
            out.append(Mark("purpose", QRectF(x + cw + 6, y + (ch - high) / 2, room, high),
                            text))
        return out

    # --- painting ----------------------------------------------------------------------

    def paintEvent(self, event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#355e3b"))
        f, small = self.fonts()
        for mark in self.marks():
            if mark.kind == "caption":
                p.setFont(f)
                p.setPen(QColor("#f4f1e8"))
                p.drawText(mark.rect, Qt.AlignmentFlag.AlignLeft, mark.text)
            elif mark.kind in ("purpose", "more"):
                p.setFont(small)
                p.setPen(QColor("#e8e4d8"))
                p.drawText(mark.rect, Qt.AlignmentFlag.AlignLeft
                           | Qt.AlignmentFlag.AlignVCenter, mark.text)
            elif mark.kind == "card" and mark.die is not None:
                self._card(p, mark.rect, str(mark.die[1]))
            elif mark.die is not None:
                kind, value = mark.die
                self._die(p, mark.rect, kind, value, self.face_of(kind, value, mark.purpose))
        p.end()

    SUITS: ClassVar[dict[str, str]] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

    def _card(self, p: QPainter, r: QRectF, face: str) -> None:
        """A playing card: white, rounded, its rank over its suit (red or black)."""
        rank, suit = face[:-1], face[-1:]
        red = suit in ("H", "D")
        p.setPen(QPen(QColor("#222"), 1.0))
        p.setBrush(QColor("#fffdf7"))
        p.drawRoundedRect(r, 3.5, 3.5)
        ink = QColor("#c0141c") if red else QColor("#111")
        p.setPen(ink)
        f = QFont()
        f.setBold(True)
        f.setPixelSize(max(9, round(r.height() * 0.36)))
        p.setFont(f)
        p.drawText(QRectF(r.x(), r.y() + 1, r.width(), r.height() * 0.5),
                   Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, rank)
        f.setPixelSize(max(9, round(r.height() * 0.4)))
        p.setFont(f)
        p.drawText(QRectF(r.x(), r.y() + r.height() * 0.48, r.width(), r.height() * 0.5),
                   Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                   self.SUITS.get(suit, suit))

    def _die(self, p: QPainter, r: QRectF, kind: str, value: int | str,
             face: str | None = None) -> None:
        p.setPen(QPen(QColor("#222"), 1.2))
        p.setBrush(QColor("#f6d27a") if kind == "d3" else QColor("#fdf6e3"))
        p.drawRoundedRect(r, 5, 5)
        if face in self.SYMBOLS:
            glyph, ink = self.SYMBOLS[face]
            f = QFont()
            f.setPixelSize(round(r.height() * 0.62))
            p.setFont(f)
            p.setPen(QColor(ink))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, glyph)
        elif kind in ("d6", "d3") and value in self.PIPS:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#1d1d1b"))
            for px, py in self.PIPS[value]:
                p.drawEllipse(QPointF(r.x() + px * r.width(), r.y() + py * r.height()),
                              r.width() * 0.09, r.width() * 0.09)
        else:
            p.setPen(QColor("#1d1d1b"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(value))
