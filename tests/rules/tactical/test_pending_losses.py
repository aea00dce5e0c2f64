"""Tactical Dice's pending losses and removals (PlayView.pending_losses,
PlayView.pending_removals; desktop/rules/tactical/pending.py): what the game
settles later on its own, at exact odds, in the measure of `strength` (Combat
Value on the table).

Seed 001, turn sequence: "Artillery fire is deemed to be simultaneous" (the
shots are thrown as ordered and take effect together at the phase's end);
"Close Combat continues next turn", and "If there has been no decision after
two turns of Close Combat, both sides will retire".  RULINGS.md, Tactical Dice:
faces 1 Officer, 2-3 Target, 4 Flag, 5 Fire, 6 Sabre; Flags against troop
quality Q (exactly Q halts and retires, more than Q routs); a General cancels
the first Flag a unit takes each turn and adds a die in close combat; officer
casualty roll 1 killed, 2 wounded; at 0 CV a unit is spent (lost for victory,
SPENT_COUNTS_AS_LOST).  Ruling RETIRE_BLOCKED_ROUTS: a unit with nowhere to
retire routs.
"""

from __future__ import annotations

import math
import statistics
import time
from fractions import Fraction

import pytest

from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.action_odds import pct
from desktop.rules.tactical import odds as O
from desktop.rules.tactical.actions import Fire
from desktop.rules.tactical.game import TacticalGame
from desktop.rules.tactical.view import TacticalView
from desktop.rules.view import view_of
from desktop.scenario import load
from desktop.scenario.vocabulary import Quality
from tests.rules.tactical.helpers import FA, new_game, officer, scenario, unit

SIXTH = Fraction(1, 6)


def _view(g: TacticalGame) -> TacticalView:
    v = view_of(g)
    assert isinstance(v, TacticalView)
    return v


def _lock(g: TacticalGame, attacker: str, defender: str, rounds: int = 1) -> None:
    """Lock two units in close combat as a bayonet charge leaves them (round 1 fought)."""
    a, d = g.unit(attacker), g.unit(defender)
    a.engaged, a.attacker, a.rounds = d.id, True, rounds
    d.engaged, d.attacker, d.rounds = a.id, False, rounds
    g.invalidate()


def test_nothing_pending_at_the_start() -> None:
    """The bundled battle's first position: no shot thrown, no close combat."""
    g = registry.get("tactical").new_game(load(bundled_scenario("tactical_ridge.yaml")), {}, 1)
    v = view_of(g)
    assert g.phase == "artillery"
    assert v.pending_losses() == {} and v.pending_removals() == {}


def test_a_pending_shot_spends_its_target_at_the_phase_end() -> None:
    """Two Target hits at canister range on a unit with 2 CV: at the phase's end it
    is spent (its 2 CV off the table, lost for victory); until then nothing shows."""
    g = new_game(scenario([unit("bg1", "c6", FA), unit("bg2", "d6", FA)],
                          [unit("t", "c4", cv=2), unit("r", "a1")]), dice=[2, 3, 5])
    v = _view(g)
    g.apply_text("fire bg1 t")
    assert g.unit("t").cv == 2 and g.phase == "artillery"  # nothing taken off yet
    assert v.pending_losses() == {"red": 2.0}
    assert v.pending_removals() == {"t": 1.0}
    predicted = v.pending_losses()["red"]
    _, before = v.strength()
    g.apply_text("end")  # blue's last gun holds: the shots land
    _, after = v.strength()
    assert before["red"] - after["red"] == predicted
    assert g.unit("t").status == "spent"


def test_a_second_shot_at_a_target_already_spent_this_phase() -> None:
    """The odds of a second gun's shot read the target as the shots already thrown
    leave it: spent, so any hit or Flag routs it (seed 001), never "spent 26%"."""
    g = new_game(scenario([unit("bg1", "c6", FA), unit("bg2", "d6", FA),
                           unit("bg3", "b6", FA)],
                          [unit("t", "c4", cv=2), unit("r", "a1")]), dice=[2, 3, 5])
    v = _view(g)
    g.apply_text("fire bg1 t")
    shot = Fire("bg2", "t")
    raw = g.chances(shot)
    assert isinstance(raw, O.FireOdds) and raw.spent > 0  # the engine's odds alone
    shown = v.odds(shot)
    assert shown is not None
    as_spent = O.fire_odds(raw.dice, raw.hit_face, 3, 0, 0, spent=True)
    assert not any(n.startswith("t spent") for n in shown.notes)
    assert any("already scored" in n and "spent before this shot" in n for n in shown.notes)
    assert f"t routs {pct(as_spent.rout)}" in shown.notes


