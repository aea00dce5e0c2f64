"""D3's exact odds, kept under their old name: they live in desktop.rules.d3.odds,
beside the engine that answers ``odds(action)`` with them."""

from desktop.rules.d3.odds import (
    D3_FACES,
    SIXTH,
    Odds,
    _reroll_available,
    action_odds,
    activation_chance,
    charge_odds,
    charge_result,
    combine,
    reroll_available,
    shoot_odds,
    shot_hits,
)

__all__ = ["D3_FACES", "SIXTH", "Odds", "_reroll_available", "action_odds",
           "activation_chance", "charge_odds", "charge_result", "combine",
           "reroll_available", "shoot_odds", "shot_hits"]
