"""The conformance harness (tests/rules/conformance.py) over every registered ruleset.

What any ruleset guarantees is written in docs/engine.md, "Conformance harness".
Each case is one seeded random game on one of the ruleset's scenarios, checked
after every CONFORMANCE_CHECK_EVERY-th action (3 by default): the state is
possible, every listed and sampled action passes ``check`` and round-trips
through its notation, a clone and a clone(seed) are independent of the original,
and the record replays to the same end.  CONFORMANCE_GAMES games per ruleset
(2 by default, a few seconds each) keep the suite fast; for long runs:

    .venv/bin/python -m tests.rules.conformance --ruleset d3 --games 1000 [--deep]
    VOLLEY_SLOW=1 .venv/bin/pytest tests/rules/test_conformance.py -m slow
"""

from __future__ import annotations

import functools
import os

import pytest

from desktop.rules import registry
from desktop.scenario import Scenario
from tests.rules import conformance

GAMES = int(os.environ.get("CONFORMANCE_GAMES", "2"))
#: The checks run before and after every Nth action, and always at the end.
CHECK_EVERY = int(os.environ.get("CONFORMANCE_CHECK_EVERY", "3"))
#: Where a ruleset fails a check because of an engine bug: its case is expected
#: to fail (strictly, so that the fix shows), with the reason.
KNOWN_BUGS: dict[tuple[str, str], str] = {
    # (test, ruleset id): reason.  test is "game" or "seeded_clone".
}


@functools.cache
def _scenarios(ruleset_id: str) -> dict[str, Scenario]:
    return dict(conformance.scenarios_for(ruleset_id))


def _marked(test: str, ruleset_id: str, *values: object) -> object:
    reason = KNOWN_BUGS.get((test, ruleset_id))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(ruleset_id, *values, marks=marks)


def _games() -> list[object]:
    out = []
    for rid in registry.ids():
        names = list(_scenarios(rid))
        for k in range(GAMES if names else 0):
            out.append(_marked("game", rid, names[k % len(names)], k))
    return out


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_every_ruleset_has_a_scenario_to_play(ruleset_id: str) -> None:
    # A bundled scenario, tests/rules/data/<id>_*.yaml or tests/rules/<id>/data/*.yaml.
    assert _scenarios(ruleset_id), f"no scenario for {ruleset_id}: the harness cannot play it"


@pytest.mark.parametrize(("ruleset_id", "scenario", "seed"), _games())
def test_random_game_conforms(ruleset_id: str, scenario: str, seed: int) -> None:
    game, result = conformance.play(ruleset_id, scenario, _scenarios(ruleset_id)[scenario],
                                    seed, CHECK_EVERY, deep=True, seeded_clones=False)
    assert result.actions > 0 and game.outcome is not None
    conformance.check_replay(game)


@pytest.mark.parametrize("ruleset_id", [_marked("seeded_clone", rid) for rid in registry.ids()
                                        if _scenarios(rid)])
def test_a_seeded_clone_starts_where_its_original_stands(ruleset_id: str) -> None:
    # docs/engine.md, Game.clone: with a seed the copy rolls fresh dice, from the
    # same position (cards already turned stay out of the deck).
    name, scenario = next(iter(_scenarios(ruleset_id).items()))
    conformance.play(ruleset_id, name, scenario, 0, check_every=3, seeded_clones=True)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("VOLLEY_SLOW"),
                    reason="set VOLLEY_SLOW=1, or run python -m tests.rules.conformance")
@pytest.mark.parametrize("ruleset_id", [rid for rid in registry.ids() if _scenarios(rid)])
def test_random_play_conformance_1000(ruleset_id: str) -> None:
    results = conformance.run(ruleset_id, 1000, check_every=10)
    assert len(results) == 1000


def test_random_play_reaches_an_exit_victory() -> None:
    # Kiddies lists `exit F` among its legal actions (seed 000 line 158: "The attacker
    # may also win by exiting a Regular Infantryman off his opponent's baseline"), so
    # the harness's random player can win that way: on the small attack and defence
    # game tests/rules/kiddies/data/exit_raid.yaml some of the first seeds do, every
    # exit offered and taken passing the deep checks.
    name = "kiddies/exit_raid.yaml"
    scenario = _scenarios("kiddies")[name]
    for seed in range(10):
        game, result = conformance.play("kiddies", name, scenario, seed, check_every=3,
                                        deep=True)
        if any(e.kind == "exit" for e in game.events):
            break
    else:
        raise AssertionError("no random game on exit_raid.yaml exited a figure in 10 seeds")
    assert result.winner == "blue" and "off the east edge" in result.reason, result
    conformance.check_replay(game)


# -- the harness itself bites ------------------------------------------------------------


def _d3_case() -> tuple[str, Scenario]:
    return next(iter(_scenarios("d3").items()))


def test_the_harness_catches_a_notation_that_does_not_read_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rs = registry.get("d3")
    real = type(rs).parse_action
    monkeypatch.setattr(type(rs), "parse_action",
                        lambda self, text: real(self, "end" if text.startswith("move") else text))
    with pytest.raises(AssertionError, match="reads back as"):
        conformance.play("d3", *_d3_case(), 0, deep=True)


def test_the_harness_catches_a_listed_action_that_check_refuses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game_class = type(registry.get("d3").new_game(_d3_case()[1]))
    real = game_class._check
    monkeypatch.setattr(game_class, "_check", lambda self, a: real(self, a) or (
        "refused" if a.text().startswith("end") and self.turn == 2 else None))
    with pytest.raises(AssertionError, match="fails check: refused"):
        conformance.play("d3", *_d3_case(), 0, deep=True)


def test_the_harness_catches_a_clone_that_shares_the_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game_class = type(registry.get("d3").new_game(_d3_case()[1]))
    monkeypatch.setattr(game_class, "clone", lambda self, seed=None: self)
    with pytest.raises(AssertionError, match="could not apply it"):
        conformance.play("d3", *_d3_case(), 0, deep=True)
