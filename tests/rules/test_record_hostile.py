"""Hostile records are refused with 'FILE:line:column: sentence', never a traceback.

Issue 15, "Records": `cards: [ZZ]`, invalid UTF-8, a 5,000-digit seed and an
inline scenario with a NaN radius gave tracebacks from `volley replay`; the
YAML tricks the scenario reader refuses (alias cycles and bombs, deep
nesting) are refused in records too.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from desktop.rules import record as record_module
from desktop.rules.record import RecordError, load_game, load_record
from tests.rules.record_helpers import DUEL, write

HEAD = "scenario: duel.yaml\nruleset: d3\n"


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    (tmp_path / "duel.yaml").write_text(DUEL.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def refusal(folder: Path, text: str | bytes, name: str = "bad.yaml") -> str:
    path = write(folder, name, text)
    with pytest.raises(RecordError) as e:
        load_game(path)
    message = str(e.value)
    assert message.startswith(str(path)), message
    return message[len(str(path)):]


def inline_scenario(change: tuple[str, str]) -> str:
    text = DUEL.read_text(encoding="utf-8")
    assert change[0] in text
    body = "\n".join("  " + ln for ln in text.replace(*change).splitlines() if ln[:1] != "#")
    return "ruleset: d3\nscenario:\n" + body + "\nactions: [end]\n"


# (what, record text, the place and words the message must give)
CASES = [
    ("a card that is no card", HEAD + "cards: [AS, ZZ]\n",
     r":3:13: cards\[1\] is 'ZZ', not a card"),
    ("a 5,000-digit seed", HEAD + "seed: " + "9" * 5000 + "\n", r":3:7: a number 5,000 characters"),
    ("a 400-digit seed", HEAD + "seed: " + "9" * 400 + "\n", r":3:7: a number 400 characters"),
    ("a 21-digit seed", HEAD + "seed: " + "9" * 21 + "\n", r":3:7: 'seed' must be a whole number"),
    ("a yes/no seed", HEAD + "seed: true\n", r":3:7: 'seed' must be a whole number"),
    ("a fractional seed", HEAD + "seed: 1.5\n", r":3:7: 'seed' must be a whole number"),
    ("an action that is a number", HEAD + "actions: [end, 5]\n", r":3:16: actions\[1\] must be"),
    ("an action that is a mapping", HEAD + "actions:\n- {a: 1}\n", r":4:3: actions\[0\] must be"),
    ("an unknown ruleset", "scenario: duel.yaml\nruleset: chess\n",
     r":2:10: unknown ruleset 'chess'"),
    ("a ruleset that is a list", "scenario: duel.yaml\nruleset: [d3]\n",
     r":2:10: 'ruleset' must be"),
    ("an option of the wrong type", HEAD + "options: {turn_limit: ten}\n",
     r":3:\d+: D3 Horse and Musket option 'Turn limit' \(turn_limit\) expects a whole"),
    ("an enormous option", HEAD + "options: {turn_limit: 100000000000}\n",
     r":3:23: option 'turn_limit'"),
    ("a NaN option", HEAD + "options: {turn_limit: .nan}\n", r":3:23: option 'turn_limit'"),
    ("an unknown option", HEAD + "options: {turns: 3}\n", r":3:10: ruleset 'd3' has no option"),
    ("a list for options", HEAD + "options: [1]\n", r":3:10: 'options' must be a mapping"),
    ("a die of 7", HEAD + "dice: [1, 7]\n", r":3:11: dice\[1\] is '7'"),
    ("a die of 0", HEAD + "dice: [0]\n", r":3:8: dice\[0\] is '0'"),
    ("a scenario that is a number", "scenario: 5\nruleset: d3\n", r":1:11: 'scenario' must be"),
    ("a scenario path with a NUL", 'scenario: "a\\0b"\nruleset: d3\n',
     r":1:11: 'scenario' must be"),
    ("an unknown key", HEAD + "moves: []\n", r": unknown key moves"),
    ("a key given twice", HEAD + "seed: 1\nseed: 2\n", r":4:1: key 'seed' appears twice"),
    ("an empty file", "", r": the file is empty"),
    ("a list, not a mapping", "- end\n", r": a record is a mapping"),
    ("a newer format", "record_format: 9\n" + HEAD, r":1:16: this record was saved by a newer"),
    ("an alias cycle", HEAD + "actions: &a [*a]\n", r":3:\d+: .*alias"),
    ("twenty thousand brackets", HEAD + "seed: " + "[" * 20000 + "]" * 20000 + "\n",
     r":3:\d+: .*(nest|deep)"),
    ("bad YAML", HEAD + "actions: [end\n", r":\d+:\d+: not valid YAML"),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_hostile_record_is_refused_by_file_and_line(folder: Path, text: str,
                                                      expected: str) -> None:
    assert re.match(expected, refusal(folder, text))


def test_invalid_utf8_is_reported_by_line_and_column(folder: Path) -> None:
    assert refusal(folder, HEAD.encode() + b"seed: 1\xff\n").startswith(":3:8: is not UTF-8")


def test_an_inline_scenario_with_a_nan_radius_names_the_record_and_line(folder: Path) -> None:
    text = inline_scenario(("size: [6, 6]", "size: [.nan, 6]"))
    message = refusal(folder, text)
    assert "the scenario in this record has problems" in message
    assert re.search(r"bad\.yaml:\d+:\d+: terrain\[\d\]\.rectangle\.size", message), message


def test_an_alias_bomb_is_refused_fast(folder: Path) -> None:
    levels = ["&a0 [x, x, x, x, x, x, x, x, x]"]
    levels += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    start = time.perf_counter()
    message = refusal(folder, HEAD + "actions: [" + ", ".join(levels) + "]\n")
    assert time.perf_counter() - start < 2.0
    assert re.match(r":3:\d+: .*alias", message), message


def test_a_negative_seed_is_a_seed(folder: Path) -> None:
    assert load_record(write(folder, "ok.yaml", HEAD + "seed: -11\n")).seed == -11


def test_whatever_the_scenario_reader_raises_names_the_record(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise OverflowError("int too large to convert to float")

    monkeypatch.setattr(record_module, "from_data", broken)
    monkeypatch.setattr(record_module, "load", broken)
    message = refusal(folder, HEAD)
    assert message.startswith(":1:11: the scenario duel.yaml cannot be read"), message
    message = refusal(folder, inline_scenario(("title: test", "title: test")))
    assert message.startswith(":3:3: the scenario in this record cannot be read"), message


def test_a_ruleset_fault_at_set_up_names_the_record(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop.rules import registry

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(registry.get("d3"), "new_game", broken)
    message = refusal(folder, HEAD)
    assert message.startswith(": the game cannot be set up: Volley failed with ZeroDivision")


def test_a_bad_action_names_the_record_then_the_action(folder: Path) -> None:
    message = refusal(folder, HEAD + "actions: [end, fly away]\n")
    assert message.startswith(": action 1 'fly away' cannot be read"), message
