"""The frozen program runs on its own: no Python, no venv, no repository.

Every test here is marked `bundle` and skipped unless dist/volley/ holds a
fresh bundle or VOLLEY_BUILD_BUNDLE=1 builds one (tests/installer/conftest.py).
The program is started from an empty folder with an environment that names
no Python, so it can only use what is inside the bundle.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.installer.conftest import ROOT, clean_env

pytestmark = pytest.mark.bundle

TIMEOUT = 120


def internal(exe: Path) -> Path:
    """Where the bundle keeps its files (sys._MEIPASS)."""
    if (exe.parent / "_internal").is_dir():
        return exe.parent / "_internal"
    return exe.parent  # PyInstaller < 6, or --contents-directory .


def run(exe: Path, *args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(exe), *args], cwd=cwd, env=clean_env(cwd, **env), capture_output=True,
        text=True, timeout=TIMEOUT,
    )


def check_png(path: Path) -> None:
    """A real picture of the window: the right size and not one flat colour."""
    from PySide6.QtGui import QImage

    assert path.is_file() and path.stat().st_size > 5_000, f"no screenshot at {path}"
    image = QImage(str(path))
    assert not image.isNull()
    assert image.width() >= 800 and image.height() >= 500, (image.width(), image.height())
    colours = {
        image.pixel(x, y)
        for x in range(0, image.width(), 17)
        for y in range(0, image.height(), 13)
    }
    assert len(colours) > 20, f"screenshot is nearly blank ({len(colours)} colours)"


def test_bundle_carries_scenarios_and_icons(bundle: Path) -> None:
    inside = internal(bundle)
    for folder, pattern in (("scenarios", "*.yaml"), ("icons", "*.svg")):
        shipped = sorted(p.name for p in (inside / folder).glob(pattern))
        source = sorted(p.name for p in (ROOT / folder).glob(pattern))
        assert shipped == source, f"{folder}: bundle has {shipped}, repository has {source}"
    assert (inside / "icons" / "volley.svg").is_file()


def test_bundle_is_lean(bundle: Path) -> None:
    """Qt modules, plugins and translations Volley does not use stay out."""
    dist = bundle.parent
    # Binaries only (pyqtgraph ships .pyi stubs named after Qt modules).
    names = {p.name for p in dist.rglob("*") if not p.name.endswith((".pyi", ".py", ".pyc"))}
    for unwanted in ("QtNetwork", "QtQml", "QtQuick", "Qt3DCore", "QtMultimedia",
                     "QtWebEngineCore", "QtPdf", "QtTest", "QtDesigner", "tkinter"):
        hits = sorted(n for n in names if n.startswith((unwanted + ".", f"libQt6{unwanted[2:]}.",
                                                        f"Qt6{unwanted[2:]}.")))
        assert not hits, f"{unwanted} is in the bundle: {hits}"
    assert not list(dist.rglob("translations/*.qm")), "Qt translations are in the bundle"
    plugins = {p.parent.name + "/" + p.name for p in dist.rglob("plugins/*/*")}
    for unwanted in ("qeglfs", "qlinuxfb", "qvnc", "qgtk3", "qpdf", "qtvirtualkeyboard"):
        assert not [p for p in plugins if unwanted in p], f"plugin {unwanted} is in the bundle"
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file() and not p.is_symlink())
    assert size < 250 * 2**20, f"the bundle grew to {size / 2**20:.0f} MB"


def test_frozen_validate_and_info(bundle: Path, tmp_path: Path) -> None:
    scenarios = sorted((internal(bundle) / "scenarios").glob("*.yaml"))
    assert scenarios
    r = run(bundle, "validate", *map(str, scenarios), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count(": ok") == len(scenarios)
    r = run(bundle, "info", str(scenarios[0]), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Table:" in r.stdout


def test_frozen_version(bundle: Path, tmp_path: Path) -> None:
    r = run(bundle, "--version", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("volley ")


def test_frozen_print(bundle: Path, tmp_path: Path) -> None:
    """Printouts work frozen: reportlab, and Vera inside the bundle as the fallback font."""
    assert list((internal(bundle) / "reportlab" / "fonts").glob("Vera*.ttf"))
    scenario = sorted((internal(bundle) / "scenarios").glob("*.yaml"))[0]
    out = tmp_path / "sheets.pdf"
    r = run(bundle, "print", str(scenario), "--out", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:5] == b"%PDF-" and out.stat().st_size > 10_000


def test_frozen_balance_runs_its_pool(bundle: Path, tmp_path: Path) -> None:
    """Issue 19: `volley balance` starts its worker processes from the bundle
    (the frozen program must serve as the forkserver's and the workers' Python)."""
    scenario = internal(bundle) / "scenarios" / "d3_crossroads.yaml"
    r = run(bundle, "balance", str(scenario), "--games", "2", "--level", "recruit",
            "--workers", "2", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    import json

    report = json.loads(r.stdout)
    assert report["played"] == 2 and report["complete"] is True


def test_frozen_bundle_carries_its_fonts(bundle: Path, tmp_path: Path) -> None:
    """Issue 15: the DejaVu files travel in the bundle, and the PDFs embed them, not Vera."""
    from desktop.bundled_fonts import ALL_FILES

    missing = [name for name in ALL_FILES if not (internal(bundle) / "fonts" / name).is_file()]
    assert not missing, f"not in the bundle's fonts/: {missing}"
    scenario = sorted((internal(bundle) / "scenarios").glob("*.yaml"))[0]
    out = tmp_path / "roster.pdf"
    r = run(bundle, "print", str(scenario), "--what", "roster", "--out", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert b"DejaVuSans" in out.read_bytes()


def test_frozen_screenshot_offscreen(bundle: Path, tmp_path: Path) -> None:
    """With no display the bundle still draws its default bundled scenario."""
    out = tmp_path / "offscreen.png"
    r = run(bundle, "--screenshot", str(out), cwd=tmp_path, QT_QPA_PLATFORM="offscreen")
    assert r.returncode == 0, r.stderr
    check_png(out)


def test_frozen_screenshot_of_a_bundled_scenario(bundle: Path, tmp_path: Path) -> None:
    scenario = sorted((internal(bundle) / "scenarios").glob("*.yaml"))[-1]
    out = tmp_path / "open.png"
    r = run(bundle, "open", str(scenario), "--screenshot", str(out), cwd=tmp_path,
            QT_QPA_PLATFORM="offscreen")
    assert r.returncode == 0, r.stderr
    check_png(out)


def test_frozen_play_window_with_its_charts(bundle: Path, tmp_path: Path) -> None:
    """The play window loads pyqtgraph (its charts), which needs QtOpenGL inside."""
    if "play" not in run(bundle, "--help", cwd=tmp_path).stdout:
        pytest.skip("this build has no `volley play`")
    scenario = internal(bundle) / "scenarios" / "mayhem_village.yaml"
    if not scenario.exists():
        scenario = sorted((internal(bundle) / "scenarios").glob("*.yaml"))[0]
    out = tmp_path / "play.png"
    r = run(bundle, "play", str(scenario), "--screenshot", str(out), cwd=tmp_path,
            QT_QPA_PLATFORM="offscreen")
    assert r.returncode == 0, r.stderr
    check_png(out)


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="no xvfb-run")
def test_frozen_screenshot_under_xvfb(bundle: Path, tmp_path: Path) -> None:
    """A real X display (Xvfb): the bundled xcb platform plugin loads."""
    out = tmp_path / "xvfb.png"
    r = subprocess.run(
        ["xvfb-run", "-a", str(bundle), "--screenshot", str(out)], cwd=tmp_path,
        env=clean_env(tmp_path, QT_QPA_PLATFORM="xcb"), capture_output=True, text=True,
        timeout=TIMEOUT,
    )
    assert r.returncode == 0, r.stderr
    check_png(out)


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="no xvfb-run")
def test_frozen_window_stays_open_under_xvfb(bundle: Path, tmp_path: Path) -> None:
    """Started with no arguments, the window opens and keeps running."""
    proc = subprocess.Popen(
        ["xvfb-run", "-a", str(bundle)], cwd=tmp_path, env=clean_env(tmp_path),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        code = proc.wait(timeout=8)
    except subprocess.TimeoutExpired:
        code = None  # still running: the window is up
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
    if code is not None:
        pytest.fail(f"the window closed by itself (exit {code}): {proc.stderr.read()}")


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None,
                    reason="ldd is Linux only")
def test_every_bundled_library_resolves(bundle: Path) -> None:
    """Nothing in the bundle links to a library that is neither bundled nor here.

    Except Wayland's client libraries: only the Wayland plugins use them, and
    a Wayland session always has them (without one Qt uses X11/XWayland).
    """
    inside = internal(bundle)
    missing = []
    for f in inside.rglob("*.so*"):
        if not f.is_file() or f.is_symlink():
            continue
        r = subprocess.run(["ldd", str(f)], capture_output=True, text=True,
                           env={"PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": str(inside)})
        missing += [f"{f.name}: {line.strip()}" for line in r.stdout.splitlines()
                    if "not found" in line and "libwayland-" not in line]
    assert not missing, "\n".join(missing)
