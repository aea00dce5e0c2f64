"""Load -> save -> load gives an equal model, and saving never leaves half a file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from desktop.scenario import ScenarioError, dumps, load, loads, save
from desktop.scenario.generate import large_scenario
from desktop.scenario.io import atomic_write_text
from desktop.scenario.model import EllipseShape, LineShape, RectShape

MINIMAL = """\
format_version: 1
title: Minimal
table: {width: 48, depth: 36}
sides:
  - {id: a, name: Red, colour: "#b22222", baseline: south}
  - {id: b, name: Blue, colour: "#1f4e9c", baseline: north}
"""

FULL = """\
format_version: 1
title: Full
author: Test
briefing: |
  First line.
  Second line.
ruleset: tactical
table: {width: 72, depth: 48, unit: cm, span: 6.5, grid: {square: 6, origin: [0, 0]}}
terrain:
  - {id: h, type: hill, name: Hill, ellipse: {centre: [20, 20], radii: [6, 4], rotation: 30},
     properties: {height: 2}}
  - {id: w, type: wood, rectangle: {centre: [50, 20], size: [8, 6], rotation: 15}}
  - {id: r, type: river, line: [[0, 30], [36, 28], [72, 31]], width: 2.5, smooth: true}
  - {id: br, type: bridge, rectangle: {centre: [36, 28], size: [3, 4]}}
  - {id: f, type: crops, polygon: [[2, 2], [10, 2], [10, 8]], properties: {tall: false}}
sides:
  - id: a
    name: Red
    colour: "#b22222"
    baseline: south
    units:
      - {id: a1, name: Foot, type: line_infantry, quality: elite, cv: 9, figures: 20,
         command: [officer, drummer, flag], traits: [guard, grenadier],
         base: {frontage: 5, depth: 1.5}, position: [30, 42.25], facing: 10.5, formation: column}
      - {id: a2, name: Guns, type: horse_artillery, guns: 2, position: [40, 42]}
    officers:
      - {id: a-c, name: Sir A, rank: commander, position: [35, 46], attached_to: a1}
  - id: b
    name: Blue
    colour: "#1f4e9c"
    baseline: north
    units:
      - {id: b1, name: Horse, type: cavalry, quality: conscript, position: [30, 4], facing: 180}
game:
  type: attack_defend
  defender: a
  deployment_depth: 8
  deployment:
    b: [[0, 0], [72, 0], [72, 12], [0, 12]]
  objectives:
    - {id: o1, name: Bridge, position: [36, 28], radius: 4}
  victory:
    - {type: last_man_standing}
    - {type: all_regulars_lost, side: a}
    - {type: exit_units, side: b, count: 2, edge: south}
    - {type: occupy_feature, side: b, feature: br, figures: 6}
    - {type: hold_objectives, count: 1, objectives: [o1], side: b}
    - {type: turn_limit, turns: 10, fallback: defender}
    - {type: army_break, fraction: 0.5, side: b}
ruleset_options:
  tactical: {skirmish_fire: false}
"""


@pytest.mark.parametrize("text", [MINIMAL, FULL], ids=["minimal", "full"])
def test_load_save_load_is_equal(text: str, tmp_path: Path) -> None:
    first = loads(text)
    path = tmp_path / "s.yaml"
    save(first, path)
    assert load(path) == first
    assert loads(dumps(first)) == first


def test_full_file_reads_every_field() -> None:
    s = loads(FULL)
    assert s.table.unit.value == "cm" and s.table.grid is not None
    assert isinstance(s.terrain[0].shape, EllipseShape)
    assert isinstance(s.terrain[1].shape, RectShape)
    river = s.terrain[2].shape
    assert isinstance(river, LineShape) and river.smooth and river.width == 2.5
    a1 = s.unit("a1")
    assert a1.cv == 9 and a1.figures == 20 and len(a1.command) == 3
    assert [t.value for t in a1.traits] == ["guard", "grenadier"]
    assert s.unit("a2").guns == 2
    assert s.side("a").officers[0].attached_to == "a1"
    assert len(s.game.victory) == 7
    assert s.ruleset_options == {"tactical": {"skirmish_fire": False}}
    assert s.briefing == "First line.\nSecond line.\n"


def test_defaults_follow_the_vocabulary() -> None:
    s = loads(FULL)
    horse = s.unit("b1")
    # RULINGS (Tactical Dice): conscript starts at CV 4; D3 base 4" x 2".
    assert horse.cv == 4
    assert (horse.base.frontage, horse.base.depth) == (4.0, 2.0)
    assert horse.formation.value == "line"


def test_generated_large_scenario_round_trips() -> None:
    s = large_scenario(units=200, features=60, ruleset="d3")
    assert loads(dumps(s)) == s


def test_atomic_write_leaves_the_old_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("old contents", encoding="utf-8")

    def explode(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", explode)
    with pytest.raises(OSError):
        atomic_write_text(path, "new contents")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["s.yaml"]


def test_artillery_without_guns_round_trips() -> None:
    text = MINIMAL.replace(
        "baseline: south}",
        "baseline: south, units: [{id: g, name: G, type: foot_artillery, guns: 0,"
        " position: [5, 34]}]}",
    )
    s = loads(text)
    assert s.unit("g").guns == 0
    assert loads(dumps(s)) == s


def test_the_collector_rests_while_a_file_is_read_and_wakes_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading is many small acyclic objects: the cyclic collector is paused (bench_load)."""
    import gc

    from desktop.scenario import io

    seen: list[bool] = []
    real = io.read_scenario

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(io, "read_scenario", spy)
    text = dumps(large_scenario(units=10, features=5, ruleset="d3"))
    assert gc.isenabled()
    loads(text)
    assert seen == [False] and gc.isenabled()
    with pytest.raises(ScenarioError):
        loads(text.replace("format_version: 2", "format_version: 2\nbogus: 2"))
    assert gc.isenabled()  # back on after a bad file too
    gc.disable()
    try:
        loads(text)
        assert not gc.isenabled()  # a caller that had it off keeps it off
    finally:
        gc.enable()


HOSTILE_NAMES = [
    "𐍈 Gothic 😀 letters past U+FFFF",  # libyaml escapes these; they must read back
    "\ufeffBOM in the middle\ufeff",
    "- looks like a list item",
    "key: value # not a comment",
    "'quoted' \"twice\" \\ back",
    "[flow] {map} & anchor * alias ! tag | > %",
    "עברית ومعها العربية",
    "e\u0301\u0301 stacked accents",
    "yes",
    "0x1F",
    "~",
    " leading and trailing space ",
    "a" * 80,
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_any_name_the_reader_accepts_is_written_so_it_reads_back(name: str) -> None:
    """Issue 15: the editor must never write what its reader refuses (C emitter included)."""
    import dataclasses

    s = loads(MINIMAL)
    side = dataclasses.replace(s.sides[0], name=name)
    s = dataclasses.replace(s, title=name, sides=(side, *s.sides[1:]))
    again = loads(dumps(s))
    assert again.title == name and again.sides[0].name == name
