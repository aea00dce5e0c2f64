"""The DejaVu files Volley ships are all there and are what they claim to be.

Issue 15 ("The README's two commands fail on a fresh Debian 12"): what
Volley draws must not depend on the machine's fonts, so the files travel
with the program (fonts/, mapped to desktop.assets.fonts).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop import bundled_fonts
from desktop.resources import fonts_dir

TRUETYPE = b"\x00\x01\x00\x00"


def test_every_listed_font_ships() -> None:
    assert bundled_fonts.missing_files() == []


def test_the_fonts_are_truetype_and_carry_their_licence() -> None:
    for name in bundled_fonts.ALL_FILES:
        path = fonts_dir() / name
        if name.endswith(".ttf"):
            assert path.read_bytes()[:4] == TRUETYPE, f"{path}: not a TrueType font"
    licence = (fonts_dir() / "LICENSE.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence


def test_nothing_unlisted_lies_in_the_fonts_folder() -> None:
    """A file added to fonts/ but not listed would ship without being used (or the reverse)."""
    present = {p.name for p in fonts_dir().glob("*.ttf")}
    listed = {n for n in bundled_fonts.ALL_FILES if n.endswith(".ttf")}
    assert present == listed


def test_missing_files_names_what_is_gone(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bundled_fonts, "fonts_dir", lambda: tmp_path)
    assert bundled_fonts.missing_files() == list(bundled_fonts.ALL_FILES)
    (tmp_path / "DejaVuSans.ttf").write_bytes(TRUETYPE)
    assert "DejaVuSans.ttf" not in bundled_fonts.missing_files()
