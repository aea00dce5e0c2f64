"""Fitted weights of the Veteran's value (desktop.play.value), one row per ruleset.

Written by tests/benchmarks/fit_value.py --games 200 --first-seed 9000
--every 2 --signed; do not edit by hand.  Each row weighs value.FEATURES
in order.
"""

FITTED: dict[str, tuple[float, ...]] = {
    'blown_away': (5.40856, 0.15194, 0.01821, 0.01199, 0.0, 0.0, 0.0, 0.0),
    'd3': (3.75311, 0.01108, 0.05807, 0.0, 0.62543, 4.69696, -1.46404, 0.0),
    'kiddies': (5.6349, 0.01459, 0.0, 0.0, 0.0, 0.21806, 0.21806, 2.95663),
    'mayhem': (3.35321, 0.01263, 0.0, 0.00033, 0.91314, 1.69318, 1.19943, 0.0),
    'tactical': (1.02834, 0.11237, 0.0, 0.01619, 0.01004, 3.05361, -1.0089, 0.0),
}
