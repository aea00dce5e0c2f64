"""The end dialog's sentence (issue 20, 2: "the result in words")."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from desktop.ui.play.end_dialog import result_words


def session(winner: str | None, reason: str, turn: int = 15) -> Any:
    game = SimpleNamespace(outcome=SimpleNamespace(winner=winner, reason=reason), turn=turn)
    return SimpleNamespace(game=game, side_name=lambda side: {"red": "Carminians"}[side],
                           play_view=SimpleNamespace(names_in=lambda text: text))


def test_a_draw_is_said_once() -> None:
    """Kiddies' referee ends its reason with ": a draw"; the sentence starts with it."""
    words = result_words(session(None, "turn limit reached after turn 15: a draw"))
    assert words == "A draw on turn 15: turn limit reached after turn 15."


def test_a_win_names_the_side() -> None:
    words = result_words(session("red", "the Azurians' army broke.", 9))
    assert words == "Carminians won on turn 9: the Azurians' army broke."
