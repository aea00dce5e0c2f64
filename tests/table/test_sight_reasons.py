"""Line of sight with reasons, once, in desktop.table.sight (issue 16 part 3).

RULINGS, "Line of sight": blocked by terrain of a type that blocks sight in
the ruleset, and by units other than shooter and target on the line.  The
verdict with reasons must be the same test the engines' boolean answers use.
"""

from __future__ import annotations

import random

from shapely.geometry import box

from desktop.play.measure import sight_report
from desktop.scenario.model import RectShape, TerrainFeature
from desktop.scenario.vocabulary import TerrainType as T
from desktop.table.shapes import rect, rounded
from desktop.table.sight import (
    Obstacles,
    SightRequest,
    line_of_sight,
    line_of_sight_many,
    sight_reasons,
)
from desktop.table.terrain import TerrainIndex


def _terrain() -> TerrainIndex:
    return TerrainIndex([
        TerrainFeature("w1", T.WOOD, RectShape((10, 10), (4, 4)), name="Fuchswald"),
        TerrainFeature("m1", T.MARSH, RectShape((30, 10), (4, 4))),
    ])


def test_reasons_name_the_feature_and_the_unit_that_block() -> None:
    t = _terrain()
    target = box(9, 20, 11, 22)
    bases = [("ir49", box(0, 14, 20, 16))]
    s = sight_reasons((10, 0), target, t, frozenset({T.WOOD}), bases,
                      names={"ir49": "IR 49"})
    assert not s.clear
    assert s.blockers == ("IR 49", "wood 'Fuchswald'")
    assert s.verdict == "blocked by IR 49, wood 'Fuchswald'"
    # nearest first on the line to the nearest point: the wood (y 8) before IR 49 (y 14)
    assert s.lines[0].blockers == ("wood 'Fuchswald'", "IR 49")
    assert s.lines[0].blocked_at == (10.0, 8.0)


def test_reasons_leave_out_the_ends_and_their_own_wood() -> None:
    t = _terrain()
    target = box(9, 20, 11, 22)
    s = sight_reasons((10, 10), target, t, frozenset({T.WOOD}), [("me", box(9, 9, 11, 11))],
                      exclude=("me",), exempt_features=(0,))
    assert s.clear and s.verdict == "in sight"


def test_corners_are_tried_unless_the_ruleset_says_not() -> None:
    """A target hidden at its nearest point and centre but seen at a corner."""
    t = TerrainIndex([])
    target = box(8, 20, 14, 22)
    screen = [("x", box(8.5, 10, 11.5, 12))]
    assert sight_reasons((10, 0), target, t, frozenset(), screen).clear
    narrow = sight_reasons((10, 0), target, t, frozenset(), screen, corners=False)
    assert not narrow.clear and len(narrow.lines) == 2
    obs = Obstacles([box(8.5, 10, 11.5, 12)], ["x"])
    req = SightRequest((10, 0), target, corners=False)
    assert line_of_sight_many([req], t, frozenset(), obs) == [False]


def test_reasons_agree_with_the_fast_answer_on_random_tables() -> None:
    """The verdict with reasons and line_of_sight (the engines' test) never differ."""
    rng = random.Random(7)
    t = _terrain()
    kinds = frozenset({T.WOOD, T.MARSH})
    for _ in range(200):
        bases = [(f"u{i}", rect(rng.uniform(0, 40), rng.uniform(0, 30), 4, 1.5,
                                rng.uniform(0, 360))) for i in range(6)]
        origin = (rng.uniform(0, 40), rng.uniform(0, 30))
        target = rect(rng.uniform(0, 40), rng.uniform(0, 30), 3, 1, rng.uniform(0, 360))
        obs = Obstacles([b for _, b in bases], [i for i, _ in bases])
        fast = line_of_sight(origin, target, t, kinds, obs)
        assert sight_reasons(origin, target, t, kinds, bases).clear == fast


def test_measure_sight_report_uses_the_same_reasons() -> None:
    t = _terrain()
    target = box(9, 20, 11, 22)
    rep = sight_report((10, 0), target, t, frozenset({T.WOOD}), [], names={})
    s = sight_reasons((10, 0), target, t, frozenset({T.WOOD}))
    assert (rep.clear, rep.lines, rep.verdict) == (s.clear, s.lines, s.verdict)
    # a ruleset's verdict still decides, and keeps the lines' reasons
    rep = sight_report((10, 0), target, t, frozenset({T.WOOD}), [], engine_says=True)
    assert rep.clear and rep.verdict == "in sight" and rep.lines == s.lines


def test_one_rounding_helper_writes_no_negative_zero() -> None:
    assert rounded(-0.00001) == 0.0 and str(rounded(-0.00001)) == "0.0"
    assert rounded(1.234567) == 1.2346
