"""Combat with a deck per side (seed 003 "Combat", "Special combat situations",
"End of engagement", "Re-engaging before rallying is complete"; RULINGS "Blown Away")."""

from __future__ import annotations

from desktop.rules.blown_away.game import BlownAwayGame
from desktop.scenario.model import TerrainFeature, Unit
from desktop.scenario.vocabulary import TerrainType, Trait
from tests.rules.blown_away.helpers import (
    feature,
    foot,
    gun,
    horse,
    new_game,
    play,
    scenario,
)


def _fight(blue: object, red: object, cards: list[str], terrain: tuple[object, ...] = (),
           **opts: bool) -> object:
    from desktop.rules.blown_away.game import BlownAwayGame
    from desktop.scenario.model import TerrainFeature, Unit

    assert isinstance(blue, Unit) and isinstance(red, Unit)
    assert all(isinstance(t, TerrainFeature) for t in terrain)
    g = new_game(scenario([blue], [red], terrain=terrain), cards=cards, **opts)  # type: ignore[arg-type]
    assert isinstance(g, BlownAwayGame)
    play(g, "end")
    assert g.phase == "combat", g.phase
    play(g, f"combat {blue.id} {red.id}")
    return g


def _counts(g: object, uid: str) -> tuple[int, int, int]:
    from desktop.rules.blown_away.game import BlownAwayGame

    assert isinstance(g, BlownAwayGame)
    m = g.piece(uid).men
    return (m.ranks, m.running, m.killed)


def test_higher_card_kills_one_and_the_first_killed_makes_one_run() -> None:
    # Seed: "If one card is higher than the other ... one enemy man is killed";
    # "with the first man killed, one man runs".
    g = _fight(foot("b1", 40, 60, 0), foot("r1", 40, 55, 180), ["KS", "2H"])
    assert _counts(g, "r1") == (11, 1, 1)
    assert _counts(g, "b1") == (13, 0, 0)
    cards = [e for e in g.events if e.kind == "cards"][-1]  # type: ignore[attr-defined]
    assert cards.data["unit_card"] == "KS" and cards.data["target_card"] == "2H"
    assert cards.data["winner"] == "b1"


def test_the_nth_man_killed_makes_n_run_over_several_turns() -> None:
    # RULINGS: the n-th man killed in one engagement makes n run; engagements
    # last more than one turn; engaged units fight on wherever they stand.
    g = _fight(foot("b1", 40, 60, 0), foot("r1", 40, 55, 180),
               ["KS", "2H", "3D", "QC", "JS", "AH"])
    play(g, "end", "end", "combat r1 b1", "end")  # red's turn: red turns 3D, blue QC
    assert _counts(g, "r1") == (8, 3, 2)  # 2nd killed, 2 run
    play(g, "end", "combat b1 r1")  # blue JS v red AH: 3rd killed, 3 run
    assert _counts(g, "r1") == (4, 6, 3)


def test_a_tie_both_win_each_loses_a_man_and_runs_by_its_own_count() -> None:
    # RULINGS: ties are both-sides-win, as the seed says.
    g = _fight(foot("b1", 40, 60, 0), foot("r1", 40, 55, 180), ["7S", "7H"])
    assert _counts(g, "r1") == (11, 1, 1)
    assert _counts(g, "b1") == (11, 1, 1)


def test_defending_a_redoubt_adds_three_to_the_card() -> None:
    # Seed: "An infantry or artillery unit defending behind a redoubt, wall, or in
    # a trench adds 3 to their card."  10 against 8 + 3: the defender wins.
    works = (feature("sconce", TerrainType.REDOUBT, 40, 55, 10, 4),)
    g = _fight(foot("b1", 40, 60, 0), foot("r1", 40, 55, 180), ["10S", "8H"], works)
    assert _counts(g, "b1") == (11, 1, 1) and _counts(g, "r1") == (13, 0, 0)
    cards = [e for e in g.events if e.kind == "cards"][-1]  # type: ignore[attr-defined]
    assert cards.data["target_value"] == 11


def test_behind_a_wall_adds_three_for_the_side_the_wall_covers() -> None:
    # Ruling WALL_REACH: the wall must be between the two and nearer the defender.
    wall = (feature("wall", TerrainType.LOW_WALL, 40, 56.6, 10, 0.4),)
    g = _fight(foot("b1", 40, 60, 0), foot("r1", 40, 55, 180), ["10S", "8H"], wall)
    assert _counts(g, "b1") == (11, 1, 1)
    cards = [e for e in g.events if e.kind == "cards"][-1]  # type: ignore[attr-defined]
    assert (cards.data["unit_value"], cards.data["target_value"]) == (10, 11)