def test_a_second_shot_at_a_target_hit_but_not_spent() -> None:
    """One hit already scored on a 3-CV target: the second shot spends it with two
    hits or more, not three."""
    g = new_game(scenario([unit("bg1", "c6", FA), unit("bg2", "d6", FA),
                           unit("bg3", "b6", FA)],
                          [unit("t", "c4", cv=3), unit("r", "a1")]), dice=[2, 5, 5])
    v = _view(g)
    g.apply_text("fire bg1 t")
    raw = g.chances(Fire("bg2", "t"))
    assert isinstance(raw, O.FireOdds)
    shown = v.odds(Fire("bg2", "t"))
    assert shown is not None
    two_or_more = sum(raw.hits[2:], Fraction(0))
    assert f"t spent {pct(two_or_more)}" in shown.notes
    assert f"t spent {pct(raw.spent)}" not in shown.notes


def _melee() -> TacticalGame:
    """52 (regular, 7 CV) on c4 locked with 4e (regular, 2 CV) on c3 after the
    charge's round; 4e's ways back (c2, b3, d3) are held by its own side."""
    g = new_game(scenario([unit("b", "c4")],
                          [unit("r", "c3", cv=2), unit("x1", "c2"), unit("x2", "b3"),
                           unit("x3", "d3")]))
    _lock(g, "b", "r")
    return g


def test_the_next_round_of_a_close_combat_by_hand() -> None:
    """Both throw 3 dice, Sabres hit.  4e: 2+ Sabres spend it; 3 Flags (= Q) retire
    it, and with nowhere to go it routs; one Sabre takes 1; after this second round with
    no decision both retire, and 4e, blocked, routs with what CV it has left,
    unless the 52nd broke off (3 Flags: it retires).  The 52nd (7 CV) loses its
    Sabres and nothing more (its way back is open)."""
    g = _melee()
    assert g.phase == "initiative"  # the round is fought at the start of blue's move
    p0 = (1 - SIXTH) ** 3  # no Sabre
    p1 = 3 * SIXTH * (1 - SIXTH) ** 2  # one Sabre
    three_flags = SIXTH ** 3
    b_stays = 1 - three_flags
    # 2+ Sabres: its 2 CV; 3 Flags: routs with 2; 1 Sabre: 1, and the 1 left if
    # it routs at the end; no Sabre: the 2 it has if it routs at the end.
    r_loss = (2 * (1 - p0 - p1) + 2 * three_flags + 1 * p1
              + b_stays * (2 * (p0 - three_flags) + 1 * p1))
    r_gone = (1 - p0 - p1) + three_flags + b_stays * (p0 - three_flags + p1)
    v = _view(g)
    got = v.pending_losses()
    assert got["blue"] == pytest.approx(float(3 * SIXTH), abs=1e-12)
    assert got["red"] == pytest.approx(float(r_loss), abs=1e-12)
    assert v.pending_removals() == {"r": pytest.approx(float(r_gone), abs=1e-12)}


def test_a_close_combat_whose_round_is_next_turn_ends_with_the_game() -> None:
    """In blue's own move the round of this turn is behind it; the next comes next
    turn, unless the game ends with this one (the turn limit)."""
    g = new_game(scenario([unit("b", "c4")], [unit("r", "c3", cv=2)], turns=1), dice=[1, 6])
    g.apply_text("first")
    assert g.phase == "first" and g.side == "blue"
    _lock(g, "b", "r")
    assert _view(g).pending_losses() == {}


def _shots_and_melee() -> TacticalGame:
    """Blue's artillery phase with two shots thrown at the conscripts on a2 (4 CV,
    General Foy with them, their ways back a1 and b2 held): one Fire hit with an
    Officer showing, then two Flags; blue's third gun may still fire.  And the
    close combat of `_melee` on c4/c3."""
    g = new_game(scenario([unit("bg1", "a6", FA), unit("bg2", "b6", FA),
                           unit("bg3", "e6", FA), unit("b", "c4")],
                          [unit("a", "a2", quality=Quality.CONSCRIPT, cv=4),
                           unit("y1", "a1"), unit("y2", "b2"),
                           unit("r", "c3", cv=2), unit("x1", "c2"), unit("x2", "b3"),
                           unit("x3", "d3")],
                          red_officers=[officer("foy", "a2")]),
                 dice=[1, 5, 2, 4, 4, 2])
    _lock(g, "b", "r")
    g.apply_text("fire bg1 a")
    g.apply_text("fire bg2 a")
    assert [(p.hits, p.flags, p.officer_due) for p in g.st.pending] == [(1, 0, True), (0, 2, False)]
    assert g.phase == "artillery" and g.side == "blue"
    return g


