"""Every kind of bad scenario file gets one clear message: file, line, field, what.

The program must never show a traceback for a bad file (issue 2); each case
here is a mistake a designer could really make.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.scenario import ScenarioError, load, loads

GOOD_SIDES = """\
sides:
  - id: red
    name: Red
    colour: "#b22222"
    baseline: south
    units:
      - {id: r1, name: Foot, type: line_infantry, position: [10, 30]}
  - id: blue
    name: Blue
    colour: "#1f4e9c"
    baseline: north
    units:
      - {id: b1, name: Horse, type: cavalry, position: [10, 4], facing: 180}
"""

HEAD = "format_version: 1\ntitle: T\ntable: {width: 48, depth: 36}\n"


def problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as info:
        loads(text, "bad.yaml")
    return [str(p) for p in info.value.problems]


def one(text: str) -> str:
    found = problems(text)
    assert len(found) == 1, found
    return found[0]


# (name, file text, expected start "bad.yaml:LINE", expected fragments)
CASES: list[tuple[str, str, str, list[str]]] = [
    ("yaml syntax", HEAD + "sides: [\n", "bad.yaml:5", ["not valid YAML"]),
    ("tab indentation", HEAD + "sides:\n\t- id: x\n", "bad.yaml:5", ["not valid YAML"]),
    ("not a mapping", "- 1\n- 2\n", "bad.yaml:1", ["mapping of keys"]),
    ("missing version", "title: T\n", "bad.yaml:1", ["missing 'format_version'"]),
    ("newer version", "format_version: 9\n" + HEAD[18:] + GOOD_SIDES, "bad.yaml:1",
     ["newer Volley"]),
    ("unknown key", HEAD + "tilte: Oops\n" + GOOD_SIDES, "bad.yaml:4:1",
     ["unknown key 'tilte'", "did you mean 'title'"]),
    ("wrong type", HEAD.replace("width: 48", "width: wide") + GOOD_SIDES, "bad.yaml:3",
     ["table.width", "expected a number", "'wide'"]),
    ("unknown word", HEAD + GOOD_SIDES.replace("line_infantry", "line_infantery"), "bad.yaml:10",
     ["sides[0].units[0].type", "did you mean 'line_infantry'"]),
    ("missing required key", HEAD + GOOD_SIDES.replace("    baseline: north\n", ""),
     "bad.yaml:", ["sides[1]", "missing required key 'baseline'"]),
    ("bad colour", HEAD + GOOD_SIDES.replace('"#b22222"', "scarlet"), "bad.yaml:7",
     ["sides[0].colour", "#rrggbb"]),
    ("self-crossing polygon",
     HEAD + "terrain:\n  - {id: w, type: wood, polygon: [[0, 0], [10, 10], [10, 0], [0, 10]]}\n"
     + GOOD_SIDES, "bad.yaml:5", ["terrain[0].polygon", "crosses itself"]),
    ("too few points",
     HEAD + "terrain:\n  - {id: w, type: wood, polygon: [[0, 0], [10, 10]]}\n" + GOOD_SIDES,
     "bad.yaml:5", ["terrain[0].polygon", "at least 3 points"]),
    ("area drawn as a line",
     HEAD + "terrain:\n  - {id: w, type: wood, line: [[0, 0], [10, 10]]}\n" + GOOD_SIDES,
     "bad.yaml:5", ["terrain[0].line", "is an area"]),
    ("two geometries",
     HEAD + "terrain:\n  - {id: w, type: wood, polygon: [[0, 0], [9, 0], [9, 9]],"
     " ellipse: {centre: [5, 5], radii: [2, 2]}}\n" + GOOD_SIDES,
     "bad.yaml:5", ["only one geometry"]),
    ("unit id used twice", HEAD + GOOD_SIDES.replace("id: b1", "id: r1"), "bad.yaml:16",
     ["'r1' is used twice", "first used on line 10"]),
    ("unit off the table", HEAD + GOOD_SIDES.replace("[10, 30]", "[10, 60]"), "bad.yaml:10",
     ["sides[0].units[0].position", "off the table"]),
    ("victory names a missing feature",
     HEAD + GOOD_SIDES + "game:\n  victory:\n    - {type: occupy_feature, side: red,"
     " feature: town}\n", "bad.yaml:19", ["feature", "no terrain feature has the id 'town'"]),
    ("victory names a missing side",
     HEAD + GOOD_SIDES + "game:\n  victory:\n    - {type: exit_units, side: green, count: 2}\n",
     "bad.yaml:19", ["no side has the id 'green'"]),
    ("unknown victory type",
     HEAD + GOOD_SIDES + "game:\n  victory:\n    - {type: sudden_death}\n",
     "bad.yaml:19", ["'sudden_death' is not one of"]),
    ("three sides",
     HEAD + GOOD_SIDES + "  - {id: green, name: G, colour: '#00aa00', baseline: east}\n",
     "bad.yaml:5", ["exactly two sides, found 3"]),
    ("attack/defend without a defender",
     HEAD + GOOD_SIDES + "game: {type: attack_defend}\n", "bad.yaml:17",
     ["must name its 'defender'"]),
    ("officer attached to a missing unit",
     HEAD + GOOD_SIDES.replace(
         "    units:\n      - {id: r1",
         "    officers:\n      - {id: g, name: G, rank: general, position: [5, 30],"
         " attached_to: r9}\n    units:\n      - {id: r1"),
     "bad.yaml:10", ["attached_to", "no unit has the id 'r9'"]),
    ("more command figures than figures",
     HEAD + GOOD_SIDES.replace("position: [10, 30]",
                               "position: [10, 30], figures: 2, command: [officer, drummer, flag]"),
     "bad.yaml:10", ["3 command figures but only 2"]),
    ("unknown terrain property",
     HEAD + "terrain:\n  - {id: w, type: wood, polygon: [[0, 0], [9, 0], [9, 9]],"
     " properties: {height: 2}}\n" + GOOD_SIDES, "bad.yaml:5", ["unknown key 'height'"]),
    ("duplicate key", HEAD + "title: Again\n" + GOOD_SIDES, "bad.yaml:4:1", ["appears twice"]),
    ("negative table size", HEAD.replace("depth: 36", "depth: -36") + GOOD_SIDES, "bad.yaml:3",
     ["table.depth", "less than 12 inches"]),
    ("unknown ruleset", HEAD + "ruleset: chess\n" + GOOD_SIDES, "bad.yaml:4",
     ["unknown ruleset 'chess'"]),
    ("objective off the table",
     HEAD + GOOD_SIDES + "game:\n  objectives: [{id: o, position: [60, 9]}]\n", "bad.yaml:18",
     ["objective 'o'", "off the table"]),
]


@pytest.mark.parametrize(("name", "text", "where", "fragments"), CASES, ids=[c[0] for c in CASES])
def test_bad_file_gets_a_clear_message(
    name: str, text: str, where: str, fragments: list[str]
) -> None:
    message = one(text)
    assert message.startswith(where), message
    for fragment in fragments:
        assert fragment in message, message


def test_many_problems_are_reported_together() -> None:
    text = HEAD.replace("width: 48", "width: x") + GOOD_SIDES.replace(
        '"#b22222"', "red"
    ).replace("cavalry", "hussars")
    found = problems(text)
    assert len(found) == 3
    assert [f.split(":")[1] for f in found] == sorted(
        (f.split(":")[1] for f in found), key=int
    )


def test_empty_file(tmp_path: Path) -> None:
    p = tmp_path / "empty.yaml"
    p.write_text("", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"empty\.yaml: the file is empty"):
        load(p)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"nope\.yaml: no such file"):
        load(tmp_path / "nope.yaml")


def test_binary_file(tmp_path: Path) -> None:
    p = tmp_path / "image.yaml"
    p.write_bytes(b"format_version: 1\n\xff\xd8\xff\xe0")
    with pytest.raises(ScenarioError, match=r"image\.yaml:2:1: is not UTF-8"):
        load(p)


def test_folder_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="a folder"):
        load(tmp_path)


def test_objective_listed_twice_in_a_condition() -> None:
    text = HEAD + GOOD_SIDES + (
        "game:\n  objectives: [{id: o1, position: [9, 9]}, {id: o2, position: [20, 9]}]\n"
        "  victory:\n    - {type: hold_objectives, count: 2, objectives: [o1, o1]}\n"
    )
    assert "objective 'o1' is listed twice" in one(text)


def test_property_on_a_type_that_has_none() -> None:
    text = HEAD + "terrain:\n  - {id: t, type: town, polygon: [[0, 0], [9, 0], [9, 9]]," \
        " properties: {walls: true}}\n" + GOOD_SIDES
    assert "unknown key 'walls'; nothing may be given here" in one(text)


def test_optional_keys_left_empty_count_as_absent() -> None:
    s = loads(HEAD + "author:\nbriefing:\n" + GOOD_SIDES + "game:\n")
    assert s.author == "" and s.briefing == "" and s.game.type.value == "encounter"
