"""The properties panel: the selected feature, unit, officer or objective, as a form.

Each field pushes one command when it is committed (Enter or leaving the
field for text and numbers, at once for choices and check boxes).  A refused
value (a polygon that would cross itself, a name left empty) is reported and
the form shows the model again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.scenario import limits as L
from desktop.scenario.edits.base import EditError
from desktop.scenario.edits.pieces import is_piece, piece
from desktop.scenario.edits.vertices import vertices
from desktop.scenario.model import (
    Base,
    EllipseShape,
    LineShape,
    Objective,
    Officer,
    RectShape,
    TerrainFeature,
    Unit,
)
from desktop.scenario.vocabulary import (
    LINEAR_TERRAIN,
    QUALITY_LABELS,
    RANK_LABELS,
    TERRAIN_LABELS,
    TERRAIN_PROPERTIES,
    UNIT_LABELS,
    CommandRole,
    Formation,
    Quality,
    Rank,
    TerrainType,
    Trait,
    UnitType,
)
from desktop.ui import commands as C

#: Friendlier labels for type-specific property keys.
PROPERTY_LABELS = {
    "height": "Height (levels)",
    "dense": "Dense (blocks sight)",
    "storeys": "Storeys",
    "track": "Only a track",
    "tall": "Tall crops (block sight)",
}


class PropertiesPanel(QWidget):
    """Rebuilt whenever the selection changes; refreshed when the selected thing changes."""

    refused = Signal(str)
    arrange = Signal(str)

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: Any = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(8, 8, 8, 8)
        self._layout.addStretch(1)
        self._body: QWidget | None = None
        self._shown: object = None
        self.fields: dict[str, QWidget] = {}
        # while a drag changes the selected thing many times a second, rebuild once it rests
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(120)
        self._later.timeout.connect(self._rebuild)
        self.set_document(doc)

    def set_document(self, doc: Any) -> None:
        if self.doc is not None:
            for sig, slot in ((self.doc.changed, self._changed),
                              (self.doc.selectionChanged, self._rebuild)):
                with contextlib.suppress(RuntimeError, TypeError):
                    sig.disconnect(slot)
        self.doc = doc
        doc.changed.connect(self._changed)
        doc.selectionChanged.connect(self._rebuild)
        self._rebuild()

    # --- what is shown ------------------------------------------------------------------

    def _thing(self) -> TerrainFeature | Unit | Officer | Objective | None:
        sel = self.doc.selection
        if len(sel) != 1:
            return None
        (i,) = sel
        s = self.doc.scenario
        for f in s.terrain:
            if f.id == i:
                return f
        for o in s.game.objectives:
            if o.id == i:
                return o
        if is_piece(s, i):
            return piece(s, i)
        return None

    def _changed(self, _ch: object) -> None:
        thing = self._thing()
        if thing is not self._shown:
            self._later.start()

    def _rebuild(self, *_: object) -> None:
        self._later.stop()
        # keep the keyboard where it was (Tab from one field to the next survives the rebuild)
        focused = next((k for k, w in self.fields.items() if w.hasFocus()), None)
        same = self._shown is not None and getattr(self._thing(), "id", None) == getattr(
            self._shown, "id", None)
        self._build()
        if focused is not None and same and focused in self.fields:
            self.fields[focused].setFocus()

    def _build(self) -> None:
        thing = self._thing()
        self._shown = thing
        if self._body is not None:
            self._layout.removeWidget(self._body)
            self._body.hide()
            self._body.deleteLater()
        self._body = QWidget()
        self.fields = {}
        form = QFormLayout(self._body)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        n = len(self.doc.selection)
        if thing is None:
            text = ("Nothing selected.\nClick something on the table, or drag a box round "
                    "several things." if n == 0 else f"{n} items selected.")
            label = QLabel(text)
            label.setWordWrap(True)
            form.addRow(label)
            if n > 1:
                row = QHBoxLayout()
                for how in ("line", "column"):
                    b = QPushButton(f"Arrange in {how}")
                    b.clicked.connect(lambda _c=False, h=how: self.arrange.emit(h))
                    row.addWidget(b)
                form.addRow(row)
        elif isinstance(thing, TerrainFeature):
            self._feature_form(form, thing)
        elif isinstance(thing, Unit):
            self._unit_form(form, thing)
        elif isinstance(thing, Officer):
            self._officer_form(form, thing)
        else:
            self._objective_form(form, thing)
        self._layout.insertWidget(0, self._body)

    # --- field helpers ---------------------------------------------------------------------

    def _push(self, make: Callable[[], Any]) -> None:
        try:
            cmd = make()
        except (EditError, ValueError, KeyError) as e:
            msg = str(e).strip("'\"")
            self.refused.emit(msg[:1].upper() + msg[1:])
            self._rebuild()
            return
        self.doc.push(cmd)

    def _text(self, form: QFormLayout, key: str, label: str, value: str,
              make: Callable[[str], Any]) -> QLineEdit:
        w = QLineEdit(value)
        w.setMaxLength(L.MAX_NAME)  # the reader's limit: a longer name could not be read back
        def finished() -> None:
            if w.text() != value:
                self._push(lambda: make(w.text()))

        w.editingFinished.connect(finished)
        form.addRow(label, w)
        self.fields[key] = w
        return w

    def _choice(self, form: QFormLayout, key: str, label: str,
                choices: list[tuple[Any, str]], value: Any, make: Callable[[Any], Any]
                ) -> QComboBox:
        w = QComboBox()
        for data, text in choices:
            w.addItem(text, data)
        w.setCurrentIndex(max(0, [d for d, _ in choices].index(value) if value in
                              [d for d, _ in choices] else 0))
        # (item data turns enums into plain strings: hand back the choice itself)
        def chosen(i: int) -> None:
            data = choices[i][0]
            if data != value:
                self._push(lambda: make(data))

        w.activated.connect(chosen)
        form.addRow(label, w)
        self.fields[key] = w
        return w

    def _number(self, form: QFormLayout, key: str, label: str, value: float,
                make: Callable[[float], Any], *, lo: float = 0, hi: float = 10_000,
                step: float = 1, decimals: int = 0, suffix: str = "") -> QWidget:
        w: QSpinBox | QDoubleSpinBox
        if decimals:
            w = QDoubleSpinBox()
            w.setDecimals(decimals)
        else:
            w = QSpinBox()
        w.setRange(lo, hi)  # type: ignore[arg-type]
        w.setSingleStep(step)  # type: ignore[arg-type]
        w.setValue(value)  # type: ignore[arg-type]
        w.setKeyboardTracking(False)
        if suffix:
            w.setSuffix(suffix)
        def finished() -> None:
            if w.value() != value:
                self._push(lambda: make(w.value()))

        w.editingFinished.connect(finished)
        form.addRow(label, w)
        self.fields[key] = w
        return w

    def _check(self, form: QFormLayout, key: str, label: str, value: bool,
               make: Callable[[bool], Any]) -> QCheckBox:
        w = QCheckBox(label)
        w.setChecked(value)
        w.toggled.connect(lambda on: self._push(lambda: make(on)))
        form.addRow("", w)
        self.fields[key] = w
        return w

    def _reach(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """(x range, y range) the reader accepts: one table size beyond each edge."""
        t = self.doc.scenario.table
        m = L.OFF_TABLE_MARGIN
        return (-m * t.width, (1 + m) * t.width), (-m * t.depth, (1 + m) * t.depth)

    def _position(self, form: QFormLayout, pos: tuple[float, float],
                  make: Callable[[tuple[float, float]], Any]) -> None:
        x, y = pos
        (x0, x1), (y0, y1) = self._reach()
        self._number(form, "x", "Position x", x, lambda v: make((v, y)), lo=x0, hi=x1,
                     step=0.5, decimals=2, suffix=" in")
        self._number(form, "y", "Position y", y, lambda v: make((x, v)), lo=y0, hi=y1,
                     step=0.5, decimals=2, suffix=" in")

    def _heading(self, form: QFormLayout, text: str) -> None:
        form.addRow(QLabel(f"<b>{text}</b>"))

    # --- forms --------------------------------------------------------------------------

    def _feature_form(self, form: QFormLayout, f: TerrainFeature) -> None:
        d = self.doc
        self._heading(form, f"Terrain: {TERRAIN_LABELS[f.type]}")
        linear = f.type in LINEAR_TERRAIN
        types = [(t, TERRAIN_LABELS[t]) for t in TerrainType
                 if (t in LINEAR_TERRAIN) == linear]
        self._choice(form, "type", "Type", types, f.type,
                     lambda t: C.SetFeatureType(d, f.id, t))
        self._text(form, "name", "Name", f.name,
                   lambda v: C.UpdateFeature(d, f.id, name=v.strip()))
        if isinstance(f.shape, LineShape):
            shape = f.shape
            self._number(form, "width", "Width", shape.width,
                         lambda v: C.SetLineWidth(d, f.id, v), lo=L.MIN_SIZE, hi=24, step=0.25,
                         decimals=2, suffix=" in")
            self._check(form, "smooth", "Smooth curve", shape.smooth,
                        lambda on: C.SetLineWidth(d, f.id, shape.width, on))
        def set_prop(key: str, cast: Callable[[Any], Any]) -> Callable[[Any], Any]:
            return lambda v: C.SetFeatureProperty(d, f.id, key, cast(v))

        for key, default in TERRAIN_PROPERTIES[f.type].items():
            value: Any = f.prop(key)
            label = PROPERTY_LABELS.get(key, key.replace("_", " ").capitalize())
            if isinstance(default, bool):
                self._check(form, f"prop:{key}", label, bool(value), set_prop(key, bool))
            elif isinstance(default, int):
                self._number(form, f"prop:{key}", label, int(value), set_prop(key, int),
                             lo=0, hi=L.MAX_PROPERTY)
            elif isinstance(default, float):
                self._number(form, f"prop:{key}", label, float(value), set_prop(key, float),
                             lo=0, hi=L.MAX_PROPERTY, step=0.25, decimals=2, suffix=" in")
            else:
                self._text(form, f"prop:{key}", label, str(value), set_prop(key, str))
        if isinstance(f.shape, (RectShape, EllipseShape)):
            area = f.shape
            cx, cy = area.centre
            a, b = area.size if isinstance(area, RectShape) else area.radii
            what = ("Width", "Depth") if isinstance(area, RectShape) else ("Radius across",
                                                                             "Radius down")
            size_key = "size" if isinstance(area, RectShape) else "radii"

            def reshape(**kw: Any) -> Any:
                return C.UpdateFeature(d, f.id, shape=replace(area, **kw))

            (x0, x1), (y0, y1) = self._reach()
            biggest = max(d.scenario.table.width, d.scenario.table.depth)

            self._number(form, "centre_x", "Centre x", cx,
                         lambda v: reshape(centre=(v, cy)), lo=x0, hi=x1, step=0.5,
                         decimals=2, suffix=" in")
            self._number(form, "centre_y", "Centre y", cy,
                         lambda v: reshape(centre=(cx, v)), lo=y0, hi=y1, step=0.5,
                         decimals=2, suffix=" in")
            self._number(form, "size_a", what[0], a,
                         lambda v: reshape(**{size_key: (v, b)}), lo=0.1, hi=biggest, step=0.5,
                         decimals=2, suffix=" in")
            self._number(form, "size_b", what[1], b,
                         lambda v: reshape(**{size_key: (a, v)}), lo=0.1, hi=biggest, step=0.5,
                         decimals=2, suffix=" in")
            self._number(form, "rotation", "Rotation", area.rotation,
                         lambda v: reshape(rotation=v), lo=-360, hi=360, step=5, decimals=1,
                         suffix="°")
        kind = {"polygon": "Polygon", "line": "Line", "rectangle": "Rectangle",
                "ellipse": "Ellipse"}[f.shape.kind]
        n = len(vertices(f.shape))
        hint = QLabel(f"<span style='color:#666'>{kind}, {n} points · id {f.id}<br>"
                      "Edit points with the Edit points tool (V)</span>")
        hint.setWordWrap(True)
        form.addRow(hint)

    def _unit_form(self, form: QFormLayout, u: Unit) -> None:
        d = self.doc
        s = d.scenario
        side = s.side_of(u.id)
        self._heading(form, f"Unit: {UNIT_LABELS[u.type]}")
        self._text(form, "name", "Name", u.name, lambda v: C.UpdatePiece(d, u.id, name=v))
        self._choice(form, "side", "Side", [(x.id, x.name) for x in s.sides], side.id,
                     lambda v: C.MovePieceToSide(d, u.id, v))
        self._choice(form, "type", "Type", [(t, UNIT_LABELS[t]) for t in UnitType], u.type,
                     lambda t: C.SetUnitType(d, u.id, t))
        self._choice(form, "quality", "Quality", [(q, QUALITY_LABELS[q]) for q in Quality],
                     u.quality, lambda q: C.SetUnitQuality(d, u.id, q))
        self._number(form, "cv", "Combat Value", u.cv, lambda v: C.UpdatePiece(d, u.id, cv=int(v)),
                     hi=L.MAX_CV)
        # at least one figure, and one for each command figure (the reader's rules)
        self._number(form, "figures", "Figures", u.figures,
                     lambda v: C.UpdatePiece(d, u.id, figures=int(v)),
                     lo=max(1, len(u.command)), hi=L.MAX_FIGURES)
        if u.type.value.endswith("artillery"):
            self._number(form, "guns", "Guns", u.guns,
                         lambda v: C.UpdatePiece(d, u.id, guns=int(v)), hi=L.MAX_GUNS)
        self._choice(form, "formation", "Formation", [(f, f.value.capitalize()) for f in Formation],
                     u.formation, lambda f: C.UpdatePiece(d, u.id, formation=f))
        self._position(form, u.position, lambda p: C.UpdatePiece(d, u.id, position=p))
        self._number(form, "facing", "Facing", u.facing,
                     lambda v: C.UpdatePiece(d, u.id, facing=v), lo=0, hi=359.9, step=15,
                     decimals=1, suffix="°")
        self._number(form, "frontage", "Base frontage", u.base.frontage,
                     lambda v: C.UpdatePiece(d, u.id, base=Base(v, u.base.depth)),
                     lo=0.25, hi=24, step=0.25, decimals=2, suffix=" in")
        self._number(form, "depth", "Base depth", u.base.depth,
                     lambda v: C.UpdatePiece(d, u.id, base=Base(u.base.frontage, v)),
                     lo=0.25, hi=24, step=0.25, decimals=2, suffix=" in")
        for t in Trait:
            on = t in u.traits
            self._check(form, f"trait:{t.value}", f"Trait: {t.value}", on,
                        self._trait_setter(u, t))
        for r in CommandRole:
            on = r in u.command
            self._check(form, f"command:{r.value}", f"Command: {r.value}", on,
                        self._role_setter(u, r))

    def _trait_setter(self, u: Unit, t: Trait) -> Callable[[bool], Any]:
        d = self.doc
        return lambda v: C.UpdatePiece(d, u.id, traits=tuple(
            x for x in Trait if (x in u.traits and x is not t) or (x is t and v)))

    def _role_setter(self, u: Unit, r: CommandRole) -> Callable[[bool], Any]:
        d = self.doc
        return lambda v: C.UpdatePiece(d, u.id, command=_command_roles(u, r, v))

    def _officer_form(self, form: QFormLayout, o: Officer) -> None:
        d = self.doc
        s = d.scenario
        side = s.side_of(o.id)
        self._heading(form, f"Officer: {RANK_LABELS[o.rank]}")
        self._text(form, "name", "Name", o.name, lambda v: C.UpdatePiece(d, o.id, name=v))
        self._choice(form, "rank", "Rank", [(r, RANK_LABELS[r]) for r in Rank], o.rank,
                     lambda r: C.UpdatePiece(d, o.id, rank=r))
        self._position(form, o.position, lambda p: C.UpdatePiece(d, o.id, position=p))
        self._number(form, "facing", "Facing", o.facing,
                     lambda v: C.UpdatePiece(d, o.id, facing=v), lo=0, hi=359.9, step=15,
                     decimals=1, suffix="°")
        units = [(None, "(not attached)")] + [(u.id, u.name) for u in side.units]
        self._choice(form, "attached_to", "Attached to", units, o.attached_to,
                     lambda v: C.UpdatePiece(d, o.id, attached_to=v))

    def _objective_form(self, form: QFormLayout, o: Objective) -> None:
        d = self.doc
        self._heading(form, "Objective")
        self._text(form, "name", "Name", o.name, lambda v: C.UpdateObjective(d, o.id, name=v))
        self._position(form, o.position, lambda p: C.UpdateObjective(d, o.id, position=p))
        self._number(form, "radius", "Radius", o.radius,
                     lambda v: C.UpdateObjective(d, o.id, radius=v), lo=0.25, hi=24, step=0.5,
                     decimals=2, suffix=" in")
        form.addRow(QLabel(f"<span style='color:#666'>id {o.id} (victory conditions name "
                           "objectives by id)</span>"))


def _command_roles(u: Unit, role: CommandRole, on: bool) -> tuple[CommandRole, ...]:
    """The unit's command roles with `role` on or off; each needs a figure of its own."""
    roles = tuple(x for x in CommandRole if (x in u.command and x is not role)
                  or (x is role and on))
    if len(roles) > u.figures:
        many = "figure" if u.figures == 1 else "figures"
        raise ValueError(f"The unit “{u.name}” has {u.figures} {many} and each command "
                         "figure needs one: raise Figures first")
    return roles


class PropertiesDock(QDockWidget):
    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__("Properties", parent)
        self.setObjectName("editor_properties")
        self.panel = PropertiesPanel(doc)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.panel)
        scroll.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.setWidget(scroll)
