"""Officer cards say what officers do under the ruleset printed (issue 17).

Each ruleset's card is read back from the PDF and must state that ruleset's
own rule for officers (the seed line is cited on each case), and must not
carry Tactical Dice's casualty roll where the ruleset has none.  The card,
the quick reference and the roster print from one data structure per ruleset
(``Ruleset.officer_rules``, made in its package from its engine's constants):
changing it changes all three.
"""

from __future__ import annotations

import importlib
import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

from desktop.rules import registry
from desktop.rules.officer_card import in_words, number, officer_section
from desktop.scenario import Scenario
from printouts import PrintOptions, render
from printouts.ruleset_sheets import officer_rules, quick_reference, sections

#: The rulesets that say what their officers do.
WITH_OFFICERS = [rs.id for rs in registry.all_rulesets() if rs.officer_rules is not None]

#: The casualty roll of Tactical Dice (seed 001 lines 96-101), as the cards print it.
TACTICAL_ROLL = "roll a d6 for him"


def text_of(scenario: Scenario, **kw: object) -> str:
    data = render(scenario, PrintOptions(**kw))  # type: ignore[arg-type]
    reader = PdfReader(io.BytesIO(data))
    return " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)


def card_text(scenario: Scenario, ruleset: str) -> str:
    return text_of(scenario, sheets=("cards",), ruleset=ruleset)


def test_tactical_card_has_the_officer_casualty_roll(mill: Scenario) -> None:
    # seed 001 lines 96-101: a hit on his unit plus another die showing an Officer;
    # 1 killed, 2 wounded and a roll every turn (1 leaves the field), 3+ unscathed
    text = card_text(mill, "tactical")
    assert "another die of that throw shows an Officer" in text
    assert TACTICAL_ROLL in text
    assert "Killed." in text and "Unharmed." in text
    assert "roll a d6 at the start of every turn: a 1 carries him off" in text
    # seed 001 line 94: the General's extra close-combat die and the first Flag ignored
    assert "one more die in close combat" in text and "cancels the first Flag" in text
    assert "Wounded" in text and "Carried off" in text and "officer wound cards" in text


def test_d3_card_says_generals_cannot_be_attacked_and_tracks_rerolls(mill: Scenario) -> None:
    # seed 002 lines 108-110: one re-roll a turn within 12"; cannot be attacked;
    # must move 12" away from an enemy within 6"
    text = card_text(mill, "d3")
    assert "cannot be charged or shot and never takes a wound" in text
    assert 'once a turn, a unit within 12" of him that fails its activation test may roll ' \
        "it again" in text
    assert 'within 6" of him' in text and 'ride 12" away' in text
    assert "Re-roll used (one a turn)" in text
    assert TACTICAL_ROLL not in text and "Officer" not in text.replace("officer", "")
    assert "Killed" not in text and "Wounded" not in text
    assert "general cards" in text


def test_mayhem_card_says_an_attached_commander_cancels_hits(mill: Scenario) -> None:
    # seed 004 lines 73-76: an attached commander removes a single hit
    text = card_text(mill, "mayhem")
    assert "he cancels one hit it failed to save" in text
    assert "never hit or attacked" in text
    assert "Hits cancelled" in text and "With unit" in text
    assert TACTICAL_ROLL not in text and "Killed" not in text and "Wounded" not in text


def test_blown_away_card_says_the_commander_rallies_a_broken_unit(mill: Scenario) -> None:
    # seed 003 line 15: the commander moves any distance; line 25: a unit with no men
    # in ranks rallies one man with the commander next to it, runners 24" from the enemy
    text = card_text(mill, "blown_away")
    assert "once in your turn, any distance" in text
    assert 'within 1" of it and every runner 24" or more from enemy men in ranks' in text
    assert "Rallied a unit with no one in ranks" in text
    assert TACTICAL_ROLL not in text and "Killed" not in text and "Wounded" not in text


def test_kiddies_card_says_there_are_no_officers(mill: Scenario) -> None:
    # seed 000 lines 17-25: the troop types are regulars, skirmishers, cannons and
    # cavalry; nothing in the rules is an officer
    text = card_text(mill, "kiddies")
    assert "Kiddies has no officers" in text
    assert TACTICAL_ROLL not in text and "Killed" not in text and "Wounded" not in text


@pytest.mark.parametrize("ruleset", WITH_OFFICERS)
def test_card_and_reference_print_the_same_points(mill: Scenario, ruleset: str) -> None:
    rules = officer_rules(ruleset)
    card = card_text(mill, ruleset)
    ref = text_of(mill, sheets=("reference",), ruleset=ruleset)
    for term, point in rules.rules:
        assert f"{term} {point}" in card, point
        assert f"{term} {point}" in ref, point
    if rules.casualty is not None:
        when = f"{rules.casualty.term} {rules.casualty.when}"
        assert when in card and when in ref
        for _, result in rules.casualty.rows:
            assert result in card and result in ref
    # the reference has no officers section of its own: it is added from the card's data
    ref = quick_reference(ruleset)
    assert ref is not None and all(s.title != rules.title for s in ref.sections)
    assert sections(ruleset)[-1] == officer_section(rules)


