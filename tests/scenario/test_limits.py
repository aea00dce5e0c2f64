"""Issue 15, "Files that validate but crash later": the reader refuses every value
the rest of Volley cannot use, with file:line:column, the field and the limit.

Each case below is one the issue lists (or one of the agreed limits); each was
accepted by the reader before, and then crashed printing, the window or a
ruleset, or crashed `volley validate` itself.
"""

from __future__ import annotations

import pytest

from desktop.scenario import Scenario, ScenarioError, from_data, loads
from desktop.scenario.limits import (
    MAX_FEATURES,
    MAX_OBJECTIVES,
    MAX_UNITS,
    MAX_VERTICES,
)
from tests.scenario.test_bad_files import GOOD_SIDES as SIDES
from tests.scenario.test_bad_files import one, problems

TABLE = "table: {width: 48, depth: 36}\n"


def scenario(table: str = TABLE, terrain: str = "", sides: str = SIDES, game: str = "",
             title: str = "T") -> str:
    return f"format_version: 1\ntitle: {title}\n{table}{terrain}{sides}{game}"


def terrain(*features: str) -> str:
    return "terrain:\n" + "".join(f"  - {f}\n" for f in features)


def test_the_base_file_is_good() -> None:
    assert isinstance(loads(scenario(), "good.yaml"), Scenario)


