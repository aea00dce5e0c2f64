"""The PDFs embed the DejaVu files Volley ships before any the machine has.

Issue 15 ("The README's two commands fail on a fresh Debian 12"): the sheets
and the window must use the same files on every machine.
"""

from __future__ import annotations

import pytest

from desktop.bundled_fonts import PDF_FILES
from desktop.resources import fonts_dir
from printouts import fonts


@pytest.fixture(autouse=True)
def fresh_choice(monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.delenv("VOLLEY_FONT_DIR", raising=False)
    fonts.reset_for_tests()
    yield None
    fonts.reset_for_tests()


def test_the_shipped_dejavu_comes_before_the_systems() -> None:
    assert fonts.DEJAVU_DIRS[0] == str(fonts_dir())
    found = fonts._find_dejavu()
    assert found is not None
    assert found == {face: fonts_dir() / name for face, name in PDF_FILES.items()}
    assert fonts.fonts().family == "DejaVu"


def test_the_shipped_dejavu_is_used_on_a_machine_without_dejavu(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "DEJAVU_DIRS", (str(fonts_dir()), "/nonexistent/fonts"))
    assert fonts.fonts().family == "DejaVu"


def test_a_volley_font_dir_without_dejavu_falls_back_to_the_shipped_files(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """VOLLEY_FONT_DIR is searched first (docs/printouts.md), but a wrong one costs nothing."""
    monkeypatch.setenv("VOLLEY_FONT_DIR", "/nonexistent/fonts")
    found = fonts._find_dejavu()
    assert found is not None and found["regular"].parent == fonts_dir()
