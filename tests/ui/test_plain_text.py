"""Names that look like markup are shown as the letters they are (issue 15, "Hostile text").

Every name in a bundled scenario is replaced by hostile markup; the table
window, the editor and the play window are opened on it, and every label and
tooltip is checked: where Qt reads a text as markup, the names in it must
come out literally (no huge font, no image, no link).
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel, QWidget

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.scenario.io import save
from desktop.scenario.model import Scenario
from desktop.ui.plaintext import esc, literal, no_mnemonic, plain_label

BIG = "<font size=99>BIG</font>"
IMG = '<img src="/etc/passwd">'
LINK = "<a href=x>link</a>"
AMP = "&amp;"
HOSTILE = (BIG, IMG, LINK, AMP)


def hostile(s: Scenario) -> Scenario:
    """`s` with every name (sides, units, officers, terrain, objectives, title) hostile."""
    names = itertools.cycle(HOSTILE)
    sides = tuple(
        replace(side, name=next(names),
                units=tuple(replace(u, name=next(names)) for u in side.units),
                officers=tuple(replace(o, name=next(names)) for o in side.officers))
        for side in s.sides)
    terrain = tuple(replace(f, name=next(names)) for f in s.terrain)
    objectives = tuple(replace(o, name=next(names)) for o in s.game.objectives)
    return replace(s, title=BIG + " " + IMG, sides=sides, terrain=terrain,
                   game=replace(s.game, objectives=objectives))


@pytest.fixture
def hostile_file(tmp_path: Path) -> Path:
    path = tmp_path / f"{BIG.replace('/', '_')}.yaml"
    save(hostile(load(bundled_scenario("blown_away_four_farms.yaml"))), path)
    return path


def shown(text: str, fmt: Qt.TextFormat) -> tuple[bool, str, str]:
    """(read as markup?, the text a person sees, the markup Qt rebuilt from it)."""
    rich = fmt == Qt.TextFormat.RichText or (
        fmt == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text))
    if not rich:
        return False, text, ""
    doc = QTextDocument()
    doc.setHtml(text)
    return True, doc.toPlainText(), doc.toHtml()


def problems_in(text: str, fmt: Qt.TextFormat, where: str) -> list[str]:
    """What is wrong with how `text` would be shown: markup from a name taking effect."""
    rich, seen, html = shown(text, fmt)
    found = []
    if "BIG" in seen and BIG not in seen:
        found.append(f"{where}: a name became a huge font: {text!r}")
    if "link" in seen and LINK not in seen:
        found.append(f"{where}: a name became a link: {text!r}")
    if rich and ("<img" in html or ("/etc/passwd" in html and IMG not in seen)):
        found.append(f"{where}: a name became an image: {text!r}")
    return found


def widget_problems(root: QWidget) -> tuple[list[str], int]:
    """Problems in every label and tooltip under `root`, and how many named texts were seen."""
    found: list[str] = []
    named = 0
    for w in [root, *root.findChildren(QWidget)]:
        texts = [(w.toolTip(), Qt.TextFormat.AutoText, f"tooltip of {type(w).__name__}")]
        if isinstance(w, QLabel):
            texts.append((w.text(), w.textFormat(), f"QLabel {w.objectName()!r}"))
        for text, fmt, where in texts:
            named += any(marker in text for marker in ("BIG", "passwd", "link", "amp;"))
            found += problems_in(text, fmt, where)
    return found, named


def scene_problems(scene: Any) -> tuple[list[str], int]:
    found: list[str] = []
    named = 0
    for item in scene.items():
        tip = item.toolTip()
        named += "BIG" in tip or "passwd" in tip
        found += problems_in(tip, Qt.TextFormat.AutoText, f"tooltip of {type(item).__name__}")
    return found, named


def test_the_helpers_show_markup_literally(qapp: Any) -> None:
    """Hostile text: the four helpers every widget uses."""
    assert esc(BIG) == "&lt;font size=99&gt;BIG&lt;/font&gt;"
    assert literal("plain words") == "plain words"  # ordinary tooltips stay plain
    for name in HOSTILE:
        rich, seen, _ = shown(literal(f"{name} (u1)\nsecond line"), Qt.TextFormat.AutoText)
        assert rich and seen == f"{name} (u1)\nsecond line"
    label = plain_label(BIG)
    assert label.textFormat() == Qt.TextFormat.PlainText and label.text() == BIG
    assert no_mnemonic("Tom & Jerry") == "Tom && Jerry"


def test_the_check_itself_catches_a_name_read_as_markup(qapp: Any) -> None:
    """The walk below would fail on the roster heading as it was (issue 15 item)."""
    assert problems_in(f"<b>{BIG}</b> · north edge", Qt.TextFormat.AutoText, "x")
    assert problems_in(IMG, Qt.TextFormat.AutoText, "x")
    assert problems_in(LINK, Qt.TextFormat.AutoText, "x")
    assert not problems_in(BIG, Qt.TextFormat.PlainText, "x")


def test_table_window_shows_hostile_names_literally(qtbot: Any, hostile_file: Path) -> None:
    """Hostile text: the table window, its roster headings and tooltips."""
    from desktop.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1400, 900)
    assert w.open_file(hostile_file)
    w.show()
    found, named = widget_problems(w)
    scene_found, scene_named = scene_problems(w.scene)
    assert found + scene_found == []
    assert named > 0 and scene_named > 0  # the names really were on show
    headings = [lb for r in w.roster.sides for lb in r.findChildren(QLabel)
                if "edge" in lb.text()]
    seen = [shown(lb.text(), lb.textFormat())[1] for lb in headings]
    assert seen[0].startswith(BIG) and any(seen[1].startswith(h) for h in HOSTILE)
    model = w.roster.sides[0].model
    tip = model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole)
    assert not problems_in(str(tip), Qt.TextFormat.AutoText, "roster tooltip")


def test_editor_shows_hostile_names_literally(qtbot: Any, tmp_path: Path,
                                              hostile_file: Path) -> None:
    """Hostile text: the editor's panels, roster tabs and tooltips."""
    from desktop.ui.editor.window import EditorWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = EditorWindow(autosave_dir=tmp_path / "autosave", settings=settings)
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    w.resize(1400, 900)
    w.show()
    assert w.open_file(hostile_file)
    found, _ = widget_problems(w)
    scene_found, scene_named = scene_problems(w.scene)
    assert found + scene_found == [] and scene_named > 0