# (issue line, file text, where the message points, fragments it must hold)
CASES: list[tuple[str, str, str, list[str]]] = [
    ("polygon vertex .nan", scenario(terrain=terrain(
        "{id: w, type: wood, polygon: [[0, 0], [10, .nan], [10, 0]]}")),
     "bad.yaml:5:43", ["terrain[0].polygon[1]", "finite", ".nan"]),
    ("polygon vertex .inf", scenario(terrain=terrain(
        "{id: w, type: wood, polygon: [[0, 0], [10, 10], [.inf, 0]]}")),
     "bad.yaml:5:53", ["terrain[0].polygon[2]", "finite", ".inf"]),
    ("table width 1e30", scenario(table="table: {width: 1.0e+30, depth: 36}\n"),
     "bad.yaml:3:16", ["table.width", "1e+30 is more than 480 inches", "longest table side"]),
    ("table depth too small", scenario(table="table: {width: 48, depth: 11.5}\n"),
     "bad.yaml:3:27", ["table.depth", "11.5 is less than 12 inches"]),
    ("vertex at 1e30", scenario(terrain=terrain(
        "{id: w, type: wood, polygon: [[0, 0], [1.0e+30, 10], [10, 0]]}")),
     "bad.yaml:5:43", ["terrain[0].polygon[1]", "x 1e+30 is too far off the table",
                       "x from -48 to 96"]),
    ("grid square 0.001", scenario(table="table: {width: 48, depth: 36, grid: {square: 0.001}}\n"),
     "bad.yaml:3:46", ["table.grid.square", "0.001 is less than 1 inch",
                       "smallest grid square"]),
    ("grid origin -9223372036854775808", scenario(
        table="table: {width: 48, depth: 36, grid: {square: 6,"
              " origin: [-9223372036854775808, 0]}}\n"),
     "bad.yaml:3:57", ["table.grid.origin", "x -9.22337e+18 is too far off the table"]),
    ("grid origin .nan", scenario(
        table="table: {width: 48, depth: 36, grid: {square: 6, origin: [0, .nan]}}\n"),
     "bad.yaml:3:57", ["table.grid.origin", "finite"]),
    ("building size [4, 1e-320]", scenario(terrain=terrain(
        "{id: m, type: building, rectangle: {centre: [20, 20], size: [4, 1.0e-320]}}")),
     "bad.yaml:5:65", ["terrain[0].rectangle.size", "1e-320 is less than 0.05 inch"]),
    ("rectangle size .inf", scenario(terrain=terrain(
        "{id: m, type: building, rectangle: {centre: [20, 20], size: [.inf, 3]}}")),
     "bad.yaml:5:65", ["terrain[0].rectangle.size", "finite"]),
    ("ellipse radius .nan", scenario(terrain=terrain(
        "{id: h, type: hill, ellipse: {centre: [20, 20], radii: [.nan, 3]}}")),
     "bad.yaml:5:60", ["terrain[0].ellipse.radii", "finite"]),
    ("size larger than the table", scenario(terrain=terrain(
        "{id: h, type: hill, ellipse: {centre: [20, 20], radii: [49, 3]}}")),
     "bad.yaml:5:60", ["terrain[0].ellipse.radii", "49 is more than 48 inches"]),
    ("deployment zone vertex .nan", scenario(
        game="game:\n  deployment: {red: [[0, 28], [48, .nan], [0, 36]]}\n"),
     "bad.yaml:18:31", ["game.deployment.red[1]", "finite"]),
    ("figures 1e9", scenario(sides=SIDES.replace(
        "position: [10, 30]}", "position: [10, 30], figures: 1000000000}")),
     "bad.yaml:10:80", ["sides[0].units[0].figures",
                        "1000000000 is more than the 100 figures a unit may have"]),
    ("line width 0.001", scenario(terrain=terrain(
        "{id: r, type: road, line: [[0, 5], [48, 5]], width: 0.001}")),
     "bad.yaml:5:57", ["terrain[0].width", "0.001 is less than 0.05 inch"]),
    ("base depth 1e-9", scenario(sides=SIDES.replace(
        "position: [10, 30]}", "position: [10, 30], base: {frontage: 4, depth: 1.0e-9}}")),
     "bad.yaml:10:98", ["sides[0].units[0].base.depth", "less than 0.05 inch"]),
    ("zero-area polygon", scenario(terrain=terrain(
        "{id: w, type: wood, polygon: [[0, 0], [10, 10], [20, 20.000000001]]}")),
     "bad.yaml:5:34", ["terrain[0].polygon", "square inch", "at least 0.0025"]),
    ("sliver polygon", scenario(terrain=terrain(
        "{id: w, type: wood, polygon: [[0, 0], [10, 0], [10, 0.0001]]}")),
     "bad.yaml:5:34", ["terrain[0].polygon", "covers 0.0005 square inch"]),
    ("line shorter than 0.05", scenario(terrain=terrain(
        "{id: r, type: road, line: [[5, 5], [5.01, 5]]}")),
     "bad.yaml:5:31", ["terrain[0].line", "at least 0.05 inch"]),
    ("turn limit 201", scenario(game="game:\n  victory: [{type: turn_limit, turns: 201}]\n"),
     "bad.yaml:18:39", ["game.victory[0].turns", "201 is more than the 200 turns"]),
    ("hill height 1e9", scenario(terrain=terrain(
        "{id: h, type: hill, ellipse: {centre: [20, 20], radii: [5, 3]},"
        " properties: {height: 1000000000}}")),
     "bad.yaml:5:90", ["terrain[0].properties.height", "at most 20"]),
    ("wall height of 30 (a whole number where a fraction is usual)", scenario(terrain=terrain(
        "{id: w, type: high_wall, line: [[5, 5], [20, 5]], properties: {height: 30}}")),
     "bad.yaml:5:76", ["terrain[0].properties.height", "must be at most 20, found 30"]),
    ("Combat Value 1e9", scenario(sides=SIDES.replace(
        "position: [10, 30]}", "position: [10, 30], cv: 1000000000}")),
     "bad.yaml:10:75", ["sides[0].units[0].cv", "more than the 99"]),
    ("option turn_limit 1e9", scenario(
        game="ruleset_options: {d3: {turn_limit: 1000000000}}\n"),
     "bad.yaml:17:36", ["ruleset_options.d3.turn_limit", "more than the 200 turns"]),
    ("option number .nan", scenario(game="ruleset_options: {d3: {odd: .nan}}\n"),
     "bad.yaml:17:29", ["ruleset_options.d3.odd", "finite"]),
    ("name with a newline", scenario(sides=SIDES.replace("name: Foot", 'name: "Fo\\not"')),
     "bad.yaml:10:24", ["sides[0].units[0].name", "control character (line break)",
                        "'Fo\\not'"]),
    ("name with an escape character", scenario(sides=SIDES.replace("name: Red", 'name: "\\e[2J"')),
     "bad.yaml:6:11", ["sides[0].name", "control character (U+001B)"]),
    ("name with a right-to-left override (reverses a label on screen)",
     scenario(sides=SIDES.replace("name: Red", 'name: "Red\\u202eA"')),
     "bad.yaml:6:11", ["sides[0].name", "U+202E, a direction override"]),
    ("name of 81 characters", scenario(sides=SIDES.replace("name: Horse", "name: " + "H" * 81)),
     "bad.yaml:16:24", ["sides[1].units[0].name", "has 81 characters; at most 80"]),
    ("title of 121 characters", scenario(title="T" * 121),
     "bad.yaml:2:8", ["title", "has 121 characters; at most 120"]),
    ("briefing of 4,001 characters", scenario(game="briefing: " + "b" * 4001 + "\n"),
     "bad.yaml:17:11", ["briefing", "4,001 characters; at most 4,000"]),
    ("id with a trailing newline", scenario(sides=SIDES.replace("id: b1", 'id: "b1\\n"')),
     "bad.yaml:16:14", ["sides[1].units[0].id", "not a valid id"]),
    ("colour with a trailing newline",
     scenario(sides=SIDES.replace('"#b22222"', '"#b22222\\n"')),
     "bad.yaml:7:13", ["sides[0].colour", "not a colour"]),
]


