"""The window draws with the DejaVu files Volley ships, whatever fonts the machine has.

Issue 15, "The README's two commands fail on a fresh Debian 12": with only
`fonts-dejavu-core` the unit tags fell back from DejaVu Sans Condensed to the
wider DejaVu Sans and two layout tests failed.  These tests start Volley's
application in child processes whose fontconfig knows no font directories at
all, and check that every family the window names still resolves exactly and
measures text exactly as it does here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QFont, QFontInfo

from desktop.bundled_fonts import DEFAULT_FAMILY
from desktop.ui import app_fonts

ROOT = Path(__file__).resolve().parents[2]

#: Text of the kinds the window draws: a unit tag, an accented name, a terrain name.
SAMPLES = ("2nd Bn, 33rd Foot", "Général Lefèvre", "Kreuzdorf Wood")


def families_named_in_the_window() -> set[str]:
    """Every family the Qt shell asks for by name, e.g. QFont("DejaVu Sans Condensed")."""
    found = set()
    for path in (ROOT / "desktop" / "ui").rglob("*.py"):
        found.update(re.findall(r'QFont\("([^"]+)"', path.read_text(encoding="utf-8")))
    return found


# Runs in a child: Volley's own application, then for each (family, weight,
# italic) the family Qt actually chose and the width of each sample at 20 px.
PROBE = """
import json, sys
from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF
from desktop.ui.app import application

app = application()
out = {"default": [app.font().family(), QFontInfo(app.font()).family()], "faces": {}}
for family, weight, italic in json.loads(sys.argv[1]):
    f = QFont(family)
    f.setWeight(QFont.Weight(weight))
    f.setItalic(italic)
    f.setPixelSize(20)
    info = QFontInfo(f)
    m = QFontMetricsF(f)
    out["faces"][f"{family}/{weight}/{italic}"] = [
        info.family(), info.italic(), [m.horizontalAdvance(s) for s in json.loads(sys.argv[2])]]
print(json.dumps(out))
"""


def faces() -> list[tuple[str, int, bool]]:
    wanted = [(DEFAULT_FAMILY, 400, False), (DEFAULT_FAMILY, 700, False),
              (DEFAULT_FAMILY, 400, True), (DEFAULT_FAMILY, 700, True),
              ("DejaVu Sans Condensed", 600, False), ("DejaVu Serif", 400, True)]
    for family in sorted(families_named_in_the_window()):
        wanted.append((family, 400, False))
    return wanted


def probe(tmp_path: Path, fontconfig: Path | None) -> dict[str, Any]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    if fontconfig is not None:
        env["FONTCONFIG_FILE"] = str(fontconfig)
    r = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(faces()), json.dumps(SAMPLES)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert r.returncode == 0, r.stderr
    result: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return result


def no_fonts_config(tmp_path: Path) -> Path:
    """A fontconfig that knows no font folder, with this machine's rendering rules.

    The rules (hinting, antialiasing) stay so that widths can be compared
    with the machine's own; only the installed fonts are taken away.
    """
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        f"  <cachedir>{tmp_path / 'cache'}</cachedir>\n"
        '  <include ignore_missing="yes">/etc/fonts/conf.d</include>\n</fontconfig>\n',
        encoding="utf-8",
    )
    return conf


def test_the_application_font_is_the_shipped_dejavu_sans(qapp: Any) -> None:
    """Issue 15: the default font (and so every widget) is DejaVu Sans, found exactly."""
    assert qapp.font().family() == DEFAULT_FAMILY
    assert QFontInfo(qapp.font()).family() == DEFAULT_FAMILY
    tag = QFont("DejaVu Sans Condensed")
    tag.setWeight(QFont.Weight.DemiBold)
    assert QFontInfo(tag).family() == "DejaVu Sans Condensed"


def test_every_family_the_window_names_is_shipped() -> None:
    """A QFont("...") naming a family Volley does not ship would depend on the machine."""
    named = families_named_in_the_window()
    assert "DejaVu Sans Condensed" in named  # the unit tags: the case that failed on Debian 12
    shipped = {DEFAULT_FAMILY, "DejaVu Sans Condensed", "DejaVu Serif"}
    assert named <= shipped, f"not shipped in fonts/: {sorted(named - shipped)}"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fontconfig is Linux's")
def test_text_measures_the_same_on_a_machine_with_no_fonts(tmp_path: Path) -> None:
    """Issue 15: no installed fonts at all, and Volley still draws the same text, same widths."""
    here = probe(tmp_path, None)
    bare = probe(tmp_path, no_fonts_config(tmp_path))
    assert bare["default"] == [DEFAULT_FAMILY, DEFAULT_FAMILY]
    for face, (family, italic, widths) in bare["faces"].items():
        asked, _weight, asked_italic = face.split("/")
        assert family == asked, f"{face}: Qt chose {family!r} on a machine with no fonts"
        assert italic == (asked_italic == "True"), face
        assert widths == here["faces"][face][2], f"{face}: text measures differently"


def test_a_missing_font_file_is_named(qapp: Any, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A damaged install says which file it could not load instead of drawing silently wrong."""
    monkeypatch.setattr(app_fonts, "_DONE", "volleyFontsTestAgain")
    monkeypatch.setattr(app_fonts, "font_path", lambda name: tmp_path / name)
    try:
        failed = app_fonts.use_bundled_fonts(qapp)
        assert failed == list(app_fonts.QT_FILES)
        err = capsys.readouterr().err
        assert f"could not load the font {tmp_path / 'DejaVuSans.ttf'}" in err
        assert app_fonts.use_bundled_fonts(qapp) == []  # once per application
    finally:
        qapp.setProperty("volleyFontsTestAgain", None)
