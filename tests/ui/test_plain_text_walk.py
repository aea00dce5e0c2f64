"""Every window and dialog shows marked-up names as the letters they are (issue 37,
"Plain text everywhere a name can appear, tooltips included").

Issue 15's check read labels and tooltips of three windows; the fuzz campaign
of issue 37 found the victory dialog's hold-objectives list and the Problems
panel still drawing `<font size=7>` huge and loading `<img src=...>` from a
tooltip.  This opens every window and dialog on a scenario whose every name
(title, author, briefing, sides, units, officers, objectives, terrain) is
marked up, walks every widget -- labels' text and tooltips, buttons, group
boxes, line edits, combo and tab items, every item of every item view (text
and tooltip), text edits and browsers, window titles, the actions of menus
and toolbars, and the items of every graphics scene (charts' legends too) --
and fails on any text where Qt would read a name's markup instead of showing
it.  The count of widgets checked is printed (pytest -s) and asserted large.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDialog,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QTreeView,
    QWidget,
)

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.scenario.io import save
from desktop.scenario.model import HoldObjectives, OccupyFeature, Scenario, VictoryCondition
from tests.ui.test_plain_text import BIG, HOSTILE, IMG, LINK, hostile, shown

AUTO, PLAIN, RICH = Qt.TextFormat.AutoText, Qt.TextFormat.PlainText, Qt.TextFormat.RichText
MARKERS = ("BIG", "passwd", "link", "amp;")
ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
         Qt.ItemDataRole.StatusTipRole, Qt.ItemDataRole.WhatsThisRole)


def marked(s: Scenario) -> Scenario:
    """`hostile(s)` with the author and briefing marked up too, a hold-objectives
    condition naming every objective and two units out of their zone on top of each
    other (problems that name them, for the Problems panel)."""
    s = hostile(s)
    side = s.sides[0]
    middle = (s.table.width / 2, s.table.depth / 2)
    out = [replace(u, position=middle) for u in side.units[:2]]
    sides = (replace(side, units=(*out, *side.units[2:])), *s.sides[1:])
    victory: tuple[VictoryCondition, ...] = tuple(
        v for v in s.game.victory if not isinstance(v, HoldObjectives))
    victory += (HoldObjectives(count=1, objectives=tuple(o.id for o in s.game.objectives)),)
    if s.terrain:
        victory += (OccupyFeature(side=side.id, feature=s.terrain[0].id, figures=1),)
    return replace(s, author=LINK, briefing=f"{BIG}\n{IMG}", sides=sides,
                   game=replace(s.game, victory=victory))


def problems_in(text: str, fmt: Qt.TextFormat, where: str) -> list[str]:
    """What is wrong with how Qt would show `text`: a name's markup taking effect.
    (The file's name carries the font tag with its '/' made '_'.)"""
    rich, seen, html = shown(text, fmt)
    found = []
    if "BIG" in seen and "<font size=99>BIG" not in seen:
        found.append(f"{where}: a name became a huge font: {text!r}")
    if "link" in seen and LINK not in seen:
        found.append(f"{where}: a name became a link: {text!r}")
    if rich and ("<img" in html or ("/etc/passwd" in html and IMG not in seen)):
        found.append(f"{where}: a name became an image: {text!r}")
    return found


class Walk:
    """The texts of every widget under the roots walked, and what is wrong with them."""

    def __init__(self) -> None:
        self.widgets: set[int] = set()
        self.texts = 0
        self.named = 0
        self.found: list[str] = []
        self._keep: list[object] = []  # (ids stay unique while walked)

    def text(self, text: object, fmt: Qt.TextFormat, where: str) -> None:
        if not isinstance(text, str) or not text:
            return
        self.texts += 1
        self.named += any(m in text for m in MARKERS)
        if fmt != PLAIN:  # (plain text is never read as markup)
            self.found += problems_in(text, fmt, where)

    def document(self, plain: str, html: str, where: str) -> None:
        """A text document's contents: a name's markup must be in its letters."""
        self.texts += 1
        self.named += any(m in plain for m in MARKERS)
        if "BIG" in plain and "<font size=99>BIG" not in plain:
            self.found.append(f"{where}: a name became a huge font: {plain[:120]!r}")
        if "link" in plain and LINK not in plain:
            self.found.append(f"{where}: a name became a link: {plain[:120]!r}")
        if "<img" in html:
            self.found.append(f"{where}: a name became an image")

    def model(self, model: QAbstractItemModel, where: str,
              parent: QModelIndex | None = None, tree: bool = False) -> None:
        parent = parent or QModelIndex()
        try:
            cols = model.columnCount(parent)
        except TypeError:  # a list model's columnCount is not for callers: one column
            cols = 1
        for r in range(min(model.rowCount(parent), 500)):
            for c in range(cols):
                index = model.index(r, c, parent)
                self.text(model.data(index, Qt.ItemDataRole.DisplayRole), PLAIN, where)
                for role in ROLES[1:]:
                    self.text(model.data(index, role), AUTO, f"{where} (role {role})")
                if tree and c == 0 and model.rowCount(index) > 0:
                    self.model(model, where, index, tree)
        for orient in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical):
            for k in range(cols if orient == Qt.Orientation.Horizontal else 0):
                self.text(model.headerData(k, orient, Qt.ItemDataRole.ToolTipRole), AUTO,
                          f"{where} header tooltip")

    def action(self, a: QAction, where: str) -> None:
        self._keep.append(a)
        self.text(a.text(), PLAIN, f"{where} action")
        self.text(a.toolTip(), AUTO, f"{where} action tooltip")
        self.text(a.whatsThis(), AUTO, f"{where} action what's this")
        menu = a.menu()
        if isinstance(menu, QMenu):
            self.widget(menu)

    def scene(self, view: QGraphicsView) -> None:
        scene = view.scene()
        if scene is None:
            return
        for item in scene.items():
            self.text(item.toolTip(), AUTO, f"tooltip of {type(item).__name__}")
            if isinstance(item, QGraphicsTextItem):
                doc = item.document()
                self.document(doc.toPlainText(), doc.toHtml(), type(item).__name__)

    def widget(self, root: QWidget) -> None:
        for w in [root, *root.findChildren(QWidget)]:
            if id(w) in self.widgets:
                continue
            self.widgets.add(id(w))
            self._keep.append(w)
            name = f"{type(w).__name__} {w.objectName()!r}"
            self.text(w.windowTitle(), PLAIN, f"title of {name}")
            self.text(w.toolTip(), AUTO, f"tooltip of {name}")
            self.text(w.whatsThis(), AUTO, f"what's this of {name}")
            if isinstance(w, QLabel):
                self.text(w.text(), w.textFormat(), name)
            elif isinstance(w, QAbstractButton):
                self.text(w.text(), PLAIN, name)
            elif isinstance(w, QGroupBox):
                self.text(w.title(), PLAIN, name)
            elif isinstance(w, QLineEdit):
                self.text(w.text(), PLAIN, name)
            elif isinstance(w, (QTextEdit, QPlainTextEdit)):
                doc = w.document()
                self.document(doc.toPlainText(), doc.toHtml(), name)
            if isinstance(w, QComboBox):
                self.model(w.model(), name)
            if isinstance(w, QTabBar):
                for k in range(w.count()):
                    self.text(w.tabText(k), PLAIN, f"{name} tab")
                    self.text(w.tabToolTip(k), AUTO, f"{name} tab tooltip")
            if isinstance(w, QAbstractItemView) and w.model() is not None:
                self.model(w.model(), name, tree=isinstance(w, QTreeView))
            if isinstance(w, QGraphicsView):
                self.scene(w)
            for a in w.actions():
                self.action(a, name)

    def check(self, *roots: QWidget) -> None:
        for root in roots:
            self.widget(root)


