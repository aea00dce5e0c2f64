"""Names derived from a scenario's name fit the disk (issue 37, "Long names")."""

from __future__ import annotations

import os
from pathlib import Path

from desktop.play.balance_sidecar import sidecar_path
from desktop.scenario.filenames import MAX_NAME_BYTES, derived_name, derived_path


def size(name: str) -> int:
    return len(os.fsencode(name))


def test_short_names_are_unchanged() -> None:
    assert derived_name("farms", ".balance.json") == "farms.balance.json"
    assert sidecar_path("maps/farms.yaml") == Path("maps/farms.balance.json")


def test_a_long_name_is_cut_and_ends_with_a_hash_of_the_whole() -> None:
    """Issue 37: 248 bytes + ".balance.json" passed 255 (OSError 36)."""
    stem = "k" * 243
    name = derived_name(stem, ".balance.json")
    assert size(name) == MAX_NAME_BYTES and name.endswith(".balance.json")
    assert name.startswith("k" * 200)
    other = derived_name("k" * 242 + "j", ".balance.json")
    assert other != name  # the hash keeps names that differ only at the end apart


def test_a_cut_never_splits_a_character() -> None:
    stem = "普鲁士近卫军" * 20  # 3 bytes a character: 360 bytes
    name = derived_name(stem, ".pdf", prefix=".")
    assert size(name) <= MAX_NAME_BYTES
    name.encode("utf-8")  # whole characters only


def test_derived_paths_stay_beside_their_file(tmp_path: Path) -> None:
    long = tmp_path / ("é" * 120 + ".yaml")  # 245 bytes
    for p in (sidecar_path(long), derived_path(long, ".pdf"),
              derived_path(long, ".autosave", prefix=".", keep_suffix=True)):
        assert p.parent == tmp_path and size(p.name) <= MAX_NAME_BYTES
        p.write_text("x", encoding="utf-8")  # the disk takes it
