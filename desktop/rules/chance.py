"""Dice and cards: one source per game, seeded for play, scripted for tests.

Scripted d6 results (and card draws) are consumed first, in order; after
that the seeded generator takes over.  A D3 is ``ceil(d6 / 2)`` of one d6, so a
scripted d6 list fixes D3s too (RULINGS, "Randomness").  Every draw is logged
with what it was for.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

#: The standard 52-card deck, rank then suit: "A" 2..10 "J" "Q" "K"; suits S H D C.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
FULL_DECK = tuple(r + s for s in SUITS for r in RANKS)


class ChanceError(ValueError):
    """A scripted value is not a die face or a card."""


def card_value(card: str) -> int:
    """Ace 1 ... King 13."""
    return RANKS.index(card[:-1]) + 1


RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_name(card: str) -> str:
    """'QD' -> 'the Queen of diamonds', '10H' -> 'the 10 of hearts' (for what people read)."""
    rank, suit = card[:-1], card[-1:]
    return f"the {RANK_NAMES.get(rank, rank)} of {SUIT_NAMES.get(suit, suit)}"


def check_card(card: str) -> str:
    if card not in FULL_DECK:
        raise ChanceError(f"'{card}' is not a card (write rank then suit: AS, 10H, QD, 7C)")
    return card


@dataclass(frozen=True)
class Draw:
    """One logged draw: ``kind`` is "d6", "d3" or "card"; `scripted` if it came from the list."""

    kind: str
    value: int | str
    purpose: str
    scripted: bool = False

    def __str__(self) -> str:
        return f"{self.kind}={self.value} ({self.purpose})"


class Chance:
    """The game's dice and cards."""

    def __init__(self, seed: int, dice: Sequence[int] = (), cards: Sequence[str] = ()) -> None:
        for d in dice:
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
                raise ChanceError(f"scripted die {d!r} is not a d6 result (1 to 6)")
        self.seed = seed
        self._rng = random.Random(seed)
        self._dice = list(dice)
        self._cards = [check_card(c) for c in cards]
        self._decks: dict[str, list[str]] = {}
        self._discards: dict[str, list[str]] = {}
        self.log: list[Draw] = []

    # -- dice --------------------------------------------------------------------

    def d6(self, purpose: str) -> int:
        if self._dice:
            value = self._dice.pop(0)
            self.log.append(Draw("d6", value, purpose, scripted=True))
        else:
            value = self._rng.randrange(6) + 1
            self.log.append(Draw("d6", value, purpose))
        return value

    def d3(self, purpose: str) -> int:
        """ceil(d6 / 2): the d6 is logged, then the D3 it gave."""
        d = self.d6(purpose)
        value = math.ceil(d / 2)
        self.log.append(Draw("d3", value, purpose, scripted=self.log[-1].scripted))
        return value

    def roll(self, n: int, purpose: str) -> list[int]:
        return [self.d6(purpose) for _ in range(n)]

    def script(self, dice: Sequence[int]) -> None:
        """Fix the next d6 results (after any still scripted): a look-ahead copy
        set on each outcome in turn weighs an action by its exact odds."""
        for d in dice:
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
                raise ChanceError(f"scripted die {d!r} is not a d6 result (1 to 6)")
        self._dice.extend(dice)

    @property
    def scripted_dice_left(self) -> int:
        return len(self._dice)

    # -- cards -------------------------------------------------------------------

    def draw(self, deck: str, purpose: str) -> str:
        """The next card of the named 52-card deck (shuffled from the seed; reshuffled
        from its discards when empty).  Scripted cards are used first, whatever the deck;
        a scripted card leaves that deck like a dealt one (issue 17), so it is not
        dealt again before the reshuffle and the odds count the cards really left."""
        if self._cards:
            card = self._cards.pop(0)
            self.log.append(Draw("card", card, f"{deck}: {purpose}", scripted=True))
            pile = self._decks.get(deck)
            gone = self._discards.setdefault(deck, [])
            if pile is not None and card in pile:
                pile.remove(card)
                gone.append(card)
            elif card not in gone:
                gone.append(card)
            return card
        pile = self._decks.get(deck)
        if not pile:
            if deck in self._decks:
                pile = list(self._discards.pop(deck, []))
            else:
                turned = set(self._discards.get(deck, ()))
                pile = [c for c in FULL_DECK if c not in turned]
            if not pile:
                self._discards.pop(deck, None)
                pile = list(FULL_DECK)
            self._rng.shuffle(pile)
            self._decks[deck] = pile
        card = pile.pop()
        self._discards.setdefault(deck, []).append(card)
        self.log.append(Draw("card", card, f"{deck}: {purpose}"))
        return card

    def pile(self, deck: str) -> list[str]:
        """The cards the next (unscripted) draw from `deck` may turn up, as it stands:
        what is left of it, or what a reshuffle would bring back when it is empty."""
        pile = self._decks.get(deck)
        if pile:
            return list(pile)
        if pile is None:
            gone = set(self._discards.get(deck, ()))
            left = [c for c in FULL_DECK if c not in gone]
            return left or list(FULL_DECK)
        return list(self._discards.get(deck, [])) or list(FULL_DECK)

    def coin(self, purpose: str) -> bool:
        """A fair pick (True/False), from the seeded source, logged."""
        value = self._rng.random() < 0.5
        self.log.append(Draw("coin", int(value), purpose))
        return value

    def bits(self, kind: str, purpose: str, n: int = 48) -> int:
        """`n` random bits from the seeded source, logged as a draw of `kind`.

        For a ruleset that needs a generator of its own for one event (the
        Kiddies flick seeds a physics simulation with it), still reproducible
        from the game's seed and visible in the draw log.
        """
        value = self._rng.getrandbits(n)
        self.log.append(Draw(kind, value, purpose))
        return value

    # -- copies --------------------------------------------------------------------

    def clone(self, seed: int | None = None) -> Chance:
        """An exact copy, or with `seed` a fresh source (no scripted draws left).

        A reseeded copy keeps which cards each deck has turned and reshuffles only
        the rest: it knows what a player at the table knows, not the order of the
        cards still face down."""
        c = Chance.__new__(Chance)
        c._decks = {k: list(v) for k, v in self._decks.items()}
        c._discards = {k: list(v) for k, v in self._discards.items()}
        c.log = list(self.log)
        if seed is not None:
            c.seed = seed
            c._rng = random.Random(seed)
            c._dice = []
            c._cards = []
            for k in sorted(c._decks):
                c._rng.shuffle(c._decks[k])
            return c
        c.seed = self.seed
        c._rng = random.Random()
        c._rng.setstate(self._rng.getstate())
        c._dice = list(self._dice)
        c._cards = list(self._cards)
        return c