@pytest.mark.parametrize(("name", "text", "where", "fragments"), CASES, ids=[c[0] for c in CASES])
def test_a_value_later_code_cannot_use_is_refused(
    name: str, text: str, where: str, fragments: list[str]
) -> None:
    message = one(text)
    assert message.startswith(where + ":"), message
    for fragment in fragments:
        assert fragment in message, message


def test_every_limit_is_inclusive() -> None:
    """The largest and smallest allowed values load: the limits are not off by one."""
    text = scenario(
        table="table: {width: 480, depth: 12, span: 1, grid: {square: 1, origin: [-480, 24]}}\n",
        terrain=terrain(
            "{id: m, type: building, rectangle: {centre: [0.02, 24], size: [0.05, 480]},"
            " properties: {storeys: 20}}",
            "{id: r, type: road, line: [[0, 5], [0.05, 5]], width: 0.05}",
            "{id: w, type: wood, polygon: [[0, 0], [0.05, 0], [0.05, 0.05], [0, 0.05]]}",
        ),
        sides=SIDES.replace("[10, 30]", "[10, 8]").replace("[10, 4]", "[20, 4]").replace(
            "position: [10, 8]}", "position: [10, 8], figures: 100, cv: 99}"),
        game="game:\n  victory: [{type: turn_limit, turns: 200}]\n",
        title="T" * 120,
    )
    s = loads(text, "edge.yaml")
    assert s.table.width == 480 and s.sides[0].units[0].figures == 100
    assert s.terrain[0].shape.centre == (0.02, 24.0)  # type: ignore[union-attr]


def _units(n: int, prefix: str, y: float) -> str:
    return "".join(
        f"      - {{id: {prefix}{i}, name: U, type: line_infantry, position: "
        f"[{4 + (i % 40) * 5}, {y}]}}\n" for i in range(n)
    )


def test_more_than_500_units_in_all_are_refused() -> None:
    half = MAX_UNITS // 2
    sides = SIDES.replace(
        "      - {id: r1, name: Foot, type: line_infantry, position: [10, 30]}\n",
        _units(half + 1, "r", 30),
    ).replace(
        "      - {id: b1, name: Horse, type: cavalry, position: [10, 4], facing: 180}\n",
        _units(half, "b", 4),
    )
    text = scenario(table="table: {width: 240, depth: 36}\n", sides=sides)
    message = one(text)
    assert message.startswith("bad.yaml:5:3: sides: "), message
    assert "501 units between them; a scenario may have at most 500" in message