def test_shots_with_an_officer_casualty_by_hand() -> None:
    """The hit takes 1 CV off the conscripts.  The General rolls for his life: on a
    1 he is killed (RULINGS), and then the second shot's two Flags are exactly
    their Q: they retire, blocked, and rout with their 3 CV; else he cancels one
    and the one left costs a die only.  Plus the close combat's round."""
    g = _shots_and_melee()
    v = _view(g)
    melee = _view(_melee()).pending_losses()
    got = v.pending_losses()
    assert got["red"] == pytest.approx(1 + float(SIXTH) * 3 + melee["red"], abs=1e-12)
    assert got["blue"] == pytest.approx(melee["blue"], abs=1e-12)
    assert v.pending_removals()["a"] == pytest.approx(float(SIXTH), abs=1e-12)


def test_the_mean_change_of_strength_matches_over_many_games() -> None:
    """Play the position on with 400 seeds, doing nothing but end the phases, until
    the close combat's round is fought at the start of blue's move: the mean
    change of each side's strength, and how often each unit ceases to be active,
    match the prediction within 4 standard errors of the sample mean (about
    0.2 CV for red, 0.1 for blue: a prediction that missed the General's 1 in 6,
    0.5 CV, or the blocked retreat after the round, about 1.5 CV, would be
    outside it).  The seeds are fixed: the test is repeatable."""
    g = _shots_and_melee()
    v = _view(g)
    predicted = v.pending_losses()
    removals = v.pending_removals()
    _, s0 = v.strength()
    active0 = {u.id for u in g.st.units.values() if u.status == "active"}
    drops: dict[str, list[float]] = {s: [] for s in s0}
    gone: dict[str, int] = {}
    n = 400
    start = time.perf_counter()
    for k in range(n):
        c = g.clone(seed=k)
        c.apply_text("end")
        while c.outcome is None and not (c.phase in ("first", "second") and c.side == "blue"):
            c.apply_text(("first" if k % 2 else "second") if c.phase == "initiative" else "end")
        assert c.outcome is None
        assert c.unit("b").engaged is None  # the round was fought (the last: no decision ends it)
        _, s1 = _view(c).strength()
        for s in s0:
            drops[s].append(s0[s] - s1[s])
        for u in c.st.units.values():
            if u.id in active0 and u.status != "active":
                gone[u.id] = gone.get(u.id, 0) + 1
    assert time.perf_counter() - start < 5.0
    for s, xs in drops.items():
        se = statistics.stdev(xs) / math.sqrt(n)
        assert abs(statistics.fmean(xs) - predicted.get(s, 0.0)) < 4 * se + 1e-9, (s, se)
    for uid in active0:
        p = removals.get(uid, 0.0)
        se = math.sqrt(max(p * (1 - p), 1e-4) / n)
        assert abs(gone.get(uid, 0) / n - p) < 4 * se + 1e-9, uid


def test_cost_per_call_on_the_bundled_battle() -> None:
    """Asked once per position a search looks at: remembered by state, and cheap
    to work out (a generous bound: the machine is shared)."""
    g = registry.get("tactical").new_game(load(bundled_scenario("tactical_ridge.yaml")), {}, 1)
    fires = [a for a in g.legal_actions() if isinstance(a, Fire)]
    assert fires
    g.apply(fires[0])
    start = time.perf_counter()
    for _ in range(50):
        _view(g.clone()).pending_losses()
    assert (time.perf_counter() - start) / 50 < 0.02


def test_the_kept_answer_follows_what_the_close_combat_reads() -> None:
    """With no shot waiting, the answer is kept by the units locked in close
    combat, who stands next to them and the officers with them (issue 36: the
    computer's look-ahead copies share it).  Each of those changed on a copy of
    `_melee` changes the answer, and the copy's kept answer is the one worked out
    afresh; a unit moving elsewhere leaves it as it was."""
    from desktop.rules.tactical import pending as P

    g = new_game(scenario([unit("b", "c4"), unit("far", "f6")],
                          [unit("r", "c3", cv=2), unit("x1", "c2"), unit("x2", "b3")],
                          blue_officers=[officer("gen", "e6")]))
    _lock(g, "b", "r")
    base = P.pending(g)
    assert base == P._work_out(g) and base.losses

    def changed(edit: str) -> P.Pending:
        c = g.clone()
        if edit == "block":  # 4e's last way back (d3) held: it routs rather than retires
            c.unit("far").sq = (3, 2)
        elif edit == "cv":
            c.unit("r").cv = 1
        elif edit == "general":  # a General joins the 52nd: a die more
            c.officer("gen").sq = c.unit("b").sq
        elif edit == "elsewhere":
            c.unit("far").sq = (5, 4)
        c.invalidate()
        got = P.pending(c)
        assert got == P._work_out(c), edit
        return got

    for edit in ("block", "cv", "general"):
        assert changed(edit) != base, edit
    assert changed("elsewhere") == base
