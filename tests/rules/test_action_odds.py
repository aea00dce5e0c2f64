"""The one Odds type every ruleset's ``Game.odds`` returns (docs/engine.md, "Odds")."""

from __future__ import annotations

from fractions import Fraction as F

from desktop.rules.action_odds import Odds, pct


def test_exact_odds_must_sum_to_exactly_one() -> None:
    assert Odds("b1 fires at r1", [("0", F(1, 3)), ("1", F(2, 3))]).problems() == []
    short = Odds("b1 fires at r1", [("0", F(1, 3)), ("1", F(1, 3))])
    assert short.problems() == ["'b1 fires at r1': exact chances sum to 2/3, not 1"]
    assert Odds("x", []).problems() == ["'x': no outcomes"]
    assert Odds("x", [("a", F(3, 2)), ("b", F(-1, 2))]).problems() == [
        "'x': a chance that is not a fraction in [0, 1]"]


def test_an_estimate_sums_to_one_within_rounding() -> None:
    est = Odds("flick", [("none", F(1, 3)), ("some", F(2, 3))], margin=4.0)
    assert not est.exact and est.problems() == []


def test_words_go_everywhere_but_the_chances() -> None:
    o = Odds("b1 fires at r1", [("r1 holds", F(1, 4)), ("r1 runs", F(3, 4))], ["b1 needs 4+"])
    named = o.worded(lambda t: t.replace("b1", "Blues").replace("r1", "Reds"))
    assert named == Odds("Blues fires at Reds", [("Reds holds", F(1, 4)), ("Reds runs", F(3, 4))],
                         ["Blues needs 4+"])
    assert named.chance("Reds runs") == F(3, 4) and named.chance("nothing") == 0


def test_mean_of_counted_outcomes_and_percent_words() -> None:
    assert Odds("hits", [("0", F(1, 2)), ("2", F(1, 2))]).mean() == 1
    assert [pct(p) for p in (F(0), F(1, 1000), F(1, 2), F(999, 1000), F(1))] == [
        "0%", "<1%", "50%", ">99%", "100%"]
