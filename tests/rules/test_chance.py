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
