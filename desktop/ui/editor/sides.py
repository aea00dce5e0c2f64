"""What a designer does to a whole side: move its baseline, clear it, replace it.

A scenario always has exactly two sides: every ruleset Volley plays is a
two-player game, so a third side could never be played, and a scenario with
one could never be won or lost.  "Removing a side and adding another" is
therefore one step, *Replace with a new side*, which leaves an empty side in
the old one's place and part (defender, victory conditions).  The same menu
hangs under Scenario ▸ Sides and on each side's tab in the roster; every
action is one undo step.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from desktop.scenario.edits.base import EditError
from desktop.scenario.vocabulary import Edge
from desktop.scenario.wording import possessive, side_does
from desktop.ui import commands as C
from desktop.ui.plaintext import no_mnemonic

EDGE_NAMES = {Edge.NORTH: "North (top) edge", Edge.EAST: "East (right) edge",
              Edge.SOUTH: "South (bottom) edge", Edge.WEST: "West (left) edge"}

#: The side's `plural` field, offered as the verb that follows the name.
NUMBERS: tuple[bool | None, ...] = (None, False, True)


def number_choice(name: str, plural: bool | None) -> str:
    """How the editor offers a choice of the side's number: the verb it gives
    after the name ("Anglo-Allied win"), and for None what the guess makes of it."""
    shown = name.strip() or "The side"
    if plural is None:
        return f"Guess from the name (now “{side_does(shown, 'wins')}”)"
    return f"“{side_does(shown, 'wins', plural)}” ({'many' if plural else 'one body'})"


def ask_side_name(parent: QWidget | None, old: str) -> str | None:
    """The new side's name, or None when the designer cancels."""
    name, ok = QInputDialog.getText(
        parent, "Replace a side",
        f"{possessive(old)} units and officers will be removed and a new, empty side put in its "
        "place (it takes its part: defender, victory conditions).\n\nName of the new side:")
    return name.strip() if ok and name.strip() else None


def fill_side_menu(menu: QMenu, doc: Any, side_id: str, parent: QWidget | None,
                   report: Callable[[str], None],
                   ask: Callable[[QWidget | None, str], str | None] = ask_side_name) -> None:
    """Put the actions for one side into `menu` (cleared first)."""
    menu.clear()
    side = doc.scenario.side(side_id)
    edges = menu.addMenu("&Baseline")
    group = QActionGroup(edges)
    for edge in Edge:
        a = QAction(EDGE_NAMES[edge], edges)
        a.setCheckable(True)
        a.setChecked(edge is side.baseline)
        a.triggered.connect(functools.partial(_baseline, doc, side_id, edge, report))
        group.addAction(a)
        edges.addAction(a)
    verbs = menu.addMenu("&Verb after the name")
    numbers = QActionGroup(verbs)
    for plural in NUMBERS:
        a = QAction(no_mnemonic(number_choice(side.name, plural)), verbs)
        a.setCheckable(True)
        a.setChecked(side.plural is plural)
        a.triggered.connect(functools.partial(set_number, doc, side_id, plural, report))
        numbers.addAction(a)
        verbs.addAction(a)
    menu.addSeparator()
    n = len(side.units) + len(side.officers)
    clear = menu.addAction(f"&Clear its {n} units and officers" if n else "&Clear (it is empty)")
    clear.setEnabled(n > 0)
    clear.triggered.connect(functools.partial(clear_side, doc, side_id, report))
    again = menu.addAction("&Replace with a new side…")
    again.triggered.connect(
        lambda: replace_side(doc, side_id, report, ask(parent, doc.scenario.side(side_id).name)))


def _baseline(doc: Any, side_id: str, edge: Edge, report: Callable[[str], None],
              *_: object) -> None:
    if doc.scenario.side(side_id).baseline is edge:
        return
    try:
        doc.push(C.SetSideBaseline(doc, side_id, edge))
    except EditError as e:
        report(f"Cannot move the side: {e}")


def set_number(doc: Any, side_id: str, plural: bool | None, report: Callable[[str], None],
               *_: object) -> None:
    """Say whether the side's name takes a plural verb (None: guess it), as one undo step."""
    if doc.scenario.side(side_id).plural is plural:
        return
    try:
        doc.push(C.UpdateSide(doc, side_id, plural=plural))
    except EditError as e:
        report(f"Cannot change the side: {e}")


def clear_side(doc: Any, side_id: str, report: Callable[[str], None], *_: object) -> None:
    side = doc.scenario.side(side_id)
    try:
        doc.push(C.ClearSide(doc, side_id))
    except EditError as e:
        report(str(e)[:1].upper() + str(e)[1:])
        return
    report(f"Cleared {side.name}: {len(side.units)} units and {len(side.officers)} "
           "officers removed (Undo brings them back)")


def replace_side(doc: Any, side_id: str, report: Callable[[str], None],
                 name: str | None) -> None:
    if name is None:
        return
    old = doc.scenario.side(side_id).name
    try:
        doc.push(C.ReplaceSide(doc, side_id, name))
    except EditError as e:
        report(f"Cannot replace {old}: {e}")
        return
    report(f"{old} replaced by {name}, with no units yet (Undo brings {old} back)")


def fill_sides_menu(menu: QMenu, doc: Any, parent: QWidget | None,
                    report: Callable[[str], None]) -> None:
    """Scenario ▸ Sides: a submenu per side, named as the designer named it."""
    menu.clear()
    for side in doc.scenario.sides:
        sub = menu.addMenu(no_mnemonic(side.name))
        fill_side_menu(sub, doc, side.id, parent, report)
    menu.addSeparator()
    why = menu.addAction("Why always two sides?")
    why.setEnabled(False)
    why.setToolTip("Every ruleset Volley plays is a two-player game: replace a side "
                   "rather than add a third.")
