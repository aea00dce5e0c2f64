"""Scenario text for the printout tests and the print benchmark (importable, not a conftest)."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"

#: As long as a name may be (80 characters, issue 15) for the widest {n} used.
LONG_NAME = "The Most Honourable {n}th (Duke of Somewhere-upon-Avon's Own) Royal Fusiliers"
TYPES = ["line_infantry"] * 5 + ["light_infantry", "cavalry", "cavalry", "foot_artillery",
                                 "horse_artillery"]
QUALITIES = ["elite", "veteran", "regular", "regular", "conscript"]


def big_yaml(units: int = 40, officers: int = 4, ruleset: str = "mayhem",
             long_names: bool = True) -> str:
    """A 72 x 48 table with `units` units and `officers` officers a side."""
    def side(sid: str, name: str, colour: str, baseline: str, y0: float, facing: int) -> str:
        lines = [f"  - id: {sid}", f"    name: {name}", f'    colour: "{colour}"',
                 f"    baseline: {baseline}", "    units:"]
        for i in range(units):
            t = TYPES[i % len(TYPES)]
            nm = f"{sid.title()} Unit {i + 1}"
            if long_names and i % 4 == 3:
                nm = LONG_NAME.format(n=f"{sid.title()}{i + 1}")
            x = 3 + (i % 16) * 4.2
            y = y0 + (i // 16) * 3.5
            lines.append(
                f'      - {{id: {sid}-{i}, name: "{nm}", type: {t}, '
                f"quality: {QUALITIES[i % 5]}, position: [{x:.1f}, {y}], facing: {facing}, "
                "command: [officer, drummer, flag]}"
            )
        lines.append("    officers:")
        ranks = ["commander"] + ["general"] * (officers // 2) + ["adc"] * officers
        for j in range(officers):
            lines.append(f'      - {{id: {sid}-o{j}, name: "{sid.title()} Officer {j + 1}", '
                         f"rank: {ranks[j]}, position: [{6 + j * 7}, {y0 + 1.5}]}}")
        return "\n".join(lines)

    return f"""format_version: 1
title: A Very Big Battle for the Tests
table: {{width: 72, depth: 48}}
terrain:
  - {{id: h1, type: hill, name: Big Hill, ellipse: {{centre: [20, 24], radii: [8, 5]}}}}
  - {{id: r1, type: river, line: [[0, 20], [36, 22], [72, 18]], width: 3, smooth: true}}
  - {{id: w1, type: wood, polygon: [[50, 26], [60, 25], [62, 34], [52, 35]]}}
  - {{id: t1, type: town, name: Hamlet, rectangle: {{centre: [40, 30], size: [8, 6]}}}}
sides:
{side("red", "Red Army", "#b22222", "south", 36, 0)}
{side("blue", "Blue Army", "#1f4e9c", "north", 2.5, 180)}
game:
  type: encounter
  objectives: [{{id: o1, name: Hamlet Church, position: [40, 30]}}]
  victory:
    - {{type: hold_objectives, count: 1}}
    - {{type: turn_limit, turns: 12}}
ruleset: {ruleset}
"""
