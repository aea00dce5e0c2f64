"""BlownAwayView (issue 16 parts 1, 2 and 4): the window's questions answered by the
engine, exact odds, and names and words in everything a person reads."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction

from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.blown_away.actions import Combat, End, Fire, Form, Move, Rally
from desktop.rules.blown_away.game import BlownAwayGame
from desktop.rules.blown_away.view import BlownAwayView
from desktop.rules.randomplay import random_action
from desktop.rules.view import view_of
from desktop.scenario import load
from desktop.scenario.vocabulary import Formation
from tests.rules.blown_away.helpers import foot, gun, new_game, play, scenario, to_combat

#: Notation a person must never read: coordinates, "x,y" pairs, action words with ids.
NOTATION = re.compile(r"\d,\d|\(\d+\.\d, \d+\.\d\)|facing \d|^end$|"
                      r"^(move|form|fire|combat|rally|rejoin) \S*[_\d]")


def _named(*units: object) -> list[object]:
    names = {"b1": "Regiment Balfour", "r1": "Prince's Foot Guards", "bg": "Saker 'Kingfisher'",
             "r2": "Trained Bands"}
    return [replace(u, name=names[u.id]) for u in units]  # type: ignore[attr-defined]


def _game(**kw: object) -> tuple[BlownAwayGame, BlownAwayView]:
    sc = scenario(_named(foot("b1", 40, 60, 0), replace(gun("bg", 60, 66, 315), guns=2)),
                  _named(foot("r1", 40, 55, 180), foot("r2", 70, 40, 180)))
    g = new_game(sc, **kw)  # type: ignore[arg-type]
    v = view_of(g)
    assert isinstance(v, BlownAwayView)
    return g, v


def _clean(text: str) -> None:
    for uid in ("b1", "r1", "bg", "r2", "b_cinc", "r_cinc", "blue", "red"):
        assert not re.search(rf"(?<!\w){uid}(?!\w)", text), (uid, text)
    assert not NOTATION.search(text), text


# --- part 1: the engine is the judge ----------------------------------------------------


def test_can_move_is_the_engines_answer_in_every_phase() -> None:
    # Seed 003 "Course of play": one thing (a move) and the commander, in the orders only.
    g, v = _game()
    pids = ["b1", "bg", "r1", "b_cinc", "r_cinc"]
    assert [v.can_move(p) for p in pids] == [True, True, False, True, False]
    play(g, "move b1 40,62 180")
    assert [v.can_move(p) for p in pids] == [False, False, False, True, False]
    assert "one thing" in (g.why_not_move("b1") or "")
    play(g, "end")
    assert g.phase != "orders" and not any(v.can_move(p) for p in pids)
    for p in pids:
        assert v.can_move(p) is (g.why_not_move(p) is None)


# --- part 2: exact odds -----------------------------------------------------------------


def test_combat_odds_are_the_engines_exact_fractions_with_names() -> None:
    # Seed 003 "Combat": each side turns the top card of its deck.
    g, v = _game()
    to_combat(g)
    o = v.odds(Combat("b1", "r1"))
    assert o is not None and o.margin is None
    assert all(isinstance(p, Fraction) for _, p in o.bars)
    exact = g.combat_odds("b1", "r1")
    assert [p for _, p in o.bars] == [exact.unit_wins, exact.tie, exact.target_wins]
    assert sum(p for _, p in o.bars) == 1
    assert o.title == "Regiment Balfour fights Prince's Foot Guards: who wins"
    for text in [o.title, *(label for label, _ in o.bars), *o.notes]:
        _clean(text)
    assert any("52" in n for n in o.notes)


def test_a_shot_kills_one_man_for_certain_and_says_its_cost() -> None:
    # Seed 003 "Long-range artillery": one man is killed; 1 marker in the open.
    g, v = _game()
    g.state.phase = "artillery"
    o = v.odds(Fire("bg", "r1"))
    assert o is not None and o.bars == [("one man killed", Fraction(1))]
    assert "costs 1 cannonball (8 left)" in o.notes
    assert "the target is in the open (or soft cover)" in o.notes
    assert "2 of its 2 guns still to fire this turn" in o.notes
    for text in [o.title, *o.notes]:
        _clean(text)


# --- part 4: words ------------------------------------------------------------------------


def test_describe_says_each_action_in_words() -> None:
    g, v = _game()
    assert v.describe(Move("b1", (40.0, 58.0), 0.0)) == "Regiment Balfour moves 2.0″"
    assert v.describe(Move("b_cinc", (5.0, 60.0), 0.0)) == "Blue commander rides 10.0″"
    assert v.describe(Form("b1", Formation.COLUMN, 90.0)) == (
        "Regiment Balfour forms column and turns 90° to the right")
    assert v.describe(Form("b1", Formation.LINE, 180.0)) == "Regiment Balfour faces about"
    assert v.describe(End()) == "Blue ends the orders"
    assert v.describe(Fire("bg", "r1")) == (
        "Saker 'Kingfisher' fires at Prince's Foot Guards (1 cannonball)")
    assert v.describe(Combat("b1", "r1")) == "Regiment Balfour fights Prince's Foot Guards"
    g.piece("b1").men.run(4)
    assert v.describe(Rally("b1")) == "Regiment Balfour rallies 4 running men"
    # the pivot on the centre man of the front rank comes first, then the move
    turned = v.describe(Move("b1", (43.0, 57.0), 45.0))
    assert turned.startswith("Regiment Balfour turns 45° to the right and moves ")


def test_event_texts_are_words_without_coordinates() -> None:
    # Issue 16 part 4: log lines read as a wargamer writes, ids for the Namer only.
    g, _ = _game()
    play(g, "move b1 40,62 180", "move b_cinc 20,60 0")
    fight, _ = _game(cards=["KS", "2H"])
    to_combat(fight)
    play(fight, "combat b1 r1")
    texts = [e.text for e in [*g.events, *fight.events]]
    assert "Regiment Balfour faces about and moves 4.0″" in texts
    assert "Blue commander rides 18.0″" in texts
    assert ("Regiment Balfour turns the King of spades, Prince's Foot Guards turns the 2 of "
            "hearts: Regiment Balfour wins") in texts
    for t in texts:
        assert not NOTATION.search(t), t


def test_prompts_and_labels_name_things() -> None:
    g, v = _game()
    assert v.prompt(None) == "Blue may move, rally or re-form one unit and move the " \
        "commander. End the orders when done."
    assert v.prompt("b1").startswith("Drag Regiment Balfour: it pivots on its centre man")
    assert v.action_label(End()) == "End the orders"
    play(g, "move b1 40,62 180")
    assert v.prompt("b1") == ("Regiment Balfour cannot move: this turn's one thing (a move, "
                              "a rally or a formation change) is done.")
    play(g, "end")
    assert g.phase == "artillery" and v.action_label(End()) == "End the artillery fire"
    assert v.prompt("bg") == "Click an outlined enemy for Saker 'Kingfisher' to fire at."
    for sel in (None, "b1", "bg", "r1", "b_cinc"):
        _clean(v.prompt(sel))


def test_the_card_and_its_buttons_use_names() -> None:
    g, v = _game()
    card = v.card("bg")
    rows = dict(card.rows)
    assert "8 of 8" in str(rows["Cannonballs"]) and rows["Guns"].startswith("2, each fires")
    for pid in ("b1", "bg", "r1", "b_cinc"):
        c = v.card(pid)
        for text in [c.title, c.subtitle, *(str(r) for _, r in c.rows), *c.may]:
            _clean(re.sub(r"<[^>]*>", "", text))
        for label, act in v.card_actions(pid):
            _clean(label)
            _clean(v.describe(act))
    g.piece("b1").men.run(4)  # men in ranks and men running: may not move
    why = dict(v.card("b1").rows)["Cannot move"]
    assert why.startswith("Regiment Balfour has men in ranks and men running")
    assert v.action_label(Rally("b1")) == "Rally (one thing this turn)"


def test_a_whole_game_reads_in_names_and_words() -> None:
    # Issue 16 "Done means": no ids and no notation in what a person reads.
    sc = load(bundled_scenario("blown_away_four_farms.yaml"))
    ids = {u.id for _, u in sc.all_units()} | {o.id for s in sc.sides for o in s.officers} \
        | {s.id for s in sc.sides}
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, ids)) + r")(?!\w)")
    g = registry.get("blown_away").new_game(sc, {}, 7, (), [])
    assert isinstance(g, BlownAwayGame)
    rng = random.Random(7)
    for _ in range(120):
        if g.outcome is not None:
            break
        v = view_of(g)
        act = random_action(g, rng)
        said = [v.describe(act), v.prompt(None), v.action_label(End()) or ""]
        who = act.text().split()[1] if len(act.text().split()) > 1 else None
        if who in g.state.pieces:
            said.append(v.prompt(who))
            said.extend(label for label, _ in v.card_actions(who))
            said.extend(str(r) for _, r in v.card(who).rows if "<" not in str(r))
        if isinstance(act, (Fire, Combat)):
            o = v.odds(act)
            assert o is not None
            said.extend([o.title, *o.notes, *(label for label, _ in o.bars)])
        for text in said:
            assert not pattern.search(text) and not NOTATION.search(text), (act, text)
        g.apply(act)
