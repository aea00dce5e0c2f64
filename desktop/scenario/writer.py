"""Scenario -> plain YAML data, in the order a person reads a file.

The writer omits nothing that the reader would default differently, so
load -> save -> load gives an equal model.
"""

from __future__ import annotations

from typing import Any

import yaml

from desktop.scenario.model import (
    EllipseShape,
    LineShape,
    Point,
    PolygonShape,
    RectShape,
    Scenario,
    Shape,
    TerrainFeature,
    Unit,
    VictoryCondition,
)
from desktop.scenario.vocabulary import ARTILLERY


def _num(v: float) -> int | float:
    return int(v) if float(v).is_integer() else float(v)


def _pt(p: Point) -> list[int | float]:
    return [_num(p[0]), _num(p[1])]


def _shape(shape: Shape) -> dict[str, Any]:
    if isinstance(shape, PolygonShape):
        return {"polygon": [_pt(p) for p in shape.points]}
    if isinstance(shape, LineShape):
        out: dict[str, Any] = {"line": [_pt(p) for p in shape.points], "width": _num(shape.width)}
        if shape.smooth:
            out["smooth"] = True
        return out
    if isinstance(shape, RectShape):
        rect: dict[str, Any] = {"centre": _pt(shape.centre), "size": _pt(shape.size)}
        if shape.rotation:
            rect["rotation"] = _num(shape.rotation)
        return {"rectangle": rect}
    assert isinstance(shape, EllipseShape)
    ell: dict[str, Any] = {"centre": _pt(shape.centre), "radii": _pt(shape.radii)}
    if shape.rotation:
        ell["rotation"] = _num(shape.rotation)
    return {"ellipse": ell}


def _feature(f: TerrainFeature) -> dict[str, Any]:
    out: dict[str, Any] = {"id": f.id, "type": f.type.value}
    if f.name:
        out["name"] = f.name
    out.update(_shape(f.shape))
    if f.properties:
        out["properties"] = {
            k: (_num(v) if isinstance(v, float) else v) for k, v in f.properties.items()
        }
    return out


def _unit(u: Unit) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": u.id,
        "name": u.name,
        "type": u.type.value,
        "quality": u.quality.value,
        "cv": u.cv,
        "figures": u.figures,
    }
    if u.command:
        out["command"] = [c.value for c in u.command]
    if u.traits:
        out["traits"] = [t.value for t in u.traits]
    out["guns"] = u.guns
    out["base"] = {"frontage": _num(u.base.frontage), "depth": _num(u.base.depth)}
    out["position"] = _pt(u.position)
    out["facing"] = _num(u.facing)
    out["formation"] = u.formation.value
    if not u.guns and u.type not in ARTILLERY:
        del out["guns"]
    start = {rid: dict(fields) for rid, fields in sorted(u.start.items()) if fields}
    if start:
        out["start"] = start
    return out


def _victory(v: VictoryCondition) -> dict[str, Any]:
    out: dict[str, Any] = {"type": v.kind}
    for name, value in vars(v).items():
        if value is None or value == ():
            continue
        if isinstance(value, tuple):
            out[name] = list(value)
        elif isinstance(value, float):
            out[name] = _num(value)
        else:
            out[name] = value.value if hasattr(value, "value") else value
    return out


def scenario_to_data(s: Scenario) -> dict[str, Any]:
    table: dict[str, Any] = {
        "width": _num(s.table.width),
        "depth": _num(s.table.depth),
        "unit": s.table.unit.value,
        "span": _num(s.table.span),
    }
    if s.table.grid is not None:
        table["grid"] = {"square": _num(s.table.grid.square), "origin": _pt(s.table.grid.origin)}
    data: dict[str, Any] = {"format_version": s.format_version, "title": s.title}
    if s.author:
        data["author"] = s.author
    if s.briefing:
        data["briefing"] = s.briefing
    if s.ruleset:
        data["ruleset"] = s.ruleset
    data["table"] = table
    data["terrain"] = [_feature(f) for f in s.terrain]
    sides = []
    for side in s.sides:
        sd: dict[str, Any] = {
            "id": side.id,
            "name": side.name,
            "colour": side.colour,
            "baseline": side.baseline.value,
        }
        if side.plural is not None:
            sd["plural"] = side.plural
        sd["units"] = [_unit(u) for u in side.units]
        if side.officers:
            sd["officers"] = []
            for o in side.officers:
                od: dict[str, Any] = {
                    "id": o.id, "name": o.name, "rank": o.rank.value, "position": _pt(o.position),
                    "facing": _num(o.facing),
                }
                if o.attached_to:
                    od["attached_to"] = o.attached_to
                sd["officers"].append(od)
        sides.append(sd)
    data["sides"] = sides
    g = s.game
    game: dict[str, Any] = {"type": g.type.value}
    if g.defender:
        game["defender"] = g.defender
    game["deployment_depth"] = _num(g.deployment_depth)
    if g.deployment:
        game["deployment"] = {k: [_pt(p) for p in z.points] for k, z in g.deployment.items()}
    if g.objectives:
        game["objectives"] = [
            {"id": o.id, "name": o.name, "position": _pt(o.position), "radius": _num(o.radius)}
            for o in g.objectives
        ]
    if g.victory:
        game["victory"] = [_victory(v) for v in g.victory]
    data["game"] = game
    if s.ruleset_options:
        data["ruleset_options"] = {k: dict(v) for k, v in s.ruleset_options.items()}
    return data


try:  # libyaml's emitter writes the largest scenario in a third of the time
    _Base: type[yaml.SafeDumper] = yaml.CSafeDumper  # type: ignore[assignment,unused-ignore]
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Base = yaml.SafeDumper


class _Dumper(_Base):  # type: ignore[valid-type,misc]
    """The safe dumper, writing multi-line text as readable literal blocks.

    Saving runs on the window's thread at every autosave, and the pure-Python
    emitter took 0.79 s of CPU on a 500-unit scenario (C: 0.24 s). Both write
    the bundled scenarios byte for byte alike; libyaml escapes characters past
    U+FFFF where Python writes them as they are, and both read back the same.
    """


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if "\n" in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_str(value)


_Dumper.add_representer(str, _str)


def dumps(s: Scenario) -> str:
    header = "# Volley scenario: see docs/scenario-format.md\n"
    body = yaml.dump(
        scenario_to_data(s),
        Dumper=_Dumper,
        sort_keys=False,
        default_flow_style=None,
        allow_unicode=True,
        width=100,
    )
    return header + body