@pytest.fixture(scope="module")
def marked_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("marked") / f"{BIG.replace('/', '_')}.yaml"
    save(marked(load(bundled_scenario("blown_away_four_farms.yaml"))), path)
    return path


def marked_report(scenario: Scenario) -> Any:
    """The sample balance report with the scenario's marked-up names in it."""
    from tests.play.balance.sample import sample_report

    r = sample_report(sweep=True, match=True)
    names = iter(HOSTILE * 10)
    return replace(
        r,
        inputs=replace(r.inputs, title=scenario.title),
        sides=tuple(replace(x, name=next(names)) for x in r.sides),
        objectives=tuple(replace(o, name=next(names)) for o in r.objectives),
        units=tuple(replace(u, name=next(names)) for u in r.units),
        verdict=f"{BIG} wins; {IMG} never fights.",
        sweep=tuple(replace(row, sides=tuple(replace(x, name=BIG) for x in row.sides))
                    for row in r.sweep),
    )


def test_every_window_and_dialog_shows_marked_up_names_literally(
        qtbot: Any, tmp_path: Path, marked_file: Path) -> None:
    """Issue 37: a walk of every widget of every window and dialog finds no name
    whose markup Qt reads (huge font, image, link)."""
    from desktop.play.balance_sidecar import Kept
    from desktop.play.levels import Computer
    from desktop.ui.editor.balance_dialog import BalanceDialog
    from desktop.ui.editor.options import RulesetOptionsDialog
    from desktop.ui.editor.settings import SettingsDialog
    from desktop.ui.editor.start_state import StartStateDialog
    from desktop.ui.editor.victory import VictoryDialog
    from desktop.ui.editor.window import EditorWindow
    from desktop.ui.main_window import MainWindow
    from desktop.ui.play.start_dialog import StartDialog
    from desktop.ui.play.window import PlayWindow
    from desktop.ui.print_dialog import PrintDialog

    walk = Walk()
    scenario = load(marked_file)

    table = MainWindow()
    qtbot.addWidget(table)
    table.resize(1400, 900)
    assert table.open_file(marked_file)
    table.show()
    walk.check(table)

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    ed = EditorWindow(autosave_dir=tmp_path / "autosave", settings=settings)
    qtbot.addWidget(ed)
    ed.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    ed.warn_problems = lambda problems: None  # type: ignore[method-assign]
    ed.resize(1400, 900)
    ed.show()
    assert ed.open_file(marked_file)
    ed.problems.check_now()
    assert ed.problems.problems  # the units out of their zone
    walk.check(ed)
    # the properties panel of one thing of each kind, selected in turn
    picks = [scenario.sides[0].units[0].id, scenario.sides[1].officers[0].id,
             scenario.terrain[0].id, scenario.game.objectives[0].id]
    for pick in picks:
        ed.doc.select([pick])
        walk.widgets.difference_update({id(w) for w in ed.findChildren(QWidget)})
        walk.check(ed)
    ed.balance.dock.show_kept(Kept.fresh(marked_report(scenario), scenario), scenario)
    ed.balance.dock.show()
    walk.widgets.difference_update({id(w) for w in ed.findChildren(QWidget)})
    walk.check(ed)

    dialogs: list[QDialog] = [
        SettingsDialog(ed.doc, ed), VictoryDialog(ed.doc, ed),
        StartStateDialog(ed.doc, scenario.sides[0].units[1].id, ed),
        RulesetOptionsDialog(ed.doc, ed), BalanceDialog(scenario, ed, settings),
        PrintDialog(scenario, ed, marked_file), StartDialog(scenario),
    ]
    for d in dialogs:
        qtbot.addWidget(d)
        d.show()
        walk.check(d)
    victory = dialogs[1]
    assert isinstance(victory, VictoryDialog)
    for row in range(victory.list.count()):
        victory.list.setCurrentRow(row)
        walk.widgets.difference_update({id(w) for w in victory.findChildren(QWidget)})
        walk.check(victory)

    play = PlayWindow(autosave_dir=tmp_path / "play-autosave")
    play.computer_delay = 10**6
    qtbot.addWidget(play)
    play.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    play.resize(1400, 900)
    play.start(Setup(scenario, "blown_away", seed=1,
                     seats={scenario.sides[1].id: Computer()}))
    play.show()
    assert play.play_view is not None
    for piece in list(play.play_view.pieces().values())[:4]:
        play.select(piece.id)
        play.message(f"{piece.name} moved")
        walk.widgets.difference_update({id(w) for w in play.findChildren(QWidget)})
        walk.check(play)

    # the play window's print dialog (the losses marked) and, on a whole battle
    # replayed with its names marked up, the end dialog
    from desktop.play.session import Session
    from desktop.rules.record import load_record
    from desktop.ui.play.printing import game_marks, print_game

    print_game(play)
    shown_dialogs = [d for d in play.findChildren(PrintDialog)]
    assert shown_dialogs
    walk.check(*shown_dialogs)
    battle = load_record(Path(__file__).parents[1] / "play" / "data" / "d3_crossroads_battle.yaml")
    ended = PlayWindow(autosave_dir=tmp_path / "ended-autosave")
    ended.computer_delay = 10**6
    qtbot.addWidget(ended)
    ended.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    names_only = replace(hostile(battle.scenario), author=LINK, briefing=IMG)
    ended.load_session(Session.from_record(replace(battle, scenario=names_only)))
    qtbot.waitUntil(lambda: ended.victory_dialog is not None, timeout=5_000)
    assert ended.victory_dialog is not None and ended.game is not None
    walk.check(ended, ended.victory_dialog)
    assert ended.play_view is not None
    marks = game_marks(ended.game, ended.play_view)
    late = PrintDialog(ended.game.scenario, ended, None, game=marks, ruleset="d3")
    qtbot.addWidget(late)
    walk.check(late)

    print(f"\nplain-text walk: {len(walk.widgets)} widgets, {walk.texts} texts, "
          f"{walk.named} of them with a marked-up name")
    assert "\n".join(walk.found) == ""
    assert walk.named > 100 and len(walk.widgets) > 500
