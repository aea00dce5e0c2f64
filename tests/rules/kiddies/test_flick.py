"""The simulated flick (RULINGS "Flicked shots"; docs/kiddies-flick.md for the bands).

- reproducible: the same seed gives the same flight, in the module and in a game;
- the kill distribution of the two set pieces stays in the documented bands
  over a few hundred seeded flicks;
- a cannon never falls but one pushed off the table is destroyed; any side's
  figures can fall, the firer's own included; pushed figures stay where they end;
- the flight comes back as a sampled path for the play window.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from desktop.rules.kiddies.flick import (
    PELLETS,
    Body,
    Solid,
    fall_chance,
    set_piece_flight,
    simulate,
    slide_distance,
    start_point,
    strength_for,
)
from desktop.rules.record import record_of, replay
from tests.rules.kiddies.helpers import gun, line, new_game, to_movement

#: Documented bands (docs/kiddies-flick.md), checked over SHOTS seeded flicks.
SHOTS = 300
VOLLEY_ONE_TO_THREE_AT_LEAST = 0.75
VOLLEY_NONE_AT_MOST = 0.15
CANNON_SEVERAL_BETWEEN = (0.20, 0.75)  # three or more killed
CANNON_MEAN_BETWEEN = (1.2, 3.5)


def kills(name: str) -> Counter[int]:
    return Counter(len(set_piece_flight(name, random.Random(s)).fell) for s in range(SHOTS))


def test_same_seed_same_flight() -> None:
    a = set_piece_flight("cannon", random.Random(42))
    b = set_piece_flight("cannon", random.Random(42))
    assert a == b
    c = set_piece_flight("cannon", random.Random(43))
    assert c.path != a.path


def test_a_volley_at_a_close_line_usually_kills_one_to_three() -> None:
    k = kills("volley")
    assert sum(k[n] for n in (1, 2, 3)) / SHOTS >= VOLLEY_ONE_TO_THREE_AT_LEAST
    assert k[0] / SHOTS <= VOLLEY_NONE_AT_MOST


def test_a_long_cannon_shot_sometimes_kills_several() -> None:
    k = kills("cannon")
    several = sum(v for n, v in k.items() if n >= 3) / SHOTS
    lo, hi = CANNON_SEVERAL_BETWEEN
    assert lo <= several <= hi
    mean = sum(n * v for n, v in k.items()) / SHOTS
    assert CANNON_MEAN_BETWEEN[0] <= mean <= CANNON_MEAN_BETWEEN[1]


def test_fall_chance_grows_with_speed_and_cannons_never_fall() -> None:
    ps = [fall_chance(1.0, v, "infantry") for v in (0, 5, 10, 20, 40)]
    assert ps == sorted(ps) and ps[0] == 0 and ps[-1] > 0.99
    assert fall_chance(1.0, 10, "cavalry") < fall_chance(1.0, 10, "infantry")
    assert fall_chance(5.0, 100, "cannon") == 0


def test_a_cannon_shoved_off_the_table_is_off_and_never_fell() -> None:
    # seed: "Cannons are NOT destroyed if hit ... knocked out of the playing area ... IS"
    seen_off = False
    for s in range(40):
        cannon = Body("gun", "cannon", 46.9, 10, 90, 1.5, 2.0)
        pellet = PELLETS["large"]
        flight = simulate(pellet, (44.0, 10.0), 90.0, 1.0, [cannon], (48.0, 36.0),
                          random.Random(s))
        assert "gun" not in flight.fell
        seen_off |= "gun" in flight.off_table
    assert seen_off


def test_the_firers_own_figures_can_fall() -> None:
    # seed: "Any figure knocked over by a shot is killed ... This includes figures of EITHER side"
    fell = 0
    for s in range(30):
        own = Body("own", "infantry", 24, 26, 0, 1, 1)
        flight = simulate(PELLETS["medium"], start_point(24, 30, 0.6, 0, PELLETS["medium"]),
                          0.0, 0.6, [own], (48.0, 36.0), random.Random(s))
        fell += "own" in flight.fell
    assert fell > 0


def test_pellets_glance_off_solid_terrain() -> None:
    import shapely

    wall = Solid("house", shapely.box(20, 0, 30, 36))
    flight = simulate(PELLETS["small"], (10.0, 18.0), 90.0, 1.0, [], (48.0, 36.0),
                      random.Random(1), [wall])
    assert any(i.what == "terrain" and i.target == "house" for i in flight.impacts)
    assert max(x for _, x, _ in flight.path) < 20.0


def test_shoved_figures_stay_where_they_end() -> None:
    moved = {}
    for s in range(30):
        flight = set_piece_flight("volley", random.Random(s))
        moved.update(flight.moved)
    assert moved  # some figures were shoved and not killed, with new positions


def test_a_game_flick_replays_the_same_flight_and_samples_its_path() -> None:
    g = new_game([line("b", 10, 10, 5)], [line("r", 18, 10, 5, 270)], dice=[6, 1, 5, 2],
                 seed=11)
    to_movement(g)
    g.apply_text("end")
    g.apply_text("end")
    events = g.apply_text("volley b.5 90 0.6")
    shot = next(e for e in events if e.kind == "shot")
    path = shot.data["flight"]["path"]
    assert len(path) > 5 and all(a[0] < b[0] for a, b in itertools.pairwise(path))
    assert all(len(p) == 3 for p in path)
    assert {"impacts", "fell", "moved", "off_table"} <= set(shot.data["flight"])
    assert any(d.kind == "flick" for d in g.chance.log)
    again = replay(record_of(g))
    assert again.snapshot() == g.snapshot()
    assert [e.to_json() for e in again.events] == [e.to_json() for e in g.events]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_fresh_seed_gives_another_flight(seed: int) -> None:
    g = new_game([gun("g", 10, 10)], [line("r", 30, 10, 5, 270)], dice=[6, 1, 5, 2],
                 seed=seed)
    to_movement(g)
    g.apply_text("end")
    g.apply_text("end")
    other = g.clone(seed=seed + 100)
    a = g.apply_text("cannon g.gun 90 0.8")
    b = other.apply_text("cannon g.gun 90 0.8")
    fa = next(e for e in a if e.kind == "shot").data["flight"]["path"]
    fb = next(e for e in b if e.kind == "shot").data["flight"]["path"]
    assert fa != fb


def test_strength_for_sends_the_pellet_twice_the_distance() -> None:
    for size, pellet in PELLETS.items():
        assert slide_distance(pellet, strength_for(pellet, 8.0)) == pytest.approx(16.0), size
    free = simulate(PELLETS["medium"], (4.0, 18.0), 90.0, strength_for(PELLETS["medium"], 8.0),
                    [], (48.0, 36.0), random.Random(0))
    travelled = free.path[-1][1] - 4.0
    assert 12.0 < travelled < 22.0  # friction as modelled, give or take the flick's errors
