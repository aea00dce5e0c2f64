"""The engine API shared by every ruleset: registry, chance, notation, records, CLI."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

import desktop.rules  # noqa: F401
from desktop.cli import main
from desktop.rules import registry
from desktop.rules.chance import Chance, ChanceError, card_value
from desktop.rules.d3.actions import Accept, Charge, End, Move, Reroll, Shoot
from desktop.rules.engine import NotationError, RulesError
from desktop.rules.record import (
    RecordError,
    dumps,
    load_game,
    load_record,
    loads,
    record_of,
    replay,
    save_game,
)
from tests.rules.d3.helpers import INF, far_red, new_game, scenario, unit

DATA = Path(__file__).parent / "data"

# --- registry -------------------------------------------------------------------------------


def test_rulesets_register_on_import_of_desktop_rules() -> None:
    assert "d3" in registry.ids()
    assert registry.get("d3").name == "D3 Horse and Musket"
    with pytest.raises(RulesError, match="unknown ruleset 'nope'"):
        registry.get("nope")


def test_registering_an_id_twice_is_an_error() -> None:
    rs = registry.get("d3")
    with pytest.raises(RulesError):
        registry.register(type(rs)())


def test_options_are_checked() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], far_red())
    with pytest.raises(RulesError, match="no option 'speed'"):
        registry.get("d3").new_game(sc, {"speed": 2})
    with pytest.raises(RulesError, match="expects a whole number"):
        registry.get("d3").new_game(sc, {"turn_limit": "many"})


# --- chance (RULINGS, "Randomness") ------------------------------------------------------------


def test_chance_uses_scripted_dice_first_then_the_seed() -> None:
    c = Chance(5, dice=[6, 1])
    assert c.d6("a") == 6 and c.d6("b") == 1
    seeded = [Chance(5).d6("x") for _ in range(1)]
    assert c.d6("c") == seeded[0]
    assert [d.purpose for d in c.log] == ["a", "b", "c"]
    assert [d.scripted for d in c.log] == [True, True, False]


def test_d3_is_ceil_of_half_a_d6_and_both_are_logged() -> None:
    c = Chance(0, dice=[1, 2, 3, 4, 5, 6])
    assert [c.d3("hit") for _ in range(6)] == [math.ceil(d / 2) for d in range(1, 7)]
    assert [d.kind for d in c.log[:2]] == ["d6", "d3"]


def test_scripted_dice_must_be_d6_results() -> None:
    with pytest.raises(ChanceError):
        Chance(0, dice=[7])


def test_cards_scripted_then_shuffled_decks() -> None:
    c = Chance(3, cards=["QS"])
    assert c.draw("red", "x") == "QS" and card_value("QS") == 12
    seen = {c.draw("red", "deal") for _ in range(52)}
    assert len(seen) >= 51  # one whole shuffled deck (the scripted queen went to discards)
    with pytest.raises(ChanceError):
        Chance(0, cards=["ZZ"])


def test_chance_clone_is_independent_and_reseedable() -> None:
    c = Chance(9)
    c.d6("warm")
    d = c.clone()
    assert [c.d6("x") for _ in range(5)] == [d.d6("x") for _ in range(5)]
    e = c.clone(seed=1)
    assert e.seed == 1


# --- notation -----------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [
    End(), Accept(), Reroll("gen_1"), Shoot("b1", "r-2"), Charge("c1", "r1", -12.5),
    Charge("c1", "r1", 0), Move("b.1", 12.25, 30, 90), Move("b1", 0.1 + 0.2, -0.0, 359.9),
    Move("b1", 1e-7, 48, 0),
])
def test_actions_round_trip_through_text(action: object) -> None:
    rs = registry.get("d3")
    text = action.text()  # type: ignore[attr-defined]
    again = rs.parse_action(text)
    assert again == action
    assert again.text() == text


def test_bad_notation_says_how_to_write_it() -> None:
    rs = registry.get("d3")
    with pytest.raises(NotationError, match="move ID X,Y FACING"):
        rs.parse_action("move b1 12,30")
    with pytest.raises(NotationError, match="unknown action"):
        rs.parse_action("fly b1")


# --- game API --------------------------------------------------------------------------------


def test_phases_are_data_and_snapshot_has_the_required_keys() -> None:
    g = new_game(scenario([unit("b1", INF, 36, 40)], far_red()))
    assert [p.id for p in g.phases] == ["movement", "shooting", "hand_to_hand", "elimination"]
    snap = g.snapshot()
    assert {"turn", "phase", "side", "outcome", "units"} <= set(snap)
    u = snap["units"][0]
    assert {"id", "side", "type", "x", "y", "facing", "status", "hits"} <= set(u)
    json.dumps(snap)


def test_clone_is_independent() -> None:
    g = new_game(scenario([unit("b1", INF, 36, 40)], far_red()), dice=[6])
    h = g.clone()
    h.apply(Move("b1", 36, 36, 0))
    assert g.pieces["b1"].pos == (36, 40) and h.pieces["b1"].pos == (36, 36)
    assert g.history == [] and len(h.history) == 1


def test_illegal_action_raises_with_the_reason() -> None:
    from desktop.rules import IllegalAction

    g = new_game(scenario([unit("b1", INF, 36, 40)], far_red()))
    with pytest.raises(IllegalAction) as e:
        g.apply(Move("b1", 36, 20, 0))
    assert "at most 6" in e.value.reason


# --- records -----------------------------------------------------------------------------------


def _played(tmp_path: Path) -> Path:
    import random

    from desktop.rules.randomplay import random_action

    g = registry.get("d3").new_game(
        __import__("desktop.scenario", fromlist=["load"]).load(DATA / "d3_12v12.yaml"), seed=4)
    rng = random.Random(4)
    for _ in range(60):
        g.apply(random_action(g, rng))
    rec = tmp_path / "game.yaml"
    (tmp_path / "d3_12v12.yaml").write_text((DATA / "d3_12v12.yaml").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    save_game(g, rec, scenario_path="d3_12v12.yaml")
    return rec


def test_save_load_replay_is_one_code_path(tmp_path: Path) -> None:
    rec = _played(tmp_path)
    g = load_game(rec)
    again = replay(load_record(rec))
    assert g.snapshot() == again.snapshot()
    assert record_of(g, "d3_12v12.yaml").actions == load_record(rec).actions
    assert dumps(load_record(rec)) == rec.read_text(encoding="utf-8")


def test_record_with_inline_scenario_and_scripted_dice() -> None:
    sc = scenario([unit("b1", INF, 36, 40)], far_red())
    g = new_game(sc, dice=[6])
    g.apply(Move("b1", 36, 36, 0))
    text = dumps(record_of(g))
    r = loads(text)
    assert r.dice == [6] and r.actions == ["move b1 36,36 0"]
    assert replay(r).snapshot() == g.snapshot()


def test_replay_names_the_index_and_reason_of_an_illegal_action(tmp_path: Path) -> None:
    rec = _played(tmp_path)
    text = rec.read_text(encoding="utf-8").replace("actions:\n", "actions:\n- move r1 0,0 0\n", 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as e:
        load_game(bad)
    assert e.value.index == 0 and e.value.reason


def test_record_errors_are_clear() -> None:
    with pytest.raises(RecordError, match="missing 'ruleset'"):
        loads("scenario: x.yaml\n")
    with pytest.raises(RecordError, match="unknown key"):
        loads("scenario: x.yaml\nruleset: d3\nmoves: []\n")


# --- the command line --------------------------------------------------------------------------


def test_volley_rulesets_lists_ids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulesets"]) == 0
    assert "d3" in capsys.readouterr().out


def test_volley_replay_json_and_until(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = _played(tmp_path)
    assert main(["replay", str(rec), "--json", "--until", "5"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["actions"] == 5 and state["outcome"] is None
    assert {"turn", "phase", "side", "units"} <= set(state)
    assert main(["replay", str(rec)]) == 0
    assert "actions replayed" in capsys.readouterr().out


def test_volley_replay_exits_non_zero_on_an_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = _played(tmp_path)
    lines = rec.read_text(encoding="utf-8").splitlines()
    i = lines.index("actions:")
    lines.insert(i + 4, "- shoot red1 blue1")
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "action 3 'shoot red1 blue1'" in err


def test_replay_imports_no_qt(tmp_path: Path) -> None:
    rec = _played(tmp_path)
    code = (
        "import sys\nfrom desktop.cli import main\n"
        f"rc = main(['replay', {str(rec)!r}, '--json'])\n"
        "assert rc == 0\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))]\n"
        "assert not bad, bad\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
