"""The sight tool says what the referee says (issue 34, "Tools that agree with the rules").

For every ruleset, many random pairs of units in positions reached by seeded
random play: the view's `sight` (what the play window's sight tool shows) gives
the engine's own verdict, with a reason in words.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.rules import registry
from desktop.rules.engine import Game
from desktop.rules.randomplay import random_action
from desktop.rules.view import PlayView, view_of
from desktop.scenario.io import load

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _tactical(g: Any, a: str, b: str) -> bool:
    return bool(g.sight(g.unit(a), g.unit(b)))


def _d3(g: Any, a: str, b: str) -> bool:
    return bool(g.can_see(g.pieces[a], g.pieces[b]))


def _blown_away(g: Any, a: str, b: str) -> bool:
    st = g.state
    return bool(g.sees(st.pieces[a], st.pieces[b]))


def _mayhem(g: Any, a: str, b: str) -> bool:
    u, t = g.state.units[a], g.state.units[b]
    others = [o for o in g.active_units() if o.id not in (a, b)]
    return bool(g.sight(u, t, g.eye(u), others))


ENGINE_SIGHT: dict[str, tuple[str, Callable[[Any, str, str], bool]]] = {
    "tactical": ("tactical_ridge.yaml", _tactical),
    "d3": ("d3_crossroads.yaml", _d3),
    "blown_away": ("blown_away_four_farms.yaml", _blown_away),
    "mayhem": ("mayhem_village.yaml", _mayhem),
}


def _game(name: str, seed: int) -> Game:
    sc = load(SCENARIOS / name)
    return registry.get(sc.ruleset).new_game(sc, seed=seed)


def _pairs(view: PlayView, rng: random.Random, n: int) -> list[tuple[str, str]]:
    units = sorted(p.id for p in view.pieces().values() if p.present and not p.is_officer)
    return [tuple(rng.sample(units, 2)) for _ in range(n)]  # type: ignore[misc]


def _positions(g: Game, rng: random.Random, stops: int, steps: int) -> Any:
    """The start, then `stops` positions each `steps` random actions further on."""
    yield g
    for _ in range(stops):
        for _ in range(steps):
            if g.outcome is not None:
                return
            g.apply(random_action(g, rng))
        yield g


@pytest.mark.parametrize("ruleset", sorted(ENGINE_SIGHT))
def test_sight_tool_gives_the_engines_verdict(ruleset: str) -> None:
    name, engine_sees = ENGINE_SIGHT[ruleset]
    rng = random.Random(34)
    g = _game(name, seed=34)
    assert g.ruleset.id == ruleset
    checked = blocked = 0
    for pos in _positions(g, rng, stops=3, steps=25):
        view = view_of(pos)
        for a, b in _pairs(view, rng, 60):
            got = view.sight(a, b)
            assert got is not None, (a, b)
            want = engine_sees(pos, a, b)
            assert got.clear == want, (len(pos.history), a, b, got.verdict)
            assert view.can_see(a, b) == want
            assert got.verdict and got.lines
            if not want:
                blocked += 1
                assert got.verdict != "in sight"
                assert any(ln.blocked_at is not None for ln in got.lines) or got.reason
            checked += 1
    assert checked >= 120 and blocked > 0


def test_ridge_gun_is_hidden_by_the_hill_as_the_referee_says() -> None:
    """The case of issue 34: Rudd's battery cannot see the French battery across
    Windmill Ridge, and the sight tool says so and why."""
    g = _game("tactical_ridge.yaml", seed=1)
    view = view_of(g)
    got = view.sight("br_foot_bty", "fr_foot_bty")
    assert got is not None and not got.clear
    assert got.verdict == "hidden by a hill in g4"
    assert got.lines[0].blocked_at == pytest.approx((39.0, 18.0))
    fire = g.parse_action("fire br_foot_bty fr_foot_bty")
    assert "cannot see" in (g.check(fire) or "")
    clear = view.sight("br_rha", "fr_foot_bty")
    assert clear is not None and clear.clear


def test_kiddies_has_no_sight_rule_and_says_so() -> None:
    g = _game("kiddies_bridge.yaml", seed=34)
    view = view_of(g)
    rng = random.Random(34)
    for a, b in _pairs(view, rng, 40):
        got = view.sight(a, b)
        assert got is not None and got.clear
        assert got.verdict.startswith("no sight rule in Kiddies")
        assert all(ln.blocked_at is None for ln in got.lines)
