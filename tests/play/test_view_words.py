"""The base PlayView's words and its 'not supported' defaults (issue 16: names,
never ids or notation; the window picks its tools from the view's capability
protocols)."""

from __future__ import annotations

from desktop.play.session import Session, Setup
from desktop.resources import bundled_scenario
from desktop.rules.view import PlayView, card_face, purpose_words, roll_words
from desktop.rules.view_capabilities import CAPABILITIES
from desktop.scenario import load


def base_view() -> PlayView:
    s = Session.start(Setup(load(bundled_scenario("d3_crossroads.yaml")), "d3", seed=1))
    return PlayView(s.game)  # the generic view, not D3's own


def test_a_move_reads_as_names_distance_and_wheel() -> None:
    v = base_view()
    p = v.pieces()["aus_ir49"]
    act = v.game.parse_action(f"move aus_ir49 {p.x + 3:g},{p.y + 4:g} {(p.facing + 23) % 360:g}")
    assert v.describe(act) == "IR 49 Kerpen, 1st bn moves 5.0″ and wheels 23°"


def test_an_unlisted_kind_reads_as_its_word_and_names() -> None:
    v = base_view()
    act = v.game.parse_action("end")
    assert v.label(act) == f"End {v.game.phase_info().name.lower()} ▶"
    assert v.describe(act) == f"End of the {v.game.phase_info().name.lower()}"


def test_rolls_and_purposes_read_as_words() -> None:
    v = base_view()
    assert v.roll("d6", 4, "activation: aus_ir49") == "Activation of IR 49 Kerpen, 1st bn: rolled 4"
    assert roll_words("d6", 2, "x", scripted=True) == "X: rolled 2 (from the scripted dice)"
    assert roll_words("flick", 258459986150264, "volley shot by a") == (
        "Volley shot by a: the flick was simulated")
    assert purpose_words("initiative: aus", v.namer()) == "Initiative of Austrian rearguard"
    assert roll_words("card", "QD", "a fights b") == "A fights b: turned Q♦"
    assert card_face("10H") == "10♥" and v.die_face("card", "QS", "") == "Q♠"
    assert v.die_face("d6", 3, "") is None


def test_figure_and_flick_questions_are_not_supported_by_default() -> None:
    """The base view offers the core protocol alone: none of the capability
    protocols (desktop.rules.view_capabilities), so the window offers none of
    their tools; the core's own hand-to-hand question answers None."""
    v = base_view()
    for capability in CAPABILITIES.values():
        assert not isinstance(v, capability)
    assert not hasattr(v, "shooters") and not hasattr(v, "group_action")
    assert v.fight_of("aus_ir49") is None
