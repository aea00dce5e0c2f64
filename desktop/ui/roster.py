"""The roster dock: each side's units and officers, read-only, with side totals."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop.scenario.model import Officer, Scenario, Side, Unit
from desktop.scenario.vocabulary import QUALITY_LABELS, RANK_LABELS, UNIT_LABELS
from desktop.ui import icons
from desktop.ui.plaintext import esc, literal

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("Name", "Type", "Quality", "CV", "Figures")
NUMERIC = {3, 4}
ICON_SIZE = QSize(27, 18)
#: Room around a cell's or a header's text, in pixels.
CELL_PAD, HEADER_PAD = 14, 18
#: Room in the Name column beside the icon and the text; past NAME_MAX a name is elided.
NAME_PAD, NAME_MAX = 24, 260
#: The dock widens to show whole names, up to this share of the window.
DOCK_MAX_SHARE = 0.38
#: The dock's width when its names need no more.
DEFAULT_WIDTH = 460
#: Left and right margins of the dock's body.
BODY_MARGIN = 8


class RosterModel(QAbstractTableModel):
    """One side's roster: a row per unit, then a row per officer."""

    def __init__(self, side: Side | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._side: Side | None = None
        self._rows: list[Unit | Officer] = []
        if side is not None:
            self.set_side(side)

    def set_side(self, side: Side) -> None:
        self.beginResetModel()
        self._side = side
        self._rows = [*side.units, *side.officers]
        self.endResetModel()

    @property
    def side(self) -> Side | None:
        return self._side

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt API
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt API
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole:
                return COLUMNS[section]
            if role == Qt.ItemDataRole.TextAlignmentRole and section in NUMERIC:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or self._side is None:
            return None
        value = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return _cells(value)[col]
        if role == Qt.ItemDataRole.DecorationRole and col == 0:
            return _icon(value, self._side.colour)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and isinstance(value, Officer):
            f = QFont()
            f.setItalic(True)
            return f
        if role == Qt.ItemDataRole.ToolTipRole:
            return literal(f"{value.name} ({value.id})")
        return None

    def totals(self) -> tuple[int, int, int, int]:
        """(units, total CV, total figures, officers)."""
        if self._side is None:
            return 0, 0, 0, 0
        units = self._side.units
        return (len(units), sum(u.cv for u in units), sum(u.figures for u in units),
                len(self._side.officers))


def _cells(value: Unit | Officer) -> tuple[str, str, str, str, str]:
    if isinstance(value, Unit):
        quality = QUALITY_LABELS[value.quality].split(" / ")[0]
        figures = str(value.figures)
        if value.guns:  # beside the crew, which leaves the Type column short
            figures += f" · {value.guns} gun{'s' if value.guns != 1 else ''}"
        return value.name, UNIT_LABELS[value.type], quality, str(value.cv), figures
    return value.name, RANK_LABELS[value.rank], "", "", ""


def _icon(value: Unit | Officer, colour: str) -> QIcon:
    if isinstance(value, Unit):
        return _cached_icon(icons.unit_icon_name(value.type), icons.INK)
    return _cached_icon(icons.officer_icon_name(value.rank), colour)


@lru_cache(maxsize=256)
def _cached_icon(name: str, colour: str) -> QIcon:
    return icons.qicon(name, colour, heights=(ICON_SIZE.height(),))


def _measure(side: Side, table: QTableView) -> tuple[list[int], int]:
    """The widths of columns 1.. for `side` in `table`'s fonts, and the table's width
    that shows every name whole."""
    cell_fm, head_fm = table.fontMetrics(), table.horizontalHeader().fontMetrics()
    values: list[Unit | Officer] = [*side.units, *side.officers]
    rows = [_cells(value) for value in values]
    widths = [max([head_fm.horizontalAdvance(COLUMNS[c]) + HEADER_PAD,
                   *(cell_fm.horizontalAdvance(row[c]) + CELL_PAD for row in rows)])
              for c in range(1, len(COLUMNS))]
    names = max((cell_fm.horizontalAdvance(row[0]) for row in rows), default=0)
    return widths, (min(names, NAME_MAX) + ICON_SIZE.width() + NAME_PAD + sum(widths)
                    + 2 * table.frameWidth())


def totals_text(units: int, cv: int, figures: int, officers: int) -> str:
    plural = "s" if units != 1 else ""
    text = f"<b>{units}</b> unit{plural} · CV <b>{cv}</b> · <b>{figures}</b> figures"
    if officers:
        text += f" · <b>{officers}</b> officer{'s' if officers != 1 else ''}"
    return text


class SideRoster(QWidget):
    """A side's heading, its roster table and its totals line."""

    def __init__(self, side: Side, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = RosterModel(side, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 8)
        layout.setSpacing(3)
        head = QHBoxLayout()
        swatch = QLabel()
        swatch.setFixedSize(14, 14)
        swatch.setStyleSheet(
            f"background:{QColor(side.colour).name()}; border:1px solid #333; border-radius:2px;")
        title = QLabel(f"<b>{esc(side.name)}</b> <span style='color:#777'>· "
                       f"{side.baseline.value} edge</span>")
        title.setTextFormat(Qt.TextFormat.RichText)  # ours; the name is escaped
        head.addWidget(swatch)
        head.addWidget(title, 1)
        layout.addLayout(head)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.setIconSize(ICON_SIZE)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Widths measured here once: ResizeToContents would ask the model for
        # every cell, in every role, several times over (~3,000 calls into
        # Python before the first frame).
        widths, wanted = _measure(side, self.table)
        for c, width in enumerate(widths, start=1):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.Fixed)
            hh.resizeSection(c, width)
        #: The width that shows every name whole (the dock asks for it, within reason).
        self.wanted_width = wanted
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        shown = max(1, self.model.rowCount())
        frame = 2 * self.table.frameWidth()
        self.table.setFixedHeight(hh.sizeHint().height() + shown * 22 + frame)
        layout.addWidget(self.table)
        self.totals = QLabel(totals_text(*self.model.totals()))
        self.totals.setObjectName("totals")
        layout.addWidget(self.totals)


class RosterDock(QDockWidget):
    """Both sides' rosters, one above the other, scrolling together."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Roster", parent)
        self.setObjectName("roster")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.sides: list[SideRoster] = []
        self._scroll = QScrollArea()
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(self._scroll)
        self._filled = False  # the body is built by set_scenario, or when first shown
        #: The widths the sides' rosters will want, while `reserve` holds their place.
        self._reserved: list[int] = []

    def showEvent(self, event: QShowEvent) -> None:
        if not self._filled:
            self.set_scenario(None)
        super().showEvent(event)

    def reserve(self, scenario: Scenario) -> None:
        """Stand as wide as `scenario`'s rosters will want, with the body left empty.

        The window's first frame comes without the roster's tables (building and
        painting them is a fair share of the time to that frame); `set_scenario`
        builds them right after it (desktop.ui.first_frame).  The dock already has
        their width, so the table beside it does not move when they come.
        """
        self._filled = True
        probe = QTableView()  # the fonts and frame of the tables to come
        self._reserved = [_measure(side, probe)[1] for side in scenario.sides]
        self._scroll.setWidget(QWidget())

    def set_scenario(self, scenario: Scenario | None) -> None:
        self._filled = True
        self._reserved = []
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(BODY_MARGIN, 4, BODY_MARGIN, 4)
        self.sides = []
        if scenario is None:
            layout.addWidget(QLabel("<i>No scenario open.</i>"))
        else:
            for side in scenario.sides:
                roster = SideRoster(side)
                self.sides.append(roster)
                layout.addWidget(roster)
        layout.addStretch(1)
        self._scroll.setWidget(body)

    def sizeHint(self) -> QSize:
        """Wide enough for whole names, within DOCK_MAX_SHARE of the window."""
        need = max([r.wanted_width for r in self.sides] or self._reserved or [0])
        need += 2 * BODY_MARGIN + self._scroll.verticalScrollBar().sizeHint().width()
        window = self.parentWidget()
        cap = int(window.width() * DOCK_MAX_SHARE) if window is not None else need
        return QSize(max(DEFAULT_WIDTH, min(need, cap)), 600)
