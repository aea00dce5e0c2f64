"""The dice tray keeps what it draws inside itself (issue 34, "dice tray captions
fit"): in the window's Dice dock a second roll's dice ran off the tray's bottom,
and a Blown Away card's purpose ran off its top and bottom."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from desktop.ui.play.dice_tray import DiceTray, fit_lines

LONG = "Army of the States: Regiment van Hoorne (pike and shot) fights Earl of Marlow's Horse"
ROLLS = {
    "d3 fire": [("d6", 2, "Activation of IR 49 Kerpen, 1st bn"),
                ("d3", 3, "Shooting of IR 49 Kerpen, 1st bn at 46e de Ligne, 2e bataillon")],
    "tactical": [("d6", 1, "6e bataillon d'artillerie à pied fires at 2nd Bn, 69th Foot"),
                 ("d6", 2, "6e bataillon d'artillerie à pied fires at 2nd Bn, 69th Foot"),
                 ("d6", 5, "6e bataillon d'artillerie à pied fires at 2nd Bn, 69th Foot"),
                 ("d6", 6, "Initiative of Ashcombe's Division"),
                 ("d6", 3, "Initiative of Division Lemoine")],
    "cards": [("card", "KC", LONG), ("card", "8S", "Royal Army: Earl of Marlow's Horse "
                                                   "defends against Regiment van Hoorne")],
    "many dice": [("d6", k % 6 + 1, "Casualties of the Grand Battery") for k in range(14)],
}


@pytest.mark.parametrize("rolls", list(ROLLS), ids=list(ROLLS))
@pytest.mark.parametrize("size", [(340, 105), (340, 220), (240, 96), (600, 130)])
def test_everything_drawn_lies_inside_the_tray(qtbot: Any, rolls: str,
                                               size: tuple[int, int]) -> None:
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.resize(*size)
    tray.set_dice(ROLLS[rolls], f"{LONG}: 1, 2")
    inside = QRectF(tray.rect())
    marks = tray.marks()
    f, small = tray.fonts()
    for mark in marks:
        assert inside.contains(mark.rect), (mark.kind, mark.rect, size)
        if mark.text:  # text fits its room: no line wider, no more lines than it is high
            fm = QFontMetricsF(f if mark.kind == "caption" else small)
            lines = mark.text.split("\n")
            assert all(fm.horizontalAdvance(x) <= mark.rect.width() + 0.5 for x in lines), mark
            assert fm.height() * len(lines) <= mark.rect.height() + 0.5, mark
    # every roll is drawn, or counted in the words that say how many more there are
    shown = {m.purpose for m in marks if m.kind in ("die", "card")}
    more = [m.text for m in marks if m.kind == "more"]
    rolled = list(dict.fromkeys(p for _, _, p in ROLLS[rolls]))
    assert shown <= set(rolled)
    if more:
        assert more == [f"and {len(rolled) - len(shown)} more rolls: hover for them all"]
    else:
        assert shown == set(rolled)
    if size[1] >= 200:  # a tall tray shows every roll, each purpose above its dice
        assert not more


def test_two_rolls_fit_the_windows_dice_dock(qtbot: Any) -> None:
    """D3's activation and shooting rolls, both shown in a tray of the dock's height."""
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.resize(340, 105)
    tray.set_dice(ROLLS["d3 fire"], "IR 49 Kerpen, 1st bn fires at 46e de Ligne: 2, 3")
    dice = [m for m in tray.marks() if m.kind == "die"]
    assert [m.die for m in dice] == [("d6", 2), ("d3", 3)]


def test_a_long_purpose_breaks_into_its_lines_and_ends_cut() -> None:
    tray = DiceTray()
    _f, small = tray.fonts()
    fm = QFontMetricsF(small)
    lines = fit_lines(LONG, fm, 120, 3).split("\n")
    assert len(lines) == 3 and lines[-1].endswith("…")
    assert all(fm.horizontalAdvance(x) <= 120.5 for x in lines)
    assert LONG.startswith(" ".join(lines[:2]))  # the words in order, none lost before the cut
    assert fit_lines("Activation", fm, 400, 3) == "Activation"
    one = fit_lines(LONG, fm, 120, 1)
    assert "\n" not in one and one.endswith("…") and fm.horizontalAdvance(one) <= 120.5