def test_more_than_500_terrain_features_are_refused() -> None:
    features = [
        f"{{id: t{i}, type: wood, rectangle: {{centre: [20, 20], size: [1, 1]}}}}"
        for i in range(MAX_FEATURES + 1)
    ]
    message = one(scenario(terrain=terrain(*features)))
    assert message.startswith("bad.yaml:5:3: terrain: 501 terrain features is more than the"
                              " 500"), message


def test_more_than_100_objectives_are_refused() -> None:
    objs = ", ".join(f"{{id: o{i}, position: [20, 20]}}" for i in range(MAX_OBJECTIVES + 1))
    message = one(scenario(game=f"game:\n  objectives: [{objs}]\n"))
    assert "game.objectives: 101 objectives is more than the 100" in message


def test_more_than_20000_vertices_in_all_are_refused_once() -> None:
    ring = ", ".join(f"[{10 + 5 * __import__('math').cos(k / 100)},"
                     f" {10 + 5 * __import__('math').sin(k / 100)}]" for k in range(600))
    n = MAX_VERTICES // 600 + 2
    features = [f"{{id: w{i}, type: wood, polygon: [{ring}]}}" for i in range(n)]
    found = problems(scenario(terrain=terrain(*features)))
    assert len(found) == 1, found[:3]
    assert "20,400 points; a scenario may have at most 20,000 in all" in found[0]
    assert found[0].startswith(f"bad.yaml:{5 + MAX_VERTICES // 600}:"), found[0]


def test_python_data_with_huge_and_nan_numbers_is_refused_too() -> None:
    """Records carry their scenario as data read by yaml.safe_load: the same checks hold."""
    data = loads(scenario(), "x.yaml")  # only to be sure the base is good
    assert data
    raw = {
        "format_version": 1, "title": "T", "table": {"width": 10**400, "depth": float("nan")},
        "sides": [],
    }
    with pytest.raises(ScenarioError) as info:
        from_data(raw, "rec.yaml")
    text = "\n".join(str(p) for p in info.value.problems)
    assert "table.width: a 401-digit number is far too large" in text
    assert "table.depth: expected a finite number, found .nan" in text


def test_python_data_with_a_lone_surrogate_is_refused() -> None:
    """libyaml refuses lone surrogates; other data may hold one, and it cannot be saved."""
    raw = {"format_version": 1, "title": "T\ud800", "table": {"width": 48, "depth": 36},
           "sides": []}
    with pytest.raises(ScenarioError) as info:
        from_data(raw, "rec.yaml")
    assert "title: 'T\\ud800' holds a control character (U+D800)" in str(info.value)


def test_python_data_that_contains_itself_is_refused() -> None:
    loop: list[object] = []
    loop.append(loop)
    raw = {"format_version": 1, "title": loop, "table": {"width": 48, "depth": 36},
           "sides": loop}
    with pytest.raises(ScenarioError) as info:
        from_data(raw, "rec.yaml")
    text = "\n".join(str(p) for p in info.value.problems)
    assert "title: expected text, found a list of 1" in text


def test_reading_stops_after_100_problems_and_says_so() -> None:
    """20,000 unknown keys took 170 s to explain (each position is a walk of its mapping)."""
    import time

    text = scenario() + "".join(f"unknown_key_{i}: 1\n" for i in range(20_000))
    start = time.perf_counter()
    found = problems(text)
    assert time.perf_counter() - start < 10
    assert len(found) == 101
    assert found[0].startswith("bad.yaml:17:1: unknown_key_0: unknown key 'unknown_key_0'")
    assert found[-1] == ("bad.yaml: reading stopped after 100 problems; mend these and read "
                         "the file again")


def test_a_title_yaml_reads_as_a_date_is_still_text() -> None:
    """Text fields take what YAML read as a number or date as written (as before issue 15)."""
    assert loads(scenario(title="1815-06-18"), "x.yaml").title == "1815-06-18"
