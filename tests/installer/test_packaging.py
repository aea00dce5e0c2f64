"""The wheel and the installer files: every package, scenario and icon ships.

The fast checks always run.  Building a real wheel (pip, an isolated build
environment from PyPI, ~15 s) runs only with VOLLEY_BUILD_BUNDLE=1, like the
bundle tests.
"""

from __future__ import annotations

import configparser
import json
import os
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from desktop.bundled_fonts import ALL_FILES
from tests.installer.conftest import ROOT, build_requested

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def source_packages() -> set[str]:
    found = set()
    for top in ("desktop", "printouts"):
        for init in (ROOT / top).rglob("__init__.py"):
            if "__pycache__" not in init.parts:
                found.add(".".join(init.parent.relative_to(ROOT).parts))
    return found


def test_every_package_is_listed_for_the_wheel() -> None:
    """A package missing from [tool.setuptools].packages is missing from the wheel."""
    missing = source_packages() - set(SETUPTOOLS["packages"])
    assert not missing, f"add to [tool.setuptools].packages in pyproject.toml: {sorted(missing)}"


def test_every_listed_package_exists() -> None:
    """A listed package with no folder stops `pip install` (and so CI) cold."""
    mapping = SETUPTOOLS.get("package-dir", {})
    missing = []
    for package in SETUPTOOLS["packages"]:
        if package in mapping:
            folder = ROOT / mapping[package]
        else:
            top, _, rest = package.partition(".")
            folder = ROOT / mapping.get(top, top) / rest.replace(".", "/")
        if not folder.is_dir():
            missing.append(f"{package} ({folder.relative_to(ROOT)})")
    assert not missing, f"listed in [tool.setuptools].packages but not there: {missing}"


def test_assets_are_mapped_into_the_package() -> None:
    mapping = SETUPTOOLS["package-dir"]
    data = SETUPTOOLS["package-data"]
    for package, folder, pattern in (
        ("desktop.assets.scenarios", "scenarios", "*.yaml"),
        ("desktop.assets.icons", "icons", "*.svg"),
        ("desktop.assets.fonts", "fonts", "*.ttf"),  # issue 15: fonts independent of the machine
    ):
        assert mapping[package] == folder
        assert package in SETUPTOOLS["packages"]
        assert pattern in data[package]
        assert list((ROOT / folder).glob(pattern)), f"nothing matches {folder}/{pattern}"


def test_desktop_entry() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ROOT / "installer" / "volley.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application"
    assert section["Exec"].split()[0] == "volley"
    assert section["Icon"] == "volley"
    assert (ROOT / "icons" / "volley.svg").is_file()
    if shutil.which("desktop-file-validate"):
        r = subprocess.run(["desktop-file-validate", str(ROOT / "installer" / "volley.desktop")],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr


def test_app_icons_for_windows_and_macos(tmp_path: Path) -> None:
    """make_icons.py writes a real .ico and .icns (PNG inside) from the SVG."""
    r = subprocess.run([sys.executable, str(ROOT / "installer" / "make_icons.py"), str(tmp_path)],
                       capture_output=True, text=True, timeout=120,
                       env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert r.returncode == 0, r.stderr
    ico = (tmp_path / "volley.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = {ico[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes
    icns = (tmp_path / "volley.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic10" in icns and b"\x89PNG" in icns
    assert (tmp_path / "volley.png").read_bytes()[:4] == b"\x89PNG"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "-w", str(out), "--no-deps", "-q"],
        capture_output=True, text=True, timeout=600,
    )
    assert r.returncode == 0, r.stderr
    (found,) = out.glob("volley-*.whl")
    return found


needs_wheel = pytest.mark.skipif(
    not build_requested(), reason="builds a wheel; VOLLEY_BUILD_BUNDLE=1 runs it"
)


@needs_wheel
def test_wheel_carries_code_scenarios_and_icons(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in source_packages():
        assert package.replace(".", "/") + "/__init__.py" in names, package
    for f in (ROOT / "scenarios").glob("*.yaml"):
        assert f"desktop/assets/scenarios/{f.name}" in names
    for f in (ROOT / "icons").glob("*.svg"):
        assert f"desktop/assets/icons/{f.name}" in names
    for name in ALL_FILES:  # issue 15: the fonts the window and the PDFs use, and their licence
        assert f"desktop/assets/fonts/{name}" in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "volley = desktop.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


@needs_wheel
def test_installed_wheel_finds_its_scenarios_and_icons(wheel: Path, tmp_path: Path) -> None:
    """Installed (not editable), desktop.resources finds desktop/assets/*."""
    site = tmp_path / "site"
    r = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
         str(wheel)], capture_output=True, text=True, timeout=300,
    )
    assert r.returncode == 0, r.stderr
    probe = (
        "import desktop, json; from desktop import resources as r; "
        "print(json.dumps([desktop.__file__, str(r.scenarios_dir()), "
        "len(r.bundled_scenarios()), r.icon('volley').is_file(), "
        "__import__('desktop.bundled_fonts').bundled_fonts.missing_files()]))"
    )
    r = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(site)}, timeout=60,
    )
    assert r.returncode == 0, r.stderr
    init, scenarios, count, icon, missing_fonts = json.loads(r.stdout)
    assert Path(init).is_relative_to(site), f"imported {init}, not the installed wheel"
    assert Path(scenarios) == site / "desktop" / "assets" / "scenarios", scenarios
    assert count == len(list((ROOT / "scenarios").glob("*.yaml")))
    assert icon
    assert missing_fonts == [], f"the installed wheel lacks fonts: {missing_fonts}"
