"""Chance.bits: a ruleset's own generator, still drawn from the game's seed and logged."""

from __future__ import annotations

from desktop.rules.chance import Chance


def test_bits_come_from_the_seed_and_are_logged() -> None:
    a, b = Chance(7), Chance(7)
    first = a.bits("flick", "cannon at the bridge")
    assert first == b.bits("flick", "cannon at the bridge")
    assert 0 <= first < 2**48
    assert a.log[-1].kind == "flick" and a.log[-1].value == first
    assert a.log[-1].purpose == "cannon at the bridge"
    assert a.bits("flick", "again") != first  # the source moved on


def test_bits_share_the_dice_source() -> None:
    """A flick between two rolls changes the second roll, as any draw would."""
    plain, flicked = Chance(3), Chance(3)
    plain.d6("one")
    flicked.d6("one")
    flicked.bits("flick", "shot", n=64)
    rolls_plain = [plain.d6("x") for _ in range(8)]
    rolls_flicked = [flicked.d6("x") for _ in range(8)]
    assert rolls_plain != rolls_flicked


# --- cards (issue 17) -----------------------------------------------------------------


def test_a_scripted_card_is_not_dealt_again_before_the_reshuffle() -> None:
    # Seed 003 line 35: each side turns the top card of its own deck; a scripted
    # card is one turned, so it leaves the deck like any other.
    c = Chance(3, cards=["QS"])
    assert c.draw("red", "x") == "QS"
    assert len(c.pile("red")) == 51 and "QS" not in c.pile("red")
    rest = [c.draw("red", "deal") for _ in range(51)]
    assert "QS" not in rest and len(set(rest)) == 51
    assert len(c.pile("red")) == 52  # all turned: the reshuffle brings every card back
    assert len(c.pile("blue")) == 52  # another deck is untouched


def test_a_reseeded_clone_keeps_the_turned_cards_and_reshuffles_the_rest() -> None:
    c = Chance(5)
    first = [c.draw("red", "x") for _ in range(3)]
    e = c.clone(seed=1)
    assert sorted(e.pile("red")) == sorted(c.pile("red")) and len(e.pile("red")) == 49
    assert not set(first) & {e.draw("red", "y") for _ in range(49)}
    exact = c.clone()
    assert [exact.draw("red", "z") for _ in range(5)] == [c.draw("red", "z") for _ in range(5)]


def test_a_reseeded_clone_keeps_scripted_cards_gone_too() -> None:
    c = Chance(5, cards=["AS", "KH"])
    c.draw("blue", "x")
    e = c.clone(seed=2)
    assert len(e.pile("blue")) == 51 and "AS" not in e.pile("blue")
    e.draw("blue", "y")
    assert e.log[-1].scripted is False  # the copy has no scripted draws left
