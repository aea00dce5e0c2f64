"""The Namer (desktop.rules.view) writes names where an engine's text has ids, and
leaves the names already there as they are (issue 34: the Kiddies log read
"Azurians occupies Kiddle Kiddle mill": the judge wrote the feature's name,
"Kiddle mill", and the id "mill" inside it was named again)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from desktop.resources import bundled_scenario, bundled_scenarios
from desktop.rules.view import Namer
from desktop.scenario import load


def test_the_judges_kiddies_sentence_reads_once_named() -> None:
    namer = Namer(load(bundled_scenario("kiddies_bridge.yaml")))
    # the judge's reason as the record of the game in the report had it
    assert namer("Azurians occupy Kiddle mill") == "Azurians occupy Kiddle mill"
    # from ids, the verb agreeing with the side (desktop.scenario.wording.agree_in)
    assert namer("azuria occupies mill") == "Azurians occupy Kiddle mill"
    assert namer("Kiddle mill's door; the mill") == "Kiddle mill's door; the Kiddle mill"


@pytest.mark.parametrize("path", bundled_scenarios(), ids=lambda p: Path(p).stem)
def test_naming_named_text_changes_nothing(path: Path) -> None:
    """Text an engine writes in ids, names or both reads the same named once or
    twice: every sentence of ids, names, figures and possessives on every
    bundled scenario."""
    namer = Namer(load(path))
    ids = sorted(namer.names)
    rng = random.Random(7)
    for _ in range(300):
        words = []
        for _ in range(rng.randint(1, 4)):
            i = rng.choice(ids)
            word = rng.choice([i, namer.names[i], f"{i}.3", f"{i}'s", f"the {i}"])
            words.append(word + rng.choice([" moves to", " and", ",", " near"]))
        text = " ".join(words)
        once = namer(text)
        assert namer(once) == once, (text, once)


def test_a_crews_gun_is_named_once() -> None:
    namer = Namer(load(bundled_scenario("kiddies_bridge.yaml")))
    gun = next(i for i, n in namer.names.items() if n.lower().endswith("gun"))
    assert namer(f"{gun}.gun") == namer.names[gun]  # "Azurian Field Gun", not "… Gun gun"
    assert namer(f"{gun}.2") == f"{namer.names[gun]} #2"
