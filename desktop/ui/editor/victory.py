"""Objectives and victory conditions: a dialog over the typed conditions of the format.

Left: the list of conditions (add by kind, remove, move up/down).  Right: a
form for the selected condition with only its own fields: sides, edges,
features and objectives are chosen from what the scenario holds, so a
condition can never name something that is not there.  Objectives get a
small table (name, position, radius) on their own tab.  OK checks the lot
with the core and pushes one undo step.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.scenario import ScenarioError
from desktop.scenario import limits as L
from desktop.scenario.edits.base import EditError
from desktop.scenario.edits.objectives import (
    add_objective,
    make_objective,
    remove_objectives,
    update_objective,
)
from desktop.scenario.edits.victory import set_victory, victory_problem
from desktop.scenario.io import checked_dumps
from desktop.scenario.model import (
    VICTORY_KINDS,
    AllRegularsLost,
    ArmyBreak,
    ExitUnits,
    HoldObjectives,
    LastManStanding,
    Objective,
    OccupyFeature,
    Scenario,
    TurnLimit,
    VictoryCondition,
)
from desktop.scenario.vocabulary import TERRAIN_LABELS, Edge, GameType
from desktop.scenario.wording import its, side_does
from desktop.ui import commands as C
from desktop.ui.plaintext import literal, plain_label
from desktop.ui.refusal import refusal_text

KIND_LABELS = {
    "last_man_standing": "Last man standing",
    "all_regulars_lost": "All regulars lost (Kiddies)",
    "exit_units": "Exit units off an edge",
    "occupy_feature": "Occupy a terrain feature",
    "hold_objectives": "Hold objectives",
    "turn_limit": "Turn limit",
    "army_break": "Army break",
}


def describe(s: Scenario, v: VictoryCondition) -> str:
    """One line a person reads: 'French win by holding 2 of: crossroads, gallows_hill'."""

    def side(sid: str | None, anyone: str = "Either side") -> str:
        if sid is None:
            return anyone
        try:
            return s.side(sid).name
        except KeyError:
            return sid

    def n(sid: str | None) -> bool | None:  # the side's number, as the scenario says
        return next((x.plural for x in s.sides if x.id == sid), None)

    if isinstance(v, LastManStanding):
        return "A side with no units left on the table loses"
    if isinstance(v, AllRegularsLost):
        who = side(v.side, "A side")
        num = n(v.side)
        return f"{side_does(who, 'loses', num)} when all {its(who, num)} line infantry are gone"
    if isinstance(v, ExitUnits):
        edge = v.edge.value if v.edge else "the enemy baseline"
        return f"{side_does(side(v.side), 'wins', n(v.side))} by moving {v.count} units off {edge}"
    if isinstance(v, OccupyFeature):
        try:
            f = s.feature(v.feature)
            name = f.name or f.id
        except KeyError:
            name = v.feature
        return (f"{side_does(side(v.side), 'wins', n(v.side))} with {v.figures} figures "
                f"inside {name}")
    if isinstance(v, HoldObjectives):
        by_id = {o.id: o.name for o in s.game.objectives}
        names = (", ".join(by_id.get(i, i) for i in v.objectives) if v.objectives
                 else "all objectives")
        return f"{side_does(side(v.side), 'wins', n(v.side))} by holding {v.count} of: {names}"
    if isinstance(v, TurnLimit):
        fb = {"draw": "a draw", "defender": "the defender wins"}.get(
            v.fallback, side_does(side(v.fallback), "wins", n(v.fallback)))
        return f"After {v.turns} turns the game ends: {fb}"
    assert isinstance(v, ArmyBreak)
    who = side(v.side, "A side")
    num = n(v.side)
    return f"{side_does(who, 'breaks', num)} after losing {v.fraction:.0%} of {its(who, num)} units"


def default_condition(s: Scenario, kind: str) -> VictoryCondition:
    first = s.sides[0].id if s.sides else ""
    if kind == "exit_units":
        return ExitUnits(side=first, count=2)
    if kind == "occupy_feature":
        return OccupyFeature(side=first, feature=s.terrain[0].id if s.terrain else "")
    if kind == "hold_objectives":
        return HoldObjectives(count=max(1, min(2, len(s.game.objectives))))
    if kind == "turn_limit":
        return TurnLimit(turns=12,
                         fallback="defender" if s.game.type is GameType.ATTACK_DEFEND else "draw")
    return VICTORY_KINDS[kind]()  # type: ignore[call-arg]


class VictoryDialog(QDialog):
    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.scenario: Scenario = doc.scenario
        self.conditions: list[VictoryCondition] = list(self.scenario.game.victory)
        self.objectives: list[Objective] = list(self.scenario.game.objectives)
        self.setWindowTitle("Objectives and victory conditions")
        self.resize(860, 480)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        layout.addWidget(self.tabs)
        self._build_victory_tab()
        self._build_objectives_tab()
        self.error = plain_label()
        self.error.setStyleSheet("color:#b00020")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._fill_list()

    # --- victory ------------------------------------------------------------------------------

    def _build_victory_tab(self) -> None:
        tab = QWidget()
        row = QHBoxLayout(tab)
        left = QVBoxLayout()
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.currentRowChanged.connect(self._show_form)
        left.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        self.kind = QComboBox()
        for k, label in KIND_LABELS.items():
            self.kind.addItem(label, k)
        add = QPushButton("Add")
        add.clicked.connect(lambda: self.add(self.kind.currentData()))
        remove = QPushButton("Remove")
        remove.clicked.connect(self.remove)
        up = QPushButton("▲")
        up.clicked.connect(lambda: self._shift(-1))
        down = QPushButton("▼")
        down.clicked.connect(lambda: self._shift(1))
        for w in (self.kind, add, remove, up, down):
            buttons.addWidget(w)
        left.addLayout(buttons)
        row.addLayout(left, 1)
        self.form_host = QWidget()
        self.form_host.setMinimumWidth(340)
        self.form = QFormLayout(self.form_host)
        # long names wrap in the field column instead of pushing it off the dialog
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        row.addWidget(self.form_host, 1)
        self.tabs.addTab(tab, "Victory conditions")

    def _fill_list(self, select: int | None = None) -> None:
        s = self._working()
        self.list.blockSignals(True)
        self.list.clear()
        for v in self.conditions:
            item = QListWidgetItem(describe(s, v))
            why = victory_problem(s, v)
            if why:
                item.setText(f"⚠ {item.text()} — {why}")
            self.list.addItem(item)
        self.list.blockSignals(False)
        if self.conditions:
            self.list.setCurrentRow(select if select is not None else 0)
        self._show_form(self.list.currentRow())

    def _working(self) -> Scenario:
        s = self.scenario
        return replace(s, game=replace(s.game, objectives=tuple(self.objectives)))

    def add(self, kind: str) -> None:
        self.conditions.append(default_condition(self._working(), kind))
        self._fill_list(len(self.conditions) - 1)

    def remove(self) -> None:
        i = self.list.currentRow()
        if 0 <= i < len(self.conditions):
            del self.conditions[i]
            self._fill_list(min(i, len(self.conditions) - 1) if self.conditions else None)

    def _shift(self, d: int) -> None:
        i = self.list.currentRow()
        j = i + d
        if 0 <= i < len(self.conditions) and 0 <= j < len(self.conditions):
            self.conditions[i], self.conditions[j] = self.conditions[j], self.conditions[i]
            self._fill_list(j)

    def _set(self, i: int, **changes: Any) -> None:
        self.conditions[i] = replace(self.conditions[i], **changes)
        item = self.list.item(i)
        s = self._working()
        text = describe(s, self.conditions[i])
        why = victory_problem(s, self.conditions[i])
        item.setText(f"⚠ {text} — {why}" if why else text)

    def _show_form(self, i: int) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        if not 0 <= i < len(self.conditions):
            self.form.addRow(QLabel("Add a condition on the left."))
            return
        v = self.conditions[i]
        s = self._working()
        self.form.addRow(QLabel(f"<b>{KIND_LABELS[v.kind]}</b>"))
        sides = [(x.id, x.name) for x in s.sides]
        if isinstance(v, (AllRegularsLost, HoldObjectives, ArmyBreak)):
            self._combo("side", "Side", [(None, "Either side"), *sides], v.side,
                        lambda val: self._set(i, side=val))
        if isinstance(v, (ExitUnits, OccupyFeature)):
            self._combo("side", "Side", sides, v.side, lambda val: self._set(i, side=val))
        if isinstance(v, ExitUnits):
            self._int("count", "Units", v.count, lambda n: self._set(i, count=n))
            self._combo("edge", "Off edge", [(None, "The enemy baseline"),
                                             *[(e, e.value.capitalize()) for e in Edge]],
                        v.edge, lambda val: self._set(i, edge=val))
        if isinstance(v, OccupyFeature):
            feats = [(f.id, f"{f.name} ({TERRAIN_LABELS[f.type].lower()})" if f.name
                      else f"Unnamed {TERRAIN_LABELS[f.type].lower()}") for f in s.terrain]
            self._combo("feature", "Feature", feats, v.feature,
                        lambda val: self._set(i, feature=val))
            self._int("figures", "Figures inside", v.figures, lambda n: self._set(i, figures=n))
        if isinstance(v, HoldObjectives):
            self._int("count", "How many", v.count, lambda n: self._set(i, count=n))
            lst = QListWidget()
            lst.setObjectName("objectives")
            # every name whole: wrapped, never behind a sideways scrollbar
            lst.setWordWrap(True)
            lst.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            lst.setTextElideMode(Qt.TextElideMode.ElideNone)
            for o in s.game.objectives:
                item = QListWidgetItem(o.name)
                item.setToolTip(literal(o.name))  # the name as written, never markup
                item.setData(Qt.ItemDataRole.UserRole, o.id)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if o.id in v.objectives
                                   else Qt.CheckState.Unchecked)
                lst.addItem(item)

            def picked(_item: QListWidgetItem) -> None:
                ids = tuple(lst.item(k).data(Qt.ItemDataRole.UserRole)
                            for k in range(lst.count())
                            if lst.item(k).checkState() == Qt.CheckState.Checked)
                self._set(i, objectives=ids)

            lst.itemChanged.connect(picked)
            self.form.addRow("Objectives\n(none ticked: all)", lst)
        if isinstance(v, TurnLimit):
            self._int("turns", "Turns", v.turns, lambda n: self._set(i, turns=n),
                      hi=L.MAX_TURNS)
            fb = [("draw", "A draw"),
                  *[(x.id, side_does(x.name, "wins", x.plural)) for x in s.sides]]
            if s.game.type is GameType.ATTACK_DEFEND:
                fb.insert(1, ("defender", "The defender wins"))
            self._combo("fallback", "Then", fb, v.fallback, lambda val: self._set(i, fallback=val))
        if isinstance(v, ArmyBreak):
            w = QDoubleSpinBox()
            w.setRange(0.05, 1.0)
            w.setSingleStep(0.05)
            w.setValue(v.fraction)
            w.valueChanged.connect(lambda x: self._set(i, fraction=round(x, 3)))
            self.form.addRow("Fraction lost", w)

    def _combo(self, key: str, label: str, choices: list[tuple[Any, str]], value: Any,
               on: Any) -> QComboBox:
        w = QComboBox()
        w.setObjectName(key)
        for data, text in choices:
            w.addItem(text, data)
        values = [d for d, _ in choices]
        if value in values:
            w.setCurrentIndex(values.index(value))
        w.activated.connect(lambda i: on(choices[i][0]))  # the choice itself, not a str
        self.form.addRow(label, w)
        return w

    def _int(self, key: str, label: str, value: int, on: Any, hi: int = 999) -> QSpinBox:
        w = QSpinBox()
        w.setObjectName(key)
        w.setRange(1, hi)
        w.setValue(value)
        w.valueChanged.connect(on)
        self.form.addRow(label, w)
        return w

    # --- objectives ---------------------------------------------------------------------------

    def _build_objectives_tab(self) -> None:
        tab = QWidget()
        col = QVBoxLayout(tab)
        self.obj_table = QTableWidget(0, 5)
        self.obj_table.setHorizontalHeaderLabels(["Id", "Name", "x (in)", "y (in)", "Radius"])
        self.obj_table.horizontalHeader().setStretchLastSection(True)
        col.addWidget(self.obj_table, 1)
        row = QHBoxLayout()
        add = QPushButton("Add objective at the table centre")
        add.clicked.connect(self._add_objective)
        remove = QPushButton("Remove")
        remove.clicked.connect(self._remove_objective)
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        col.addLayout(row)
        col.addWidget(QLabel("Tip: the objective tool (O) places one with a click; drag "
                             "objectives on the table with the select tool."))
        self._fill_objectives()
        self.obj_table.itemChanged.connect(self._objective_edited)
        self.tabs.addTab(tab, "Objectives")

    def _fill_objectives(self) -> None:
        self.obj_table.blockSignals(True)
        self.obj_table.setRowCount(len(self.objectives))
        for r, o in enumerate(self.objectives):
            cells = [o.id, o.name, f"{o.position[0]:g}", f"{o.position[1]:g}", f"{o.radius:g}"]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 0:
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.obj_table.setItem(r, c, item)
        self.obj_table.blockSignals(False)

    def _objective_edited(self, item: QTableWidgetItem) -> None:
        r, c = item.row(), item.column()
        o = self.objectives[r]
        try:
            if c == 1:
                o = replace(o, name=item.text().strip() or o.name)
            elif c in (2, 3):
                v = float(item.text())
                pos = (v, o.position[1]) if c == 2 else (o.position[0], v)
                o = replace(o, position=pos)
            elif c == 4:
                o = replace(o, radius=float(item.text()))
        except ValueError:
            self.error.setText("Type a number")
        self.objectives[r] = o
        self._fill_objectives()
        self._fill_list(self.list.currentRow() if self.conditions else None)

    def _add_objective(self) -> None:
        s = self._working()
        t = s.table
        o = make_objective(s, (t.width / 2, t.depth / 2))
        self.objectives.append(o)
        self._fill_objectives()

    def _remove_objective(self) -> None:
        r = self.obj_table.currentRow()
        if 0 <= r < len(self.objectives):
            del self.objectives[r]
            self._fill_objectives()
            self._fill_list(self.list.currentRow() if self.conditions else None)

    # --- result ---------------------------------------------------------------------------------

    def result_scenario(self) -> Scenario:
        s = self.scenario
        keep = {o.id for o in self.objectives}
        # drop conditions first so removing a named objective is possible, then re-add
        s = set_victory(s, [v for v in s.game.victory if not isinstance(v, HoldObjectives)])
        gone = [o.id for o in s.game.objectives if o.id not in keep]
        if gone:
            s = remove_objectives(s, gone)
        for o in self.objectives:
            if any(x.id == o.id for x in s.game.objectives):
                s = update_objective(s, o.id, name=o.name, position=o.position,
                                           radius=o.radius)
            else:
                s = add_objective(s, o)
        return set_victory(s, self.conditions)

    def accept(self) -> None:
        try:
            new = self.result_scenario()
        except EditError as e:
            msg = str(e)
            self.error.setText(msg[:1].upper() + msg[1:])
            return
        if new != self.doc.scenario:
            try:  # what the reader would refuse is refused here, where it can be mended
                checked_dumps(new)
            except ScenarioError as e:
                self.error.setText(refusal_text(new, e))
                return
            self.doc.push(C.ReplaceScenario(self.doc, new, "Change objectives and victory"))
        super().accept()
