"""Small Kiddies battlefields built in code, so each test sets up exactly what it checks.

Blue (``blue``, west baseline) and red (``red``, east baseline) on a 48 x 36
table with 7-inch spans.  ``line(uid, x, y, n, facing)`` is a unit of ``n``
regulars side by side on 1-inch bases centred on (x, y).
"""

from __future__ import annotations

from typing import Any

from desktop.rules import registry
from desktop.rules.kiddies.game import KiddiesGame
from desktop.scenario import from_data

SPAN = 7.0


def line(uid: str, x: float, y: float, n: int = 1, facing: float = 90,
         type: str = "line_infantry") -> dict[str, Any]:
    return {"id": uid, "name": uid, "type": type, "figures": n,
            "base": {"frontage": n, "depth": 1}, "position": [x, y], "facing": facing}


def horse(uid: str, x: float, y: float, n: int = 1, facing: float = 90) -> dict[str, Any]:
    return {"id": uid, "name": uid, "type": "cavalry", "figures": n,
            "base": {"frontage": n, "depth": 2}, "position": [x, y], "facing": facing}


def gun(uid: str, x: float, y: float, facing: float = 90, crew: int = 2) -> dict[str, Any]:
    return {"id": uid, "name": uid, "type": "foot_artillery", "figures": crew, "guns": 1,
            "base": {"frontage": 2, "depth": 2}, "position": [x, y], "facing": facing}


def scenario_data(blue: list[dict[str, Any]], red: list[dict[str, Any]],
                  terrain: list[dict[str, Any]] | None = None,
                  victory: list[dict[str, Any]] | None = None,
                  game: dict[str, Any] | None = None) -> dict[str, Any]:
    g: dict[str, Any] = dict(game or {})
    g["victory"] = victory if victory is not None else [{"type": "last_man_standing"}]
    return {
        "format_version": 1,
        "title": "test field",
        "ruleset": "kiddies",
        "table": {"width": 48, "depth": 36, "span": SPAN},
        "terrain": terrain or [],
        "sides": [
            {"id": "blue", "name": "Blue", "colour": "#0000ff", "baseline": "west",
             "units": blue},
            {"id": "red", "name": "Red", "colour": "#ff0000", "baseline": "east",
             "units": red},
        ],
        "game": g,
    }


def new_game(blue: list[dict[str, Any]], red: list[dict[str, Any]],
             dice: list[int] | None = None, options: dict[str, Any] | None = None,
             seed: int = 0, **kw: Any) -> KiddiesGame:
    sc = from_data(scenario_data(blue, red, **kw))
    g = registry.get("kiddies").new_game(sc, options or {}, seed, dice or [])
    assert isinstance(g, KiddiesGame)
    return g


def to_movement(g: KiddiesGame, first: str = "blue") -> None:
    """Choose so that `first` moves first (the initiative winner picks)."""
    assert g.phase == "choose"
    g.apply_text("first" if g.side == first else "second")
    assert g.phase == "move" and g.side == first