def test_artillery_win_makes_the_face_value_run_court_cards_four() -> None:
    # Seed: "When artillery wins a combat, one enemy man is killed and the number
    # of men who run is equal to the number on the winning card".
    g = _fight(gun("bg", 40, 61, 0), foot("r1", 40, 55, 180), ["9H", "2S"])
    assert _counts(g, "r1") == (3, 9, 1)
    g = _fight(gun("bg", 40, 61, 0), foot("r1", 40, 55, 180), ["QH", "2S"])
    assert _counts(g, "r1") == (8, 4, 1)


def test_the_cannon_never_runs_the_gunners_do() -> None:
    # Seed: "When an artillery unit is in combat, the cannon never runs; the
    # gunners do."  Four gunners: the 1st killed makes 1 run, then the 2nd...
    g = _fight(foot("b1", 40, 55, 180), gun("rg", 40, 61, 0), ["KS", "2H"])
    assert _counts(g, "rg") == (2, 1, 1)
    rg = g.piece("rg")  # type: ignore[attr-defined]
    assert rg.gun[:2] == (40, 61)


def test_a_cavalry_win_makes_one_more_run() -> None:
    # Seed: "A win by cavalry causes 1 more man to run than would normally."
    g = _fight(horse("bh", 40, 61, 0), foot("r1", 40, 56, 180), ["KS", "2H"])
    assert _counts(g, "r1") == (10, 2, 1)


def test_pikemen_or_guardsmen_make_one_fewer_run() -> None:
    # Seed: "A unit with any pikemen or guardsmen left in it after taking a
    # casualty has 1 less man run than would normally."
    for trait in (Trait.PIKEMEN, Trait.GUARD):
        g = _fight(foot("b1", 40, 60, 0), foot("r1", 40, 55, 180, traits=[trait]),
                   ["KS", "2H"])
        assert _counts(g, "r1") == (12, 0, 1)


def test_militia_make_two_more_run() -> None:
    # Seed: "A militia unit has 2 more men run than would normally."
    g = _fight(foot("b1", 40, 60, 0), foot("r1", 40, 55, 180, traits=[Trait.MILITIA]),
               ["KS", "2H"])
    assert _counts(g, "r1") == (9, 3, 1)


def test_a_win_on_the_flank_makes_four_more_run() -> None:
    # Seed: "A win by a unit attacking the flank or rear of an enemy unit causes
    # 4 more enemy men to run than would normally."
    g = _fight(foot("b1", 46, 55, 270), foot("r1", 40, 55, 0), ["KS", "2H"])
    assert _counts(g, "r1") == (7, 5, 1)


def _in_combat_phase(blue: list[Unit], red: list[Unit], terrain: tuple[TerrainFeature, ...] = ()
                     ) -> BlownAwayGame:
    """Blue's combat phase, reached because a pair far off (b9, r9) can fight: a
    phase with nothing to do is skipped, so without them a refused combat would
    never be asked about in its phase."""
    g = new_game(scenario([*blue, foot("b9", 80, 60, 0)], [*red, foot("r9", 80, 57, 180)],
                          terrain=terrain))
    play(g, "end")
    assert (g.phase, g.side) == ("combat", "blue")
    assert "combat b9 r9" in [a.text() for a in g.legal_actions()]
    return g


def _refusal(g: BlownAwayGame, text: str) -> str | None:
    """Why the combat is refused (None if allowed); a refused combat is not listed."""
    why = g.check(g.parse_action(text))
    assert (text in [a.text() for a in g.legal_actions()]) == (why is None), why
    return why


def test_cavalry_may_not_fight_units_in_woods_or_works() -> None:
    # Seed 003, "Combat": "Cavalry may not conduct combat against an enemy unit
    # behind a redoubt, wall, in woods, or in a trench."  Foot beside it may.
    blue = [horse("bh", 37, 61, 0), foot("b2", 45, 60, 0)]
    red = [foot("r1", 40, 56, 180)]
    g = _in_combat_phase(blue, red)
    assert _refusal(g, "combat bh r1") is None and _refusal(g, "combat b2 r1") is None
    for ttype, why in ((TerrainType.WOOD, "in woods"), (TerrainType.REDOUBT, "redoubt"),
                       (TerrainType.TRENCH, "trench"), (TerrainType.LOW_WALL, "wall")):
        where = feature("f", ttype, 40, 57.6, 14, 0.5) if ttype is TerrainType.LOW_WALL else \
            feature("f", ttype, 40, 56, 14, 3)
        g = _in_combat_phase(blue, red, (where,))
        refusal = _refusal(g, "combat bh r1") or ""
        assert "cavalry may not fight r1" in refusal and why in refusal, (ttype, refusal)
        assert _refusal(g, "combat b2 r1") is None, ttype


