"""Hover text for the things on the table: plain descriptions, no rules."""

from __future__ import annotations

from html import escape

from desktop.scenario.model import LineShape, Objective, Officer, Side, TerrainFeature, Unit
from desktop.scenario.vocabulary import (
    QUALITY_LABELS,
    RANK_LABELS,
    TERRAIN_LABELS,
    TERRAIN_PROPERTIES,
    UNIT_LABELS,
    LengthUnit,
)
from desktop.ui.table.measure import fmt_length, fmt_size


def _swatch(colour: str) -> str:
    return f"<span style='color:{escape(colour)}'>&#9632;</span>"


def _rows(rows: list[tuple[str, str]]) -> str:
    cells = "".join(
        f"<tr><td style='color:#666;padding-right:8px'>{escape(k)}</td><td>{v}</td></tr>"
        for k, v in rows
    )
    return f"<table cellspacing='0' cellpadding='0'>{cells}</table>"


def _words(value: str) -> str:
    """A vocabulary value as words ("light_infantry" -> "light infantry")."""
    return value.replace("_", " ")


def unit_tip(side: Side, unit: Unit, lu: LengthUnit) -> str:
    rows = [
        ("Type", escape(UNIT_LABELS[unit.type])),
        ("Quality", escape(QUALITY_LABELS[unit.quality])),
        ("Combat Value", str(unit.cv)),
        ("Figures", str(unit.figures)),
        ("Formation", escape(unit.formation.value.capitalize())),
        ("Base", escape(fmt_size(unit.base.frontage, unit.base.depth, lu))),
        ("Facing", f"{unit.facing:g}°"),
    ]
    if unit.guns:
        rows.insert(4, ("Guns", str(unit.guns)))
    if unit.command:
        rows.append(("Command", escape(", ".join(_words(c.value) for c in unit.command))))
    if unit.traits:
        rows.append(("Traits", escape(", ".join(_words(t.value) for t in unit.traits))))
    return (f"<b>{escape(unit.name)}</b> {_swatch(side.colour)} "
            f"<span style='color:#666'>{escape(side.name)}</span>"
            f"{_rows(rows)}")


def officer_tip(side: Side, officer: Officer, lu: LengthUnit) -> str:
    rows = [("Rank", escape(RANK_LABELS[officer.rank])), ("Facing", f"{officer.facing:g}°")]
    if officer.attached_to:
        unit = next((u for u in side.units if u.id == officer.attached_to), None)
        rows.append(("Attached to", escape(unit.name if unit is not None else "a unit")))
    return (f"<b>{escape(officer.name)}</b> {_swatch(side.colour)} "
            f"<span style='color:#666'>{escape(side.name)}</span>{_rows(rows)}")


def terrain_tip(feature: TerrainFeature, lu: LengthUnit) -> str:
    label = TERRAIN_LABELS[feature.type]
    title = f"<b>{escape(feature.name)}</b> — {escape(label)}" if feature.name else (
        f"<b>{escape(label)}</b>")
    rows: list[tuple[str, str]] = []
    if isinstance(feature.shape, LineShape):
        rows.append(("Width", escape(fmt_length(feature.shape.width, lu))))
    for key in TERRAIN_PROPERTIES[feature.type]:
        value = feature.prop(key)
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        elif key == "height" and isinstance(value, float):
            shown = fmt_length(value, lu)
        else:
            shown = str(value)
        rows.append((key.replace("_", " ").capitalize(), escape(shown)))
    return title + _rows(rows)


def objective_tip(objective: Objective, lu: LengthUnit) -> str:
    return (f"<b>{escape(objective.name)}</b> — objective"
            + _rows([("Radius", escape(fmt_length(objective.radius, lu)))]))


def zone_tip(side: Side) -> str:
    return f"{_swatch(side.colour)} <b>{escape(side.name)}</b> deployment zone"
