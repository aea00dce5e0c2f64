"""Golden records: each tests/rules/golden/<ruleset>_*.yaml, replayed by
``volley replay RECORD --json``, prints the .json beside it byte for byte.

The records are scripted games (dice or cards fixed, to show rules at work)
and whole seeded games; what each shows is checked in tests/rules/<id>/test_golden.py.
A pure refactor leaves every one unchanged.  After a deliberate rules change,
rewrite only the records it changes and read their diff:

    .venv/bin/python -m tests.rules.regen_golden RECORD_OR_RULESET [--check]
"""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.cli import main
from desktop.scenario import rulesets
from tests.rules import regen_golden

RECORDS = regen_golden.records()
#: Each ruleset keeps at least this many golden records (scripted and random).
AT_LEAST = 3


@pytest.mark.parametrize("record", RECORDS, ids=[r.stem for r in RECORDS])
def test_golden_record_replays_byte_for_byte(record: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record), "--json"]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    assert out.out == record.with_suffix(".json").read_text(encoding="utf-8"), (
        f"{record.name} no longer replays to its .json (a rules change? "
        "see tests/rules/regen_golden.py)")


#: Volley's own rulesets keep golden records here (a ruleset installed as a plugin
#: keeps its own tests in its own package).
BUNDLED = sorted(e.id for e in rulesets.bundled())


@pytest.mark.parametrize("ruleset_id", BUNDLED)
def test_every_ruleset_has_golden_records(ruleset_id: str) -> None:
    assert len(regen_golden.records(ruleset_id)) >= AT_LEAST


def test_every_golden_file_belongs_to_a_ruleset_and_has_its_pair() -> None:
    golden = regen_golden.GOLDEN
    for path in [*golden.glob("*.yaml"), *golden.glob("*.json")]:
        assert regen_golden.ruleset_of(path), f"{path.name}: no ruleset id starts its name"
        pair = path.with_suffix(".json" if path.suffix == ".yaml" else ".yaml")
        assert pair.exists(), f"{path.name} has no {pair.name} beside it"


def test_regen_golden_writes_what_the_test_compares() -> None:
    # regen_golden writes golden_text(record); `--check` finds no difference now.
    record = regen_golden.GOLDEN / "d3_scripted_duel.yaml"
    assert regen_golden.golden_text(record) == record.with_suffix(".json").read_text(
        encoding="utf-8")
    assert regen_golden.main(["d3_scripted_duel", "--check"]) == 0