def test_combat_needs_less_than_4_inches_and_one_facing_the_other() -> None:
    # Seed 003, "Combat": between units "less than 4 inches apart, with at least
    # one of the opposing units facing the other".  Foot bases are 2" deep: b1's
    # front edge is at y 59, r1's at its y + 1.
    for red_y, allowed in ((54.1, True), (54.0, False), (53.0, False)):
        g = _in_combat_phase([foot("b1", 40, 60, 0)], [foot("r1", 40, red_y, 180)])
        why = _refusal(g, "combat b1 r1")
        assert (why is None) == allowed, (red_y, why)
        assert allowed or 'not less than 4" away' in (why or "")
    # 2" apart: blue facing away, red facing away, both facing across: refused;
    # either one facing the other is enough.
    for blue_f, red_f, allowed in ((180, 0, False), (90, 270, False), (0, 0, True),
                                   (180, 180, True), (0, 180, True)):
        g = _in_combat_phase([foot("b1", 40, 60, blue_f)], [foot("r1", 40, 56, red_f)])
        why = _refusal(g, "combat b1 r1")
        assert (why is None) == allowed, (blue_f, red_f, why)
        assert allowed or "neither b1 nor r1 faces the other" in (why or "")


def test_command_element_goes_last_and_the_flag_very_last() -> None:
    # RULINGS: command figures are killed or run only when the last in ranks.
    g = _fight(gun("bg", 40, 61, 0), foot("r1", 40, 55, 180, figures=6),
               ["2S", "AH"])
    m = g.piece("r1").men  # type: ignore[attr-defined]
    # 6 men = 3 soldiers and the command: one killed, two run -> the command stands
    assert [r.value for r in m.command] == ["officer", "drummer", "flag"]
    assert m.file == 0


def test_engagement_ends_when_one_side_has_no_men_in_ranks() -> None:
    # Seed "End of engagement": over when one side has no men in ranks in that
    # fight; the killed go to the storage tray.  The loser runs 6" to the rear.
    g = _fight(gun("bg", 40, 61, 0), foot("r1", 40, 55, 180, figures=6), ["10S", "AH"])
    r1 = g.piece("r1")  # type: ignore[attr-defined]
    assert r1.ranks == 0 and r1.mob and r1.pos[1] < 55
    assert r1.men.killed == 0 and r1.men.dead == 1
    assert g.engaged_with("r1") == [] and g.engaged_with("bg") == []  # type: ignore[attr-defined]
    assert any(e.kind == "engagement_over" for e in g.events)  # type: ignore[attr-defined]


def test_reengaging_before_rallying_counts_from_one_again() -> None:
    # Seed "Re-engaging before rallying is complete": with the first man killed,
    # one man runs, whatever the unit lost before.
    g = _fight(foot("b1", 40, 60, 0), foot("r1", 40, 55, 180),
               ["KS", "2H", "KH", "2D", "KD", "2C"])
    play(g, "end", "end", "end", "end")  # red does nothing; back to blue's combat
    play(g, "combat b1 r1")
    assert _counts(g, "r1") == (8, 3, 2)
    # the engagement ends (red's men elsewhere are not in it): bury and start again
    from desktop.rules.blown_away.game import BlownAwayGame

    assert isinstance(g, BlownAwayGame)
    g.state.engaged.clear()
    g._end_engagements([])
    assert _counts(g, "r1") == (8, 3, 0) and g.piece("r1").men.dead == 2
    play(g, "end", "end", "end", "end", "combat b1 r1")
    assert _counts(g, "r1") == (6, 4, 1)  # the first killed of the new fight: 1 runs


def test_men_killed_by_artillery_while_engaged_count_towards_the_runs() -> None:
    # Seed: "While engaged in combat with an enemy unit, men killed by long-range
    # artillery are included in the count."
    sc = scenario([foot("b1", 40, 60, 0), gun("bg", 60, 66, 315)], [foot("r1", 40, 55, 180)])
    g = new_game(sc, cards=["KS", "2H", "KH", "2D"])
    play(g, "end", "end", "combat b1 r1")  # blue wins the first card
    play(g, "end", "end", "end")  # red's turn passes
    assert g.side == "blue"
    play(g, "end")
    assert g.phase == "artillery"
    play(g, "fire bg r1")
    assert _counts(g, "r1") == (10, 1, 2)  # killed where he fell, no one runs
    play(g, "end", "combat b1 r1")
    assert _counts(g, "r1") == (6, 4, 3)  # the 3rd killed: 3 run
