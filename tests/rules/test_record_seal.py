"""A cut record and a changed scenario are seen, not replayed as another game.

Issue 15, "Records": a record cut mid-line replayed silently with a changed
number, and a record replayed against an edited scenario gave a different game
with exit 0.  Records now close with ``end: {actions: N, sha256: ...}`` and
keep their scenario's fingerprint (docs/record-format.md).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from desktop.rules.record import RecordError, dumps, load_game, load_record, seal_text
from tests.rules.record_helpers import GOLDEN, saved_game, write


def test_a_saved_record_closes_with_its_count_and_checksum(tmp_path: Path) -> None:
    text = saved_game(tmp_path).read_text(encoding="utf-8")
    assert text.splitlines()[1] == "record_format: 2"
    assert re.search(r"^scenario_sha256: [0-9a-f]{64}$", text, re.MULTILINE)
    last = text.splitlines()[-1]
    count = len(load_record(tmp_path / "game.yaml").actions)
    assert re.fullmatch(rf"end: \{{actions: {count}, sha256: [0-9a-f]{{64}}\}}", last)


def test_a_record_cut_anywhere_is_refused_or_is_the_same_game(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    data = path.read_bytes()
    whole = load_record(path)
    rng = random.Random(15)
    near_end = set(range(len(data) - 120, len(data)))
    cuts = sorted(set(rng.sample(range(1, len(data)), 150)) | near_end)
    for cut in cuts:
        bad = write(tmp_path, "cut.yaml", data[:cut])
        try:
            again = load_record(bad)
        except RecordError as e:
            assert str(e).startswith(str(bad)), str(e)
            continue
        # only losing the final newline leaves the closing line whole
        assert cut == len(data) - 1 and again == whole, cut


def test_a_cut_mid_number_is_named_as_a_cut(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    text = path.read_text(encoding="utf-8")
    i = text.index("\nend:")
    bad = write(tmp_path, "cut.yaml", text[: i - 2])  # the last action loses characters
    with pytest.raises(RecordError, match="cut short") as e:
        load_record(bad)
    assert e.value.can_force


def test_force_replays_a_cut_record_with_a_warning(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    bad = write(tmp_path, "cut.yaml", "".join(lines[:-1]))
    record = load_record(bad, force=True)
    assert any("cut short" in w and "--force" in w for w in record.warnings)


def test_an_old_record_without_a_closing_line_loads_with_a_warning(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    text = "".join(ln for ln in path.read_text(encoding="utf-8").splitlines(keepends=True)
                   if not ln.startswith(("record_format:", "end:")))
    record = load_record(write(tmp_path, "old.yaml", text))
    assert record.actions == load_record(path).actions
    assert any("older Volley" in w for w in record.warnings)


def test_an_edited_record_replays_with_a_warning(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    fewer = [ln for i, ln in enumerate(lines) if i != len(lines) - 2]  # drop the last action
    record = load_record(write(tmp_path, "fewer.yaml", "".join(fewer)))
    assert any("counts" in w and "edited" in w for w in record.warnings)
    changed = write(tmp_path, "seed.yaml", re.sub(r"^seed: .*$", "seed: 8", text, flags=re.M))
    assert any("changed after Volley saved it" in w for w in load_record(changed).warnings)
    assert not load_record(path).warnings


def test_a_damaged_closing_line_is_refused(tmp_path: Path) -> None:
    text = saved_game(tmp_path).read_text(encoding="utf-8")
    bad = write(tmp_path, "bad.yaml", re.sub(r"sha256: [0-9a-f]+\}", "sha256: xyz}", text))
    with pytest.raises(RecordError, match=r"bad\.yaml:\d+:\d+: the closing line is damaged"):
        load_record(bad)


def test_a_changed_scenario_is_refused_unless_forced(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    scenario = tmp_path / "duel.yaml"
    moved = scenario.read_text(encoding="utf-8").replace("position: [30, 40]", "position: [31, 40]")
    scenario.write_text(moved, encoding="utf-8")
    with pytest.raises(RecordError, match=r"duel\.yaml has changed since this game was saved") as e:
        load_game(path)
    assert str(e.value).startswith(f"{path}:") and e.value.can_force
    record = load_record(path, force=True)
    assert any("has changed since" in w for w in record.warnings)


def test_reformatting_the_scenario_changes_nothing(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    scenario = tmp_path / "duel.yaml"
    text = scenario.read_text(encoding="utf-8").replace("position: [30, 40]",
                                                         "position:   [30.0,   40]  # moved?")
    scenario.write_text("# a comment added by hand\n" + text, encoding="utf-8")
    assert not load_record(path).warnings


def test_saving_a_loaded_record_gives_the_same_bytes(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    assert dumps(load_record(path)) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("golden", sorted(GOLDEN.glob("*.yaml")), ids=lambda p: p.stem)
def test_golden_records_are_sealed_and_whole(golden: Path) -> None:
    record = load_record(golden)
    assert not record.warnings
    text = golden.read_text(encoding="utf-8")
    assert seal_text(text, str(golden), golden.parent) == text


def test_format_two_keeps_the_scenario_hash_of_a_fresh_scenario() -> None:
    """Issue 21: moving the bundled scenarios to format 2 must not make every saved
    game say its scenario changed; a unit that starts worn does change it."""
    from dataclasses import replace as _replace

    from desktop.rules.record_seal import scenario_hash
    from desktop.scenario import load as _load

    path = Path(__file__).resolve().parents[2] / "scenarios" / "d3_crossroads.yaml"
    s = _load(path)
    assert scenario_hash(s) == scenario_hash(_replace(s, format_version=1))
    side = s.sides[0]
    worn = _replace(side.units[0], start={"d3": {"hits": 2}})
    s2 = _replace(s, sides=(_replace(side, units=(worn, *side.units[1:])), s.sides[1]))
    assert scenario_hash(s2) != scenario_hash(s)