@pytest.mark.parametrize("ruleset", WITH_OFFICERS)
def test_one_change_reaches_card_reference_and_roster(mill: Scenario, ruleset: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    changed = replace(officer_rules(ruleset), summary="Summary wyvern.",
                      rules=(("Wyvern:", "he rides a wyvern in this test."),))
    monkeypatch.setattr(type(registry.get(ruleset)), "officer_rules", changed)
    text = text_of(mill, sheets=("roster", "cards", "reference"), ruleset=ruleset)
    officers = sum(len(s.officers) for s in mill.sides)
    # the reference once, every card once
    assert text.count("Wyvern: he rides a wyvern in this test.") == 1 + officers
    assert "Summary wyvern." in text  # the roster's officers line


def test_roster_boxes_follow_the_ruleset(mill: Scenario) -> None:
    assert officer_rules("tactical").roster_boxes == ("Wounded", "Killed", "Carried off",
                                                      "Captured")
    for ruleset in ("d3", "mayhem", "blown_away", "kiddies"):
        assert officer_rules(ruleset).roster_boxes == ()
        assert not officer_rules(ruleset).wounds
    roster = text_of(mill, sheets=("roster",), ruleset="d3")
    assert "Left the field" not in roster and "Wounded" not in roster
    assert "cannot be attacked" in roster


def test_no_ruleset_gets_the_plain_wound_card(mill: Scenario) -> None:
    assert officer_rules(None).wounds and officer_rules("nonesuch") is officer_rules(None)


def test_numbers_on_the_cards_are_the_engines(mill: Scenario,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The officer numbers printed are the ones the games play by: the cards are
    made from the engines' constants, so changing one changes the card."""
    from desktop.rules.blown_away import constants as ba
    from desktop.rules.blown_away import sheets as ba_sheets
    from desktop.rules.d3 import rules as d3
    from desktop.rules.mayhem import constants as mm
    from desktop.rules.tactical import constants as td

    tactical = dict(officer_rules("tactical").rules)
    assert tactical["Moves:"].startswith(f"{td.OFFICER_MOVE} squares a turn")
    assert f"{in_words(td.GENERAL_COMBAT_DICE)} more die" in tactical["A General"]
    assert f"on a {td.RALLY_ON} the halt" in tactical["Rally:"]
    casualty = officer_rules("tactical").casualty
    assert casualty is not None
    assert [r for r, _ in casualty.rows] == [str(td.OFFICER_KILLED_ON),
                                             str(td.OFFICER_WOUNDED_ON),
                                             f"{td.OFFICER_WOUNDED_ON + 1}–6"]
    assert f"a {td.WOUND_LEAVES_ON} carries him off" in casualty.rows[1][1]
    d3_rules = dict(officer_rules("d3").rules)
    assert d3_rules["Moves:"].startswith(f'{number(d3.GENERAL_ALLOWANCE)}" a turn')
    assert f'within {number(d3.GENERAL_REROLL_RANGE)}" of him' in d3_rules["Re-roll:"]
    assert f'within {number(d3.GENERAL_THREAT_RANGE)}" of him' in d3_rules["Too close:"]
    assert f'ride {number(d3.GENERAL_EVADE_DISTANCE)}" away' in d3_rules["Too close:"]
    mayhem = dict(officer_rules("mayhem").rules)
    assert mayhem["Moves:"].startswith(f"up to {number(mm.COMMANDER_MOVE)} a turn")
    assert f"he cancels {in_words(mm.COMMANDER_CANCELS)} hit" in mayhem["Attached:"]
    blown = dict(officer_rules("blown_away").rules)
    assert (f'within {number(ba.COMMANDER_NEXT_TO)}" of it and every runner '
            f'{number(ba.RALLY_SAFE)}" or more') in blown["Rally:"]
    # and a changed constant reaches the printed card once the card is made again
    real = ba.RALLY_SAFE
    try:
        ba.RALLY_SAFE = 30.0  # type: ignore[misc]
        remade = importlib.reload(ba_sheets).OFFICER_RULES
    finally:
        ba.RALLY_SAFE = real  # type: ignore[misc]
        importlib.reload(ba_sheets)
    monkeypatch.setattr(type(registry.get("blown_away")), "officer_rules", remade)
    assert 'every runner 30" or more' in card_text(mill, "blown_away")