def test_play_window_shows_hostile_names_literally(qtbot: Any, hostile_file: Path) -> None:
    """Hostile text: the play window's card, phase bar, status, tooltips, start dialog
    and the strength chart's legend."""
    from desktop.ui.play.panels import StrengthChart
    from desktop.ui.play.start_dialog import StartDialog
    from desktop.ui.play.window import PlayWindow

    sc = load(hostile_file)
    dialog = StartDialog(sc)
    qtbot.addWidget(dialog)
    found, named = widget_problems(dialog)
    assert found == [] and named > 0

    w = PlayWindow()
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.start(Setup(sc, "blown_away", seed=1))
    cards = []
    assert w.play_view is not None
    for piece in list(w.play_view.pieces().values())[:6]:
        w.select(piece.id)
        card = w.card.text
        assert card.textFormat() == Qt.TextFormat.RichText
        found += problems_in(card.text(), card.textFormat(), f"card of {piece.id}")
        cards.append(shown(card.text(), card.textFormat())[1])
        w.message(f"{piece.name} moved")
        found += widget_problems(w)[0]
    assert found == []
    assert any(h in seen for seen in cards for h in HOSTILE)  # the names are on the cards
    assert any("●" in seen for seen in cards)  # Volley's own markup still works
    assert w.status.textFormat() == Qt.TextFormat.PlainText
    scene_found, _ = scene_problems(w.scene)
    assert scene_found == []

    chart = StrengthChart()
    qtbot.addWidget(chart)
    chart.show_series("strength", [0, 1], {"a": [3, 2], "b": [3, 1]},
                      {"a": "#123456", "b": "#654321"}, {"a": BIG, "b": IMG})
    legend = [label.item.toPlainText() for _, label in chart.getPlotItem().legend.items]
    assert legend == [BIG, IMG]
