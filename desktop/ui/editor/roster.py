"""The editable roster: one table per side (a QAbstractTableModel), add, remove, sort, totals.

Every edit is a command on the document's stack.  Changing a unit's quality
sets its CV to the quality's default (RULINGS, Tactical Dice); the CV cell
stays editable.  Selecting rows selects the pieces on the table, and back.
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from shapely.geometry import Polygon

from desktop.scenario import limits as L
from desktop.scenario.edits.base import EditError, new_name
from desktop.scenario.edits.changes import Changes
from desktop.scenario.edits.pieces import make_officer, make_unit, piece
from desktop.scenario.edits.placing import clamp_unit
from desktop.scenario.geometry import deployment_zone, footprint
from desktop.scenario.model import Officer, Point, Scenario, Side, Unit
from desktop.scenario.vocabulary import (
    DEFAULT_BASE,
    QUALITY_LABELS,
    RANK_LABELS,
    UNIT_LABELS,
    Quality,
    Rank,
    Trait,
    UnitType,
)
from desktop.scenario.wording import NOT_IN_NAMES
from desktop.ui import commands as C
from desktop.ui.editor.sides import fill_side_menu
from desktop.ui.editor.start_state import StartStateDialog, start_text
from desktop.ui.plaintext import literal, no_mnemonic
from desktop.ui.tools.base import FACING_FROM_BASELINE

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("Name", "Type", "Quality", "CV", "Figures", "Traits", "Starts")
NAME, TYPE, QUALITY, CV, FIGURES, TRAITS, START = range(7)
#: Headers shortened so that a narrow dock shows the columns a designer balances
#: (the tooltip gives the whole word).
SHORT_HEADERS = {FIGURES: "Figs"}
#: The sort key of each row lives under this role (numbers sort as numbers).
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ID_ROLE = Qt.ItemDataRole.UserRole + 2
#: The name column never gets narrower than this (pixels), however narrow the dock.
MIN_NAME_WIDTH = 80
#: The Starts column at most: as wide as this start in the table's font (a
#: longer one elides; its tooltip has it whole), so that name, quality, CV,
#: figures and a usual start fit the dock without a sideways scroll.
START_WIDEST = "10 hits marked"


class SideRosterModel(QAbstractTableModel):
    """One side's units, then its officers; edits go to the document as commands."""

    #: Why an edit was refused (for the status bar).
    refused = Signal(str)

    def __init__(self, doc: Any, side_id: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.side_id = side_id
        self._rows: list[Unit | Officer] = []
        #: The ruleset the Starts column speaks for (re-read when it changes).
        self._ruleset = doc.scenario.ruleset
        self._load()

    def side(self) -> Side:
        return self.doc.scenario.side(self.side_id)

    def _load(self) -> None:
        side = self.side()
        self._rows = [*side.units, *side.officers]

    def refresh(self) -> None:
        """Re-read the side: a reset if rows came or went, else changed cells only."""
        side = self.side()
        rows: list[Unit | Officer] = [*side.units, *side.officers]
        if [r.id for r in rows] != [r.id for r in self._rows]:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
            return
        old, self._rows = self._rows, rows
        if self.doc.scenario.ruleset != self._ruleset and rows:
            self._ruleset = self.doc.scenario.ruleset
            self.dataChanged.emit(self.index(0, START), self.index(len(rows) - 1, START))
        changed = [i for i, (a, b) in enumerate(zip(old, rows, strict=True)) if a is not b]
        if changed:
            self.dataChanged.emit(self.index(min(changed), 0),
                                  self.index(max(changed), len(COLUMNS) - 1))

    def row_id(self, row: int) -> str:
        return self._rows[row].id

    def row_of(self, pid: str) -> int | None:
        for i, r in enumerate(self._rows):
            if r.id == pid:
                return i
        return None

    # --- Qt model -----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt API
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt API
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return SHORT_HEADERS.get(section, COLUMNS[section])
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return COLUMNS[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        row = self._rows[index.row()]
        if index.column() == START:  # a dialog edits it (double-click)
            return base
        if isinstance(row, Unit) or index.column() in (NAME, TYPE):
            base |= Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self._rows[index.row()]
        c = index.column()
        if role == ID_ROLE:
            return r.id
        if role == Qt.ItemDataRole.TextAlignmentRole and c in (CV, FIGURES):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and isinstance(r, Officer) and c != NAME:
            return QColor("#555555")
        if role == Qt.ItemDataRole.ToolTipRole and c == NAME:
            return literal(r.name)  # the whole name when the column elides it
        if role == Qt.ItemDataRole.ToolTipRole and c == CV and isinstance(r, Unit):
            from desktop.scenario.vocabulary import DEFAULT_CV

            default = DEFAULT_CV[r.quality]
            return ("CV follows the quality's default" if r.cv == default
                    else f"CV set by hand (the default for {r.quality.value} is {default})")
        if c == START:
            if not isinstance(r, Unit):
                if role == SORT_ROLE:
                    return ""
                return "" if role == Qt.ItemDataRole.DisplayRole else None
            if role in (Qt.ItemDataRole.DisplayRole, SORT_ROLE):
                return start_text(self.doc.scenario, r)
            if role == Qt.ItemDataRole.ToolTipRole:
                return "Double-click to set how this unit starts the battle"
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, SORT_ROLE):
            return _cell(r, c, role)
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        r = self._rows[index.row()]
        c = index.column()
        try:
            cmd = self._command(r, c, value)
        except (EditError, ValueError) as e:
            self.refused.emit(str(e)[:1].upper() + str(e)[1:])
            return False
        if cmd is None:
            return False
        self.doc.push(cmd)
        return True

    def _command(self, r: Unit | Officer, c: int, value: Any) -> Any:
        if c == NAME:
            name = str(value).strip()
            if not name or name == r.name:
                return None
            if len(name) > L.MAX_NAME:
                raise ValueError(f"a name of at most {L.MAX_NAME} characters, please")
            if NOT_IN_NAMES.search(name):  # the reader's own rule, so a save cannot fail
                raise ValueError("a name cannot hold tabs, line breaks, direction overrides "
                                 "or other control characters")
            return C.UpdatePiece(self.doc, r.id, name=name)
        if isinstance(r, Officer):
            if c == TYPE:
                rank = Rank(value)
                return None if rank is r.rank else C.UpdatePiece(self.doc, r.id, rank=rank)
            return None
        if c == TYPE:
            t = UnitType(value)
            return None if t is r.type else C.SetUnitType(self.doc, r.id, t)
        if c == QUALITY:
            q = Quality(value)
            return None if q is r.quality else C.SetUnitQuality(self.doc, r.id, q)
        if c in (CV, FIGURES):
            n = int(value)
            # the reader's limits: a unit needs a figure, and one for each command figure
            lo, hi = (0, L.MAX_CV) if c == CV else (max(1, len(r.command)), L.MAX_FIGURES)
            if not lo <= n <= hi:
                what = "CV" if c == CV else "Figures"
                why = (f" ({r.name} has {len(r.command)} command figures)"
                       if c == FIGURES and len(r.command) > 1 else "")
                raise ValueError(f"{what} must be from {lo} to {hi}{why}")
            field = "cv" if c == CV else "figures"
            if getattr(r, field) == n:
                return None
            return C.UpdatePiece(self.doc, r.id, **{field: n})
        if c == TRAITS:
            traits = parse_traits(str(value))
            return None if traits == r.traits else C.UpdatePiece(self.doc, r.id, traits=traits)
        return None

    # --- totals -------------------------------------------------------------------------

    def totals(self) -> tuple[int, int, int, int]:
        """(units, figures, total CV, officers)."""
        units = [r for r in self._rows if isinstance(r, Unit)]
        return (len(units), sum(u.figures for u in units), sum(u.cv for u in units),
                len(self._rows) - len(units))


def _cell(r: Unit | Officer, c: int, role: int) -> Any:
    edit = role == Qt.ItemDataRole.EditRole
    sort = role == SORT_ROLE
    if c == NAME:
        return r.name
    if isinstance(r, Officer):
        if c == TYPE:
            return r.rank.value if edit else RANK_LABELS[r.rank]
        return -1 if sort else ""
    if c == TYPE:
        return r.type.value if edit else UNIT_LABELS[r.type]
    if c == QUALITY:
        if sort:
            return list(Quality).index(r.quality)
        return r.quality.value if edit else QUALITY_LABELS[r.quality]
    if c == CV:
        return r.cv
    if c == FIGURES:
        return r.figures
    if c == TRAITS:
        return ", ".join(t.value for t in r.traits)
    return None


def parse_traits(text: str) -> tuple[Trait, ...]:
    """'guard, rifles' -> (Trait.GUARD, Trait.RIFLES); an unknown word is refused."""
    out: list[Trait] = []
    for word in text.replace(";", ",").split(","):
        w = word.strip().lower()
        if not w:
            continue
        try:
            t = Trait(w)
        except ValueError:
            known = ", ".join(t.value for t in Trait)
            raise ValueError(f"unknown trait '{w}' (known: {known})") from None
        if t not in out:
            out.append(t)
    return tuple(out)


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box for the type and quality columns."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        src = _source(index)
        model = src.model()
        assert isinstance(model, SideRosterModel)
        row = model._rows[src.row()]
        if index.column() == TYPE and isinstance(row, Officer):
            choices = [(r.value, RANK_LABELS[r]) for r in Rank]
        elif index.column() == TYPE:
            choices = [(t.value, UNIT_LABELS[t]) for t in UnitType]
        else:
            choices = [(q.value, QUALITY_LABELS[q]) for q in Quality]
        for value, label in choices:
            combo.addItem(label, value)
        combo.activated.connect(lambda _i: self.commitData.emit(combo))
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        i = editor.findData(index.data(Qt.ItemDataRole.EditRole))
        editor.setCurrentIndex(max(i, 0))

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


def _source(index: Index) -> QModelIndex:
    model = index.model()
    plain = index if isinstance(index, QModelIndex) else QModelIndex(index)  # type: ignore[call-overload]
    if isinstance(model, QSortFilterProxyModel):
        return model.mapToSource(plain)
    return plain


def free_spot(s: Scenario, side_id: str, utype: UnitType) -> tuple[Point, float]:
    """Somewhere in the side's deployment zone where a new base overlaps nothing."""
    side = s.side(side_id)
    facing = FACING_FROM_BASELINE[side.baseline]
    zone = Polygon(deployment_zone(s, side_id))
    taken = [footprint(u) for _, u in s.all_units()]
    c = zone.representative_point()
    x0, y0, x1, y1 = zone.bounds
    fr, dp = DEFAULT_BASE[utype]
    cands = [(c.x, c.y)]
    step_x, step_y = fr + 0.5, dp + 0.5
    y = y0 + dp
    while y <= y1 - dp / 2:
        x = x0 + fr
        while x <= x1 - fr / 2:
            cands.append((x, y))
            x += step_x
        y += step_y
    cands.sort(key=lambda p: (p[0] - c.x) ** 2 + (p[1] - c.y) ** 2)
    for p in cands:
        u = make_unit(s, utype, p, facing, uid="probe")
        fp = footprint(u)
        if zone.covers(fp) and not any(fp.intersects(t) for t in taken):
            return p, facing
    return (c.x, c.y), facing


class SideRosterWidget(QWidget):
    """A side's roster table with add / remove buttons and its totals."""

    def __init__(self, doc: Any, side_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.side_id = side_id
        self.model = SideRosterModel(doc, side_id, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # roster order until asked
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        delegate = ChoiceDelegate(self.table)
        self.table.setItemDelegateForColumn(TYPE, delegate)
        self.table.setItemDelegateForColumn(QUALITY, delegate)
        hh = self.table.horizontalHeader()
        # Not ResizeToContents: that measures every row on every change, and a
        # 500-unit side would then cost 300 ms per dragged mouse move.
        hh.setResizeContentsPrecision(40)
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        hh.setMinimumSectionSize(36)
        hh.setStretchLastSection(False)
        # the numbers a designer balances sit next to the name, where a narrow dock
        # still shows them (the model's column numbers are unchanged)
        hh.moveSection(hh.visualIndex(QUALITY), 1)  # issue 34: Quality needed a scroll
        hh.moveSection(hh.visualIndex(CV), 2)
        hh.moveSection(hh.visualIndex(FIGURES), 3)
        hh.moveSection(hh.visualIndex(START), 4)  # how it starts: worth seeing too
        layout.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        self.add_button = QToolButton()
        self.add_button.setText("Add")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        menu = QMenu(self.add_button)
        for t in UnitType:
            menu.addAction(UNIT_LABELS[t], functools.partial(self.add, t))
        menu.addSeparator()
        for r in Rank:
            menu.addAction(RANK_LABELS[r], functools.partial(self.add, r))
        self.add_button.setMenu(menu)
        self.add_button.clicked.connect(lambda: self.add(UnitType.LINE_INFANTRY))
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove_selected)
        self.start_button = QPushButton("Starts…")
        self.start_button.setToolTip("How the selected unit starts the battle: already "
                                     "shaken, hits marked, men running (a second day)")
        self.start_button.clicked.connect(self.edit_start)
        self.table.doubleClicked.connect(self._double_clicked)
        # the side itself: its baseline, clear it, replace it (desktop.ui.editor.sides)
        self.side_button = QToolButton()
        self.side_button.setText("Side")
        self.side_button.setToolTip("This side's baseline edge; clear it or replace it "
                                    "with a new, empty side")
        self.side_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.side_menu = QMenu(self.side_button)
        self.side_menu.aboutToShow.connect(self.fill_side_menu)
        self.side_button.setMenu(self.side_menu)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.side_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.totals = QLabel()
        layout.addWidget(self.totals)
        self._syncing = False
        self.table.selectionModel().selectionChanged.connect(self._rows_selected)
        self.model.modelReset.connect(self._update_totals)
        self.model.modelReset.connect(self._fit_columns)
        self.model.dataChanged.connect(self._update_totals)
        self.model.dataChanged.connect(self._fit_start)
        self._name_width = 180
        self.table.viewport().installEventFilter(self)
        self._update_totals()
        self._fit_columns()

    def _fit_columns(self) -> None:
        for c in range(len(COLUMNS)):
            if c != NAME:
                self.table.resizeColumnToContents(c)
        self.table.setColumnWidth(TRAITS, min(self.table.columnWidth(TRAITS), 140))
        self._cap_start()
        self._name_width = min(max(self.table.sizeHintForColumn(NAME), 120), 320)
        self._fit_name()

    def _fit_start(self, first: QModelIndex, last: QModelIndex, *_: object) -> None:
        """A unit's starting state changed: let its column show it whole."""
        if first.column() <= START <= last.column():
            self.table.resizeColumnToContents(START)
            self._cap_start()
            self._fit_name()

    def _cap_start(self) -> None:
        cap = self.table.fontMetrics().horizontalAdvance(START_WIDEST) + 12
        self.table.setColumnWidth(START, min(self.table.columnWidth(START), cap))

    def _fit_name(self) -> None:
        """The name gets what quality, CV, figures and the start leave, so they show in
        a narrow dock without a sideways scroll (a long name elides; its tooltip
        has it whole)."""
        room = (self.table.viewport().width() - self.table.columnWidth(QUALITY)
                - self.table.columnWidth(CV) - self.table.columnWidth(FIGURES)
                - self.table.columnWidth(START) - 6)
        self.table.setColumnWidth(NAME, max(MIN_NAME_WIDTH, min(self._name_width, room)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_name()
        return super().eventFilter(watched, event)

    def _update_totals(self, *_: object) -> None:
        units, figures, cv, officers = self.model.totals()
        text = f"<b>{units}</b> units · <b>{figures}</b> figures · total CV <b>{cv}</b>"
        if officers:
            text += f" · {officers} officer{'s' if officers != 1 else ''}"
        self.totals.setText(text)

    # --- add and remove ---------------------------------------------------------------------

    def add(self, kind: UnitType | Rank) -> bool:
        s = self.doc.scenario
        side = s.side(self.side_id)
        if isinstance(kind, UnitType):
            pos, facing = free_spot(s, self.side_id, kind)
            unit = clamp_unit(s, make_unit(s, kind, pos, facing,
                                                       name=new_name(s, UNIT_LABELS[kind])))
            cmd: Any = C.AddUnit(self.doc, self.side_id, unit)
        else:
            zone = Polygon(deployment_zone(s, self.side_id)).representative_point()
            cmd = C.AddOfficer(self.doc, self.side_id, make_officer(
                s, kind, (zone.x, zone.y), FACING_FROM_BASELINE[side.baseline],
                name=new_name(s, RANK_LABELS[kind])))
        self.doc.push(cmd)
        return True

    def fill_side_menu(self) -> None:
        fill_side_menu(self.side_menu, self.doc, self.side_id, self, self.model.refused.emit)

    def edit_start(self, uid: str | None = None) -> StartStateDialog | None:
        """Open the starting-state dialog for `uid` (or the one selected unit)."""
        if uid is None:
            units = [i for i in self.selected_ids()
                     if isinstance(piece(self.doc.scenario, i), Unit)]
            if len(units) != 1:
                self.model.refused.emit("Select one unit to set how it starts")
                return None
            uid = units[0]
        dialog = StartStateDialog(self.doc, uid, self)
        dialog.open()
        return dialog

    def _double_clicked(self, index: QModelIndex) -> None:
        if index.column() == START:
            uid = self.model.row_id(self.proxy.mapToSource(index).row())
            if isinstance(piece(self.doc.scenario, uid), Unit):
                self.edit_start(uid)

    def selected_ids(self) -> list[str]:
        rows = {self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()}
        return [self.model.row_id(r) for r in sorted(rows)]

    def remove_selected(self) -> None:
        ids = self.selected_ids()
        if ids:
            self.doc.push(C.RemoveItems(self.doc, ids))

    # --- selection both ways -------------------------------------------------------------------

    def _rows_selected(self, *_: object) -> None:
        if self._syncing:
            return
        mine = {r.id for r in self.model._rows}
        others = self.doc.selection - mine
        self.doc.select(others | set(self.selected_ids()))

    def show_selection(self, ids: frozenset[str]) -> None:
        self._syncing = True
        try:
            sm = self.table.selectionModel()
            sel = QItemSelection()
            for pid in ids:
                row = self.model.row_of(pid)
                if row is not None:
                    a = self.proxy.mapFromSource(self.model.index(row, 0))
                    b = self.proxy.mapFromSource(self.model.index(row, len(COLUMNS) - 1))
                    sel.select(a, b)
            sm.select(sel, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            if not sel.isEmpty():
                self.table.scrollTo(sel.indexes()[0])
        finally:
            self._syncing = False


class EditableRosterDock(QDockWidget):
    """A tab per side; follows the document."""

    #: A refused edit or what a side action did, for the status bar.
    message = Signal(str)

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__("Roster", parent)
        self.setObjectName("editor_roster")
        self.tabs = QTabWidget()
        self.setWidget(self.tabs)
        self.sides: list[SideRosterWidget] = []
        self.doc: Any = None
        self.set_document(doc)

    def set_document(self, doc: Any) -> None:
        if self.doc is not None:
            for sig, slot in ((self.doc.changed, self._changed),
                              (self.doc.selectionChanged, self._selection)):
                with contextlib.suppress(RuntimeError, TypeError):
                    sig.disconnect(slot)
        self.doc = doc
        doc.changed.connect(self._changed)
        doc.selectionChanged.connect(self._selection)
        self._rebuild()

    def _rebuild(self) -> None:
        self.tabs.clear()
        self.sides = []
        for side in self.doc.scenario.sides:
            w = SideRosterWidget(self.doc, side.id)
            w.model.refused.connect(self.message)
            self.sides.append(w)
            self.tabs.addTab(w, no_mnemonic(_tab_name(side.name)))
            self.tabs.setTabToolTip(self.tabs.count() - 1, literal(side.name))
        self._selection(self.doc.selection)

    def _changed(self, ch: Changes) -> None:
        ids = [s.id for s in self.doc.scenario.sides]
        if ch.everything or ids != [w.side_id for w in self.sides]:
            self._rebuild()
            return
        for i, w in enumerate(self.sides):
            side = self.doc.scenario.side(w.side_id)
            if self.tabs.tabToolTip(i) != literal(side.name):
                self.tabs.setTabText(i, no_mnemonic(_tab_name(side.name)))
                self.tabs.setTabToolTip(i, literal(side.name))
            w.model.refresh()

    def _selection(self, ids: frozenset[str]) -> None:
        for w in self.sides:
            w.show_selection(ids)


def _tab_name(name: str) -> str:
    """A side's name short enough for a tab ('French advance guard (Général…' -> before '(')."""
    short = name.split("(")[0].strip() or name
    return short if len(short) <= 28 else short[:27] + "…"
