"""What a result computed from a scenario depends on, and what changed since.

A balance report kept beside a scenario is only true of the scenario it was
made from.  Rather than one hash of the whole file (which a new briefing or
title would change), the fingerprint holds one hash per part that play
depends on -- the table, the terrain, each side's forces, the objectives and
victory, the ruleset and its options -- so a stale report can say *why* it is
stale: "the turn limit, the Royal Army's forces changed since".
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from desktop.scenario.model import Scenario
from desktop.scenario.wording import possessive
from desktop.scenario.writer import scenario_to_data

#: Parts of the file play does not read: changing them keeps a report current.
_NOT_PLAYED = ("format_version", "title", "author", "briefing")


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fingerprint(scenario: Scenario) -> dict[str, str]:
    """Part key -> sha256 of that part as the file writes it ("all" covers them all).

    Keys: "table", "terrain", "side:ID" for each side, "game" (objectives,
    zones, victory), "ruleset" (the ruleset and its options).
    """
    data = scenario_to_data(scenario)
    for key in _NOT_PLAYED:
        data.pop(key, None)
    parts: dict[str, Any] = {
        "table": data.get("table"),
        "terrain": data.get("terrain"),
        "game": data.get("game"),
        "ruleset": [data.get("ruleset"), data.get("ruleset_options")],
    }
    for side in data.get("sides", []):
        parts[f"side:{side['id']}"] = side
    out = {key: _digest(value) for key, value in parts.items()}
    out["all"] = _digest(data)
    return out


def changes(old: Mapping[str, object], scenario: Scenario) -> list[str]:
    """What changed in `scenario` since `old` was taken, in words (empty: nothing).

    Parts are named as a person reads them: the side's name, never its id.
    """
    new = fingerprint(scenario)
    if old.get("all") == new["all"]:
        return []
    names = {f"side:{s.id}": f"{possessive(s.name)} forces" for s in scenario.sides}
    words = {"table": "the table", "terrain": "the terrain",
             "game": "the objectives, zones or victory conditions",
             "ruleset": "the ruleset or its options"}
    out: list[str] = []
    for key, digest in new.items():
        if key == "all" or old.get(key) == digest:
            continue
        out.append(words.get(key) or names.get(key, key))
    gone = [k for k in old if k.startswith("side:") and k not in new]
    if gone:
        out.append("a side was removed" if len(gone) == 1 else f"{len(gone)} sides were removed")
    return out or ["the scenario"]
